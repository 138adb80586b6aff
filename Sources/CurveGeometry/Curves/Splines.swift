/// A curve through every given point, as the pen's "through points" mode draws it: a
/// cardinal spline, each point's tangent parallel to the chord between its neighbours
/// (Catmull-Rom's when `tension` is 0), as one cubic between each two points.
///
/// ```swift
/// let cubics = CardinalSpline(points: clicks, isClosed: false, tension: 0).cubics
/// // cubics[i].p0 == clicks[i], cubics[i].p3 == clicks[i + 1]
/// ```
///
/// `tension` runs from 0 (Catmull-Rom) to 1 (straight lines: the handles sit on the
/// points). An open spline's end points take their tangent from the chord to their one
/// neighbour, as if the end point were repeated.
public struct CardinalSpline: Equatable, Sendable {
  public var points: [Point]
  public var isClosed: Bool
  public var tension: Double

  public init(points: [Point], isClosed: Bool, tension: Double = 0) {
    self.points = points
    self.isClosed = isClosed
    self.tension = min(max(tension, 0), 1)
  }

  /// One cubic from each point to the next (and, closed, from the last back to the first);
  /// empty for fewer than two points.
  public var cubics: [CubicBezier] {
    let count = points.count
    guard count >= 2 else { return [] }
    // A Hermite tangent m = (1 − tension)·(next − previous)/2 is a handle m/3 from the point.
    let scale = (1 - tension) / 6
    func neighbour(_ index: Int) -> Point {
      if isClosed { return points[(index + count) % count] }
      return points[min(max(index, 0), count - 1)]
    }
    func tangent(_ index: Int) -> Point { (neighbour(index + 1) - neighbour(index - 1)) * scale }
    let segmentCount = isClosed ? count : count - 1
    return (0..<segmentCount).map { index in
      let start = points[index], end = points[(index + 1) % count]
      return CubicBezier(start, start + tangent(index), end - tangent(index + 1), end)
    }
  }
}
