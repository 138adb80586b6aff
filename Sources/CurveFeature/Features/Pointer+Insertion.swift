import Composable
import CurveGeometry

/// What a double-click adds: a node splitting the segment under it, or a point on empty canvas.
extension Pointer {
  /// A double-click on a segment: a new smooth node at `t`, the segment split there by de
  /// Casteljau into two of its degree that trace it exactly, so the drawing does not change
  /// (a weighted segment by the rational construction, its new points weighted). The handles
  /// next to the old end nodes keep their ids (and look); one undo step.
  func insertNode(on reference: SegmentReference, at t: Double, _ state: inout State) {
    guard t > 0, t < 1, let (subpath, indices) = state.drawing.curves.segment(reference),
      let bezier = state.drawing.curves[segment: reference]
    else { return }
    let weights = indices.map { subpath.points[$0].weight ?? 1 }
    let halves: (left: (points: [Point], weights: [Double]), right: (points: [Point], weights: [Double]))
    if !weights.allSatisfy({ $0 == 1 }), let rational = RationalBezier(bezier.controlPoints, weights: weights) {
      let (left, right) = rational.split(at: t)
      halves = ((left.controlPoints, left.weights), (right.controlPoints, right.weights))
    } else {
      let (left, right) = bezier.split(at: t)
      let ones = Array(repeating: 1.0, count: weights.count)
      halves = ((left.controlPoints, ones), (right.controlPoints, ones))
    }
    let (left, right) = halves
    let n = bezier.degree
    func weight(_ value: Double) -> Double? { value == 1 ? nil : value }
    func kept(_ index: Int, at position: Point, weight value: Double) -> ControlPoint.State {
      var point = subpath.points[indices[index]]
      point.position = position
      point.weight = weight(value)
      return point
    }
    func new(_ position: Point, weight value: Double, node: NodeType? = nil) -> ControlPoint.State {
      ControlPoint.State(id: uuid(), position: position, node: node, weight: weight(value))
    }
    // The old inner points P1...P(n-1) become the left half's handles, but for the last,
    // which stays by its node as the right half's last handle.
    let keepsLastOnTheRight = n >= 3
    var inner: [ControlPoint.State] = []
    for i in stride(from: 1, to: n, by: 1) {
      let (position, value) = (left.points[i], left.weights[i])
      inner.append(i == n - 1 && keepsLastOnTheRight ? new(position, weight: value) : kept(i, at: position, weight: value))
    }
    let node = new(left.points[n], weight: left.weights[n], node: .smooth)
    inner.append(node)
    for i in stride(from: 1, to: n, by: 1) {
      let (position, value) = (right.points[i], right.weights[i])
      inner.append(i == n - 1 && keepsLastOnTheRight ? kept(n - 1, at: position, weight: value) : new(position, weight: value))
    }
    var points = Array(subpath.points)
    points.replaceSubrange((indices[0] + 1)..<(indices[0] + n), with: inner)
    state.history.record(state.undoSnapshot)
    state.drawing.curves[id: reference.curve]?.subpaths[id: subpath.id]?.points = IdentifiedArray(uniqueElements: points)
    state.interaction.selection = [PointReference(curve: reference.curve, point: node.id)]
    state.interaction.hoveredSegment = nil
    state.drawing.markCurvesEdited()
  }

  /// A double-click on empty canvas: a new point in the control polygon's nearest segment.
  func insertPoint(at position: Point, into curveID: Curve.State.ID?, _ state: inout State) {
    guard let curveID, let curve = state.drawing.curves[id: curveID], curve.points.count < Editor.pointsPerCurve.upperBound
    else { return }
    state.history.record(state.undoSnapshot)
    let point = ControlPoint.State(id: uuid(), position: state.canvas.clamp(position))
    state.drawing.curves[id: curveID]?.points.insert(point, at: curve.points.insertionIndex(for: point.position))
    state.interaction.selection = [PointReference(curve: curveID, point: point.id)]
    state.drawing.markCurvesEdited()
  }
}
