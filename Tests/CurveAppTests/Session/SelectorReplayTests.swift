import CurveDocument
import Foundation
import Testing

/// The selector through `curves replay`, as a script drives it: `--state` names the selected
/// objects, the group entered and the tool, and the keys do what Inkscape's do.
struct SelectorReplayTests {
  /// Two overlapping squares and a circle apart, in an 800 × 600 drawing; the circle in a
  /// group "ring".
  static let drawing = """
    <svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
      <rect id="back" x="100" y="100" width="200" height="200" fill="#3465a4"/>
      <rect id="front" x="200" y="200" width="200" height="200" fill="#cc0000"/>
      <g id="ring"><circle id="dot" cx="600" cy="300" r="50" fill="#73d216"/></g>
    </svg>
    """

  struct Run {
    var state: [String: Any]
    var document: Document
  }

  /// Imports the drawing, then replays `events` (document coordinates turned into the
  /// window's through the view the drawing opens with).
  static func replay(_ events: [(type: String, x: Double, y: Double, extra: String)], keys: [String] = []) throws -> Run {
    let directory = try makeTemporaryDirectory()
    try drawing.write(to: directory.appendingPathComponent("in.svg"), atomically: true, encoding: .utf8)
    let imported = try CurvesBinary.run(["import-svg", "in.svg", "-o", "in.json"], in: directory)
    try #require(imported.status == 0, "\(imported.error)")
    try Data(#"{"type":"wait","ms":1}"#.utf8).write(to: directory.appendingPathComponent("none.jsonl"))
    let view = try CurvesBinary.run(["replay", "in.json", "--events", "none.jsonl", "--state", "view.json"], in: directory)
    try #require(view.status == 0, "\(view.error)")
    let opened = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("view.json"))) as! [String: Any]
    let zoom = opened["zoom"] as! Double, pan = opened["pan"] as! [String: Double]
    var lines = events.map { event in
      #"{"type":"\#(event.type)","x":\#(pan["x"]! + event.x * zoom),"y":\#(pan["y"]! + event.y * zoom)\#(event.extra)}"#
    }
    lines += keys.map { #"{"type":"key","key":"\#($0)"}"# }
    try Data(lines.joined(separator: "\n").utf8).write(to: directory.appendingPathComponent("events.jsonl"))
    let run = try CurvesBinary.run(["replay", "in.json", "--events", "events.jsonl", "--state", "state.json", "-o", "out.json"], in: directory)
    try #require(run.status == 0, "\(run.error)")
    let state = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("state.json"))) as! [String: Any]
    return Run(state: state, document: try Document.decode(Data(contentsOf: directory.appendingPathComponent("out.json"))))
  }

  static func click(_ x: Double, _ y: Double, _ extra: String = "") -> [(type: String, x: Double, y: Double, extra: String)] {
    [("down", x, y, extra), ("up", x, y, extra)]
  }

  @Test func aDrawingOpensInTheSelectorWithNothingSelected() throws {
    let run = try Self.replay([])
    #expect(run.state["tool"] as? String == "selector")
    #expect(run.state["selectedObjects"] as? [String] == [])
    #expect(run.state["context"] is NSNull)
    #expect(run.document.display.handles == .selected)
  }

  @Test func clicksSelectWholeObjectsAndCtrlGGroupsThemAndHomeRaisesTheGroup() throws {
    // The back square, then Shift: the ring's circle, which selects the group "ring".
    let run = try Self.replay(Self.click(150, 150) + Self.click(600, 300, #","mods":"shift""#), keys: ["ctrl+g", "end"])
    #expect(run.state["selectedObjects"] as? [String] == ["group-1"])
    let grouped = run.document.curves.filter { $0.group == "group-1" || $0.group == "ring" }
    #expect(grouped.count == 2)
    // End lowered the new group under the front square.
    #expect(run.document.curves.last?.label == "front")
    #expect(run.document.groups.first { $0.id == "ring" }?.parent == "group-1")
  }

  @Test func aDoubleClickEntersTheGroupAndTheBracketKeysTurnTheSelection() throws {
    let run = try Self.replay(
      Self.click(600, 300) + [("down", 600, 300, #","clicks":2"#), ("up", 600, 300, "")] + Self.click(600, 300), keys: ["ctrl+]", "h"]
    )
    #expect(run.state["context"] as? String == "ring")
    let dot = try #require(run.document.curves.first { $0.label == "dot" })
    #expect(run.state["selectedObjects"] as? [String] == [dot.id.uuidString])
    // A circle turned a quarter and flipped about its centre covers the same disc.
    let xs = dot.points.map(\.x), ys = dot.points.map(\.y)
    #expect(abs((xs.min()! + xs.max()!) / 2 - 600) < 1e-9 && abs((ys.min()! + ys.max()!) / 2 - 300) < 1e-9)
  }
}
