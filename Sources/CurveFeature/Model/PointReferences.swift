import Composable
import CurveGeometry

extension IdentifiedArrayOf<Curve.State> {
  public subscript(reference: PointReference) -> ControlPoint.State? {
    self[id: reference.curve]?[point: reference.point]
  }
}

extension Sequence<Curve.State> {
  /// Every point, curve by curve, in drawing order (Tab's order).
  public var allPointReferences: [PointReference] {
    flatMap { curve in curve.points.map { PointReference(curve: curve.id, point: $0.id) } }
  }
}

extension IdentifiedArrayOf<ControlPoint.State> {
  /// Where a new point at `position` goes: after the start of the control polygon's segment
  /// nearest to it (so the polygon changes least).
  public func insertionIndex(for position: Point) -> Int {
    guard count >= 2 else { return count }
    var best = (index: 1, distance: Double.infinity)
    for index in 1..<count {
      let d = CurveGeometry.distance(from: position, toSegment: self[index - 1].position, self[index].position)
      if d < best.distance { best = (index, d) }
    }
    return best.index
  }
}
