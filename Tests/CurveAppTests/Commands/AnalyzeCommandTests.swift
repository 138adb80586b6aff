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

  /// A B-spline curve whose middle control point weighs 2: each of its two spans says its
  /// knots and span, and its weights with the drawn curve's length.
  @Test func aBSplinesSegmentsSayTheirSpansAndWeights() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("spline.json")
    let json = #"{"version": 4, "canvas": {"width": 400, "height": 300}, "animation": {"totalSteps": 10, "speed": 50}, "curves": [{"id": "8C7D5C3E-2B4E-4C55-9E7B-1D2E3F405162", "spline": {"degree": 2, "points": [{"x": 0, "y": 0}, {"x": 100, "y": 200}, {"x": 200, "y": 0, "weight": 2}, {"x": 300, "y": 200}]}}]}"#
    try Data(json.utf8).write(to: file)
    let run = try CurvesBinary.run(["analyze", file.path])
    try #require(run.status == 0, "\(run.error)")
    let segments = try Self.objects(run.output)
    try #require(segments.count == 2)
    let spline = try #require(segments[0]["spline"] as? [String: Any])
    #expect(spline["degree"] as? Int == 2 && spline["knots"] as? [Double] == [0, 0, 0, 0.5, 1, 1, 1] && spline["span"] as? [Double] == [0, 0.5])
    #expect((segments[1]["spline"] as? [String: Any])?["span"] as? [Double] == [0.5, 1])
    // Weighted, the drawn curve is pulled towards (200, 0): longer than its control points' curve.
    let weights = try #require(segments[0]["weights"] as? [Double])
    #expect(weights.count == 3 && weights[0] == 1 && weights[2] > 1)
    #expect(try #require(segments[0]["rationalLength"] as? Double) != (segments[0]["length"] as? Double))
  }
}
