import Composable
import CurveFeature
import CurveGeometry
import Foundation
import OrderedCollections
import Testing

/// `oneCurve()` as the B-spline of its four points: cubic, open uniform, so its one span is
/// the Bézier curve of those points (the same points, ids 101...104).
func oneSplineCurve(_ spline: Spline? = nil) -> IdentifiedArrayOf<Curve.State> {
  var curves = oneCurve()
  let points = curves[0].points.map(\.position)
  curves[0].setSpline(spline ?? Spline(degree: 3, points: points), makeID: { fatalError("the four points keep their ids") })
  return curves
}

/// Ids `.incrementing` gives from `start`, one a call.
func ids(from start: Int) -> () -> UUID {
  var next = start
  return {
    defer { next += 1 }
    return id(next)
  }
}

/// Alt+B, Alt+Shift+B, U and Alt+=/Alt+-: the B-spline curve kind's commands.
@MainActor
struct SplineCommandsTests {
  static let corners = [100, 200, 300, 400].map { Point(x: Double($0), y: 100) }

  @Test func altBMakesThePathTheBSplineOfItsPointsKeepingItsShapeAndIds() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Editor() }
    await store.send(.splines(.makeSplines)) {
      // Four points and degree 3, clamped: the spline's one span is the path's cubic.
      $0.drawing.curves[0].spline = Spline(degree: 3, points: Self.corners, knots: [0, 0, 0, 0, 1, 1, 1, 1])
      $0.drawing.curves[0].points[id: id(101)]?.node = .corner
      $0.drawing.curves[0].points[id: id(104)]?.node = .corner
      $0.interaction.selection = OrderedSet((101...104).map { PointReference(curve: id(100), point: id($0)) })
      $0.interaction.notice = "B-spline now: drag the control points, and the knots on the strip below."
      $0.history = undoHistory(undo: [oneCurve()])
      $0.drawing.revision = 1
    }
    #expect(store.state.drawing.curves[0].liveSpline != nil)
    #expect(store.state.focusedSpline?.curve.id == id(100))
    await store.send(.splines(.makeSplines)) {
      $0.interaction.notice = "Alt+B: the selected curves are B-splines already."
    }
    await store.send(.splines(.convertToBezier)) {
      $0.drawing.curves[0].spline = nil
      $0.interaction.notice = "Now 1 Bézier segment, exactly the curve it was."
      $0.history = undoHistory(undo: [oneCurve(), oneSplineCurve()])
      $0.drawing.revision = 2
    }
    #expect(store.state.focusedSpline == nil)
  }

  @Test func uTogglesUniformAndOpenUniformKnots() async throws {
    var state = Editor.State(curves: oneSplineCurve())
    state.interaction.selection = [point2]
    let store = makeStore(state) { Editor() }
    let uniform = Spline(degree: 3, points: Self.corners, knots: [0, 1, 2, 3, 4, 5, 6, 7])
    await store.send(.splines(.toggleKnots)) {
      $0.drawing.curves[0].setSpline(uniform, makeID: ids(from: 0))
      // The same four ids: the selection holds the whole curve now.
      $0.interaction.selection = OrderedSet((101...104).map { PointReference(curve: id(100), point: id($0)) })
      $0.history = undoHistory(undo: [oneSplineCurve()])
      $0.drawing.revision = 1
    }
    // Uniform, the curve starts a sixth of the way along: (P0 + 4 P1 + P2) / 6.
    #expect(store.state.drawing.curves[0].points[0].position == Point(x: 200, y: 100))
    await store.send(.splines(.toggleKnots)) {
      $0.drawing.curves[0].setSpline(Spline(degree: 3, points: Self.corners), makeID: ids(from: 0))
      $0.history = undoHistory(undo: [oneSplineCurve(), oneSplineCurve(uniform)])
      $0.drawing.revision = 2
    }
  }

  @Test func theDegreeChangesWithinWhatTheControlPointsAllow() async {
    var state = Editor.State(curves: oneSplineCurve())
    state.interaction.selection = [point2]
    let store = makeStore(state) { Editor() }
    await store.send(.splines(.changeDegree(by: 1))) {
      $0.interaction.notice = "A B-spline's degree is 1 to 15, and below its number of control points: add points first."
    }
    let quadratic = Spline(degree: 2, points: Self.corners, knots: [0, 0, 0, 0.5, 1, 1, 1])
    await store.send(.splines(.changeDegree(by: -1))) {
      // Two quadratic spans: five points, all new.
      $0.drawing.curves[0].setSpline(quadratic, makeID: ids(from: 0))
      $0.interaction.notice = nil
      $0.interaction.selection = OrderedSet((0..<5).map { PointReference(curve: id(100), point: id($0)) })
      $0.history = undoHistory(undo: [oneSplineCurve()])
      $0.drawing.revision = 1
    }
    #expect(store.state.drawing.curves[0].segments.map(\.degree) == [2, 2])
  }

  @Test func withNothingSelectedNothingChanges() async {
    let store = makeStore(Editor.State(curves: oneSplineCurve())) { Editor() }
    await store.send(.splines(.toggleKnots)) {
      $0.interaction.notice = "Select a curve first."
    }
  }
}
