/// Adaptive 16-point Gauss–Legendre quadrature: the one integrator behind every arc length
/// (`arcLength(accuracy:)` of any `ParametricCurve`, and `Bezier`'s `arcLength(from:to:)` and
/// `parameter(atArcLength:)`), so they all agree on what "within `accuracy`" means.
///
/// ```swift
/// var length = 0.0
/// GaussLegendre.adaptive(0, 1, accuracy: 1e-6, of: { curve.derivative(at: $0).length }) { length += $0.integral }
/// ```
enum GaussLegendre {
  /// A parameter interval and its integral, as accepted by `adaptive`.
  typealias Piece = (a: Double, b: Double, integral: Double)

  /// How often `adaptive` may halve an interval: 2⁻⁴⁰ of the range is far below any accuracy
  /// asked of it, so only a singular integrand (|B′| at a cusp) reaches it.
  static let maximumDepth = 40

  /// ∫ from `a` to `b` of `f` by the 16-point rule: exact for polynomials of degree 31.
  static func integral(_ a: Double, _ b: Double, of f: (Double) -> Double) -> Double {
    let half = (b - a) / 2, centre = (a + b) / 2
    var sum = 0.0
    for (node, weight) in nodes {
      sum += weight * (f(centre + half * node) + f(centre - half * node))
    }
    return sum * half
  }

  /// Hands `accept`, in order from `a` to `b`, the intervals of an adaptive quadrature of `f`
  /// over [a, b]: an interval is halved until the sum of its halves' values agrees with its
  /// own (`whole`, computed when not given) within its share of `accuracy`, which halves at
  /// each level; both halves are then accepted with their values.
  ///
  /// Guarantee: the accepted values sum to within about `accuracy` of the integral (the
  /// summed differences are a Richardson-style estimate of the error), unless the depth runs
  /// out (`maximumDepth`) on a singular integrand. `accuracy` must be positive and finite.
  static func adaptive(
    _ a: Double, _ b: Double, whole: Double? = nil, accuracy: Double, of f: (Double) -> Double, accept: (Piece) -> Void
  ) {
    func split(_ a: Double, _ b: Double, _ whole: Double, _ accuracy: Double, _ depth: Int) {
      let middle = (a + b) / 2
      let left = integral(a, middle, of: f), right = integral(middle, b, of: f)
      if depth == 0 || abs(left + right - whole) <= accuracy {
        accept((a, middle, left))
        accept((middle, b, right))
        return
      }
      split(a, middle, left, accuracy / 2, depth - 1)
      split(middle, b, right, accuracy / 2, depth - 1)
    }
    split(a, b, whole ?? integral(a, b, of: f), accuracy, maximumDepth)
  }

  /// Nodes and weights of the 16-point rule on [-1, 1], positive half (the rule is
  /// symmetric), from Abramowitz & Stegun table 25.4.
  private static let nodes: [(node: Double, weight: Double)] = [
    (0.0950125098376374, 0.1894506104550685),
    (0.2816035507792589, 0.1826034150449236),
    (0.4580167776572274, 0.1691565193950025),
    (0.6178762444026438, 0.1495959888165767),
    (0.7554044083550030, 0.1246289712555339),
    (0.8656312023878318, 0.0951585116824928),
    (0.9445750230732326, 0.0622535239386479),
    (0.9894009349916499, 0.0271524594117541),
  ]
}
