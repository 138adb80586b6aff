import Foundation

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

/// A uniform cubic B-spline, as the pen's B-spline mode draws it: each click a control
/// point, the curve the same B-spline written exactly as Bézier cubics.
///
/// ```swift
/// let cubics = UniformBSpline(controlPoints: clicks, isClosed: true).cubics
/// ```
///
/// Closed, the control points wrap around: one cubic for each. Open, the first and the last
/// control points count three times, so the curve starts and ends on them (its first and
/// last pieces are then straight, along the first and last legs of the control polygon).
public struct UniformBSpline: Equatable, Sendable {
  public var controlPoints: [Point]
  public var isClosed: Bool

  public init(controlPoints: [Point], isClosed: Bool) {
    self.controlPoints = controlPoints
    self.isClosed = isClosed
  }

  /// The control points the pieces are made of: wrapped around when closed, the ends
  /// repeated when open.
  public var expandedControlPoints: [Point] {
    guard let first = controlPoints.first, let last = controlPoints.last else { return [] }
    if isClosed { return controlPoints + controlPoints.prefix(3) }
    return [first, first] + controlPoints + [last, last]
  }

  /// The curve's pieces, each the span of four consecutive control points; empty for fewer
  /// than two points (open) or three (closed).
  public var cubics: [CubicBezier] {
    guard controlPoints.count >= (isClosed ? 3 : 2) else { return [] }
    let expanded = expandedControlPoints
    return (0..<(expanded.count - 3)).map { index in
      Self.piece(expanded[index], expanded[index + 1], expanded[index + 2], expanded[index + 3])
    }
  }

  /// De Boor's construction on piece `piece` at `u` in 0…1: the piece's four control points,
  /// then each level's points, each a blend of two of the level before, down to the point on
  /// the curve (uniform knots: level r blends with weights (u + 3 − r − k)/(4 − r)).
  public func deBoorLevels(piece: Int, at u: Double) -> [[Point]] {
    let expanded = expandedControlPoints
    guard piece >= 0, piece + 3 < expanded.count else { return [] }
    var levels = [Array(expanded[piece...(piece + 3)])]
    for level in 1...3 {
      let previous = levels[level - 1]
      levels.append((0..<(previous.count - 1)).map { k in
        let alpha = (u + Double(3 - level - k)) / Double(4 - level)
        return previous[k].lerp(to: previous[k + 1], alpha)
      })
    }
    return levels
  }

  /// The point at `u` in 0…1 of the piece spanned by four control points, by the B-spline's
  /// own basis (not through its Bézier form): what the tests compare the cubics with.
  public static func point(_ a: Point, _ b: Point, _ c: Point, _ d: Point, at u: Double) -> Point {
    let v = 1 - u
    let weights = (v * v * v / 6, (3 * u * u * u - 6 * u * u + 4) / 6, (-3 * u * u * u + 3 * u * u + 3 * u + 1) / 6, u * u * u / 6)
    return a * weights.0 + b * weights.1 + c * weights.2 + d * weights.3
  }

  /// The span of four control points as a Bézier cubic: its ends at the weighted means
  /// (1, 4, 1)/6, its handles at the thirds of the middle leg.
  static func piece(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> CubicBezier {
    CubicBezier((a + b * 4 + c) / 6, (b * 2 + c) / 3, (b + c * 2) / 3, (b + c * 4 + d) / 6)
  }
}
