/// A rational Bézier curve (the primer's "Rational Bézier curves"): each control point has a
/// weight, and the curve is the weighted average R(t) = Σ wᵢ Pᵢ Bᵢ(t) / Σ wᵢ Bᵢ(t). With every
/// weight equal it is the plain curve; a quadratic with weights 1, cos(θ/2), 1 is an exact
/// circular arc of angle θ, which no polynomial curve is.
///
/// ```swift
/// let quarter = RationalBezier([Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)], weights: [1, 0.5.squareRoot(), 1])!
/// quarter.eval(0.3).length   // 1, to rounding
/// quarter.cubics(tolerance: 0.01)   // what SVG can carry
/// ```
public struct RationalBezier: Equatable, Sendable, ParametricCurve {
  public let controlPoints: [Point]
  public let weights: [Double]

  /// Nil unless there are at least two points, one weight each, and every weight is a finite
  /// number above 0 (a weight of 0 or less can send the denominator through 0).
  public init?(_ controlPoints: [Point], weights: [Double]) {
    guard controlPoints.count >= 2, weights.count == controlPoints.count,
      weights.allSatisfy({ $0.isFinite && $0 > 0 }), controlPoints.allSatisfy(\.isFinite)
    else { return nil }
    self.controlPoints = controlPoints
    self.weights = weights
  }

  public var degree: Int { controlPoints.count - 1 }

  /// Whether every weight is the same: then the curve is the plain Bézier curve.
  public var isPolynomial: Bool { weights.allSatisfy { $0 == weights[0] } }

  /// The plain curve of the same control points (what the weights bend).
  public var polynomial: Bezier { Bezier(controlPoints)! }

  /// De Casteljau's construction in homogeneous coordinates (w P, w), each level's points
  /// divided by their weights: what the primer draws. The last level is the point at t.
  public func deCasteljauLevels(at t: Double) -> [[Point]] {
    var level = zip(controlPoints, weights).map { (point: $0 * $1, weight: $1) }
    var levels = [controlPoints]
    while level.count > 1 {
      level = zip(level, level.dropFirst()).map { a, b in
        (point: a.point + (b.point - a.point) * t, weight: a.weight + (b.weight - a.weight) * t)
      }
      levels.append(level.map { $0.point / $0.weight })
    }
    return levels
  }

  /// The point at t; the ends exactly, as the curve passes through its first and last points.
  public func eval(_ t: Double) -> Point {
    if t == 0 { return controlPoints[0] }
    if t == 1 { return controlPoints[degree] }
    return deCasteljauLevels(at: t).last![0]
  }

  /// R′ = (P′ − R w′) / w, from the homogeneous curve P = Σ wᵢ Pᵢ Bᵢ = R w and w = Σ wᵢ Bᵢ.
  public func derivative(at t: Double) -> Point { derivatives(at: t).first }

  /// R″ = (P″ − 2 R′ w′ − R w″) / w, differentiating P = R w twice.
  public func secondDerivative(at t: Double) -> Point { derivatives(at: t).second }

  /// κ = R′ × R″ / |R′|³, signed as `Bezier.curvature(at:)`; nil where R′ vanishes.
  public func curvature(at t: Double) -> Double? {
    let (first, second) = derivatives(at: t)
    let speed = first.length
    guard speed > 0 else { return nil }
    return first.cross(second) / (speed * speed * speed)
  }

  /// The length from `t0` to `t1`, by the adaptive Gauss–Legendre quadrature of |R′| that
  /// every arc length uses, within `accuracy`.
  public func arcLength(from t0: Double = 0, to t1: Double = 1, accuracy: Double = 1e-6) -> Double {
    guard t1 > t0 else { return 0 }
    var length = 0.0
    GaussLegendre.adaptive(t0, t1, accuracy: accuracy, of: { derivative(at: $0).length }) { length += $0.integral }
    return length
  }

  private func derivatives(at t: Double) -> (first: Point, second: Point) {
    let homogeneous = Bezier(zip(controlPoints, weights).map { $0 * $1 })!
    let w = BernsteinPolynomial(weights).value(at: t)
    let firstWeights = bernsteinDerivative(weights)
    let dw = BernsteinPolynomial(firstWeights).value(at: t), ddw = BernsteinPolynomial(bernsteinDerivative(firstWeights)).value(at: t)
    let point = eval(t)
    let first = (homogeneous.derivative(at: t) - point * dw) / w
    let second = degree >= 2 ? (homogeneous.secondDerivative(at: t) - first * (2 * dw) - point * ddw) / w : (-first * (2 * dw) - point * ddw) / w
    return (first, second)
  }

  /// The two halves at `t`, each the same curve over its part: de Casteljau's construction
  /// in homogeneous coordinates, the first points of its levels and the last ones.
  public func split(at t: Double) -> (RationalBezier, RationalBezier) {
    var level = zip(controlPoints, weights).map { (point: $0 * $1, weight: $1) }
    var first = [level[0]], second = [level[level.count - 1]]
    while level.count > 1 {
      level = zip(level, level.dropFirst()).map { a, b in
        (point: a.point + (b.point - a.point) * t, weight: a.weight + (b.weight - a.weight) * t)
      }
      first.append(level[0])
      second.append(level[level.count - 1])
    }
    func curve(_ points: [(point: Point, weight: Double)]) -> RationalBezier {
      RationalBezier(points.map { $0.point / $0.weight }, weights: points.map(\.weight))!
    }
    var head = curve(first), tail = curve(second.reversed())
    // The ends stay exactly where they were.
    head = RationalBezier([controlPoints[0]] + head.controlPoints.dropFirst(), weights: head.weights)!
    tail = RationalBezier(tail.controlPoints.dropLast() + [controlPoints[degree]], weights: tail.weights)!
    return (head, tail)
  }

  /// The same curve with one control point more: degree elevation of the homogeneous curve,
  /// Qᵢ = i / (n + 1) Pᵢ₋₁ + (1 − i / (n + 1)) Pᵢ on (w P, w).
  public func elevated() -> RationalBezier {
    let n = Double(degree + 1)
    let homogeneous = zip(controlPoints, weights).map { (point: $0 * $1, weight: $1) }
    var raised = [homogeneous[0]]
    for i in 1...degree {
      let a = Double(i) / n, before = homogeneous[i - 1], at = homogeneous[i]
      raised.append((point: before.point * a + at.point * (1 - a), weight: before.weight * a + at.weight * (1 - a)))
    }
    raised.append(homogeneous[degree])
    let points = raised.enumerated().map { index, element in
      index == 0 ? controlPoints[0] : index == raised.count - 1 ? controlPoints[degree] : element.point / element.weight
    }
    return RationalBezier(points, weights: raised.map(\.weight))!
  }

  /// The unit tangent at `t`; nil where the curve stands still (a cusp).
  public func tangent(at t: Double) -> Point? {
    let velocity = derivative(at: t), speed = velocity.length
    return speed > 0 ? velocity / speed : nil
  }

  /// The tangent turned +90°, as `Bezier.normal(at:)` turns it.
  public func normal(at t: Double) -> Point? { tangent(at: t)?.perpendicular }

  /// The circle that touches the curve at `t` with its curvature: centre 1/κ along the
  /// normal; nil where the curve is straight or stands still.
  public func osculatingCircle(at t: Double) -> (centre: Point, radius: Double)? {
    guard let curvature = curvature(at: t), curvature != 0, let normal = normal(at: t) else { return nil }
    let centre = eval(t) + normal / curvature, radius = 1 / abs(curvature)
    guard centre.isFinite, radius.isFinite else { return nil }
    return (centre, radius)
  }

  /// The parameters in (0, 1) where the curvature changes sign, ascending: found between
  /// 256 samples and bisected to 1e-12 (a rational curve's inflections are the roots of
  /// R′ × R″, a polynomial of its own, but the samples serve the window's marks).
  public func inflectionParameters() -> [Double] {
    func turn(_ t: Double) -> Double { derivative(at: t).cross(secondDerivative(at: t)) }
    var found: [Double] = []
    let samples = 256
    var previous = turn(0)
    for step in 1...samples {
      let t = Double(step) / Double(samples), value = turn(t)
      if previous != 0, value != 0, (previous < 0) != (value < 0) {
        var low = Double(step - 1) / Double(samples), high = t, lowValue = previous
        while high - low > 1e-12 {
          let middle = (low + high) / 2, middleValue = turn(middle)
          if (middleValue < 0) == (lowValue < 0) { (low, lowValue) = (middle, middleValue) } else { high = middle }
        }
        let root = (low + high) / 2
        if root > 0, root < 1 { found.append(root) }
      }
      previous = value
    }
    return found
  }

  /// The box of the curve, tight (not its control points'): the box of its cubics within a
  /// thousandth of its control points' size.
  public func tightBounds() -> Rect {
    let hull = Rect(enclosing: controlPoints)
    var box = Rect.empty
    for cubic in cubics(tolerance: max(hull.width, hull.height, 1e-9) * 1e-3) { box.include(cubic.tightBounds()) }
    return box
  }

  /// The curve as cubics, each within `tolerance` of its part: each part's cubic has the
  /// part's ends and end tangents (Hermite); a part whose cubic strays further is halved, at
  /// most 2¹² parts. The distance is measured both ways: the part's points from the cubic's
  /// fine polyline, and the cubic's points from the part's. What SVG export writes, and what
  /// the window draws.
  public func cubics(tolerance: Double) -> [Bezier] {
    if isPolynomial, degree <= 3 { return [polynomial] }
    var result: [Bezier] = []
    appendCubics(from: 0, to: 1, tolerance: max(tolerance, 1e-12), depth: 0, into: &result)
    return result
  }

  /// The part's cubic: its ends, its end tangents' directions, and handles as long as puts
  /// the cubic's middle (u = 1/2) on the part's point halfway along its length:
  /// 3/8 (a d₀ + b d₁) = M − (R(t₀) + R(t₁)) / 2, which for a circular arc gives the classic
  /// 4/3 tan(θ/4) handles. Where that has no answer with positive handles (parallel
  /// tangents, an S), the handles of the part's own speed (Hermite).
  func cubic(from t0: Double, to t1: Double) -> Bezier {
    let span = t1 - t0, start = eval(t0), end = eval(t1)
    let speedStart = derivative(at: t0) * (span / 3), speedEnd = derivative(at: t1) * (span / 3)
    let hermite = Bezier([start, start + speedStart, end - speedEnd, end])!
    guard speedStart.length > 0, speedEnd.length > 0 else { return hermite }
    let d0 = speedStart / speedStart.length, d1 = -speedEnd / speedEnd.length
    // Halfway along the part, by its chords' lengths.
    let step = span / Double(Self.fitSamples)
    let samples = (0...Self.fitSamples).map { eval(t0 + step * Double($0)) }
    var lengths = [0.0]
    for (a, b) in zip(samples, samples.dropFirst()) { lengths.append(lengths[lengths.count - 1] + a.distance(to: b)) }
    guard let total = lengths.last, total > 0, let after = lengths.firstIndex(where: { $0 >= total / 2 }), after > 0 else { return hermite }
    let fraction = (total / 2 - lengths[after - 1]) / max(lengths[after] - lengths[after - 1], .leastNormalMagnitude)
    let middle = eval(t0 + step * (Double(after - 1) + fraction))
    let target = (middle - (start + end) / 2) * (8.0 / 3)
    // a d0 + b d1 = target, by Cramer's rule.
    let determinant = d0.cross(d1)
    guard abs(determinant) > 1e-9 else { return hermite }
    let a = target.cross(d1) / determinant, b = d0.cross(target) / determinant
    guard a > 0, b > 0, a.isFinite, b.isFinite else { return hermite }
    return Bezier([start, start + d0 * a, end + d1 * b, end])!
  }

  private func appendCubics(from t0: Double, to t1: Double, tolerance: Double, depth: Int, into result: inout [Bezier]) {
    let cubic = cubic(from: t0, to: t1)
    if depth >= Self.maximumDepth || distance(from: cubic, over: t0...t1, tolerance: tolerance) <= tolerance {
      result.append(cubic)
      return
    }
    let middle = (t0 + t1) / 2
    appendCubics(from: t0, to: middle, tolerance: tolerance, depth: depth + 1, into: &result)
    appendCubics(from: middle, to: t1, tolerance: tolerance, depth: depth + 1, into: &result)
  }

  /// How far the cubic and the curve's part `range` stray from each other: each of the
  /// part's points from the cubic's polyline (within a tenth of `tolerance`), and each of the
  /// cubic's points from the part, found by a golden-section search within `searchReach`
  /// samples of its own parameter.
  private func distance(from cubic: Bezier, over range: ClosedRange<Double>, tolerance: Double) -> Double {
    var cubicLine: [Point] = []
    cubic.flatten(tolerance: tolerance / 10, into: &cubicLine)
    let span = range.upperBound - range.lowerBound, step = 1 / Double(Self.checks)
    var worst = 0.0
    for index in 0...Self.checks {
      let point = eval(range.lowerBound + span * Double(index) * step)
      let gap = zip(cubicLine, cubicLine.dropFirst()).reduce(Double.infinity) { min($0, CurveGeometry.distance(from: point, toSegment: $1.0, $1.1)) }
      worst = max(worst, gap)
    }
    for index in 1..<Self.checks {
      let u = Double(index) * step, point = cubic.eval(u)
      // The two run at different speeds: the nearest point may lie a few samples off.
      let reach = Double(Self.searchReach) * step
      var low = range.lowerBound + span * max(u - reach, 0), high = range.lowerBound + span * min(u + reach, 1)
      for _ in 0..<Self.searchSteps {
        let a = high - (high - low) * 0.6180339887498949, b = low + (high - low) * 0.6180339887498949
        if eval(a).distance(to: point) < eval(b).distance(to: point) { high = b } else { low = a }
      }
      worst = max(worst, eval((low + high) / 2).distance(to: point))
    }
    return worst
  }

  /// Points compared along each part, golden-section steps for each cubic point's nearest
  /// point of the curve, and how many times a part may be halved.
  static let checks = 16
  /// Chords along a part, to find its middle by length.
  static let fitSamples = 16
  static let searchSteps = 30
  static let searchReach = 4
  static let maximumDepth = 12
}
