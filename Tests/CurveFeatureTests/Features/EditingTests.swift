import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

@MainActor
struct EditingTests {
  @Test func anArrowNudgesTheSelectedPointInOnePassAsOneUndoStep() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Editor() }
    await store.send(.moving(.arrow(dx: 10, dy: -1))) {
      $0.history.record(oneCurve())
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 210, y: 99)
      $0.drawing.markCurvesEdited()
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

  @Test func tabCyclesAndEscapeClears() async {
    let store = makeStore { Editor() }
    for n in [101, 102, 103, 104, 101] {
      await store.send(.selection(.selectNextPoint)) { $0.interaction.selection = [PointReference(curve: id(100), point: id(n))] }
    }
    await store.send(.selection(.clearSelection)) { $0.interaction.selection = [] }
  }

  @Test func deleteRemovesTheSelectedPointButNeverBelowTwo() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Editor() }
    await store.send(.curveCommands(.deleteSelectedPoints)) {
      $0.history.record(oneCurve())
      $0.drawing.curves[id: id(100)]?.points.remove(id: id(102))
      $0.interaction.selection = []
      $0.drawing.markCurvesEdited()
    }
    await store.send(.selection(.selectNextPoint)) { $0.interaction.selection = [PointReference(curve: id(100), point: id(101))] }
    let three = store.state.drawing.curves
    await store.send(.curveCommands(.deleteSelectedPoints)) {
      $0.history.record(three)
      $0.drawing.curves[id: id(100)]?.points.remove(id: id(101))
      $0.interaction.selection = []
      $0.drawing.markCurvesEdited()
    }
    await store.send(.selection(.selectNextPoint)) { $0.interaction.selection = [PointReference(curve: id(100), point: id(103))] }
    await store.send(.curveCommands(.deleteSelectedPoints)) { $0.interaction.notice = "A curve keeps at least 2 points." }
  }

  @Test func addCurvePlacesFourPointsAtTheCentreOfTheViewNeverExactlyOverAnother() async {
    var state = Editor.State(curves: oneCurve())
    state.viewport = Viewport.State(canvas: state.canvas, area: Size(width: 800, height: 726))
    let store = makeStore(state) { Editor() }
    // An arch 448 wide and 144 high around the view's centre, (400, 363).
    func arch(_ centre: Point, first: Int) -> Curve.State {
      let shape = [(-1.0, 0.5), (-0.4, -0.5), (0.4, -0.5), (1.0, 0.5)].map { Point(x: $0.0 * 224, y: $0.1 * 144) }
      return Curve.State(id: id(first), points: IdentifiedArray(uniqueElements: shape.enumerated().map {
        ControlPoint.State(id: id(first + 1 + $0.offset), position: centre + $0.element)
      }))
    }
    await store.send(.curveCommands(.addCurve)) {
      $0.history.record(oneCurve())
      $0.drawing.curves.append(arch(Point(x: 400, y: 363), first: 0))
      $0.interaction.selection = [PointReference(curve: id(0), point: id(1))]
      $0.drawing.markCurvesEdited()
    }
    let one = store.state.drawing.curves
    await store.send(.curveCommands(.addCurve)) {
      $0.history.record(one)
      $0.drawing.curves.append(arch(Point(x: 424, y: 387), first: 5))
      $0.interaction.selection = [PointReference(curve: id(5), point: id(6))]
      $0.drawing.markCurvesEdited()
    }
  }

  @Test func theXSliderMovesTheSelectedPointAsOneUndoStep() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Editor() }
    await store.send(.moving(.moveSelection(toTopLeft: Point(x: 640, y: 100)))) {
      $0.history.record(oneCurve())
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 640, y: 100)
      $0.drawing.markCurvesEdited()
    }
    await store.send(.moving(.moveSelection(toTopLeft: Point(x: 9_000, y: .nan)))) {
      $0.history.record($0.drawing.curves)
      // Kept on the canvas; the y that is not a number leaves y alone.
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 800, y: 100)
      $0.drawing.markCurvesEdited()
    }
  }

  @Test func aSliderDragOfThePointRecordsNoStepUntilItEnds() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Editor() }
    await store.send(.moving(.grabSelection)) {
      $0.interaction.gesture = .drag(Drag(point: point2, grabOffset: .zero, start: Point(x: 200, y: 100), startRevision: 0))
      $0.history.begin(oneCurve())
    }
    for x in [250.0, 300] {
      await store.send(.moving(.moveSelection(toTopLeft: Point(x: x, y: 100)))) {
        $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: x, y: 100)
        $0.drawing.markCurvesEdited()
      }
    }
    #expect(!store.state.history.canUndo)
  }

  @Test func withNothingSelectedTheSlidersAndDeleteDoNothing() async {
    let store = makeStore { Editor() }
    await store.send(.moving(.moveSelection(toTopLeft: Point(x: 5, y: 5))))
    await store.send(.moving(.grabSelection))
    await store.send(.curveCommands(.deleteSelectedPoints))
  }
}
