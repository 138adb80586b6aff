import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

@MainActor
struct PointerTests {
  @Test func aDragMovesThePointUnderThePointerInOnePassAndIsOneUndoStep() async {
    let store = makeStore { Pointer() }
    await store.send(.press(Point(x: 203, y: 98))) {
      $0.interaction.selection = [point2]
      $0.interaction.gesture = .drag(Drag(point: point2, grabOffset: Point(x: 3, y: -2), start: Point(x: 200, y: 100), startRevision: 0))
      $0.history = undoHistory(pending: oneCurve())
    }
    // Each step moves the point in the same pass: nothing comes back through the store.
    await store.send(.moved(Point(x: 253, y: 148))) {
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 250, y: 150)
      $0.drawing.revision = 1
    }
    await store.send(.moved(Point(x: 263, y: 158))) {
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 260, y: 160)
      $0.drawing.revision = 2
    }
    await store.send(.release(Point(x: 263, y: 158))) {
      $0.interaction.gesture = nil
      $0.history = undoHistory(undo: [oneCurve()])
    }
  }

  @Test func aDragOutsideTheWindowIsClampedToTheCanvas() async {
    let store = makeStore { Pointer() }
    let first = PointReference(curve: id(100), point: id(101))
    await store.send(.press(Point(x: 100, y: 100))) {
      $0.interaction.selection = [first]
      $0.interaction.gesture = .drag(Drag(point: first, grabOffset: .zero, start: Point(x: 100, y: 100), startRevision: 0))
      $0.history = undoHistory(pending: oneCurve())
    }
    await store.send(.moved(Point(x: -500, y: 9_000))) {
      $0.drawing.curves[id: id(100)]?.points[id: id(101)]?.position = Point(x: 0, y: 600)
      // An end node brings its handle, by as much (clamped on its own).
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 100, y: 600)
      $0.drawing.revision = 1
    }
    await store.send(.moved(Point(x: .nan, y: 1e300)))
    await store.send(.release(Point(x: 0, y: 0))) {
      $0.interaction.gesture = nil
      $0.history = undoHistory(undo: [oneCurve()])
    }
  }

  @Test func aClickThatMovesNothingLeavesUndoAndRedoAlone() async {
    // Undone: the edit is redoable.
    var state = Editor.State(curves: oneCurve())
    state.history = undoHistory(redo: [oneCurve()])
    let store = makeStore(state) { Pointer() }
    await store.send(.press(Point(x: 200, y: 100))) {
      $0.interaction.selection = [point2]
      $0.interaction.gesture = .drag(Drag(point: point2, grabOffset: .zero, start: Point(x: 200, y: 100), startRevision: 0))
      $0.history = undoHistory(redo: [oneCurve()], pending: oneCurve())
    }
    await store.send(.release(Point(x: 200, y: 100))) {
      $0.interaction.gesture = nil
      $0.history = undoHistory(redo: [oneCurve()])
    }
  }

  @Test func theTopmostPointWins() async {
    var curves = oneCurve()
    curves.append(Curve.State(id: id(200), points: [
      ControlPoint.State(id: id(201), position: Point(x: 102, y: 100)),
      ControlPoint.State(id: id(202), position: Point(x: 500, y: 500)),
    ]))
    let store = makeStore(Editor.State(curves: curves)) { Pointer() }
    let top = PointReference(curve: id(200), point: id(201))
    await store.send(.moved(Point(x: 101, y: 100))) { $0.interaction.hover = top }
    await store.send(.press(Point(x: 101, y: 100))) {
      $0.interaction.selection = [top]
      $0.interaction.gesture = .drag(Drag(point: top, grabOffset: Point(x: -1, y: 0), start: Point(x: 102, y: 100), startRevision: 0))
      $0.history = undoHistory(pending: curves)
    }
    await store.send(.release(Point(x: 101, y: 100))) {
      $0.interaction.gesture = nil
      $0.history = undoHistory()
    }
  }


  @Test func aLargePointIsHitAnywhereOnItsHandle() async {
    var curves = oneCurve()
    curves[0].points[1].size = 30  // a 15-unit radius at 100%, beyond the 8-unit hit radius
    let store = makeStore(Editor.State(curves: curves)) { Pointer() }
    await store.send(.moved(Point(x: 213, y: 100))) { $0.interaction.hover = point2 }
    // Past the handle, still on the curve's stroke: its segment is hovered.
    await store.send(.moved(Point(x: 316, y: 100))) {
      $0.interaction.hover = nil
      $0.interaction.hoveredSegment = oneCurveSegment
    }
  }
  @Test func hoverFollowsThePointerAndLeavesWithIt() async {
    let store = makeStore { Pointer() }
    await store.send(.moved(Point(x: 305, y: 104))) { $0.interaction.hover = PointReference(curve: id(100), point: id(103)) }
    // Between points, on the curve's stroke: the segment is hovered; a point wins over it.
    await store.send(.moved(Point(x: 320, y: 100))) {
      $0.interaction.hover = nil
      $0.interaction.hoveredSegment = oneCurveSegment
    }
    await store.send(.moved(Point(x: 400, y: 100))) {
      $0.interaction.hover = PointReference(curve: id(100), point: id(104))
      $0.interaction.hoveredSegment = nil
    }
    await store.send(.moved(Point(x: 330, y: 100))) {
      $0.interaction.hover = nil
      $0.interaction.hoveredSegment = oneCurveSegment
    }
    await store.send(.exited) { $0.interaction.hoveredSegment = nil }
  }

  @Test func theHitRadiusIsInScreenUnitsAtEveryZoom() async {
    var state = Editor.State(curves: oneCurve())
    state.viewport = Viewport.State(canvas: state.canvas, area: Size(width: 800, height: 600))
    _ = Viewport().reduce(into: &state.viewport, action: .zoom(notches: 2, around: .zero))
    #expect(state.viewport.zoom == 2)
    let store = makeStore(state) { Pointer() }
    // (200, 100) in the document is (400, 200) on screen; 6 screen units is 3 document units.
    await store.send(.moved(Point(x: 406, y: 200))) { $0.interaction.hover = point2 }
    await store.send(.moved(Point(x: 414, y: 200))) {
      $0.interaction.hover = nil
      $0.interaction.hoveredSegment = oneCurveSegment  // the stroke runs on through (207, 100)
    }
    // 6 screen units off the stroke is within reach; 10 is not.
    await store.send(.moved(Point(x: 500, y: 206)))
    await store.send(.moved(Point(x: 500, y: 210))) { $0.interaction.hoveredSegment = nil }
  }

  @Test func aSingleClickOnEmptyCanvasClearsTheSelection() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Pointer() }
    await store.send(.press(Point(x: 700, y: 500))) {
      $0.interaction.selection = []
      $0.interaction.clearedSelection = [point2]
      $0.interaction.gesture = .rubberBand(RubberBand(anchor: Point(x: 700, y: 500), corner: Point(x: 700, y: 500), base: []))
    }
  }

  @Test func aDoubleClickInsertsIntoTheSelectedCurveThoughItsFirstClickDeselected() async {
    var state = Editor.State(curves: twoCurves())
    state.interaction.selection = [point2]
    let store = makeStore(state) { Pointer() }
    await store.send(.press(Point(x: 250, y: 130))) {
      $0.interaction.selection = []
      $0.interaction.clearedSelection = [point2]
      $0.interaction.gesture = .rubberBand(RubberBand(anchor: Point(x: 250, y: 130), corner: Point(x: 250, y: 130), base: []))
    }
    await store.send(.release(Point(x: 250, y: 130))) { $0.interaction.gesture = nil }
    await store.send(.press(Point(x: 250, y: 130), clicks: 2)) {
      $0.interaction.clearedSelection = []
      $0.history = undoHistory(undo: [twoCurves()])
      $0.drawing.curves[id: id(100)]?.points.insert(ControlPoint.State(id: id(0), position: Point(x: 250, y: 130)), at: 2)
      $0.interaction.selection = [PointReference(curve: id(100), point: id(0))]
      $0.drawing.revision = 1
    }
  }

  @Test func withNothingSelectedADoubleClickInsertsIntoTheLastCurve() async {
    let store = makeStore(Editor.State(curves: twoCurves())) { Pointer() }
    await store.send(.press(Point(x: 300, y: 330), clicks: 2)) {
      $0.history = undoHistory(undo: [twoCurves()])
      $0.drawing.curves[id: id(200)]?.points.insert(ControlPoint.State(id: id(0), position: Point(x: 300, y: 330)), at: 1)
      $0.interaction.selection = [PointReference(curve: id(200), point: id(0))]
      $0.drawing.revision = 1
    }
  }

  @Test func aCurveNeverGrowsPastSixteenPoints() async {
    let full = Curve.State(id: id(100), points: IdentifiedArray(uniqueElements: (1...16).map {
      ControlPoint.State(id: id(100 + $0), position: Point(x: Double($0) * 40, y: 100))
    }))
    let store = makeStore(Editor.State(curves: [full])) { Pointer() }
    await store.send(.press(Point(x: 300, y: 400), clicks: 2))
  }

  @Test func aMiddleButtonDragPansTheViewAndNotTheDocument() async {
    var state = Editor.State(curves: oneCurve())
    state.viewport = Viewport.State(canvas: state.canvas, area: Size(width: 800, height: 726))
    let store = makeStore(state) { Pointer() }
    let down = Point(x: 200, y: 100)  // on a point: a middle drag still pans
    await store.send(.down(down, button: .middle, clickCount: 1, modifiers: [])) { $0.interaction.gesture = .pan(anchor: down) }
    await store.send(.moved(Point(x: 230, y: 140))) {
      $0.viewport = Viewport.State(canvas: $0.canvas, area: Size(width: 800, height: 726), zoom: 1, origin: Point(x: 30, y: 40))
      $0.interaction.gesture = .pan(anchor: Point(x: 230, y: 140))
    }
    #expect(store.state.viewport.origin == Point(x: 30, y: 40))
    await store.send(.up(Point(x: 230, y: 140), button: .middle)) { $0.interaction.gesture = nil }
    #expect(store.state.drawing.curves == oneCurve())
  }

  @Test func theRightButtonDoesNothing() async {
    let store = makeStore { Pointer() }
    await store.send(.down(Point(x: 200, y: 100), button: .right, clickCount: 1, modifiers: []))
    await store.send(.up(Point(x: 200, y: 100), button: .right))
  }

  /// A weighted quadratic, an exact quarter circle about (200, 200), curve 100 of points 101...103.
  static func weightedQuarter() -> IdentifiedArrayOf<Curve.State> {
    let points = [(300.0, 200.0, 1.0), (300, 300, 0.5.squareRoot()), (200, 300, 1)].enumerated().map { index, value in
      ControlPoint.State(id: id(101 + index), position: Point(x: value.0, y: value.1), weight: value.2 == 1 ? nil : value.2)
    }
    return [Curve.State(id: id(100), points: IdentifiedArray(uniqueElements: points))]
  }

  @Test func aWeightedSegmentIsPressedWhereItIsDrawnAndNotMoulded() async {
    let store = makeStore(Editor.State(curves: Self.weightedQuarter())) { Pointer() }
    let onCircle = Point(x: 200 + 100 * 0.5.squareRoot(), y: 200 + 100 * 0.5.squareRoot())
    await store.send(.press(onCircle)) {
      $0.interaction.selection = [PointReference(curve: id(100), point: id(101)), PointReference(curve: id(100), point: id(103))]
      $0.interaction.hoveredSegment = SegmentReference(curve: id(100), subpath: id(100), segment: 0)
    }
    // No reshaping: the drag moves nothing (its points do, `moulded` is a plain curve's).
    await store.send(.moved(onCircle + Point(x: 20, y: 20))) {
      $0.interaction.hoveredSegment = nil
    }
    await store.send(.release(onCircle + Point(x: 20, y: 20)))
  }
}
