import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

@testable import CurveApp

/// The view through replayed input: zoom, pan, fit, 100%, and window sizes, none of which
/// may change the document.
@MainActor
struct ViewReplayTests {
  let replay: Replay
  let document: Document

  init() throws {
    document = try Document.decode(Data(sampleDocumentJSON.utf8))
    replay = Replay(state: Editor.State(document: document, url: nil))
  }

  private var viewport: Viewport.State { replay.store.viewport }
  /// The canvas area's top: the menu bar's foot.
  private let top = Layout.menuBarHeight

  @Test func atTheDefaultWindowSizeACanvasPointIsAWindowPointBelowTheMenuBar() async {
    #expect(viewport.zoom == 1)
    #expect(viewport.origin == Point(x: 0, y: top))
    await replay.play([.pointerDown(x: 240, y: 120 + top, clicks: 1), .pointerMoved(x: 250, y: 130 + top), .pointerUp(x: 250, y: 130 + top)])
    #expect(replay.store.drawing.curves[0].points[1].position == Point(x: 250, y: 130))
  }

  @Test func theWheelZoomsAroundTheCursor() async {
    let cursor = Point(x: 333, y: 222)
    for notches in [1.0, 3, -2, -4] {
      let under = viewport.documentPoint(atScreen: cursor)
      await replay.play([.wheel(x: cursor.x, y: cursor.y, notches: notches)])
      #expect(viewport.screenPoint(atDocument: under).distance(to: cursor) < 1e-9, "after \(notches) notches")
    }
    #expect(viewport.zoom == 0.5)
    #expect(replay.store.drawing.revision == 0, "zooming is not an edit")
  }

  @Test func aPointDraggedWhileZoomedMovesByTheDocumentDistance() async {
    await replay.play([.wheel(x: 0, y: top, notches: 2)])  // 200%, the canvas still at the top-left
    await replay.play([.pointerDown(x: 480, y: 240 + top, clicks: 1), .pointerMoved(x: 500, y: 280 + top), .pointerUp(x: 500, y: 280 + top)])
    #expect(replay.store.drawing.curves[0].points[1].position == Point(x: 250, y: 140))
  }

  @Test func aMiddleButtonDragPans() async {
    await replay.play([
      .pointerDown(x: 400, y: 300, clicks: 1, button: .middle), .pointerMoved(x: 450, y: 330, button: .middle),
      .pointerUp(x: 450, y: 330, button: .middle),
    ])
    #expect(viewport.origin == Point(x: 50, y: 30 + top))
    #expect(replay.store.drawing.curves == document.editorCurves)
    // The point at (240, 120) is now under (290, 150) of the canvas area.
    await replay.play([.pointerDown(x: 290, y: 150 + top, clicks: 1), .pointerUp(x: 290, y: 150 + top)])
    #expect(replay.store.interaction.selection.map(\.point) == [document.curves[0].points[1].id])
  }

  @Test func ctrlZeroFitsCtrlOneIsActualSizeAndPlusMinusZoomAroundTheCentre() async {
    await replay.play([.key(KeyChord("=")), .key(KeyChord("=", shift: true))])
    #expect(viewport.zoom == 2)
    // The canvas area is 800x702 under the menu bar: its centre stays on the same document point.
    let centre = Point(x: 400, y: top + 351)
    #expect(viewport.documentPoint(atScreen: centre) == Point(x: 400, y: 351))
    await replay.play([.key(KeyChord("-"))])
    #expect(abs(viewport.zoom - 2.0.squareRoot()) < 1e-12)
    await replay.play([.key(KeyChord("0", control: true))])
    #expect(viewport.zoom == 1)
    #expect(viewport.canvasOnScreen == Rect(minX: 0, minY: top + 51, maxX: 800, maxY: top + 651))
    await replay.play([.key(KeyChord("1", control: true))])
    #expect(viewport.zoom == 1 && viewport.origin == Point(x: 0, y: top))
  }

  @Test func resizingTheWindowLeavesTheDocumentUntouched() async {
    // The report: 640x480 and back moved points and saved the canvas as 800x726.
    await replay.play([.resize(width: 640, height: 480), .resize(width: 1100, height: 750)])
    #expect(replay.store.drawing.curves == document.editorCurves)
    #expect(replay.store.canvas == Canvas(width: 800, height: 600))
    #expect(!replay.store.history.canUndo)
    #expect(replay.store.drawing.revision == 0)
    #expect(Document(replay.store.state) == Document(Editor.State(document: document, url: nil)))
    #expect(replay.session.layout.panel.minX == 800)
  }

  @Test func redoSurvivesAClickOnAPoint() async {
    let before = replay.store.drawing.curves
    await replay.play([.pointerDown(x: 240, y: 120, clicks: 1), .pointerMoved(x: 300, y: 200), .pointerUp(x: 300, y: 200)], documentCoordinates: true)
    let moved = replay.store.drawing.curves
    await replay.play([.key(KeyChord("z", control: true))])
    #expect(replay.store.drawing.curves == before)
    await replay.play([.pointerDown(x: 560, y: 120, clicks: 1), .pointerUp(x: 560, y: 120), .key(KeyChord("y", control: true))], documentCoordinates: true)
    #expect(replay.store.drawing.curves == moved)
  }

  @Test func theStatusLineSaysWhatIsSavedAndTheZoom() async {
    #expect(OverlayPainter.statusText(replay.store.state).contains("Untitled  ·  not saved"))
    await replay.play([.wheel(x: 10, y: 10 + top, notches: 1)])
    #expect(OverlayPainter.statusText(replay.store.state).contains("zoom 141%"))
    var saved = Editor.State(document: document, url: URL(fileURLWithPath: "/tmp/a.json"))
    #expect(OverlayPainter.statusText(saved).hasPrefix("a.json  ·  saved"))
    saved.drawing.revision = 1
    #expect(OverlayPainter.statusText(saved).hasPrefix("a.json  ·  unsaved"))
    #expect(OverlayPainter.zoomText(0.125) == "12.5%")
  }
}
