import CurveGeometry
import Foundation
import Testing

/// Issue 35's tools and file habits through `curves replay`, as a user does them in the
/// window: the pen, the pencil, the shapes, Ctrl+O and Ctrl+Shift+S through the drawn file
/// browser. On `Tests/Fixtures/path-editing.json` (see `PathEditingReplayTests`), whose
/// curves leave the left column (x < 180) and the bottom band (y > 520) empty.
struct DrawingReplayTests {
  typealias Events = PathEditingReplayTests

  @Test func thePenLaysCornersAndACuspWithAltAndEnterEndsThePath() throws {
    let events = [Events.key("b")] + Events.click(60, 100)
      + [Events.down(150, 100), #"{"type":"move","x":150,"y":130,"mods":"alt"}"#, #"{"type":"move","x":150,"y":160,"mods":"alt"}"#,
         Events.up(150, 160)]
      + Events.click(60, 300) + [Events.key("return")]
    let saved = try PathEditingReplayTests().replay(events)
    try #require(saved.curves.count == 4, "one curve added to the fixture's three")
    let path = try #require(saved.curves[3].subpaths.first)
    #expect(!path.closed)
    #expect(path.nodes.map(\.position) == [Point(x: 60, y: 100), Point(x: 150, y: 100), Point(x: 60, y: 300)])
    #expect(path.nodes.map(\.node) == ["corner", "corner", "corner"], "Alt: a cusp")
    // A line to the cusp (its incoming handle never pulled), then a cubic leaving it along the drag.
    #expect(path.points.map(\.position) == [
      Point(x: 60, y: 100), Point(x: 150, y: 100), Point(x: 150, y: 160), Point(x: 60, y: 300), Point(x: 60, y: 300),
    ])
  }

  @Test func eachShapeToolMakesItsClosedCurve() throws {
    let events = [Events.key("f4")] + Events.drag(from: Point(x: 20, y: 540), to: Point(x: 120, y: 590))
      + [Events.key("f5")] + Events.drag(from: Point(x: 140, y: 540), to: Point(x: 240, y: 590))
      + [Events.key("*")] + Events.drag(from: Point(x: 320, y: 560), to: Point(x: 320, y: 530))
      + [Events.key("p")] + Events.drag(from: Point(x: 20, y: 60), to: Point(x: 160, y: 200), steps: 40)
    let saved = try PathEditingReplayTests().replay(events)
    try #require(saved.curves.count == 7)
    let (rectangle, ellipse, star, stroke) = (saved.curves[3].subpaths[0], saved.curves[4].subpaths[0], saved.curves[5].subpaths[0], saved.curves[6].subpaths[0])
    #expect(rectangle.closed && rectangle.nodes.map(\.position) == [Point(x: 20, y: 540), Point(x: 120, y: 540), Point(x: 120, y: 590), Point(x: 20, y: 590)])
    #expect(ellipse.closed && ellipse.nodes.count == 4 && ellipse.points.count == 12)
    #expect(star.closed && star.nodes.count == 10)
    #expect(abs(star.nodes[0].position.distance(to: Point(x: 320, y: 560)) - 30) < 1e-9, "a corner under the pointer")
    // A straight stroke is one segment.
    #expect(!stroke.closed && stroke.segmentCount == 1)
  }

  @Test func ctrlOOpensAnSVGDrawingAndCtrlShiftSSavesItUnderANewName() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let svg = directory.appendingPathComponent("triangle.svg")
    try ##"<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60"><path d="M10 10 L70 10 L40 50 Z" fill="#3465a4"/></svg>"##
      .write(to: svg, atomically: true, encoding: .utf8)
    let start = directory.appendingPathComponent("start.json")
    try FileManager.default.copyItem(at: PathEditingReplayTests.fixture, to: start)
    let events = [
      Events.key("ctrl+o"), #"{"type":"text","text":"tri"}"#, Events.key("return"),
      Events.key("ctrl+shift+s"), #"{"type":"text","text":"mine"}"#, Events.key("return"),
      Events.key("ctrl+o"),
    ]
    let script = directory.appendingPathComponent("events.jsonl")
    try (events.joined(separator: "\n") + "\n").write(to: script, atomically: true, encoding: .utf8)
    let output = directory.appendingPathComponent("out.json"), state = directory.appendingPathComponent("state.json")
    let shot = directory.appendingPathComponent("browser.png")
    let run = try CurvesBinary.run(["replay", start.path, "--events", script.path, "-o", output.path, "--state", state.path, "--screenshot", shot.path])
    try #require(run.status == 0, "curves replay: \(run.error)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: state)) as? [String: Any])
    // A name without an extension saves an SVG drawing.
    #expect(report["file"] as? String == directory.appendingPathComponent("mine.svg").standardizedFileURL.path)
    #expect(report["saved"] as? Bool == true)
    #expect(report["browser"] as? String == "open", "Ctrl+O again: the browser is open")
    #expect(report["curves"] as? Int == 1)
    let curves = try PathEditingReplayTests.curves(in: Data(contentsOf: output))
    #expect(curves.first?.subpaths.first?.nodes.map(\.position) == [Point(x: 10, y: 10), Point(x: 70, y: 10), Point(x: 40, y: 50)])
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("mine.svg").path), "a replay saves in memory")
  }
}
