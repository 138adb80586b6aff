import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

/// Moving the selection: the arrow keys (or, with nothing selected, stepping t) and the x/y sliders.
@MainActor
struct MovingTests {
  @Test func anArrowNudgesTheSelectedPointInOnePassAsOneUndoStep() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Editor() }
    await store.send(.moving(.arrow(dx: 10, dy: -1))) {
      $0.history = undoHistory(undo: [oneCurve()])
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 210, y: 99)
      $0.drawing.revision = 1
    }
  }

  @Test func withNothingSelectedLeftAndRightStepTAndUpAndDownDoNothing() async {
    let store = makeStore { Editor() }
    await store.send(.moving(.arrow(dx: 1, dy: 0))) { $0.drawing.animation.step = 1 }
    await store.send(.moving(.arrow(dx: -10, dy: 0))) { $0.drawing.animation.step = 0 }
    await store.send(.moving(.arrow(dx: -1, dy: 0))) { $0.drawing.animation.step = 10 }
    await store.send(.moving(.arrow(dx: 0, dy: 1)))
  }

  @Test func aNudgeAtTheCanvasEdgeChangesNothing() async {
    var state = Editor.State(curves: oneCurve())
    state.interaction.selection = [PointReference(curve: id(100), point: id(101))]
    state.drawing.curves[id: id(100)]?.points[id: id(101)]?.position = Point(x: 0, y: 100)
    let store = makeStore(state) { Editor() }
    await store.send(.moving(.arrow(dx: -1, dy: 0)))
  }

  @Test func anArrowDuringADragFirstMakesTheDragItsOwnUndoStep() async {
    let store = makeStore(Editor.State(curves: oneCurve())) { Editor() }
    store.exhaustivity = .off
    await store.send(.pointer(.press(Point(x: 200, y: 100))))
    await store.send(.pointer(.moved(Point(x: 250, y: 150))))
    let dragged = store.state.drawing.curves
    await store.send(.moving(.arrow(dx: 10, dy: 0)))
    #expect(store.state.interaction.drag == nil)
    #expect(store.state.history.undoStack.map(\.curves) == [oneCurve(), dragged])
    await store.send(.pointer(.release(Point(x: 250, y: 150))))
    await store.send(.history(.undo))
    #expect(store.state.drawing.curves == dragged)
    await store.send(.history(.undo))
    #expect(store.state.drawing.curves == oneCurve())
  }

  @Test func theXSliderMovesTheSelectedPointAsOneUndoStep() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Editor() }
    await store.send(.moving(.moveSelection(toTopLeft: Point(x: 640, y: 100)))) {
      $0.history = undoHistory(undo: [oneCurve()])
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 640, y: 100)
      $0.drawing.revision = 1
    }
    let atX640 = store.state.drawing.curves
    await store.send(.moving(.moveSelection(toTopLeft: Point(x: 9_000, y: .nan)))) {
      $0.history = undoHistory(undo: [oneCurve(), atX640])
      // Kept on the canvas; the y that is not a number leaves y alone.
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 800, y: 100)
      $0.drawing.revision = 2
    }
  }

  @Test func aSliderDragOfThePointRecordsNoStepUntilItEnds() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Editor() }
    await store.send(.moving(.grabSelection)) {
      $0.interaction.gesture = .drag(Drag(point: point2, grabOffset: .zero, start: Point(x: 200, y: 100), startRevision: 0))
      $0.history = undoHistory(pending: oneCurve())
    }
    for (revision, x) in zip(1..., [250.0, 300]) {
      await store.send(.moving(.moveSelection(toTopLeft: Point(x: x, y: 100)))) {
        $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: x, y: 100)
        $0.drawing.revision = revision
      }
    }
    #expect(!store.state.history.canUndo)
  }

  @Test func withNothingSelectedTheSlidersDoNothing() async {
    let store = makeStore { Editor() }
    await store.send(.moving(.moveSelection(toTopLeft: Point(x: 5, y: 5))))
    await store.send(.moving(.grabSelection))
  }
}
