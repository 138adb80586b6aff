import CurveGeometry
import Foundation
import Testing

/// Every input in `Fuzz/Corpus/geometry` (the seeds, and each input that ever failed the
/// fuzzer) replayed in `make test`: eight coordinates and a tolerance, little-endian doubles.
struct FuzzCorpusTests {
  static let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fuzz/Corpus/geometry")

  static func inputs() throws -> [(name: String, values: [Double])] {
    try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted().compactMap { name in
      let bytes = try Data(contentsOf: corpus.appendingPathComponent(name))
      guard bytes.count >= 72 else { return nil }
      let values = (0..<9).map { index in
        Double(bitPattern: bytes[(index * 8)..<(index * 8 + 8)].reversed().reduce(0) { $0 << 8 | UInt64($1) })
      }
      return (name, values)
    }
  }

  @Test func theCorpusKeepsItsInvariants() throws {
    let inputs = try Self.inputs()
    #expect(inputs.count >= 5)
    for (name, values) in inputs {
      let curve = CubicBezier(
        Point(x: values[0], y: values[1]), Point(x: values[2], y: values[3]), Point(x: values[4], y: values[5]), Point(x: values[6], y: values[7])
      )
      for method in FlatteningMethod.allCases {
        var polyline: [Point] = []
        curve.flatten(tolerance: values[8], method: method, into: &polyline)
        guard curve.isFinite else {
          #expect(polyline.isEmpty, "\(name)")
          continue
        }
        #expect(polyline.allSatisfy { $0.isFinite }, "\(name), \(method)")
        #expect(polyline.count <= Flattening.maximumPointsPerCurve, "\(name), \(method)")
        #expect(polyline.first == curve.p0 && polyline.last == curve.p3, "\(name), \(method)")
        // Within the tolerance, for coordinates up to 1e9 (checked at 64 parameters).
        let tolerance = values[8]
        guard [curve.p0, curve.p1, curve.p2, curve.p3].allSatisfy({ abs($0.x) <= 1e9 && abs($0.y) <= 1e9 }), tolerance.isFinite,
          tolerance >= 1e-3, polyline.count < Flattening.maximumPointsPerCurve
        else { continue }
        for step in 0...64 {
          let point = curve.eval(Double(step) / 64)
          let nearest = zip(polyline, polyline.dropFirst()).map { distance(from: point, toSegment: $0, $1) }.min() ?? point.distance(to: polyline[0])
          #expect(nearest <= tolerance * (1 + 1e-6) + 1e-9 * max(abs(point.x), abs(point.y)), "\(name), \(method), t = \(step)/64: \(nearest)")
        }
      }
    }
  }
}
