import CurveGeometry
import Foundation
import SeededRandom

/// Flattens the same cubics with every method, one reused buffer, in process.
func geometryBenchmarks(corpusPath: String?) -> String {
  let curves = corpusPath.flatMap(loadCorpus) ?? randomCubics(count: 100_000)
  var rows: [String] = []
  for tolerance in [0.1, 0.25] {
    for method in FlatteningMethod.allCases {
      var points: [Point] = []
      var segments = 0
      for curve in curves {
        points.removeAll(keepingCapacity: true)
        curve.flatten(tolerance: tolerance, method: method, into: &points)
        segments += points.count - 1
      }
      let result = measure(operations: curves.count, runs: 5) { index in
        points.removeAll(keepingCapacity: true)
        curves[index].flatten(tolerance: tolerance, method: method, into: &points)
      }
      rows.append(
        "| \(tolerance) | \(method.rawValue) | \(format(Double(segments) / Double(curves.count), decimals: 1)) "
          + "| \(format(result.nanosecondsPerOperation)) | \(format(result.mallocsPerOperation, decimals: 2)) |"
      )
    }
  }
  return """
    ### CurveGeometry: flattening \(curves.count) cubics in process (release, median of 5 runs)

    | tolerance | method | segments/curve | ns/curve | mallocs/curve |
    |---:|---|---:|---:|---:|
    \(rows.joined(separator: "\n"))
    """
}

/// flatbench's corpus: one cubic per line, `#` lines are comments.
private func loadCorpus(_ path: String) -> [CubicBezier]? {
  guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
  return text.split(separator: "\n").compactMap { line in
    guard !line.hasPrefix("#") else { return nil }
    let values = line.split(separator: " ").compactMap { Double($0) }
    guard values.count == 8 else { return nil }
    return CubicBezier(
      Point(x: values[0], y: values[1]), Point(x: values[2], y: values[3]),
      Point(x: values[4], y: values[5]), Point(x: values[6], y: values[7])
    )
  }
}

/// Cubics with control points uniform in a 1000-unit box, like flatbench's corpus.
private func randomCubics(count: Int) -> [CubicBezier] {
  var generator = SplitMix64(seed: 2026)
  func point() -> Point {
    Point(x: Double.random(in: 0..<1000, using: &generator), y: Double.random(in: 0..<1000, using: &generator))
  }
  return (0..<count).map { _ in CubicBezier(point(), point(), point(), point()) }
}
