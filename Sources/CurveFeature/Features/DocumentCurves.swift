import Composable
import CurveGeometry

/// The document's curves, each a `Curve` over its points' `ControlPoint`s: the path
/// every point action sent to the editor takes. Every one is an edit; a move also restarts
/// the construction from t = 0.
///
/// ```swift
/// store.send(.curves(.element(id: curve, action: .point(point, in: subpath, .movePoint(p)))))
/// ```
public struct DocumentCurves: Reducer {
  public typealias State = Editor.State
  public typealias Action = Editor.Action

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .curves(.element(_, .subpaths(.element(_, .points(.element(_, .movePoint)))))): Self.pointMoved(&state)
      case .curves: state.drawing.markEdited()
      default: break
      }
      return .none
    }
    .forEach(\.drawing.curves, action: \.curves) { Curve() }
  }

  /// What moving a point means beyond its position, wherever the move came from.
  static func pointMoved(_ state: inout Editor.State) {
    state.drawing.markCurvesEdited()
  }
}

/// Moves points for the features that move them (a drag step, a nudge, the x/y sliders): runs
/// the point's curve's `Curve` directly, so the `movePoint` reaches the point's
/// `ControlPoint` in the same pass as the action that caused it, with no trip back through
/// the store and one O(1) lookup of the curve.
struct PointMover {
  private let curve = Curve()._resolvedReduce

  /// Moves the point to `position` clamped to the canvas.
  func move(_ reference: PointReference, to position: Point, in state: inout Editor.State) {
    guard let index = state.drawing.curves.index(id: reference.curve),
      let subpath = state.drawing.curves[index].subpathID(holding: reference.point)
    else { return }
    let action = Curve.Action.point(reference.point, in: subpath, .movePoint(state.canvas.clamp(position)))
    // A point starts no effects: `ControlPoint` only sets its position.
    _ = curve(&state.drawing.curves[index], action)
    DocumentCurves.pointMoved(&state)
  }

  /// Moves every selected point by `offset` from where it is in `origin` (the curves when the
  /// edit began), as a group: the offset is first cut so that `bounds` (the selection's box in
  /// `origin`) stays on the canvas, so the selection keeps its shape at the edges. Returns the
  /// offset applied.
  @discardableResult
  func moveSelection(
    by offset: Point, from origin: IdentifiedArrayOf<Curve.State>, bounds: Rect, in state: inout Editor.State
  ) -> Point {
    let applied = Self.clamp(offset, keeping: bounds, on: state.canvas)
    for reference in state.interaction.selection {
      guard let start = origin[reference]?.position else { continue }
      move(reference, to: start + applied, in: &state)
    }
    return applied
  }

  /// `offset` cut so that `bounds` moved by it stays inside `canvas`; a non-finite part is 0.
  static func clamp(_ offset: Point, keeping bounds: Rect, on canvas: Canvas) -> Point {
    func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
      value.isFinite ? min(max(value, low), max(high, low)) : (value.isNaN ? 0 : (value > 0 ? max(high, low) : low))
    }
    return Point(
      x: clamp(offset.x, -bounds.minX, canvas.width - bounds.maxX),
      y: clamp(offset.y, -bounds.minY, canvas.height - bounds.maxY)
    )
  }
}
