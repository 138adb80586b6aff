import CurveRender
import Foundation
import Testing

/// `curves render FILE --time T`: the drawing as its timeline has it at T seconds.
struct TimelineRenderTests {
  /// A 10-unit square keyed from x = 0 (red) at 0 s to x = 100 (blue) at 2 s, linearly.
  static let document = #"""
    {"version": 4, "canvas": {"width": 200, "height": 20},
     "curves": [{"id": "00000000-0000-0000-0000-0000000000c1", "style": {"fill": "#ff0000", "stroke": "none"}, "subpaths": [{"closed": true, "points": [
       {"id": "00000000-0000-0000-0000-000000000001", "x": 0, "y": 5, "node": "corner"}, {"id": "00000000-0000-0000-0000-000000000002", "x": 10, "y": 5, "node": "corner"},
       {"id": "00000000-0000-0000-0000-000000000003", "x": 10, "y": 15, "node": "corner"}, {"id": "00000000-0000-0000-0000-000000000004", "x": 0, "y": 15, "node": "corner"}]}]}],
     "animation": {"totalSteps": 10, "speed": 50},
     "timeline": {"duration": 2, "repeat": "once", "tracks": [{"curve": "00000000-0000-0000-0000-0000000000c1", "keyframes": [
       {"time": 0, "style": {"fill": "#ff0000", "stroke": "none"}, "subpaths": [{"closed": true, "points": [
         {"id": "00000000-0000-0000-0000-000000000011", "x": 0, "y": 5, "node": "corner"}, {"id": "00000000-0000-0000-0000-000000000012", "x": 10, "y": 5, "node": "corner"},
         {"id": "00000000-0000-0000-0000-000000000013", "x": 10, "y": 15, "node": "corner"}, {"id": "00000000-0000-0000-0000-000000000014", "x": 0, "y": 15, "node": "corner"}]}]},
       {"time": 2, "style": {"fill": "#0000ff", "stroke": "none"}, "subpaths": [{"closed": true, "points": [
         {"id": "00000000-0000-0000-0000-000000000021", "x": 100, "y": 5, "node": "corner"}, {"id": "00000000-0000-0000-0000-000000000022", "x": 110, "y": 5, "node": "corner"},
         {"id": "00000000-0000-0000-0000-000000000023", "x": 110, "y": 15, "node": "corner"}, {"id": "00000000-0000-0000-0000-000000000024", "x": 100, "y": 15, "node": "corner"}]}]}]}]}}
    """#

  @Test func renderAtATimeDrawsTheDrawingAsTheTimelineHasIt() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("moving.json")
    try Data(Self.document.utf8).write(to: file)
    func render(_ time: String) throws -> PNGImage {
      let out = directory.appendingPathComponent("at-\(time).png")
      let outcome = try CurvesBinary.run(["render", file.path, "--drawing-only", "--time", time, "-o", out.path])
      #expect(outcome.status == 0, "\(outcome.error)")
      return try #require(PNGImage(contentsOf: out))
    }
    let start = try render("0"), middle = try render("1"), end = try render("5")
    #expect(start.pixel(x: 5, y: 10).r == 255 && start.pixel(x: 55, y: 10).a == 0)
    // Half way in time and, linearly, in place and colour: x 50 to 60, #800080.
    let halfway = middle.pixel(x: 55, y: 10)
    #expect(halfway.a == 255 && abs(Int(halfway.r) - 128) <= 1 && abs(Int(halfway.b) - 128) <= 1, "\(halfway)")
    #expect(middle.pixel(x: 5, y: 10).a == 0)
    // Once through, held at the end.
    #expect(end.pixel(x: 105, y: 10).b == 255 && end.pixel(x: 55, y: 10).a == 0)
    let refused = try CurvesBinary.run(["render", file.path, "--drawing-only", "--time=-1", "-o", directory.appendingPathComponent("x.png").path])
    #expect(refused.status != 0 && refused.error.contains("--time must be a number of seconds"))
  }

  /// The same square, still, under a view keyed from the whole 200 × 20 canvas at 0 s to the
  /// 20 × 2 box at (0, 9) at 2 s: at 2 s the square's left half fills the frame's left half,
  /// ten times its size; at 1 s the view is half way, a 110 × 11 box at (0, 4.5).
  @Test func renderAtATimeShowsTheViewTheTimelineKeys() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var json = Self.document.replacingOccurrences(of: #""repeat": "once", "tracks": [{"#, with: #""repeat": "once", "view": [{"time": 0, "viewBox": [0, 0, 200, 20]}, {"time": 2, "viewBox": [0, 9, 20, 2]}], "tracks": [{"#)
    // The square stays at x 0 to 10.
    json = json.replacingOccurrences(of: #""x": 100,"#, with: #""x": 0,"#).replacingOccurrences(of: #""x": 110,"#, with: #""x": 10,"#)
    let file = directory.appendingPathComponent("viewed.json")
    try Data(json.utf8).write(to: file)
    func render(_ time: String) throws -> PNGImage {
      let out = directory.appendingPathComponent("at-\(time).png")
      let outcome = try CurvesBinary.run(["render", file.path, "--drawing-only", "--time", time, "-o", out.path])
      #expect(outcome.status == 0, "\(outcome.error)")
      return try #require(PNGImage(contentsOf: out))
    }
    let start = try render("0"), middle = try render("1"), end = try render("2")
    #expect(start.pixel(x: 5, y: 10).a == 255 && start.pixel(x: 15, y: 10).a == 0, "the whole canvas: the square at x 0 to 10")
    // Zoomed 10 times: the square's 0 to 10 is the frame's 0 to 100; past it, nothing.
    #expect(end.pixel(x: 95, y: 10).a == 255 && end.pixel(x: 105, y: 10).a == 0)
    // Half way: zoomed 200 / 110 times, about (55, 10): the square ends at x 18.2.
    #expect(middle.pixel(x: 16, y: 10).a == 255 && middle.pixel(x: 20, y: 10).a == 0)
  }
}

