import CurveSVG
import Foundation
import Testing

@testable import CurveApp

/// `curves replay IN.svg … -o OUT.svg` writes the drawing as Ctrl+S writes an SVG opened in
/// the window: the file as it was, but the moved object's element.
struct SVGSaveReplayTests {
  static let drawing = """
    <?xml version="1.0"?>
    <!-- Kept: comments, the order of attributes, a namespace of another program. -->
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" width="800" height="600">
      <sodipodi:namedview pagecolor="#ffffff"/>
      <rect fill="#3465a4" id="back" height="200" width="200" y="100" x="100"/>
      <g transform="translate(400 0)" id="ring">
        <circle id="dot" cx="200" cy="300" r="50" fill="#73d216"/>
      </g>
    </svg>
    """

  static func replay(_ keys: [String], output: String) throws -> Data {
    let directory = try makeTemporaryDirectory()
    try drawing.write(to: directory.appendingPathComponent("in.svg"), atomically: true, encoding: .utf8)
    let lines = keys.map { #"{"type":"key","key":"\#($0)"}"# } + [#"{"type":"wait","ms":1}"#]
    try Data(lines.joined(separator: "\n").utf8).write(to: directory.appendingPathComponent("events.jsonl"))
    let run = try CurvesBinary.run(["replay", "in.svg", "--events", "events.jsonl", "--state", "state.json", "-o", output], in: directory)
    try #require(run.status == 0, "\(run.error)")
    let state = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("state.json"))) as! [String: Any]
    #expect((state["file"] as? String)?.hasSuffix("in.svg") == true)
    return try Data(contentsOf: directory.appendingPathComponent(output))
  }

  @Test func withNoEditTheDrawingIsWrittenAsItWasRead() throws {
    #expect(String(decoding: try Self.replay([], output: "out.svg"), as: UTF8.self) == Self.drawing)
  }

  @Test func aMovedGroupChangesItsTransformAloneAndSVGZIsCompressed() throws {
    // Tab selects the bottom object (the square), Tab again the group; → moves it 2 units.
    let saved = try Self.replay(["tab", "tab", "right"], output: "out.svgz")
    #expect(Gzip.isCompressed(saved))
    let text = String(decoding: try Gzip.decompress(saved, limit: 1 << 20), as: UTF8.self)
    #expect(text == Self.drawing.replacingOccurrences(of: #"transform="translate(400 0)""#, with: #"transform="matrix(1 0 0 1 402 0)""#))
  }
}

/// `curves replay --document-coordinates`: pointer events in the drawing's own units, put in
/// the window through the view at each event, and `--state`'s `canvasOrigin`.
struct DocumentCoordinatesReplayTests {
  @Test func aClickInDocumentCoordinatesSelectsWhatIsThere() throws {
    let directory = try makeTemporaryDirectory()
    try SVGSaveReplayTests.drawing.write(to: directory.appendingPathComponent("in.svg"), atomically: true, encoding: .utf8)
    // The square spans (100, 100)…(300, 300), the circle is about (600, 300) in the drawing.
    let events = [
      #"{"type":"down","x":150,"y":150}"#, #"{"type":"up","x":150,"y":150}"#,
      #"{"type":"down","x":600,"y":300,"mods":"shift"}"#, #"{"type":"up","x":600,"y":300,"mods":"shift"}"#,
    ]
    try Data(events.joined(separator: "\n").utf8).write(to: directory.appendingPathComponent("events.jsonl"))
    let run = try CurvesBinary.run(
      ["replay", "in.svg", "--document-coordinates", "--events", "events.jsonl", "--state", "state.json"], in: directory)
    try #require(run.status == 0, "\(run.error)")
    let state = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("state.json"))) as! [String: Any]
    #expect((state["selectedObjects"] as? [String])?.count == 2)
    #expect((state["selectedObjects"] as? [String])?.last == "ring")
    // Document (0, 0) is where the view's pan puts it in the canvas area, under the menu bar.
    let origin = try #require(state["canvasOrigin"] as? [String: Double]), pan = try #require(state["pan"] as? [String: Double])
    #expect(origin == ["x": pan["x"]!, "y": pan["y"]! + Layout.menuBarHeight])
  }
}

/// Quitting with edits an SVG drawing does not have asks Save, Discard or Cancel
/// (`FileQuestion`); `--state` says what is asked.
struct UnsavedQuestionReplayTests {
  static func state(after keys: [String]) throws -> [String: Any] {
    let directory = try makeTemporaryDirectory()
    try SVGSaveReplayTests.drawing.write(to: directory.appendingPathComponent("in.svg"), atomically: true, encoding: .utf8)
    let lines = keys.map { #"{"type":"key","key":"\#($0)"}"# } + [#"{"type":"wait","ms":1}"#]
    try Data(lines.joined(separator: "\n").utf8).write(to: directory.appendingPathComponent("events.jsonl"))
    let run = try CurvesBinary.run(["replay", "in.svg", "--events", "events.jsonl", "--state", "state.json"], in: directory)
    try #require(run.status == 0, "\(run.error)")
    return try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("state.json"))) as! [String: Any]
  }

  @Test func quittingAsksAndEscapeCancels() throws {
    let asked = try Self.state(after: ["tab", "right", "ctrl+q"])
    #expect(asked["question"] as? String == "unsavedChanges")
    #expect(asked["saved"] as? Bool == false)
    let cancelled = try Self.state(after: ["tab", "right", "ctrl+q", "escape", "right"])
    #expect(cancelled["question"] is NSNull)
    // Still editing after Cancel, the square still selected.
    #expect((cancelled["selectedObjects"] as? [String])?.count == 1 && cancelled["saved"] as? Bool == false)
  }

  @Test func saveAnswersAndQuits() throws {
    let saved = try Self.state(after: ["tab", "right", "ctrl+q", "s", "right"])
    #expect(saved["question"] is NSNull)
    #expect(saved["saved"] as? Bool == true, "saved, and the → after quitting was never read")
  }

  @Test func aDrawingWithoutEditsQuitsWithoutAsking() throws {
    let state = try Self.state(after: ["ctrl+q"])
    #expect(state["question"] is NSNull)
  }
}

/// A turned or slanted group's mask and filter go into the editor's coordinates and back
/// exactly: saved with no edit, the file is the file (the region used to become the box around
/// the box around it, and a slant's stretches did not undo each other).
struct TurnedGroupWriteBackTests {
  static let drawings = [
    """
    <svg viewBox="0 0 200 200" xmlns="http://www.w3.org/2000/svg">
      <mask id="mask1"><rect fill="white" x="0" y="0" width="100" height="50"/></mask>
      <g id="g1" mask="url(#mask1)" transform="rotate(45 100 100) scale(2) translate(-30 20)">
        <rect id="rect2" fill="green" x="50" y="0" width="50" height="100"/>
      </g>
    </svg>
    """,
    """
    <svg viewBox="0 0 200 200" xmlns="http://www.w3.org/2000/svg">
      <filter id="filter1" filterUnits="userSpaceOnUse" width="200" height="200">
        <feGaussianBlur in="SourceGraphic" stdDeviation="1"/>
        <feOffset dx="40" dy="40"/>
      </filter>
      <g id="g1" filter="url(#filter1)" transform="skewX(30) translate(-40)">
        <rect x="40" y="40" width="40" height="40" fill="yellow"/>
      </g>
    </svg>
    """,
  ]

  @Test(arguments: drawings) func savedWithNoEditTheFileIsTheFile(_ drawing: String) throws {
    let directory = try makeTemporaryDirectory()
    try drawing.write(to: directory.appendingPathComponent("in.svg"), atomically: true, encoding: .utf8)
    try Data(#"{"type":"wait","ms":1}"#.utf8).write(to: directory.appendingPathComponent("events.jsonl"))
    let run = try CurvesBinary.run(["replay", "in.svg", "--events", "events.jsonl", "-o", "out.svg"], in: directory)
    try #require(run.status == 0, "\(run.error)")
    #expect(try String(contentsOf: directory.appendingPathComponent("out.svg"), encoding: .utf8) == drawing)
  }
}

/// A shape with its own filter is a group of its own in the document (the filter applies to
/// the group), with no `<g>` in the file: moved, its element gains the move as a `transform`.
struct FilteredShapeWriteBackTests {
  @Test func aMovedFilteredShapeGainsATransformAndNothingElseChanges() throws {
    let drawing = """
      <svg viewBox="0 0 200 200" xmlns="http://www.w3.org/2000/svg">
        <filter id="filter1"><feFlood flood-color="lightblue"/><feBlend mode="darken" in2="SourceGraphic"/></filter>
        <rect id="rect1" x="20" y="20" width="160" height="160" fill="seagreen" filter="url(#filter1)"/>
      </svg>
      """
    let directory = try makeTemporaryDirectory()
    try drawing.write(to: directory.appendingPathComponent("in.svg"), atomically: true, encoding: .utf8)
    try Data([#"{"type":"key","key":"tab"}"#, #"{"type":"key","key":"right"}"#].joined(separator: "\n").utf8)
      .write(to: directory.appendingPathComponent("events.jsonl"))
    let run = try CurvesBinary.run(["replay", "in.svg", "--events", "events.jsonl", "-o", "out.svg"], in: directory)
    try #require(run.status == 0, "\(run.error)")
    let saved = try String(contentsOf: directory.appendingPathComponent("out.svg"), encoding: .utf8)
    #expect(saved == drawing.replacingOccurrences(of: #"filter="url(#filter1)"/>"#, with: #"filter="url(#filter1)" transform="matrix(1 0 0 1 2 0)"/>"#))
  }
}
