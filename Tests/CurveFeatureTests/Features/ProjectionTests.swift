import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

/// The primer's projection: with it shown, moving the pointer finds the curves' nearest point.
@MainActor
struct ProjectionTests {
  /// `oneCurve()` (a straight cubic along y = 100 from x = 100 to 400, evenly spaced) and
  /// `twoCurves()`'s line from (150, 300) to (450, 300), with projection shown.
  static func shown() -> Editor.State {
    var state = Editor.State(curves: twoCurves())
    state.drawing.display.showsProjection = true
    return state
  }

  @Test func movingThePointerFindsTheNearestPointOfTheCurves() async throws {
    let store = makeStore(Self.shown()) { Pointer() }
    let cubic = try #require(oneCurve()[0].bezier)
    // 60 below the cubic at x = 250, 140 above the line: the cubic is nearer, at t = 1/2.
    let near = cubic.nearest(to: Point(x: 250, y: 160))
    #expect(abs(near.t - 0.5) < 1e-9 && abs(near.distance - 60) < 1e-9)
    await store.send(.moved(Point(x: 250, y: 160))) {
      $0.interaction.projection = Projection(pointer: Point(x: 250, y: 160), point: near.point, distance: near.distance, curve: id(100), t: near.t)
    }
    // Nearer the line now: its point straight above the pointer.
    let line = try #require(Bezier([Point(x: 150, y: 300), Point(x: 450, y: 300)])).nearest(to: Point(x: 300, y: 260))
    await store.send(.moved(Point(x: 300, y: 260))) {
      $0.interaction.projection = Projection(pointer: Point(x: 300, y: 260), point: line.point, distance: line.distance, curve: id(200), t: line.t)
    }
    #expect(abs(line.distance - 40) < 1e-9)
    await store.send(.exited) { $0.interaction.projection = nil }
  }

  @Test func withCurvesSelectedOnlyTheirPointsAreFound() async throws {
    var state = Self.shown()
    state.interaction.selection = [PointReference(curve: id(200), point: id(201))]
    let store = makeStore(state) { Pointer() }
    // Nearer the cubic, but only the selected line is searched.
    let line = try #require(Bezier([Point(x: 150, y: 300), Point(x: 450, y: 300)])).nearest(to: Point(x: 250, y: 160))
    await store.send(.moved(Point(x: 250, y: 160))) {
      $0.interaction.projection = Projection(pointer: Point(x: 250, y: 160), point: line.point, distance: line.distance, curve: id(200), t: line.t)
    }
  }

  @Test func withProjectionHiddenNothingIsFound() async {
    let store = makeStore(Editor.State(curves: twoCurves())) { Pointer() }
    await store.send(.moved(Point(x: 250, y: 160)))
  }
}
