import Foundation
import Testing

/// `curves replay --state` says where each subpath's point at t is: t runs over the whole
/// chain of a subpath, each segment an equal share, round a closed subpath back to its start.
struct PointsAtTReportTests {
  @Test func eachSubpathsPointAtTTravelsAlongItsChain() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func point(_ n: Int, _ x: Double, _ y: Double) -> String {
      #"{ "id": "00000000-0000-0000-0000-\#(String(format: "%012d", n))", "x": \#(x), "y": \#(y), "node": "corner" }"#
    }
    // A closed square of four lines, and an open chain of two lines.
    let document = directory.appendingPathComponent("chains.json")
    try """
      { "version": 2, "canvas": { "width": 100, "height": 100 }, "animation": { "totalSteps": 8, "speed": 50 },
        "curves": [ { "id": "00000000-0000-0000-0000-000000000001", "subpaths": [
          { "closed": true, "points": [ \(point(11, 10, 10)), \(point(12, 50, 10)), \(point(13, 50, 50)), \(point(14, 10, 50)) ] },
          { "points": [ \(point(21, 60, 60)), \(point(22, 80, 60)), \(point(23, 80, 90)) ] } ] } ] }
      """.write(to: document, atomically: true, encoding: .utf8)
    let events = directory.appendingPathComponent("events.jsonl")
    // Five steps of 1/8 with nothing selected: t = 0.625.
    try String(repeating: #"{"type":"key","key":"right"}"# + "\n", count: 5).write(to: events, atomically: true, encoding: .utf8)
    let state = directory.appendingPathComponent("state.json")
    let outcome = try CurvesBinary.run(["replay", document.path, "--events", events.path, "--state", state.path])
    #expect(outcome.status == 0, "\(outcome.error)")
    let report = try JSONSerialization.jsonObject(with: Data(contentsOf: state)) as! [String: Any]
    #expect(report["t"] as? Double == 0.625)
    let points = try #require(report["pointsAtT"] as? [[String: Any]])
    #expect(points.map { $0["curve"] as? String } == Array(repeating: "00000000-0000-0000-0000-000000000001", count: 2))
    // The square: 2.5 of its 4 sides, halfway along the third, from (50, 50) to (10, 50).
    #expect(points[0]["x"] as? Double == 30 && points[0]["y"] as? Double == 50)
    // The open chain: 1.25 of its 2 segments, a quarter down the second, from (80, 60) to (80, 90).
    #expect(points[1]["x"] as? Double == 80 && points[1]["y"] as? Double == 67.5)
  }
}
