import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

@MainActor
struct EditingTests {
  @Test func anArrowNudgesTheSelectedPointInOnePassAsOneUndoStep() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Editing() }
    await store.send(.arrow(dx: 10, dy: -1)) {
      $0.history.record(oneCurve())
      $0.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 210, y: 99)
      $0.markCurvesEdited()
    }
  }

  @Test func withNothingSelectedLeftAndRightStepTAndUpAndDownDoNothing() async {
    let store = makeStore { Editing() }
    await store.send(.arrow(dx: 1, dy: 0)) { $0.animation.step = 1 }
    await store.send(.arrow(dx: -10, dy: 0)) { $0.animation.step = 0 }
    await store.send(.arrow(dx: -1, dy: 0)) { $0.animation.step = 10 }
    await store.send(.arrow(dx: 0, dy: 1))
  }

  @Test func aNudgeAtTheCanvasEdgeChangesNothing() async {
    var state = Editor.State(curves: oneCurve())
    state.selection = PointReference(curve: id(100), point: id(101))
    state.curves[id: id(100)]?.points[id: id(101)]?.position = Point(x: 0, y: 100)
    let store = makeStore(state) { Editing() }
    await store.send(.arrow(dx: -1, dy: 0))
  }

  @Test func tabCyclesAndEscapeClears() async {
    let store = makeStore { Editing() }
    for n in [101, 102, 103, 104, 101] {
      await store.send(.selectNextPoint) { $0.selection = PointReference(curve: id(100), point: id(n)) }
    }
    await store.send(.clearSelection) { $0.selection = nil }
  }

  @Test func deleteRemovesTheSelectedPointButNeverBelowTwo() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Editing() }
    await store.send(.deleteSelectedPoint) {
      $0.history.record(oneCurve())
      $0.curves[id: id(100)]?.points.remove(id: id(102))
      $0.selection = nil
      $0.markCurvesEdited()
    }
    await store.send(.selectNextPoint) { $0.selection = PointReference(curve: id(100), point: id(101)) }
    let three = store.state.curves
    await store.send(.deleteSelectedPoint) {
      $0.history.record(three)
      $0.curves[id: id(100)]?.points.remove(id: id(101))
      $0.selection = nil
      $0.markCurvesEdited()
    }
    await store.send(.selectNextPoint) { $0.selection = PointReference(curve: id(100), point: id(103)) }
    await store.send(.deleteSelectedPoint)
  }

  @Test func addCurveAddsFourPointsAndSelectsTheFirst() async {
    let store = makeStore { Editing() }
    await store.send(.addCurve) {
      $0.history.record(oneCurve())
      $0.curves.append(CurveReducer.State(id: id(0), points: [
        // Shifted 24 down for the one curve already there, so new curves do not stack.
        .init(id: id(1), position: Point(x: 120, y: 324)),
        .init(id: id(2), position: Point(x: 304, y: 144)),
        .init(id: id(3), position: Point(x: 496, y: 144)),
        .init(id: id(4), position: Point(x: 680, y: 324)),
      ]))
      $0.selection = PointReference(curve: id(0), point: id(1))
      $0.markCurvesEdited()
    }
  }

  @Test func theXSliderMovesTheSelectedPointAsOneUndoStep() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Editing() }
    await store.send(.moveSelectedPoint(to: Point(x: 640, y: 100))) {
      $0.history.record(oneCurve())
      $0.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 640, y: 100)
      $0.markCurvesEdited()
    }
    await store.send(.moveSelectedPoint(to: Point(x: 9_000, y: .nan))) {
      $0.history.record($0.curves)
      $0.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 800, y: 0)
      $0.markCurvesEdited()
    }
  }

  @Test func aSliderDragOfThePointRecordsNoStepUntilItEnds() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Editing() }
    await store.send(.grabSelectedPoint) {
      $0.drag = .init(point: point2, grabOffset: .zero, start: Point(x: 200, y: 100))
      $0.history.begin(oneCurve())
    }
    for x in [250.0, 300] {
      await store.send(.moveSelectedPoint(to: Point(x: x, y: 100))) {
        $0.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: x, y: 100)
        $0.markCurvesEdited()
      }
    }
    #expect(!store.state.history.canUndo)
  }

  @Test func withNothingSelectedTheSlidersAndDeleteDoNothing() async {
    let store = makeStore { Editing() }
    await store.send(.moveSelectedPoint(to: Point(x: 5, y: 5)))
    await store.send(.grabSelectedPoint)
    await store.send(.deleteSelectedPoint)
  }
}
