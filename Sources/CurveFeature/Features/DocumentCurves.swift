import Composable
import CurveGeometry

/// The document's curves, each a `CurveReducer` over its points' `PointFeature`s: the path
/// every `movePoint` takes, sent to the editor or run directly by a drag. A move is an edit
/// of the curves, so it restarts the construction from t = 0.
///
/// ```swift
/// let curves = DocumentCurves()._resolvedReduce
/// _ = curves(&state, .curves(.element(id: curve, action: .points(.element(id: point, action: .movePoint(p))))))
/// ```
public struct DocumentCurves: Reducer {
  public typealias State = Editor.State
  public typealias Action = Editor.Action

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .curves(.element(_, .points(.element(_, .movePoint)))) = action { state.markCurvesEdited() }
      return .none
    }
    .forEach(\.curves, action: \.curves) { CurveReducer() }
  }
}

/// Moves points through `DocumentCurves` in place, for the features that move them (a drag
/// step, a nudge, the x/y sliders): the `movePoint` reaches the point's `PointFeature` in the
/// same pass as the action that caused it, with no trip back through the store.
struct PointMover {
  private let curves = DocumentCurves()._resolvedReduce

  /// Moves the point to `position` clamped to the canvas.
  func move(_ reference: PointReference, to position: Point, in state: inout Editor.State) {
    let action = Editor.Action.curves(.element(
      id: reference.curve,
      action: .points(.element(id: reference.point, action: .movePoint(state.canvas.clamp(position))))
    ))
    // A point starts no effects: `PointFeature` only sets its position.
    _ = curves(&state, action)
  }
}
