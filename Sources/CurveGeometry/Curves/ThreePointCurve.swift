import Glibc

/// A quadratic or cubic through a start, a point on the curve and an end (the primer's
/// "Creating a curve from three points" and its "projection identity", the ABC points).
///
/// For a curve of degree n and the point B at parameter t, the line from the control point
/// A (n = 2; for a cubic, the point the two handles' lines meet at, de Casteljau's first
/// level) through B meets the chord from start to end at C = u S + (1 − u) E, with
/// u = (1 − t)ⁿ / (tⁿ + (1 − t)ⁿ), and |AB| / |BC| = |(tⁿ + (1 − t)ⁿ − 1) / (tⁿ + (1 − t)ⁿ)|.
/// So given S, B, E and t, C follows from u, and A from B and C. t is taken as B's share of
/// the way along the two distances, d(S, B) / (d(S, B) + d(B, E)), as the primer does.
///
/// ```swift
/// let made = ThreePointCurve(start: s, point: b, end: e, degree: 3)!
/// made.curve.eval(made.t)   // b
/// ```
public struct ThreePointCurve: Equatable, Sendable {
  public var start: Point
  /// The point the curve passes through, at `t`.
  public var point: Point
  public var end: Point
  public var t: Double
  /// The primer's A (the quadratic's control point; the cubic's handles' meeting point) and
  /// C (on the chord): A, B and C lie on one line.
  public var a: Point
  public var c: Point
  public var curve: Bezier

  /// Nil for a degree other than 2 or 3, or when `point` is on an end (no t inside 0…1).
  public init?(start: Point, point: Point, end: Point, degree: Int) {
    guard degree == 2 || degree == 3 else { return nil }
    let toStart = start.distance(to: point), toEnd = point.distance(to: end)
    guard toStart > 0, toEnd > 0, (toStart + toEnd).isFinite else { return nil }
    let t = toStart / (toStart + toEnd), n = Double(degree)
    let s = 1 - t
    let sum = Glibc.pow(t, n) + Glibc.pow(s, n)
    let u = Glibc.pow(s, n) / sum
    let ratio = abs((sum - 1) / sum)
    let c = start * u + end * (1 - u)
    let a = point + (point - c) / ratio
    self.start = start
    self.point = point
    self.end = end
    self.t = t
    self.a = a
    self.c = c
    if degree == 2 {
      curve = Bezier([start, a, end])!
      return
    }
    // The cubic: its tangent at B (from e₁ to e₂, de Casteljau's second level at t) runs
    // parallel to the chord, half the chord long in all, shared in t's proportions: B over
    // the chord's middle then gives the arch whose handles stand square to the chord. Its
    // first level's middle point is A, from which the handles follow.
    let chord = end - start, length = chord.length
    guard length > 0 else { return nil }
    let direction = chord / length
    let before = t * length / 2, after = s * length / 2
    let e1 = point - direction * before, e2 = point + direction * after
    let v1 = a + (e1 - a) / s, v2 = a + (e2 - a) / t
    let handle1 = start + (v1 - start) / t, handle2 = end + (v2 - end) / s
    curve = Bezier([start, handle1, handle2, end])!
  }
}
