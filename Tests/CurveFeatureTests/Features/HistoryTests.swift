import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

@MainActor
struct HistoryTests {
  /// `oneCurve()` after an edit that moved point 2 to (250, 150), recorded for undo.
  func editedState() -> Editor.State {
    var state = oneCurveWithPoint2Selected()
    state.history = undoHistory(undo: [oneCurve()])
    state.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 250, y: 150)
    return state
  }

  @Test func undoRestoresAndRedoReapplies() async {
    let state = editedState()
    let edited = state.drawing.curves
    let store = makeStore(state) { History() }
    await store.send(.undo) {
      $0.drawing.curves = oneCurve()
      $0.history = undoHistory(redo: [edited])
      $0.drawing.revision = 1
    }
    await store.send(.redo) {
      $0.drawing.curves = edited
      $0.history = undoHistory(undo: [oneCurve()])
      $0.drawing.revision = 2
    }
    await store.send(.redo)
  }

  @Test func restoringForgetsASelectionWhosePointIsGone() async {
    var state = Editor.State(curves: oneCurve())
    state.history = undoHistory(undo: [oneCurve()])
    state.drawing.curves[id: id(100)]?.points.append(ControlPoint.State(id: id(105), position: Point(x: 500, y: 100)))
    let extra = PointReference(curve: id(100), point: id(105))
    state.interaction.selection = [extra]
    state.interaction.hover = extra
    let edited = state.drawing.curves
    let store = makeStore(state) { History() }
    await store.send(.undo) {
      $0.drawing.curves = oneCurve()
      $0.history = undoHistory(redo: [edited])
      $0.interaction.selection = []
      $0.interaction.hover = nil
      $0.drawing.revision = 1
    }
  }

  @Test func undoWithNothingToUndoChangesNothing() async {
    let store = makeStore { History() }
    await store.send(.undo)
    await store.send(.redo)
  }

  @Test func undoDuringADragTakesTheDragBack() async {
    let store = makeStore(Editor.State(curves: oneCurve())) { Editor() }
    store.exhaustivity = .off
    await store.send(.pointer(.press(Point(x: 200, y: 100))))
    await store.send(.pointer(.moved(Point(x: 250, y: 150))))
    await store.send(.history(.undo))
    #expect(store.state.drawing.curves == oneCurve())
    #expect(store.state.history.pending == nil)
  }
}
