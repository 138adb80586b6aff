import Composable
import CurveFeature
import CurveGeometry
import Foundation
import OrderedCollections
import Testing

/// The pointer on a B-spline curve: its control points dragged (the curve made anew from the
/// spline at each step, one undo step), its knots dragged on the knot strip, and the weight
/// slider on its selected control point.
@MainActor
struct PointerSplineTests {
  /// Six control points of a cubic, open uniform: knots 0 0 0 0 ⅓ ⅔ 1 1 1 1, three spans.
  static let six = Spline(degree: 3, points: [100, 200, 300, 400, 500, 600].enumerated().map { Point(x: Double($0.element), y: $0.offset.isMultiple(of: 2) ? 100 : 300) })

  static func oneSplineCurve(_ spline: Spline) -> IdentifiedArrayOf<Curve.State> { state(spline).drawing.curves }

  static func state(_ spline: Spline = six) -> Editor.State {
    var curves = oneCurve()
    curves[0].setSpline(spline, makeID: ids(from: 500))
    var state = Editor.State(curves: curves)
    state.viewport = Viewport.State(canvas: state.canvas, area: Size(width: 800, height: 600), zoom: 1, origin: .zero)
    return state
  }

  @Test func aControlPointIsDraggedAndTheCurveFollowsAsOneUndoStep() async {
    let store = makeStore(Self.state()) { Editor() }
    let grabbed = SplinePointReference(curve: id(100), index: 1)
    await store.send(.pointer(.press(Point(x: 203, y: 298)))) {
      $0.interaction.splinePoint = grabbed
      $0.interaction.gesture = .splinePoint(SplinePointDrag(point: grabbed, grabOffset: Point(x: 3, y: -2), startRevision: 0))
      $0.history = undoHistory(undo: [], pending: Self.state().drawing.curves)
    }
    var moved = Self.six
    moved.points[1] = Point(x: 250, y: 400)
    await store.send(.pointer(.moved(Point(x: 253, y: 398)))) {
      // Still three spans: the Bézier points keep their ids.
      $0.drawing.curves[0].setSpline(moved, makeID: { fatalError("as many points as before") })
      $0.drawing.revision = 1
    }
    await store.send(.pointer(.release(Point(x: 253, y: 398)))) {
      $0.interaction.gesture = nil
      $0.history = undoHistory(undo: [Self.state().drawing.curves])
    }
    #expect(store.state.selectedCurveIDs == [id(100)], "the spline's point keeps its curve selected")
    #expect(store.state.drawing.curves[0].liveSpline == moved)
    // Its Bézier points are not grabbed: at the curve's first node is the spline's first point.
    var index = PointIndex()
    index.refresh(store.state.drawing.curves, revision: 0)
    #expect(index.point(at: Point(x: 100, y: 100), radius: 8, unitsPerScreenUnit: 1) == nil)
  }

  @Test func aKnotIsDraggedOnTheStripBetweenItsNeighbours() async throws {
    var state = Self.state()
    state.interaction.splinePoint = SplinePointReference(curve: id(100), index: 0)
    let store = makeStore(state) { Editor() }
    let strip = try #require(store.state.knotStrip)
    // The strip spans the area less 48 units a side, 84 above its foot (over the tool bar).
    #expect(strip == KnotStrip(knots: Self.six.knots, area: Size(width: 800, height: 600)))
    #expect(strip.left == 48 && strip.right == 752 && strip.y == 516)
    #expect(KnotStrip(knots: Self.six.knots, area: Size(width: 800, height: 600), hasTimeline: true)?.y == 460)
    let knot4 = strip.positions(of: Self.six.knots)[4]
    #expect(abs(knot4.x - (48 + 704.0 / 3)) < 1e-9 && knot4.y == 516)
    await store.send(.pointer(.press(knot4))) {
      $0.interaction.gesture = .knot(KnotDrag(curve: id(100), index: 4, start: Self.six.knots, startRevision: 0))
      $0.history = undoHistory(undo: [], pending: Self.state().drawing.curves)
    }
    var moved = Self.six
    moved.knots[4] = 0.5
    await store.send(.pointer(.moved(Point(x: 400, y: 510)))) {
      $0.drawing.curves[0].setSpline(moved, makeID: { fatalError("as many points as before") })
      $0.drawing.revision = 1
    }
    // Past its neighbour (⅔), it stops there.
    moved.knots[4] = 2.0 / 3
    await store.send(.pointer(.moved(Point(x: 700, y: 510)))) {
      $0.drawing.curves[0].setSpline(moved, makeID: ids(from: 0))
      $0.drawing.revision = 2
    }
    #expect(store.state.drawing.curves[0].segments.count == 2, "two knots at ⅔: one span less")
    await store.send(.pointer(.release(Point(x: 700, y: 510)))) {
      $0.interaction.gesture = nil
      $0.history = undoHistory(undo: [Self.state().drawing.curves])
    }
  }

  @Test func theWeightSliderWeighsTheSelectedControlPoint() async {
    var state = Self.state()
    state.interaction.splinePoint = SplinePointReference(curve: id(100), index: 2)
    let store = makeStore(state) { Editor() }
    #expect(store.state.selectedWeight == 1)
    var weighted = Self.six
    weighted.weights[2] = 3
    await store.send(.styling(.setWeight(3))) {
      $0.drawing.curves[0].setSpline(weighted, makeID: { fatalError("as many points as before") })
      $0.history = undoHistory(undo: [Self.state().drawing.curves])
      $0.drawing.revision = 1
    }
    #expect(store.state.selectedWeight == 3)
    // A NURBS curve: its spans are rational, drawn through the weighted point's pull.
    #expect(store.state.drawing.curves[0].subpaths[0].hasWeights)
  }

  @Test func deleteAndTheArrowsActOnThePressedControlPoint() async {
    var state = Self.state()
    state.interaction.splinePoint = SplinePointReference(curve: id(100), index: 2)
    let store = makeStore(state) { Editor() }
    var nudged = Self.six
    nudged.points[2] = Point(x: 301, y: 100)
    await store.send(.moving(.arrow(dx: 1, dy: 0))) {
      $0.drawing.curves[0].setSpline(nudged, makeID: { fatalError("as many points as before") })
      $0.history = undoHistory(undo: [Self.state().drawing.curves])
      $0.drawing.revision = 1
    }
    // Five control points, still cubic and open uniform: two spans, seven Bézier points.
    let fewer = Spline(degree: 3, points: [0, 1, 3, 4, 5].map { nudged.points[$0] })
    await store.send(.curveCommands(.deleteSelectedPoints)) {
      $0.drawing.curves[0].setSpline(fewer, makeID: ids(from: 0))
      $0.interaction.splinePoint = nil
      $0.history = undoHistory(undo: [Self.state().drawing.curves, Self.oneSplineCurve(nudged)])
      $0.drawing.revision = 2
    }
  }

  @Test func aDoubleClickOnTheCurveInsertsAKnotThereKeepingItsShape() async throws {
    let store = makeStore(Self.state()) { Editor() }
    // The middle span's middle: u = ½.
    let middle = Self.six.bSpline!.eval(0.5)
    store.exhaustivity = .off
    await store.send(.pointer(.press(middle)))
    await store.send(.pointer(.release(middle)))
    await store.send(.pointer(.press(middle, clicks: 2)))
    await store.send(.pointer(.release(middle)))
    let spline = try #require(store.state.drawing.curves[0].liveSpline)
    #expect(spline.points.count == 7 && spline.knots.contains { abs($0 - 0.5) < 1e-6 })
    #expect(store.state.interaction.splinePoint == SplinePointReference(curve: id(100), index: 3))
    for step in 0...20 {
      #expect(spline.bSpline!.eval(Double(step) / 20).distance(to: Self.six.bSpline!.eval(Double(step) / 20)) < 1e-6)
    }
    #expect(store.state.history.undoCount == 1)
  }
}
