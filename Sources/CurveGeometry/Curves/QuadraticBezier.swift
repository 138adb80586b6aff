/// A quadratic Bézier curve.
///
/// ```swift
/// let arc = QuadraticBezier(Point(x: 0, y: 0), Point(x: 50, y: 100), Point(x: 100, y: 0))
/// arc.eval(0.5)         // (50, 50)
/// arc.cubic             // the same curve as a cubic
/// ```
public struct QuadraticBezier: Hashable, Sendable {
  public var p0: Point
  public var p1: Point
  public var p2: Point

  public init(_ p0: Point, _ p1: Point, _ p2: Point) {
    self.p0 = p0
    self.p1 = p1
    self.p2 = p2
  }

  public func eval(_ t: Double) -> Point {
    let mt = 1 - t
    return p0 * (mt * mt) + p1 * (2 * mt * t) + p2 * (t * t)
  }

  public func derivative(at t: Double) -> Point {
    2 * ((p1 - p0) * (1 - t) + (p2 - p1) * t)
  }

  public func split(at t: Double) -> (QuadraticBezier, QuadraticBezier) {
    let a = p0.lerp(to: p1, t), b = p1.lerp(to: p2, t), c = a.lerp(to: b, t)
    return (QuadraticBezier(p0, a, c), QuadraticBezier(c, b, p2))
  }

  /// The same curve as a cubic (degree elevation: handles at 2/3 of the way to p1).
  public var cubic: CubicBezier {
    CubicBezier(p0, p0 + (p1 - p0) * (2.0 / 3), p2 + (p1 - p2) * (2.0 / 3), p2)
  }

  public var bounds: Rect { cubic.bounds }

  /// Appends the polyline to `points`; see `CubicBezier.flatten(tolerance:into:)`.
  public func flatten(tolerance: Double, into points: inout [Point]) {
    cubic.flatten(tolerance: tolerance, into: &points)
  }
}

extension QuadraticBezier: ParametricCurve {
  public var controlPoints: [Point] { [p0, p1, p2] }
}
