/// A curve defined on t in [0, 1]: the capabilities shared by every Bézier kind.
///
/// ```swift
/// func length(of curve: some ParametricCurve) -> Double { curve.arcLength() }
/// ```
public protocol ParametricCurve: Sendable {
  /// The point at parameter `t`.
  func eval(_ t: Double) -> Point
  /// The first derivative with respect to `t`.
  func derivative(at t: Double) -> Point
  /// The control points of the curve, from start to end.
  var controlPoints: [Point] { get }
}

extension ParametricCurve {
  public var start: Point { eval(0) }
  public var end: Point { eval(1) }

  /// The arc length, within `accuracy` (absolute, in document units).
  ///
  /// Adaptive 16-point Gauss–Legendre quadrature of |B'(t)|: an interval is accepted when
  /// its value and the sum of its halves agree within the interval's share of `accuracy`;
  /// the returned error is at most the sum of those differences (Richardson-style estimate),
  /// which is below `accuracy` unless the recursion depth (40) runs out on a singular cusp.
  public func arcLength(accuracy: Double = 1e-6) -> Double {
    func integrate(_ a: Double, _ b: Double, _ whole: Double, _ accuracy: Double, _ depth: Int) -> Double {
      let mid = (a + b) / 2
      let left = gaussLegendre(a, mid), right = gaussLegendre(mid, b)
      if depth == 0 || abs(left + right - whole) <= accuracy { return left + right }
      return integrate(a, mid, left, accuracy / 2, depth - 1)
        + integrate(mid, b, right, accuracy / 2, depth - 1)
    }
    let accuracy = accuracy.isFinite && accuracy > 0 ? accuracy : 1e-6
    return integrate(0, 1, gaussLegendre(0, 1), accuracy, 40)
  }

  private func gaussLegendre(_ a: Double, _ b: Double) -> Double {
    let half = (b - a) / 2, center = (a + b) / 2
    var sum = 0.0
    for (node, weight) in gaussLegendre16 {
      sum += weight * derivative(at: center + half * node).length
      sum += weight * derivative(at: center - half * node).length
    }
    return sum * half
  }

  /// The point on the curve nearest to `point`: its parameter, position and distance.
  ///
  /// Samples the curve (32 samples per degree) then refines the best sample by golden-section
  /// search on its neighbouring interval, to `accuracy` in t. Sampling this densely keeps a
  /// closer local minimum from being missed on curves whose control polygon is not wildly
  /// folded; hit-testing needs pixel accuracy, not more.
  public func nearest(to point: Point, accuracy: Double = 1e-9) -> (t: Double, point: Point, distance: Double) {
    let samples = max(32, 32 * (controlPoints.count - 1))
    var bestT = 0.0, bestDistance = Double.infinity
    for index in 0...samples {
      let t = Double(index) / Double(samples)
      let distance = (eval(t) - point).lengthSquared
      if distance < bestDistance { (bestT, bestDistance) = (t, distance) }
    }
    var low = max(0, bestT - 1 / Double(samples)), high = min(1, bestT + 1 / Double(samples))
    let ratio = (5.0.squareRoot() - 1) / 2
    var c = high - ratio * (high - low), d = low + ratio * (high - low)
    var fc = (eval(c) - point).lengthSquared, fd = (eval(d) - point).lengthSquared
    while high - low > accuracy {
      if fc < fd {
        (high, d, fd) = (d, c, fc)
        c = high - ratio * (high - low)
        fc = (eval(c) - point).lengthSquared
      } else {
        (low, c, fc) = (c, d, fd)
        d = low + ratio * (high - low)
        fd = (eval(d) - point).lengthSquared
      }
    }
    var t = (low + high) / 2
    for candidate in [0.0, 1.0, bestT] where (eval(candidate) - point).lengthSquared < (eval(t) - point).lengthSquared {
      t = candidate
    }
    let nearest = eval(t)
    return (t, nearest, nearest.distance(to: point))
  }
}

/// Nodes and weights of 16-point Gauss–Legendre quadrature on [-1, 1], positive half
/// (the rule is symmetric), from Abramowitz & Stegun table 25.4. Shared by every arc-length
/// integral.
let gaussLegendre16: [(node: Double, weight: Double)] = [
  (0.0950125098376374, 0.1894506104550685),
  (0.2816035507792589, 0.1826034150449236),
  (0.4580167776572274, 0.1691565193950025),
  (0.6178762444026438, 0.1495959888165767),
  (0.7554044083550030, 0.1246289712555339),
  (0.8656312023878318, 0.0951585116824928),
  (0.9445750230732326, 0.0622535239386479),
  (0.9894009349916499, 0.0271524594117541),
]
