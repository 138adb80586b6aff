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
///
/// Nodes bring their handles: a moved node moves the control points right before and after
/// it by as much; a moved handle of a smooth or symmetric node turns the node's other handle
/// (`constrainedHandles(afterMoving:keepingLengthsOf:on:)`), unless that handle or the node
/// moves too. Every one of these reaches its point as a `movePoint`.
struct PointMover {
  private let curve = Curve()._resolvedReduce

  /// Moves the point to `position` clamped to the canvas, with what its node type brings
  /// along. During an edit begun with `history.begin` (a drag), its handles go by the node's
  /// offset from where the edit found them.
  func move(_ reference: PointReference, to position: Point, in state: inout Editor.State) {
    guard let index = state.drawing.curves.index(id: reference.curve),
      let subpathID = state.drawing.curves[index].subpathID(holding: reference.point),
      let subpath = state.drawing.curves[index].subpaths[id: subpathID],
      let pointIndex = subpath.points.index(id: reference.point)
    else { return }
    let origin = state.history.pending?.curves[id: reference.curve]?.subpaths[id: subpathID]
    let canvas = state.canvas
    if subpath.isNode(pointIndex) {
      let target = canvas.clamp(position)
      let handles = subpath.handles(ofNode: pointIndex)
      send(subpath.points[pointIndex].id, in: subpathID, to: target, curve: index, &state)
      for handle in [handles.before, handles.after].compactMap({ $0 }) {
        // From the edit's start when the subpath still has that shape, else from here.
        let from = origin.flatMap { $0.points.count == subpath.points.count && $0.points[pointIndex].id == reference.point ? $0 : nil }
          ?? subpath
        let offset = target - from.points[pointIndex].position
        send(subpath.points[handle].id, in: subpathID, to: canvas.clamp(from.points[handle].position + offset), curve: index, &state)
      }
    } else {
      let target = subpath.allowedHandlePosition(position, forHandle: pointIndex, on: canvas)
      send(reference.point, in: subpathID, to: target, curve: index, &state)
      turnHandles(afterMoving: pointIndex, of: subpathID, curve: index, origin: origin, moving: [], &state)
    }
    DocumentCurves.pointMoved(&state)
  }

  /// Moves every selected point by `offset` from where it is in `origin` (the curves when the
  /// edit began), as a group: the offset is first cut so that `bounds` (the selection's box in
  /// `origin`) stays on the canvas, so the selection keeps its shape at the edges. The handles
  /// of selected nodes move with them; a selected handle turns the other handle of its smooth
  /// or symmetric node when neither that handle nor the node moves. Returns the offset applied.
  @discardableResult
  func moveSelection(
    by offset: Point, from origin: IdentifiedArrayOf<Curve.State>, bounds: Rect, in state: inout Editor.State
  ) -> Point {
    // The points that move by `applied`, per curve and subpath: the selection and the handles
    // of its nodes.
    var moving: [Curve.State.ID: [Subpath.State.ID: Set<ControlPoint.State.ID>]] = [:]
    var handlesMoved: [(curve: Curve.State.ID, subpath: Subpath.State.ID, index: Int)] = []
    var selectedMoved = 0
    for reference in state.interaction.selection {
      guard let curve = origin[id: reference.curve], let subpathID = curve.subpathID(holding: reference.point),
        let subpath = curve.subpaths[id: subpathID], let pointIndex = subpath.points.index(id: reference.point)
      else { continue }
      moving[reference.curve, default: [:]][subpathID, default: []].insert(reference.point)
      selectedMoved += 1
      if subpath.isNode(pointIndex) {
        let handles = subpath.handles(ofNode: pointIndex)
        for handle in [handles.before, handles.after].compactMap({ $0 }) {
          moving[reference.curve, default: [:]][subpathID, default: []].insert(subpath.points[handle].id)
        }
      } else {
        handlesMoved.append((reference.curve, subpathID, pointIndex))
      }
    }
    // A symmetric node's other handle moves the opposite way: the offset also keeps it on the
    // canvas, as a point at its mirror through the canvas' centre would be kept.
    var kept = bounds
    for moved in handlesMoved {
      guard let subpath = origin[id: moved.curve]?.subpaths[id: moved.subpath] else { continue }
      let ids = moving[moved.curve]?[moved.subpath] ?? []
      for (node, opposite) in subpath.constrainedNodes(ofHandle: moved.index)
      where subpath.points[node].node == .symmetric && !ids.contains(subpath.points[node].id) && !ids.contains(subpath.points[opposite].id) {
        let mirror = subpath.points[node].position * 2 - subpath.points[moved.index].position
        let stand = Point(x: state.canvas.width - mirror.x, y: state.canvas.height - mirror.y)
        kept = kept.union(Rect(minX: stand.x, minY: stand.y, maxX: stand.x, maxY: stand.y))
      }
    }
    let applied = Self.clamp(offset, keeping: kept, on: state.canvas)
    for (curveID, subpaths) in moving {
      guard let index = state.drawing.curves.index(id: curveID), let start = origin[id: curveID] else { continue }
      for (subpathID, ids) in subpaths {
        guard let subpath = start.subpaths[id: subpathID] else { continue }
        // In the subpath's order, so the moves are the same from run to run.
        for point in subpath.points where ids.contains(point.id) {
          send(point.id, in: subpathID, to: state.canvas.clamp(point.position + applied), curve: index, &state)
        }
      }
    }
    for moved in handlesMoved {
      guard let index = state.drawing.curves.index(id: moved.curve) else { continue }
      turnHandles(
        afterMoving: moved.index, of: moved.subpath, curve: index, origin: origin[id: moved.curve]?.subpaths[id: moved.subpath],
        moving: moving[moved.curve]?[moved.subpath] ?? [], &state
      )
    }
    // One edit for each selected point moved, as when each was moved alone.
    for _ in 0..<selectedMoved { DocumentCurves.pointMoved(&state) }
    return applied
  }

  /// Turns the other handles of the smooth or symmetric nodes beside the moved handle at
  /// `handle`, except a node or handle in `moving` (moved by the same offset, which keeps
  /// the constraint).
  private func turnHandles(
    afterMoving handle: Int, of subpathID: Subpath.State.ID, curve index: Int, origin: Subpath.State?,
    moving: Set<ControlPoint.State.ID>, _ state: inout Editor.State
  ) {
    guard let subpath = state.drawing.curves[index].subpaths[id: subpathID] else { return }
    let nodes = subpath.constrainedNodes(ofHandle: handle)
    for turn in subpath.constrainedHandles(afterMoving: handle, keepingLengthsOf: origin, on: state.canvas) {
      let node = nodes.first { $0.opposite == turn.index }?.node
      guard !moving.contains(subpath.points[turn.index].id), !(node.map { moving.contains(subpath.points[$0].id) } ?? false)
      else { continue }
      send(subpath.points[turn.index].id, in: subpathID, to: turn.position, curve: index, &state)
    }
  }

  /// The `movePoint` that reaches one point's `ControlPoint` through its curve and subpath.
  private func send(
    _ point: ControlPoint.State.ID, in subpath: Subpath.State.ID, to position: Point, curve index: Int, _ state: inout Editor.State
  ) {
    // A point starts no effects: `ControlPoint` only sets its position.
    _ = curve(&state.drawing.curves[index], .point(point, in: subpath, .movePoint(position)))
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
