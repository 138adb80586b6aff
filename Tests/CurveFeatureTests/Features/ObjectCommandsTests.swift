import Composable
import CurveFeature
import CurveGeometry
import Foundation
import OrderedCollections
import Testing

/// The selector's keys: each transform about the selection's box centre, checked against the
/// matrix the test works out, and each one undo step.
@MainActor
struct ObjectCommandsTests {
  static let squareA = SelectorTests.squareA, squareB = SelectorTests.squareB

  static func selected(_ objects: OrderedSet<DrawingObject>) -> Editor.State {
    var state = SelectorTests.drawing()
    state.interaction.selectedObjects = objects
    return state
  }

  static func positions(_ state: Editor.State, _ curve: Int) -> [Point] {
    state.drawing.curves[id: id(curve)]?.points.map(\.position) ?? []
  }

  @Test func ctrlBracketTurnsAQuarterClockwiseAboutTheCentreAsOneUndoStep() async {
    let start = Self.selected([Self.squareA])
    let store = makeStore(start) { Editor() }
    var turned = start.drawing.curves
    // 90° clockwise on screen about (150, 150): (x, y) → (300 − y, x).
    turned[id: id(10)] = SelectorTests.square(10, at: Point(x: 100, y: 100))
    for (index, point) in [Point(x: 200, y: 100), Point(x: 200, y: 200), Point(x: 100, y: 200), Point(x: 100, y: 100)].enumerated() {
      turned[id: id(10)]!.subpaths[0].points[index].position = point
    }
    await store.send(.objects(.rotate(degrees: 90))) {
      $0.drawing.curves = turned
      $0.drawing.revision = 1
      $0.history = undoHistory(undo: [start.drawing.curves], handles: .selected)
    }
    await store.send(.history(.undo)) {
      $0.drawing.curves = start.drawing.curves
      $0.drawing.revision = 2
      $0.history = undoHistory(redo: [turned], handles: .selected)
    }
  }

  @Test func flipsAndDoublingMirrorAndScaleAboutTheCentre() async {
    let store = makeStore(Self.selected([Self.squareB])) { Editor() }
    store.exhaustivity = .off
    await store.send(.objects(.flip(horizontally: true)))
    // About x = 200: (150, 150) → (250, 150).
    #expect(Self.positions(store.state, 20) == [Point(x: 250, y: 150), Point(x: 150, y: 150), Point(x: 150, y: 250), Point(x: 250, y: 250)])
    await store.send(.objects(.flip(horizontally: false)))
    #expect(Self.positions(store.state, 20) == [Point(x: 250, y: 250), Point(x: 150, y: 250), Point(x: 150, y: 150), Point(x: 250, y: 150)])
    await store.send(.objects(.scale(larger: true, doubling: true)))
    #expect(Self.positions(store.state, 20) == [Point(x: 300, y: 300), Point(x: 100, y: 300), Point(x: 100, y: 100), Point(x: 300, y: 100)])
    #expect(store.state.history.undoCount == 3)
  }

  @Test func greaterThanGrowsTheLargerSideByTwoUnits() async throws {
    let store = makeStore(Self.selected([Self.squareA])) { Editor() }
    store.exhaustivity = .off
    await store.send(.objects(.scale(larger: true, doubling: false)))
    let box = try #require(store.state.selectedObjectsBox)
    #expect(abs(box.width - 102) < 1e-9 && abs(box.height - 102) < 1e-9)
    #expect(abs(box.minX - 99) < 1e-9 && abs(box.minY - 99) < 1e-9)
  }

  @Test func arrowsMoveObjectsByTwoAndTabWalksUpTheStack() async {
    let store = makeStore(Self.selected([Self.squareA])) { Editor() }
    store.exhaustivity = .off
    await store.send(.moving(.arrow(dx: 10, dy: 0)))
    #expect(Self.positions(store.state, 10).first == Point(x: 120, y: 100), "Shift+→ is 20 units in the selector")
    await store.send(.selection(.selectNextPoint))
    #expect(store.state.interaction.selectedObjects == [Self.squareB])
    await store.send(.selection(.selectNextPoint))
    #expect(store.state.interaction.selectedObjects == [Self.squareA], "round to the bottom")
    await store.send(.selection(.selectAll))
    #expect(store.state.interaction.selectedObjects == [Self.squareA, Self.squareB])
    await store.send(.tools(.escape))
    #expect(store.state.interaction.selectedObjects == [])
  }

  @Test func inTheCurveLabATransformThatWouldLeaveThePageIsMovedBackOnIt() async {
    var state = Self.selected([Self.squareA])
    state.drawing.display.handles = .all
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    // Halving is fine; ×2 three times (800 units) no longer fits the 800 × 600 page.
    await store.send(.objects(.scale(larger: true, doubling: true)))
    await store.send(.objects(.scale(larger: true, doubling: true)))
    #expect(Self.positions(store.state, 10).first == Point(x: 0, y: 0), "×4 about (150, 150) reaches −50: moved back onto the page")
    await store.send(.objects(.scale(larger: true, doubling: true)))
    #expect(store.state.interaction.notice == "That would not fit on the page.")
    #expect(store.state.history.undoCount == 2)
  }

  @Test func aDrawingGoesOffThePageAsInkscapesDoes() async {
    let store = makeStore(Self.selected([Self.squareA])) { Editor() }
    store.exhaustivity = .off
    for _ in 0..<3 { await store.send(.objects(.scale(larger: true, doubling: true))) }
    // ×8 about (150, 150): (100, 100) goes to (−250, −250).
    #expect(Self.positions(store.state, 10).first == Point(x: -250, y: -250))
    #expect(store.state.history.undoCount == 3)
  }

  @Test func theAllHandlesToggleIsSavedAndOneUndoStep() async {
    let start = SelectorTests.drawing()
    let store = makeStore(start) { Editor() }
    await store.send(.objects(.toggleAllHandles)) {
      $0.drawing.display.handles = .all
      $0.drawing.revision = 1
      $0.history = undoHistory(undo: [start.drawing.curves], handles: .selected)
    }
    await store.send(.history(.undo)) {
      $0.drawing.display.handles = .selected
      $0.drawing.revision = 2
      $0.history = undoHistory(redo: [start.drawing.curves], handles: .all)
    }
  }
}
