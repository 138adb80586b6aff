import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

@testable import CurveApp

/// Issue 12's gestures and keys through replayed input, as a user does them in the window.
/// The sample curve's points are at (120, 450), (240, 120), (560, 120) and (680, 450).
@MainActor
struct EditingReplayTests {
  let replay: Replay

  init() throws {
    // A file of its own, as in the window: saves go to the replay's in-memory files.
    replay = Replay(state: Editor.State(document: try Document.decode(Data(sampleDocumentJSON.utf8)), url: URL(fileURLWithPath: "/replay/sample.json")))
  }

  private var store: StoreOf<Editor> { replay.store }
  private var positions: [Point] { store.drawing.curves[0].points.map(\.position) }

  private func click(_ x: Double, _ y: Double, _ modifiers: PointerModifiers = []) -> [InputEvent] {
    [.pointerDown(x: x, y: y, clicks: 1, modifiers: modifiers), .pointerUp(x: x, y: y, modifiers: modifiers)]
  }

  private func key(_ text: String) -> InputEvent { .key(try! KeyChord(parsing: text)) }

  /// Plays `events`, their pointer positions in document units (the document is at 100%).
  private func play(_ events: [InputEvent]) async { await replay.play(events, documentCoordinates: true) }

  @Test func shiftClickAddsAndRubberBandsSelect() async {
    await play(click(240, 120) + click(560, 120, .shift))
    #expect(store.interaction.selection.count == 2)
    await play(click(240, 120, .shift))
    #expect(store.interaction.selection.map(\.point) == [store.drawing.curves[0].points[2].id])
    await play([.pointerDown(x: 100, y: 100, clicks: 1), .pointerMoved(x: 600, y: 200), .pointerUp(x: 600, y: 200)])
    #expect(store.interaction.selection.count == 2, "the band holds the two top points")
    await play([
      .pointerDown(x: 100, y: 400, clicks: 1, modifiers: .shift), .pointerMoved(x: 150, y: 500, modifiers: .shift),
      .pointerUp(x: 150, y: 500, modifiers: .shift),
    ])
    #expect(store.interaction.selection.count == 3)
    await play([key("escape")])
    #expect(store.interaction.selection.isEmpty)
  }

  @Test func ctrlASelectsAllAndADragMovesThemAllAsOneUndoStep() async {
    let before = positions
    await play([key("ctrl+a")])
    #expect(store.interaction.selection.count == 4)
    await play([.pointerDown(x: 240, y: 120, clicks: 1), .pointerMoved(x: 250, y: 130), .pointerUp(x: 250, y: 130)])
    #expect(positions == before.map { $0 + Point(x: 10, y: 10) })
    await play([key("shift+right")])
    #expect(positions == before.map { $0 + Point(x: 20, y: 10) })
    await play([key("ctrl+z"), key("ctrl+z")])
    #expect(positions == before)
  }

  @Test func deleteRemovesPointsAndShiftDeleteRemovesCurves() async {
    await play([key("ctrl+a"), key("delete")])
    #expect(positions.count == 2)
    await play([key("ctrl+a"), key("shift+delete")])
    #expect(store.drawing.curves.isEmpty)
  }

  @Test func ctrlDDuplicatesSixteenAway() async {
    await play(click(240, 120) + [key("ctrl+d")])
    #expect(store.drawing.curves.count == 2)
    #expect(store.drawing.curves[1].points.map(\.position) == positions.map { $0 + Point(x: 16, y: 16) })
    #expect(store.interaction.selection.count == 4 && store.interaction.selection.allSatisfy { $0.curve == store.drawing.curves[1].id })
  }

  @Test func copyPasteAndCutGoThroughTheClipboard() async {
    await play(click(240, 120) + [key("ctrl+c"), key("ctrl+v")])
    #expect(store.drawing.curves.count == 2)
    #expect(store.drawing.curves[1].points.map(\.position) == positions.map { $0 + Point(x: 16, y: 16) })
    await play([key("ctrl+x")])
    #expect(store.drawing.curves.count == 1)
    await play([key("ctrl+v"), key("ctrl+v")])
    #expect(store.drawing.curves.count == 3)
    #expect(store.drawing.curves[1].id != store.drawing.curves[2].id)
  }

  @Test func altSSplitsAtTAndAltEElevates() async throws {
    let original = try #require(Bezier(positions))
    await play([key("right"), key("right"), key("right")] + click(240, 120) + [key("alt+s")])
    #expect(store.drawing.curves.count == 2)
    #expect(store.drawing.curves[0].points.last?.position == original.eval(0.3))
    #expect(store.drawing.curves[1].points.first?.position == original.eval(0.3))
    await play([key("escape")] + click(120, 450) + [key("alt+e")])
    #expect(store.drawing.curves[0].points.count == 5)
    await play([key("ctrl+z"), key("ctrl+z")])
    #expect(positions == original.controlPoints)
  }

  @Test func altNAddsACurveAtTheCentreOfTheView() async {
    await play([key("alt+n"), key("alt+n")])
    #expect(store.drawing.curves.count == 3)
    let centre = store.viewport.documentPoint(atScreen: store.viewport.area.centre)
    let box = Rect(enclosing: store.drawing.curves[1].points.map(\.position))
    #expect(abs((box.minX + box.maxX) / 2 - centre.x) < 1e-9)
    #expect(store.drawing.curves[2].points.map(\.position) != store.drawing.curves[1].points.map(\.position))
  }

  @Test func droppedFilesOpenOrAdd() async throws {
    let directory = try makeTemporaryDirectory()
    let svg = directory.appendingPathComponent("wave.svg")
    try Data(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600"><path d="M10 10 C 20 20 30 20 40 10 L 60 60"/></svg>"#.utf8).write(to: svg)
    await play([.drop(path: svg.path)])
    // One path, one curve: a cubic and a line.
    #expect(store.drawing.curves.count == 2)
    #expect(store.drawing.curves[1].points.map(\.position) == [Point(x: 10, y: 10), Point(x: 20, y: 20), Point(x: 30, y: 20), Point(x: 40, y: 10), Point(x: 60, y: 60)])
    let json = directory.appendingPathComponent("other.json")
    try Document(Editor.State(curves: [store.drawing.curves[1]])).encoded().write(to: json)
    await play([.drop(path: json.path)])
    #expect(store.drawing.curves.count == 1)
    #expect(store.file.url == json)
  }

  @Test func theStateReportListsEverySelectedPoint() async throws {
    await play([key("ctrl+a")])
    let report = EditorStateReport(store.state)
    #expect(report.selection.count == 4)
    #expect(report.selection.map(\.point) == store.drawing.curves[0].points.map(\.id))
  }
}
