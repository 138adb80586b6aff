import Composable
import CurveFeature
import CurveGeometry
import CurveRaster
import Foundation
import Testing

@testable import CurveApp

/// A selector drag draws the moved curves from their recording at the drag's first frame,
/// carried to each step's place: the same pixels a recording there gives, one recording a
/// drag, and the released objects stay in sight while the layer that takes them back is
/// drawn in the background.
@MainActor
struct MovingLooksTests {
  static let bottom = ObjectsPanelTests.bottom, top = ObjectsPanelTests.top

  /// Two red squares, the top one also stroked 6 units wide in blue, in the selector.
  static func session() -> EditorSession {
    var top = ObjectsPanelTests.square(Self.top, at: Point(x: 150, y: 150))
    top.style.stroke = .color(RGBColor(r: 0, g: 0, b: 200))
    top.style.strokeWidth = 6
    var state = Editor.State(curves: [ObjectsPanelTests.square(bottom, at: Point(x: 100, y: 100)), top])
    state.drawing.display.handles = .selected
    state.interaction.tool = .selector
    state.interaction.snaps = false
    let store = Store(initialState: state) { Editor() }
    return EditorSession(store: store, layout: .offscreen(width: 1100, height: 750))
  }

  static func screen(_ session: EditorSession, _ x: Double, _ y: Double) -> Point {
    session.store.viewport.screenPoint(atDocument: Point(x: x, y: y))
  }

  /// The largest difference of any channel of any pixel.
  static func largestDifference(_ a: OffscreenFrame, _ b: OffscreenFrame) -> Int {
    zip(a.pixelBytes(), b.pixelBytes()).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
  }

  @Test func aDragStepDrawsWhatARecordingThereWouldFromOneRecording() throws {
    let session = Self.session()
    let frame = try OffscreenFrame(width: 1100, height: 750)
    frame.draw(session)
    let grab = Self.screen(session, 200, 200)
    session.handle(.pointerDown(x: grab.x, y: grab.y, clicks: 1))
    // Moved, then turned by a rotate handle would need a second click: moved twice is enough
    // to carry the first recording by a fraction of a pixel.
    for step in [Point(x: 17.5, y: 9.25), Point(x: 41.75, y: -12.5)] {
      session.handle(.pointerMoved(x: grab.x + step.x, y: grab.y + step.y))
      frame.draw(session)
    }
    #expect(frame.layer.movingLooks.recordings == 1)
    let fresh = try OffscreenFrame(width: 1100, height: 750)
    fresh.draw(session)
    #expect(Self.largestDifference(frame, fresh) <= 2, "carried against recorded")
    // The square's middle moved by (41.75, −12.5) screen units, and is red there.
    let middle = Self.screen(session, 200, 200)
    #expect(frame.pixel(x: Int(middle.x), y: Int(middle.y)) == RGBA8(r: 200, g: 0, b: 0))
  }

  @Test func objectsUnderOthersAreRecordedEachStepAsLiveCurvesAre() throws {
    let session = Self.session()
    let frame = try OffscreenFrame(width: 1100, height: 750)
    frame.draw(session)
    // The bottom square's corner, which the top one does not cover.
    let grab = Self.screen(session, 110, 110)
    session.handle(.pointerDown(x: grab.x, y: grab.y, clicks: 1))
    #expect(session.store.interaction.selectedObjects == [.curve(Self.bottom)])
    session.handle(.pointerMoved(x: grab.x + 30, y: grab.y + 20))
    frame.draw(session)
    #expect(frame.layer.movingLooks.recordings == 0, "the top square is painted over it: drawn again over it each step")
    let fresh = try OffscreenFrame(width: 1100, height: 750)
    fresh.draw(session)
    #expect(Self.largestDifference(frame, fresh) == 0)
  }

  @Test func releasedObjectsStayInSightUntilTheLayerArrives() async throws {
    let session = Self.session()
    let worker = HeldJobs()
    let frame = try OffscreenFrame(width: 1100, height: 750, layerWorker: worker.worker, layerBudget: .zero)
    var arrivals = 0
    frame.layer.onUpdate = { arrivals += 1 }
    frame.draw(session)
    let grab = Self.screen(session, 200, 200), to = Point(x: grab.x + 120, y: grab.y + 80)
    session.handle(.pointerDown(x: grab.x, y: grab.y, clicks: 1))
    session.handle(.pointerMoved(x: to.x, y: to.y))
    frame.draw(session)
    session.handle(.pointerUp(x: to.x, y: to.y))
    frame.draw(session)
    #expect(!frame.isLayerSettled, "the layer with the square back in it is on its way")
    // The square's middle, where it was released: red, not the page behind it.
    #expect(frame.pixel(x: Int(to.x), y: Int(to.y)) == RGBA8(r: 200, g: 0, b: 0))
    worker.runAll()
    for _ in 0..<1000 where arrivals == 0 { await Task.yield() }
    frame.draw(session)
    #expect(frame.isLayerSettled)
    #expect(frame.pixel(x: Int(to.x), y: Int(to.y)) == RGBA8(r: 200, g: 0, b: 0))
  }
}
