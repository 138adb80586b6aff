/// Reshaping a curve by dragging a point of it: "moulding", as Pomax's primer calls it.
///
/// ```swift
/// let curve = Bezier([Point(x: 0, y: 0), Point(x: 30, y: 0), Point(x: 70, y: 0), Point(x: 100, y: 0)])!
/// let bent = curve.moulded(at: 0.5, to: Point(x: 50, y: 40))!   // bent.eval(0.5) == (50, 40)
/// ```
extension Bezier {
  /// The curve with its end points kept and its inner control points moved so that the point
  /// at `t` lands on `target`; nil for a line (it has no inner points to move), for `t` at or
  /// too near an end (the ends stay, so the curve cannot move there), or for a target that is
  /// not finite.
  ///
  /// A cubic moves its two handles as Inkscape's node tool drags a curve: the change
  /// `delta = target - B(t)` is shared between the handles with a weight that favours the
  /// handle nearer the grabbed point (all of it to the first handle for t <= 1/6, to the
  /// second for t >= 5/6, a smooth cubic blend between), each handle moved by its share
  /// divided by its Bernstein weight at t, so B(t) moves by exactly `delta`:
  ///
  ///     w = 0                               for t <= 1/6
  ///       = ((6t - 1) / 2)^3 / 2            for t <= 1/2
  ///       = 1 - ((6(1 - t) - 1) / 2)^3 / 2  for t <= 5/6
  ///       = 1                               above
  ///     P1 += (1 - w) delta / (3 t (1 - t)^2),   P2 += w delta / (3 t^2 (1 - t))
  ///
  /// Any other degree takes the least change of the inner points (in the sum of their squared
  /// moves) that puts B(t) on the target: with b_i the Bernstein weights at t, each inner point
  /// moves by `b_i delta / sum(b_j^2)` over the inner j. For a quadratic that is its one handle
  /// moved by `delta / (2 t (1 - t))`, Pomax's quadratic moulding.
  public func moulded(at t: Double, to target: Point) -> Bezier? {
    guard degree >= 2, t.isFinite, t > Self.mouldingMargin, t < 1 - Self.mouldingMargin, target.isFinite else { return nil }
    let delta = target - eval(t)
    var points = controlPoints
    if degree == 3 {
      let weight = Self.inkscapeWeight(at: t)
      points[1] += delta * ((1 - weight) / (3 * t * (1 - t) * (1 - t)))
      points[2] += delta * (weight / (3 * t * t * (1 - t)))
    } else {
      let weights = (1..<degree).map { Self.bernstein(degree, $0, t) }
      let sumOfSquares = weights.reduce(0) { $0 + $1 * $1 }
      guard sumOfSquares > 0 else { return nil }
      for (offset, weight) in weights.enumerated() { points[offset + 1] += delta * (weight / sumOfSquares) }
    }
    guard points.allSatisfy(\.isFinite) else { return nil }
    return Bezier(points)
  }

  /// How near an end the grabbed parameter may be: closer, a handle's move to bring B(t) to
  /// the target grows without bound (its Bernstein weight goes to 0).
  public static let mouldingMargin = 1e-3

  /// Inkscape's share of a cubic drag given to the second handle.
  static func inkscapeWeight(at t: Double) -> Double {
    func cube(_ x: Double) -> Double { x * x * x }
    if t <= 1.0 / 6 { return 0 }
    if t <= 0.5 { return cube((6 * t - 1) / 2) / 2 }
    if t <= 5.0 / 6 { return 1 - cube((6 * (1 - t) - 1) / 2) / 2 }
    return 1
  }

  /// The Bernstein polynomial b_(i,n)(t) = C(n, i) t^i (1 - t)^(n - i).
  static func bernstein(_ n: Int, _ i: Int, _ t: Double) -> Double {
    var binomial = 1.0
    for k in 0..<i { binomial = binomial * Double(n - k) / Double(k + 1) }
    return binomial * pow(t, i) * pow(1 - t, n - i)
  }

  private static func pow(_ base: Double, _ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<exponent { result *= base }
    return result
  }
}
