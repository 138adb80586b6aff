import Composable
import CurveGeometry
import Foundation
import OrderedCollections

/// The primer's B-splines as curves of their own (`Spline`): a path made a B-spline of its
/// points, a B-spline written back as its exact Bézier segments, its knot vector and its
/// degree changed. Each works on the selected curves and is one undo step; a command that
/// does not apply says why in the notice.
///
/// ```swift
/// Scope(state: \.self, action: \.splines) { SplineCommands() }
/// store.send(.splines(.makeSplines))       // Alt+B
/// store.send(.splines(.changeDegree(by: 1)))  // Alt+=
/// store.send(.splines(.convertToBezier))   // Alt+Shift+B
/// ```
///
/// A B-spline curve's Bézier points are its spline's: the window shows and drags the
/// spline's control points and knots instead (`Pointer`), and its selection stays on the
/// curve as each edit makes those points anew.
public struct SplineCommands: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// Alt+B: each selected path of one subpath becomes the B-spline of its points (their
    /// weights kept): cubic (lower for fewer than four points), open uniform, periodic when
    /// the subpath is closed.
    case makeSplines
    /// Alt+Shift+B: each selected B-spline becomes the Bézier segments it is drawn as (knot
    /// insertion, exact): from then on its nodes and handles are edited.
    case convertToBezier
    /// U: each selected B-spline's knots become uniform, or open uniform when they were
    /// uniform (a closed spline's stay uniform).
    case toggleKnots
    /// Alt+= and Alt+-: each selected B-spline's degree one higher or lower, over the same
    /// control points, its knots of the same kind.
    case changeDegree(by: Int)
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.interaction.notice = nil
    state.endGesture()
    let before = state.drawing.curves
    let ids = state.selectedCurveIDs
    guard !ids.isEmpty else {
      state.interaction.notice = "Select a curve first."
      return .none
    }
    var changed: [Curve.State.ID] = []
    switch action {
    case .makeSplines:
      for id in ids where makeSpline(of: id, &state) { changed.append(id) }
      if changed.isEmpty, state.interaction.notice == nil { state.interaction.notice = "Alt+B: the selected curves are B-splines already." }
      if !changed.isEmpty {
        state.interaction.notice = "B-spline\(changed.count == 1 ? "" : "s") now: drag the control points, and the knots on the strip below."
      }
    case .convertToBezier:
      for id in ids where state.drawing.curves[id: id]?.liveSpline != nil {
        state.drawing.curves[id: id]?.spline = nil
        changed.append(id)
      }
      if changed.isEmpty {
        state.interaction.notice = "Alt+Shift+B: no selected curve is a B-spline."
      } else {
        let segments = changed.reduce(0) { $0 + (state.drawing.curves[id: $1]?.segments.count ?? 0) }
        state.interaction.notice = "Now \(segments) Bézier segment\(segments == 1 ? "" : "s"), exactly the curve\(changed.count == 1 ? "" : "s") it was."
      }
      // Its Bézier points are the selection now (the spline's point is gone).
      state.interaction.splinePoint = nil
    case .toggleKnots:
      for id in ids where state.editSpline(of: id, { $0.withKnots($0.knotKind == .uniform ? .openUniform : .uniform) }) { changed.append(id) }
      if changed.isEmpty { state.interaction.notice = "U: no selected curve is an open B-spline (a closed one's knots are uniform)." }
    case let .changeDegree(step):
      var refused = false
      for id in ids where state.drawing.curves[id: id]?.liveSpline != nil {
        if state.editSpline(of: id, { $0.withDegree($0.degree + step) }) { changed.append(id) } else { refused = true }
      }
      if changed.isEmpty {
        state.interaction.notice = refused
          ? "A B-spline's degree is 1 to \(Spline.degrees.upperBound), and below its number of control points\(step > 0 ? ": add points first" : "")."
          : "No selected curve is a B-spline (Alt+B makes one)."
      }
    }
    guard !changed.isEmpty else { return .none }
    state.history.record(state.undoSnapshot(of: before))
    // The edited curves' points were made anew: the selection follows them.
    let selectedCurves = Set(state.interaction.selection.map(\.curve))
    let reselected = state.drawing.curves.filter { changed.contains($0.id) && selectedCurves.contains($0.id) }
    state.interaction.selection = OrderedSet(state.interaction.selection.filter { !changed.contains($0.curve) } + reselected.allPointReferences)
    state.forgetMissingSelection()
    state.drawing.markCurvesEdited()
    return .none
  }

  /// Makes curve `id` the B-spline of its one subpath's points; false (with a notice) when it
  /// cannot be one.
  private func makeSpline(of id: Curve.State.ID, _ state: inout State) -> Bool {
    guard let curve = state.drawing.curves[id: id], curve.liveSpline == nil else { return false }
    guard curve.subpaths.count == 1 else {
      state.interaction.notice = "Alt+B: a curve of several subpaths cannot be one B-spline; break it apart first."
      return false
    }
    let subpath = curve.subpaths[0]
    let points = subpath.points.map(\.position), closed = subpath.isClosed && points.count >= 3
    guard points.count <= Spline.maximumPoints else {
      state.interaction.notice = "Alt+B: a B-spline has at most \(Spline.maximumPoints) control points; simplify the curve first (Ctrl+L)."
      return false
    }
    let spline = Spline(degree: min(3, points.count - 1), points: points, weights: subpath.points.map { $0.weight ?? 1 }, isClosed: closed)
    guard spline.problem == nil else { return false }
    state.drawing.curves[id: id]?.setSpline(spline, makeID: { uuid() })
    return true
  }
}
