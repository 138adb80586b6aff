import CurveGeometry
import Foundation
import Testing

/// `curves intersect`, run as a user runs it, on `Tests/Fixtures/intersections.json`: an
/// arch y = 300·t(1−t) from (0, 0) to (100, 0), the line y = 30 across it, and a knot with
/// the arch's ends and heights that loops once and touches the arch at its top.
struct IntersectCommandTests {
  static let fixture = CurvesBinary.packageRoot.appendingPathComponent("Tests/Fixtures/intersections.json")

  struct Line: Equatable {
    var a: [Int]
    var b: [Int]
    var ta: Double
    var tb: Double
    var point: Point
    var kind: String
  }

  static func lines(_ output: String) throws -> [Line] {
    try output.split(separator: "\n").map { text in
      let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
      func end(_ key: String) throws -> ([Int], Double) {
        let end = try #require(object[key] as? [String: Any])
        return (try ["curve", "subpath", "segment"].map { try #require(end[$0] as? Int) }, try #require(end["t"] as? Double))
      }
      let (a, ta) = try end("a"), (b, tb) = try end("b")
      let point = Point(x: try #require(object["x"] as? Double), y: try #require(object["y"] as? Double))
      return Line(a: a, b: b, ta: ta, tb: tb, point: point, kind: try #require(object["kind"] as? String))
    }
  }

  @Test func itPrintsEveryMeetingOfTwoCurvesInDocumentOrder() throws {
    let run = try CurvesBinary.run(["intersect", Self.fixture.path])
    try #require(run.status == 0, "\(run.error)")
    let lines = try Self.lines(run.output)
    #expect(lines.map(\.a) == [[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0], [1, 0, 0], [1, 0, 0]])
    #expect(lines.map(\.b) == [[1, 0, 0], [1, 0, 0], [2, 0, 0], [2, 0, 0], [2, 0, 0], [2, 0, 0], [2, 0, 0]])
    // The line y = 30 crosses the arch where 300·t(1−t) = 30.
    let t = (1 - 0.6.squareRoot()) / 2
    #expect(abs(lines[0].ta - t) < 1e-9 && abs(lines[1].ta - (1 - t)) < 1e-9)
    #expect(lines[0...1].allSatisfy { abs($0.point.y - 30) < 1e-9 && $0.kind == "cross" })
    // The knot shares the arch's ends and touches its top, (50, 75).
    #expect(lines[2].point == Point(x: 0, y: 0) && lines[4].point == Point(x: 100, y: 0))
    #expect(lines[3].kind == "touch" && lines[3].point.distance(to: Point(x: 50, y: 75)) < 1e-9)
    #expect(lines[5...6].allSatisfy { abs($0.point.y - 30) < 1e-9 && abs($0.tb - $0.ta) > 0.1 })
  }

  @Test func selfAddsTheKnotsLoop() throws {
    let run = try CurvesBinary.run(["intersect", Self.fixture.path, "--self"])
    try #require(run.status == 0, "\(run.error)")
    let lines = try Self.lines(run.output)
    let loops = lines.filter { $0.a == $0.b }
    try #require(loops.count == 1)
    #expect(loops[0].a == [2, 0, 0] && loops[0].ta < loops[0].tb && abs(loops[0].ta + loops[0].tb - 1) < 1e-9 && abs(loops[0].point.x - 50) < 1e-9)
    #expect(lines.count == 8)
  }
}
