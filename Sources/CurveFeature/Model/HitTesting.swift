import Composable
import CurveGeometry

extension IdentifiedArrayOf<CurveReducer.State> {
  /// The topmost point within `radius` of `position` (both in document units), or within its
  /// own handle when that is larger (`size` is a diameter in screen units; `unitsPerScreenUnit`
  /// converts it): later curves are drawn above earlier ones, and later points above earlier
  /// points, so the search runs backwards.
  public func point(at position: Point, radius: Double, unitsPerScreenUnit: Double = 1) -> PointReference? {
    for curve in reversed() {
      for point in curve.points.reversed() {
        let reach = point.size.map { Swift.max(radius, $0 / 2 * unitsPerScreenUnit) } ?? radius
        if point.position.distance(to: position) <= reach { return PointReference(curve: curve.id, point: point.id) }
      }
    }
    return nil
  }

  public subscript(reference: PointReference) -> PointFeature.State? {
    self[id: reference.curve]?.points[id: reference.point]
  }
}

extension Sequence<CurveReducer.State> {
  /// Every point, curve by curve, in drawing order (Tab's order).
  public var allPointReferences: [PointReference] {
    flatMap { curve in curve.points.map { PointReference(curve: curve.id, point: $0.id) } }
  }
}

extension IdentifiedArrayOf<PointFeature.State> {
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
