import CurveDocument
import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

@testable import CurveApp

/// The tool bar: its buttons for each tool, its rows within the canvas area, and what a
/// click and a hover on it do through the session.
@MainActor
struct ToolbarTests {
  let layout = Layout.offscreen(width: 1100, height: 750)

  func session(_ state: Editor.State = Editor.State(curves: [])) -> EditorSession {
    let store = Store(initialState: state) { Editor() } withDependencies: {
      $0.continuousClock = TestClock()
      $0.uuid = .incrementing
      $0.fileSystem = .inMemory(LockIsolated([:]))
      $0.documentLock = .inMemory()
    }
    return EditorSession(store: store, layout: layout)
  }

  func centre(of item: ToolbarItem, _ state: Editor.State) throws -> Point {
    let frame = try #require(Toolbar.slots(for: state, in: layout).first { $0.slot == .button(item) }?.frame)
    return Point(x: (frame.minX + frame.maxX) / 2, y: (frame.minY + frame.maxY) / 2)
  }

  @Test func theNodeToolShowsTheSixToolsAtTheBottomLeftOfTheCanvasThenThePathOperations() {
    let slots = Toolbar.slots(for: Editor.State(curves: []), in: layout)
    #expect(slots.map(\.slot) == Tool.allCases.map { .button(.tool($0)) } + PathOperation.allCases.map { .button(.pathOperation($0)) })
    #expect(ToolbarItem.pathOperation(.difference).tooltip == "Difference (Ctrl+-): the bottom curve minus the top one")
    #expect(slots[0].frame.minX == layout.canvasArea.minX + Toolbar.margin)
    #expect(slots[0].frame.maxY == layout.canvasArea.maxY - Toolbar.margin)
  }

  @Test func theStarsSettingsWrapIntoRowsInsideTheCanvasArea() {
    var state = Editor.State(curves: [])
    state.interaction.tool = .star
    let frames = Toolbar.slots(for: state, in: layout).map(\.frame)
    #expect(frames.allSatisfy { layout.canvasArea.contains(Point(x: $0.maxX, y: $0.maxY)) })
    #expect(Set(frames.map(\.minY)).count == 2, "two rows in an 800-unit canvas area")
    #expect(Toolbar.slots(for: state, in: layout).contains { $0.slot == .readout(.spokes) })
    state.interaction.shapeSettings.isPolygon = true
    #expect(!Toolbar.slots(for: state, in: layout).contains { $0.slot == .readout(.spokes) }, "a polygon has no spokes")
  }

  @Test func aClickChoosesAToolAndItsSettingsAndNeverReachesTheCanvas() throws {
    let session = session()
    let pen = try centre(of: .tool(.pen), session.store.state)
    session.handle(.pointerDown(x: pen.x, y: pen.y, clicks: 1))
    session.handle(.pointerUp(x: pen.x, y: pen.y))
    #expect(session.store.state.interaction.tool == .pen && session.store.state.interaction.pen == nil)
    let through = try centre(of: .penMode(.throughPoints), session.store.state)
    session.handle(.pointerDown(x: through.x, y: through.y, clicks: 1))
    #expect(session.store.state.interaction.penMode == .throughPoints)
    let more = try centre(of: .step(.tension, by: 1), session.store.state)
    session.handle(.pointerDown(x: more.x, y: more.y, clicks: 1))
    session.handle(.pointerDown(x: more.x, y: more.y, clicks: 1))
    #expect(session.store.state.interaction.penTension == 0.2)

    let star = try centre(of: .tool(.star), session.store.state)
    session.handle(.pointerDown(x: star.x, y: star.y, clicks: 1))
    let fewer = try centre(of: .step(.corners, by: -1), session.store.state)
    for _ in 0..<5 { session.handle(.pointerDown(x: fewer.x, y: fewer.y, clicks: 1)) }
    #expect(session.store.state.interaction.shapeSettings.corners == 3, "never fewer than three")
    #expect(session.store.state.drawing.curves.isEmpty)
  }

  @Test func hoveringAButtonShowsItsTooltipWithItsKeys() throws {
    let session = session()
    let pen = try centre(of: .tool(.pen), session.store.state)
    session.handle(.pointerMoved(x: pen.x, y: pen.y))
    #expect(session.hoveredToolbarItem == .tool(.pen))
    #expect(ToolbarItem.tool(.pen).tooltip == "Pen (B, Shift+F6): Click to add a node, drag to pull its handles, Enter to finish")
    session.handle(.pointerMoved(x: 400, y: 300))
    #expect(session.hoveredToolbarItem == nil)
  }
}
