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
  /// Adaptive 16-point Gauss–Legendre quadrature of |B'(t)| (`GaussLegendre.adaptive`): an
  /// interval is accepted when its value and the sum of its halves agree within the
  /// interval's share of `accuracy`; the returned error is at most the sum of those
  /// differences (Richardson-style estimate), which is below `accuracy` unless the recursion
  /// depth (40) runs out on a singular cusp.
  public func arcLength(accuracy: Double = 1e-6) -> Double {
    let accuracy = accuracy.isFinite && accuracy > 0 ? accuracy : 1e-6
    var length = 0.0
    GaussLegendre.adaptive(0, 1, accuracy: accuracy, of: { derivative(at: $0).length }) { length += $0.integral }
    return length
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
