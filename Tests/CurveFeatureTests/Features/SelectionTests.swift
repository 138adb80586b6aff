import Composable
import CurveFeature
import CurveGeometry
import Foundation
import OrderedCollections
import Testing

/// Choosing points: Tab and Escape, Shift+click, rubber bands, Ctrl+A, and dragging the selection.
@MainActor
struct SelectionTests {
  let point1 = PointReference(curve: id(100), point: id(101))
  let point3 = PointReference(curve: id(100), point: id(103))
  let lineStart = PointReference(curve: id(200), point: id(201))

  func shiftPress(_ point: Point) -> Pointer.Action {
    .down(point, button: .left, clickCount: 1, modifiers: .shift)
  }

  @Test func shiftClickAddsAndRemovesPoints() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Pointer() }
    await store.send(shiftPress(Point(x: 300, y: 100))) {
      $0.interaction.selection = [point2, self.point3]
      $0.interaction.gesture = .drag(Drag(
        point: self.point3, grabOffset: .zero, start: Point(x: 300, y: 100),
        bounds: Rect(minX: 200, minY: 100, maxX: 300, maxY: 100), startRevision: 0
      ))
      $0.history = undoHistory(pending: oneCurve())
    }
    await store.send(.release(Point(x: 300, y: 100))) {
      $0.interaction.gesture = nil
      $0.history = undoHistory()
    }
    // Shift+click on a selected point takes it out, and does not drag it.
    await store.send(shiftPress(Point(x: 200, y: 100))) { $0.interaction.selection = [self.point3] }
    await store.send(.release(Point(x: 200, y: 100)))
  }

  @Test func tabCyclesAndEscapeClears() async {
    let store = makeStore { Editor() }
    for n in [101, 102, 103, 104, 101] {
      await store.send(.selection(.selectNextPoint)) { $0.interaction.selection = [PointReference(curve: id(100), point: id(n))] }
    }
    await store.send(.selection(.clearSelection)) { $0.interaction.selection = [] }
  }

  @Test func escapeDuringADragPutsThePointsBackAndRecordsNoStep() async {
    let store = makeStore(Editor.State(curves: oneCurve())) { Editor() }
    store.exhaustivity = .off
    await store.send(.pointer(.press(Point(x: 200, y: 100))))
    await store.send(.pointer(.moved(Point(x: 250, y: 150))))
    await store.send(.selection(.clearSelection))
    #expect(store.state.drawing.curves == oneCurve())
    #expect(store.state.interaction.drag == nil && store.state.interaction.selection.isEmpty)
    #expect(!store.state.history.canUndo && store.state.history.pending == nil)
  }

  @Test func aClickThatDoesNotMoveOnePointOfSeveralSelectedSelectsJustThatPoint() async {
    var state = Editor.State(curves: oneCurve())
    state.interaction.selection = [point2, point3]
    let store = makeStore(state) { Pointer() }
    store.exhaustivity = .off
    await store.send(.press(Point(x: 200, y: 100)))
    #expect(store.state.interaction.selection.count == 2, "still both, in case the press becomes a drag")
    await store.send(.release(Point(x: 200, y: 100)))
    #expect(store.state.interaction.selection == [point2])
  }

  @Test func aRubberBandSelectsThePointsInsideAndShiftAddsToTheSelection() async {
    var state = Editor.State(curves: twoCurves())
    state.interaction.selection = [lineStart]
    let store = makeStore(state) { Pointer() }
    await store.send(.press(Point(x: 150, y: 50))) {
      $0.interaction.selection = []
      $0.interaction.clearedSelection = [self.lineStart]
      $0.interaction.gesture = .rubberBand(RubberBand(anchor: Point(x: 150, y: 50), corner: Point(x: 150, y: 50), base: []))
    }
    await store.send(.moved(Point(x: 350, y: 150))) {
      $0.interaction.gesture = .rubberBand(RubberBand(anchor: Point(x: 150, y: 50), corner: Point(x: 350, y: 150), base: []))
      $0.interaction.selection = [point2, self.point3]
    }
    // Shrinking the band gives points back.
    await store.send(.moved(Point(x: 250, y: 150))) {
      $0.interaction.gesture = .rubberBand(RubberBand(anchor: Point(x: 150, y: 50), corner: Point(x: 250, y: 150), base: []))
      $0.interaction.selection = [point2]
    }
    await store.send(.release(Point(x: 250, y: 150))) { $0.interaction.gesture = nil }
    await store.send(shiftPress(Point(x: 420, y: 280))) {
      $0.interaction.clearedSelection = []
      $0.interaction.gesture = .rubberBand(RubberBand(anchor: Point(x: 420, y: 280), corner: Point(x: 420, y: 280), base: [point2]))
    }
    await store.send(.moved(Point(x: 500, y: 320))) {
      $0.interaction.gesture = .rubberBand(RubberBand(anchor: Point(x: 420, y: 280), corner: Point(x: 500, y: 320), base: [point2]))
      $0.interaction.selection = [point2, PointReference(curve: id(200), point: id(202))]
    }
  }

  @Test func draggingASelectedPointMovesTheWholeSelectionClampedAsAGroupInOneUndoStep() async {
    var state = Editor.State(curves: twoCurves())
    state.interaction.selection = [point2, lineStart]  // (200, 100) and (150, 300)
    let store = makeStore(state) { Pointer() }
    let bounds = Rect(minX: 150, minY: 100, maxX: 200, maxY: 300)
    await store.send(.press(Point(x: 200, y: 100))) {
      $0.interaction.gesture = .drag(Drag(
        point: point2, grabOffset: .zero, start: Point(x: 200, y: 100), bounds: bounds, startRevision: 0,
        selectsOnlyThePointIfNotMoved: true
      ))
      $0.history = undoHistory(pending: twoCurves())
    }
    // Each point moved is an edit.
    await store.send(.moved(Point(x: 230, y: 90))) {
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 230, y: 90)
      $0.drawing.curves[id: id(200)]?.points[id: id(201)]?.position = Point(x: 180, y: 290)
      $0.drawing.revision = 2
    }
    // Far up and left: the selection stops where its first point reaches the edge, and
    // keeps its shape.
    await store.send(.moved(Point(x: -1_000, y: -1_000))) {
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 50, y: 0)
      $0.drawing.curves[id: id(200)]?.points[id: id(201)]?.position = Point(x: 0, y: 200)
      $0.drawing.revision = 4
    }
    await store.send(.release(Point(x: -1_000, y: -1_000))) {
      $0.interaction.gesture = nil
      $0.history = undoHistory(undo: [twoCurves()])
    }
  }

  @Test func ctrlASelectsEveryPointAndArrowsNudgeTheSelectionAsAGroup() async {
    let store = makeStore(Editor.State(curves: twoCurves())) { Editor() }
    let all = OrderedSet(twoCurves().allPointReferences)
    await store.send(.selection(.selectAll)) { $0.interaction.selection = all }
    await store.send(.moving(.arrow(dx: 10, dy: -1))) {
      $0.history = undoHistory(undo: [twoCurves()])
      for reference in all { $0.drawing.curves[id: reference.curve]?.points[id: reference.point]?.position += Point(x: 10, y: -1) }
      $0.drawing.revision = 6  // one for each of the six points moved
    }
    // The topmost points are at y = 99: a nudge of 200 up moves everything 99.
    let nudged = store.state.drawing.curves
    await store.send(.moving(.arrow(dx: 0, dy: -200))) {
      $0.history = undoHistory(undo: [twoCurves(), nudged])
      for reference in all { $0.drawing.curves[id: reference.curve]?.points[id: reference.point]?.position.y -= 99 }
      $0.drawing.revision = 12
    }
    #expect(store.state.drawing.curves[point2]?.position == Point(x: 210, y: 0))
  }

  @Test func theXSliderMovesSeveralPointsByTheirBoxsLeftEdge() async {
    var state = Editor.State(curves: twoCurves())
    state.interaction.selection = [point2, lineStart]  // box from x = 150 to 200
    let store = makeStore(state) { Editor() }
    await store.send(.moving(.moveSelection(toTopLeft: Point(x: 400, y: 100)))) {
      $0.history = undoHistory(undo: [twoCurves()])
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 450, y: 100)
      $0.drawing.curves[id: id(200)]?.points[id: id(201)]?.position = Point(x: 400, y: 300)
      $0.drawing.revision = 2
    }
    #expect(store.state.selectionBounds?.minX == 400)
  }
}
