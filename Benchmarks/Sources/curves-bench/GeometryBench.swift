import CurveGeometry
import Foundation
import SeededRandom

/// Flattens the same cubics with every method, one reused buffer, in process. With the
/// anchors' corpus, cairo's times from the anchors run just before (`anchors.md` beside the
/// corpus, written by `Benchmarks/scripts/flatten-vs-anchors.sh`) give each method's speed-up
/// over cairo.
func geometryBenchmarks(corpusPath: String?) -> String {
  let curves = corpusPath.flatMap(loadCorpus) ?? randomCubics(count: 100_000)
  let anchors = corpusPath.map { URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("anchors.md") }
  let cairo = anchors.map { cairoNanoseconds(anchorsPath: $0.path) } ?? [:]
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
          + "| \(format(result.bestNanosecondsPerOperation)) | \(format(result.nanosecondsPerOperation)) "
          + "| \(cairo[tolerance].map { format($0 / result.bestNanosecondsPerOperation, decimals: 2) + "x" } ?? "–") "
          + "| \(format(result.mallocsPerOperation, decimals: 2)) |"
      )
    }
  }
  return """
    ### CurveGeometry: flattening \(curves.count) cubics in process (release, 5 runs after a warm-up)

    ns/curve is the best run, as the anchors time cairo and AGG; the median run is beside it.

    | tolerance | method | segments/curve | ns/curve | median ns/curve | faster than cairo | mallocs/curve |
    |---:|---|---:|---:|---:|---:|---:|
    \(rows.joined(separator: "\n"))
    """
}

/// Cairo's ns/curve per tolerance from the anchors' table (its `#### …, tol = T px` sections,
/// the `| cairo |` row's eighth column); empty when there is no table.
private func cairoNanoseconds(anchorsPath: String) -> [Double: Double] {
  guard let text = try? String(contentsOfFile: anchorsPath, encoding: .utf8) else { return [:] }
  var times: [Double: Double] = [:]
  var tolerance: Double?
  for line in text.split(separator: "\n") {
    if line.hasPrefix("####"), let range = line.range(of: "tol = ") {
      tolerance = Double(line[range.upperBound...].prefix { $0 != " " })
    } else if line.hasPrefix("| cairo |"), let tolerance {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      if cells.count > 7, let nanoseconds = Double(cells[7]) { times[tolerance] = nanoseconds }
    }
  }
  return times
}

/// The anchors' corpus: one cubic per line, `#` lines are comments.
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

/// Cubics with control points uniform in a 1000-unit box, like the anchors' corpus.
private func randomCubics(count: Int) -> [CubicBezier] {
  var generator = SplitMix64(seed: 2026)
  func point() -> Point {
    Point(x: Double.random(in: 0..<1000, using: &generator), y: Double.random(in: 0..<1000, using: &generator))
  }
  return (0..<count).map { _ in CubicBezier(point(), point(), point(), point()) }
}
