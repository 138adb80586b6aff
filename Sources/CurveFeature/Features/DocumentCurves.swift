import Composable
import CurveGeometry

/// The document's curves, each a `CurveReducer` over its points' `PointFeature`s: the path
/// every `movePoint` sent to the editor takes. A move is an edit of the curves, so it
/// restarts the construction from t = 0.
///
/// ```swift
/// store.send(.curves(.element(id: curve, action: .points(.element(id: point, action: .movePoint(p))))))
/// ```
public struct DocumentCurves: Reducer {
  public typealias State = Editor.State
  public typealias Action = Editor.Action

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .curves(.element(_, .points(.element(_, .movePoint)))) = action { Self.pointMoved(&state) }
      return .none
    }
    .forEach(\.curves, action: \.curves) { CurveReducer() }
  }

  /// What moving a point means beyond its position, wherever the move came from.
  static func pointMoved(_ state: inout Editor.State) {
    state.markCurvesEdited()
  }
}

/// Moves points for the features that move them (a drag step, a nudge, the x/y sliders): runs
/// the point's curve's `CurveReducer` directly, so the `movePoint` reaches the point's
/// `PointFeature` in the same pass as the action that caused it, with no trip back through
/// the store and one O(1) lookup of the curve.
struct PointMover {
  private let curve = CurveReducer()._resolvedReduce

  /// Moves the point to `position` clamped to the canvas.
  func move(_ reference: PointReference, to position: Point, in state: inout Editor.State) {
    guard let index = state.curves.index(id: reference.curve) else { return }
    let action = CurveReducer.Action.points(.element(id: reference.point, action: .movePoint(state.canvas.clamp(position))))
    // A point starts no effects: `PointFeature` only sets its position.
    _ = curve(&state.curves[index], action)
    DocumentCurves.pointMoved(&state)
  }
}
