import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

@testable import CurveApp

/// Input events through the same mapping and store as the window, its view panned so a
/// window point on the canvas is the document point (`alignDocumentWithWindow`).
@MainActor
struct ReplayTests {
  let replay: Replay

  init() throws {
    replay = Replay(state: Editor.State(document: try Document.decode(Data(sampleDocumentJSON.utf8)), url: nil))
    replay.alignDocumentWithWindow()
  }

  private var positions: [Point] { replay.store.drawing.curves[0].points.map(\.position) }

  @Test func aDragMovesExactlyThePointUnderTheCursor() async {
    let before = positions
    await replay.play([
      .pointerDown(x: 243, y: 118, clicks: 1), .pointerMoved(x: 260, y: 150), .pointerMoved(x: 303, y: 218),
      .pointerUp(x: 303, y: 218),
    ])
    #expect(positions == [before[0], Point(x: 300, y: 220), before[2], before[3]])
  }

  @Test func aDragOutsideTheWindowIsClampedToTheCanvas() async {
    await replay.play([.pointerDown(x: 560, y: 120, clicks: 1), .pointerMoved(x: 5000, y: -300), .pointerUp(x: 5000, y: -300)])
    #expect(positions[2] == Point(x: replay.store.canvas.width, y: 0))
  }

  @Test func draggingASliderChangesItsValue() async {
    let before = positions
    let track = replay.session.layout.track(of: .speed)
    let y = (track.minY + track.maxY) / 2
    await replay.play([.pointerDown(x: track.minX + track.width * 0.2, y: y, clicks: 1)])
    #expect(replay.store.drawing.animation.speed == 20)
    await replay.play([.pointerMoved(x: track.minX + track.width * 0.9, y: y + 40), .pointerMoved(x: track.maxX + 200, y: y)])
    #expect(replay.store.drawing.animation.speed == 100)
    await replay.play([.pointerUp(x: track.maxX + 200, y: y)])
    #expect(positions == before)
  }

  @Test func theXSliderMovesTheSelectedPointAsOneUndoStep() async {
    let before = positions
    let track = replay.session.layout.track(of: .x)
    await replay.play([.pointerDown(x: 240, y: 120, clicks: 1), .pointerUp(x: 240, y: 120)])
    await replay.play([
      .pointerDown(x: track.minX + track.width / 4, y: track.minY, clicks: 1),
      .pointerMoved(x: track.minX + track.width / 3, y: track.minY),
      .pointerMoved(x: track.minX + track.width / 2, y: track.minY), .pointerUp(x: 0, y: 0),
    ])
    #expect(positions[1] == Point(x: (replay.store.canvas.width / 2).rounded(), y: 120))
    #expect(replay.store.interaction.gesture == nil)
    await replay.play([.key(KeyChord("z", control: true))])
    #expect(positions == before)
  }

  @Test func playAndWaitAdvanceT() async {
    await replay.play([.key(KeyChord("space"))])
    #expect(replay.store.drawing.animation.isPlaying)
    // Speed 50 ticks every 550 ms.
    await replay.play([.wait(milliseconds: 1200)])
    #expect(replay.store.drawing.animation.step == 2)
    #expect(replay.store.drawing.animation.t == 0.2)
    await replay.play([.key(KeyChord("space")), .wait(milliseconds: 2000)])
    #expect(replay.store.drawing.animation.step == 2)
  }

  @Test func smoothMotionRepeatAndConstantSpeedByKey() async {
    await replay.play([.key(KeyChord("m")), .key(KeyChord("space")), .wait(milliseconds: 1500)])
    #expect(replay.store.drawing.animation.mode == .smooth && replay.store.drawing.animation.isPlaying)
    // A 3 s sweep: half of it.
    #expect(abs(replay.store.drawing.animation.t - 0.5) < 1e-6)
    await replay.play([.key(KeyChord("r", alt: true)), .key(KeyChord("r", alt: true)), .wait(milliseconds: 2000)])
    #expect(replay.store.drawing.animation.repetition == .once)
    #expect(replay.store.drawing.animation.t == 1 && !replay.store.drawing.animation.isPlaying)
    await replay.play([.key(KeyChord("k"))])
    #expect(replay.store.drawing.animation.parametrization == .arcLength)
    #expect(EditorStateReport(replay.store.state).t == 1)
  }

  @Test func undoRestoresAndRedoReapplies() async {
    let before = positions
    await replay.play([.pointerDown(x: 120, y: 450, clicks: 1), .pointerMoved(x: 200, y: 400), .pointerUp(x: 200, y: 400)])
    let moved = positions
    #expect(moved != before)
    await replay.play([.key(KeyChord("z", control: true))])
    #expect(positions == before)
    await replay.play([.key(KeyChord("z", control: true, shift: true))])
    #expect(positions == moved)
  }

  @Test func keysEditTheDocument() async {
    await replay.play([.key(KeyChord("tab")), .key(KeyChord("right", shift: true)), .key(KeyChord("down"))])
    #expect(positions[0] == Point(x: 130, y: 451))
    await replay.play([.key(KeyChord("delete"))])
    #expect(positions.count == 3)
    await replay.play([.key(KeyChord("n", alt: true))])
    #expect(replay.store.drawing.curves.count == 2)
    await replay.play([.key(KeyChord("escape")), .key(KeyChord("right")), .key(KeyChord("right"))])
    #expect(replay.store.interaction.selection.isEmpty)
    #expect(replay.store.drawing.animation.step == 2)
  }

  @Test func aDoubleClickInsertsAPoint() async {
    await replay.play([.pointerDown(x: 400, y: 300, clicks: 1), .pointerUp(x: 400, y: 300), .pointerDown(x: 400, y: 300, clicks: 2), .pointerUp(x: 400, y: 300)])
    #expect(positions.count == 5)
    #expect(positions.contains(Point(x: 400, y: 300)))
  }

  @Test func aDoubleClickInsertsIntoTheSelectedCurveNotTheLast() async {
    await replay.play([.key(KeyChord("n", alt: true)), .key(KeyChord("escape")), .pointerDown(x: 240, y: 120, clicks: 1), .pointerUp(x: 240, y: 120)])
    #expect(replay.store.interaction.selection.map(\.curve) == [replay.store.drawing.curves[0].id])
    await replay.play([
      .pointerDown(x: 400, y: 100, clicks: 1), .pointerUp(x: 400, y: 100), .pointerDown(x: 400, y: 100, clicks: 2), .pointerUp(x: 400, y: 100),
    ])
    #expect(positions.count == 5)
    #expect(replay.store.drawing.curves[1].points.count == 4)
  }

  @Test func thePaletteOpensWithQuestionMarkOrShiftF1AndClosesWithEscape() async {
    await replay.play([.key(KeyChord("?"))])
    #expect(replay.store.palette?.entries == Shortcut.paletteEntries)
    await replay.play([.key(KeyChord("escape"))])
    #expect(replay.store.palette == nil)
    #expect(replay.store.interaction.tool == .node, "Escape went to the palette, not to the tools")
    await replay.play([.key(KeyChord("f1", shift: true))])
    #expect(replay.store.palette != nil)
  }

  /// Typing filters by words, Enter runs the command as its keys would: "rect" finds the
  /// rectangle tool (R, F4).
  @Test func typingFiltersAndEnterRunsTheCommand() async {
    await replay.play([.key(KeyChord("?")), .text("rect"), .key(KeyChord("return"))])
    #expect(replay.store.palette == nil)
    #expect(replay.store.interaction.tool == .rectangle)
    // "zoom in" matches one command; the keys typed go to the palette, not to the canvas.
    let zoom = replay.store.viewport.zoom
    await replay.play([.key(KeyChord("?")), .text("zoom in"), .key(KeyChord("return"))])
    #expect(replay.store.viewport.zoom > zoom)
    #expect(replay.store.interaction.tool == .rectangle, "the r of \"zoom in\" chose no tool")
  }
}
