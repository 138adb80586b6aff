import Foundation
import Testing

/// `curves analyze`, run as a user runs it, on `Tests/Fixtures/intersections.json`: an arch
/// from (0, 0) to (100, 0) with control points (0, 100) and (100, 100), so x = 100 t²(3 − 2t)
/// and y = 300 t(1 − t); the line y = 30 from x = −10 to 110; and a knot that loops once.
struct AnalyzeCommandTests {
  static let fixture = IntersectCommandTests.fixture

  static func objects(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
  }

  @Test func itPrintsEachSegmentsFiguresInDocumentOrder() throws {
    let run = try CurvesBinary.run(["analyze", Self.fixture.path])
    try #require(run.status == 0, "\(run.error)")
    let segments = try Self.objects(run.output)
    try #require(segments.count == 3)
    #expect(segments.map { $0["curve"] as? Int } == [0, 1, 2] && segments.allSatisfy { $0["subpath"] as? Int == 0 && $0["segment"] as? Int == 0 })
    let common: Set = [
      "curve", "subpath", "segment", "degree", "length", "bounds", "alignedBounds", "extrema", "inflections", "curvature", "lowered",
      "flattening", "arcs",
    ]
    #expect(Set(segments[1].keys) == common, "a line has no canonical form")
    #expect(Set(segments[0].keys) == common.union(["canonical", "canonicalPoint"]))

    let arch = segments[0]
    #expect(arch["degree"] as? Int == 3 && arch["canonical"] as? String == "arch")
    #expect(arch["bounds"] as? [Double] == [0, 0, 100, 75])
    let corners = try #require(arch["alignedBounds"] as? [[Double]])
    #expect(zip(corners, [[0, 0], [100, 0], [100, 75], [0, 75]]).allSatisfy { abs($0[0] - $1[0]) < 1e-9 && abs($0[1] - $1[1]) < 1e-9 }, "\(corners)")
    let extrema = try #require(arch["extrema"] as? [String: [Double]])
    #expect(extrema["x"] == [] && extrema["y"].map { $0.count == 1 && abs($0[0] - 0.5) < 1e-12 } == true)
    #expect((arch["inflections"] as? [Double]) == [])
    // κ = B′ × B″ / |B′|³ = −180000 (1 − 2t + 2t²) / |B′|³: −2/75 at the top, −1/150 at the ends.
    let curvature = try #require(arch["curvature"] as? [String: [String: Double]])
    #expect(abs(curvature["min"]!["t"]! - 0.5) < 1e-9 && abs(curvature["min"]!["k"]! + 2.0 / 75) < 1e-12)
    #expect(curvature["max"]!["t"] == 0 && abs(curvature["max"]!["k"]! + 1.0 / 150) < 1e-12)
    // The length against Simpson's rule on 200,000 intervals of |B′(t)|.
    let speed = { (t: Double) in ((600 * t * (1 - t)) * (600 * t * (1 - t)) + (300 * (1 - 2 * t)) * (300 * (1 - 2 * t))).squareRoot() }
    let steps = 200_000, h = 1.0 / Double(steps)
    let simpson = (0...steps).reduce(0.0) { sum, i in sum + speed(Double(i) * h) * (i == 0 || i == steps ? 1 : i % 2 == 1 ? 4 : 2) } * h / 3
    #expect(abs(try #require(arch["length"] as? Double) - simpson) < 1e-9 * 100, "\(arch["length"]!) against \(simpson)")

    // (0, 0), (0, 100), (100, 100) go to (0, 0), (0, 1), (1, 1); (100, 0) is then (1, 0).
    #expect(arch["canonicalPoint"] as? [Double] == [1, 0])
    let flattening = try #require(arch["flattening"] as? [String: Double]), arcs = try #require(arch["arcs"] as? [String: Double])
    #expect(flattening["tolerance"] == 0.25 && flattening["chords"]! > 4 && flattening["chords"]! <= flattening["wang"]!, "\(flattening)")
    #expect(arcs["count"]! > 1 && arcs["error"]! <= 0.25, "\(arcs)")

    let line = segments[1]
    #expect(line["flattening"] as? [String: Double] == ["tolerance": 0.25, "chords": 1, "wang": 1])
    #expect(line["arcs"] as? [String: Double] == ["tolerance": 0.25, "count": 1, "error": 0])
    #expect(line["degree"] as? Int == 1 && line["length"] as? Double == 120 && line["bounds"] as? [Double] == [-10, 30, 110, 30])
    let lowered = try #require(line["lowered"] as? [String: Any])
    #expect(lowered["points"] as? [[Double]] == [[50, 30]] && lowered["distance"] as? Double == 60)
    #expect(segments[2]["canonical"] as? String == "loop")
  }

  @Test func curveAndSegmentPickWhatIsPrinted() throws {
    let knot = try CurvesBinary.run(["analyze", Self.fixture.path, "--curve", "2"])
    #expect(try Self.objects(knot.output).map { $0["curve"] as? Int } == [2])
    let none = try CurvesBinary.run(["analyze", Self.fixture.path, "--segment", "1"])
    #expect(none.status == 0 && none.output.isEmpty, "each subpath has one segment")
    let missing = try CurvesBinary.run(["analyze", Self.fixture.path, "--curve", "5"])
    #expect(missing.status != 0 && missing.error.contains("3 curves"), "\(missing.error)")
    let coarse = try CurvesBinary.run(["analyze", Self.fixture.path, "--curve", "0", "--tolerance", "5"])
    let arcs = try #require(try Self.objects(coarse.output).first?["arcs"] as? [String: Double])
    #expect(arcs["tolerance"] == 5 && arcs["error"]! <= 5)
    let refused = try CurvesBinary.run(["analyze", Self.fixture.path, "--tolerance", "0"])
    #expect(refused.status != 0 && refused.error.contains("--tolerance"), "\(refused.error)")
  }
}
