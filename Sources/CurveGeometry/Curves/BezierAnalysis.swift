/// What a curve editor shows at a parameter, for a Bézier curve of any degree: the second
/// derivative, unit tangent and normal, signed curvature and osculating circle; and, for the
/// whole curve, its axis extrema, its inflections and the inverse of its arc length.
///
/// ```swift
/// let curve = Bezier([Point(x: 0, y: 0), Point(x: 30, y: 90), Point(x: 70, y: -90), Point(x: 100, y: 0)])!
/// curve.inflectionParameters()                      // [0.5]: the S-curve turns over at its middle
/// curve.osculatingCircle(at: 0.2)                   // centre and radius of the best-fitting circle
/// let middle = curve.eval(curve.parameter(atArcLengthFraction: 0.5))
/// let box = curve.tightBounds()
/// ```
///
/// Frame: the editor's y-down screen frame. `normal(at:)` is the tangent turned clockwise on
/// screen (to the right of the direction of travel) and curvature is positive where the
/// curve turns that way, so the centre of curvature is always `eval(t) + normal / κ`.
///
/// Degenerate curves answer `nil` or nothing instead of NaN or infinity: where B′ vanishes (a
/// cusp, a handle on its anchor) there is no curvature; a straight line has curvature 0 and
/// no inflections; a curve whose control points all coincide has no tangent and length 0.
/// "Vanishes" means below the rounding noise of the control points (a few ulps of their
/// largest coordinate, carried through the difference formulas), so collinear control
/// points that are not exactly representable still make a straight line.
extension Bezier {
  /// B″(t): n(n − 1) times the Bézier curve of the second differences P(i+2) − 2P(i+1) + P(i)
  /// (differentiating the Bernstein form twice). Zero for a line segment.
  public func secondDerivative(at t: Double) -> Point {
    if let cubic { return cubic.secondDerivative(at: t) }
    return deCasteljau(derivativeControlPoints(order: 2), at: t)
  }

  /// The unit tangent at `t`, in the direction of increasing t.
  ///
  /// Where B′(t) vanishes the direction is the limit of B′/|B′|: by Taylor's theorem
  /// B′(t + h) = h^(k−1)/(k − 1)! · B⁽ᵏ⁾(t) + O(hᵏ) for the first derivative B⁽ᵏ⁾ that does not
  /// vanish, so it is +B⁽ᵏ⁾ leaving t (at a cusp, the branch after the cusp; at t = 0, the
  /// start direction when P1 = P0) and (−1)^(k−1) B⁽ᵏ⁾ arriving at t ≥ 1 (the end direction
  /// when P(n−1) = Pn). `nil` only when every derivative vanishes: all control points coincide.
  public func tangent(at t: Double) -> Point? {
    let velocity = derivative(at: t), speed = velocity.length
    if speed > derivativeNoise(order: 1) { return velocity / speed }
    guard degree >= 2 else { return nil }
    var points = derivativeControlPoints(order: 1)
    for order in 2...degree {
      points = differences(points, scale: Double(degree - order + 1))
      let derivative = deCasteljau(points, at: t), length = derivative.length
      guard length > derivativeNoise(order: order) else { continue }
      return derivative / (t >= 1 && order % 2 == 0 ? -length : length)
    }
    return nil
  }

  /// The unit normal at `t`: the tangent turned by +90° as `Point.perpendicular` does,
  /// (x, y) → (−y, x). In the y-down screen frame that is clockwise, to the right of the
  /// direction of travel: a curve heading right (1, 0) has normal (0, 1), pointing down the
  /// screen. `nil` where `tangent(at:)` is.
  public func normal(at t: Double) -> Point? {
    tangent(at: t)?.perpendicular
  }

  /// Signed curvature κ = (B′ × B″) / |B′|³ at `t`, in 1 / document units.
  ///
  /// Sign: positive where the curve turns towards `normal(at:)`, i.e. clockwise on the y-down
  /// screen (counter-clockwise in a y-up frame, the usual mathematical sign). Exactly 0 on a
  /// straight line: B′ × B″ below its rounding noise (from the control points' noise through
  /// the difference formulas) counts as 0. `nil` where B′ vanishes (a cusp, a handle on its
  /// anchor at an end, a single repeated point), where κ is unbounded, and never ±infinity.
  public func curvature(at t: Double) -> Double? {
    let velocity = derivative(at: t), speed = velocity.length
    guard speed > derivativeNoise(order: 1) else { return nil }
    let acceleration = secondDerivative(at: t)
    let cross = velocity.cross(acceleration)
    let noise = speed * derivativeNoise(order: 2) + acceleration.length * derivativeNoise(order: 1)
    if abs(cross) <= noise { return 0 }
    let curvature = cross / (speed * speed * speed)
    return curvature.isFinite ? curvature : nil
  }

  /// The circle that agrees with the curve at `t` up to second order: it passes through
  /// `eval(t)`, shares its tangent, and has radius 1/|κ| with its centre at
  /// `eval(t) + normal / κ` (on the inside of the turn). `nil` where κ is 0 (straight) or
  /// undefined (see `curvature(at:)`).
  public func osculatingCircle(at t: Double) -> (centre: Point, radius: Double)? {
    guard let curvature = curvature(at: t), curvature != 0 else { return nil }
    let normal = derivative(at: t).normalized.perpendicular
    let centre = eval(t) + normal / curvature, radius = 1 / abs(curvature)
    guard centre.isFinite, radius.isFinite else { return nil }
    return (centre, radius)
  }

  /// The parameters in (0, 1) where x′(t) = 0 or y′(t) = 0 and that coordinate turns back
  /// (the derivative component changes sign), sorted, closer than 1e-10 merged.
  ///
  /// Each component of B′/n is the Bernstein polynomial of degree n − 1 with the control
  /// points' differences as coefficients; its roots are isolated by Bernstein subdivision and
  /// bisected until the bracket is narrower than 2.2e-16 (see `BernsteinPolynomial`), so the
  /// error in t is the rounding of the derivative there divided by its slope. Zeros where the
  /// component does not change sign (a stationary point, not an extremum) are left out, and
  /// a component that vanishes throughout within rounding (an axis-parallel line) has none.
  public func extremaParameters() -> [Double] {
    mergingNeighbours((extremaParameters(along: \.x) + extremaParameters(along: \.y)).sorted())
  }

  /// The parameters in (0, 1) where one coordinate (`\.x` or `\.y`) turns back, sorted:
  /// between them the curve runs one way along that axis.
  public func extremaParameters(along component: (Point) -> Double) -> [Double] {
    let differences = zip(controlPoints.dropFirst(), controlPoints).map { component($0 - $1) }
    let noise = 8 * coordinateNoise
    guard differences.contains(where: { abs($0) > noise }) else { return [] }
    return mergingNeighbours(BernsteinPolynomial(differences).signChanges(noise: noise))
  }

  /// The tight axis-aligned box: the end points and `eval` at every `extremaParameters()`, so
  /// each side is touched by the curve and, up to the rounding of the extrema, no point of
  /// the curve lies outside. This is the box `bounds` means; unlike `bounds` for degrees
  /// other than 3 it also finds extrema that fall exactly on a dyadic parameter such as 1/2.
  public func tightBounds() -> Rect {
    var box = Rect.empty
    box.include(controlPoints[0])
    box.include(controlPoints[degree])
    // A curve lies in its control points' hull: with every control point in the ends' box (a
    // line, most curves of a drawing) there is no extremum to look for.
    if controlPoints.allSatisfy({ $0.x >= box.minX && $0.x <= box.maxX && $0.y >= box.minY && $0.y <= box.maxY }) { return box }
    for t in extremaParameters() { box.include(eval(t)) }
    return box
  }

  /// The parameters in (0, 1) where the curvature changes sign: B′ × B″ = 0, sorted.
  ///
  /// B′ × B″ is the product of Bernstein polynomials of degrees n − 1 and n − 2, itself one
  /// of degree 2n − 3 (its true degree is 2n − 4: the leading terms are parallel) with
  /// coefficients c(l) = Σ(i+j=l) C(n−1, i) C(n−2, j) / C(2n−3, l) · Dᵢ × Eⱼ, where D and E are
  /// the first and second differences (Farin, *Curves and Surfaces for CAGD*, "Products of
  /// Bernstein polynomials"). Its sign changes are found as in `extremaParameters()`. At most
  /// 2n − 4, so at most two for a cubic and none for a quadratic; none for a straight line
  /// (all coefficients below rounding noise), and a touching zero without a sign change (the
  /// curvature reaching 0 and turning back) is not an inflection.
  public func inflectionParameters() -> [Double] {
    guard degree >= 3 else { return [] }
    let first = zip(controlPoints.dropFirst(), controlPoints).map { $0 - $1 }
    let second = zip(first.dropFirst(), first).map { $0 - $1 }
    let m = first.count - 1, k = second.count - 1
    var coefficients = [Double](repeating: 0, count: m + k + 1)
    for i in 0...m {
      for j in 0...k {
        coefficients[i + j] += binomial(m, i) * binomial(k, j) / binomial(m + k, i + j) * first[i].cross(second[j])
      }
    }
    // Four times the noise of D × E from that of the points, |D|·δE + |E|·δD with δD and δE
    // 2 and 4 units of `coordinateNoise`; the weights of each c(l) sum to 1.
    let largestFirst = first.map(\.length).max()!, largestSecond = second.map(\.length).max()!
    let noise = 8 * coordinateNoise * (2 * largestFirst + largestSecond)
    guard coefficients.contains(where: { abs($0) > noise }) else { return [] }
    return mergingNeighbours(BernsteinPolynomial(coefficients).signChanges(noise: noise))
  }

  /// The length of the curve between `t0` and `t1` (in either order, clamped to [0, 1]),
  /// within `accuracy` (absolute, in document units), by the same adaptive 16-point
  /// Gauss–Legendre quadrature of |B′| as `arcLength(accuracy:)`. NaN for non-finite curves.
  public func arcLength(from t0: Double, to t1: Double, accuracy: Double = 1e-6) -> Double {
    guard isFinite else { return .nan }
    let a = min(max(min(t0, t1), 0), 1), b = min(max(max(t0, t1), 0), 1)
    guard a < b else { return 0 }
    let speed = Speed(self)
    let accuracy = accuracy.isFinite && accuracy > 0 ? accuracy : 1e-6
    var length = 0.0
    GaussLegendre.adaptive(a, b, accuracy: accuracy, of: speed.callAsFunction) { length += $0.integral }
    return length
  }

  /// The parameter t where the arc length from 0 to t is `length` (clamped to [0, total]).
  ///
  /// Guarantee: the arc length to the returned t is within min(max(`accuracy`, 1e-12 ×
  /// total), 1e-4 × total) of the clamped request (`accuracy` in document units; 1e-12 is
  /// the rounding floor), to the quadrature's error estimate (see `arcLength(accuracy:)`; the
  /// tests check it against that independent integration). 0 and the total give exactly 0
  /// and 1; requests further apart than a thousandth of that tolerance keep their order.
  ///
  /// One adaptive Gauss–Legendre pass over [0, 1] partitions the curve into pieces with
  /// accepted lengths; in the piece holding `length`, Newton's method on
  /// s(t) = ∫ |B′| (whose derivative is |B′(t)|) solves for t, falling back to bisection of
  /// the bracket whenever a step would leave it or |B′| vanishes (cusps). A curve of length
  /// 0 returns 0. Nothing is cached; at the default accuracy a call takes about 4 µs for a
  /// 1000-unit cubic, 10 µs at degree 7 and 40 µs at degree 15 (optimised build, one core).
  public func parameter(atArcLength length: Double, accuracy: Double = 1e-9) -> Double {
    let accuracy = accuracy.isFinite && accuracy > 0 ? accuracy : 1e-9
    return parameter(ifLengthIsZero: 0, tolerance: { _ in accuracy }) { _ in length }
  }

  /// The parameter at the fraction `u` (clamped to [0, 1]) of the total arc length, for
  /// per-frame use: the arc length to the returned t is within 1e-7 × total of u × total (to
  /// the quadrature's error estimate), a thousandth of the 1e-4 × total promised, otherwise
  /// as `parameter(atArcLength:accuracy:)`. A zero-length curve (all control points equal)
  /// returns `u` itself, so evenly spaced fractions stay evenly spaced.
  public func parameter(atArcLengthFraction u: Double) -> Double {
    parameter(ifLengthIsZero: min(max(u, 0), 1), tolerance: { estimate in 1e-7 * estimate }) { total in u * total }
  }

  private func parameter(
    ifLengthIsZero: Double, tolerance: (_ estimate: Double) -> Double, target: (_ total: Double) -> Double
  ) -> Double {
    guard isFinite, controlPoints.contains(where: { $0 != controlPoints[0] }) else { return ifLengthIsZero }
    let speed = Speed(self)
    let estimate = GaussLegendre.integral(0, 1, of: speed.callAsFunction)
    guard estimate > 0 else { return ifLengthIsZero }
    // Half of 1e-4 leaves room for the estimate being off; 1e-12 keeps the tolerance above
    // the rounding of the sums, where the recursion could not meet it.
    let tolerance = min(max(tolerance(estimate), 1e-12 * estimate), 0.5e-4 * estimate)
    var pieces: [GaussLegendre.Piece] = []
    GaussLegendre.adaptive(0, 1, whole: estimate, accuracy: tolerance, of: speed.callAsFunction) { pieces.append($0) }
    let total = pieces.reduce(0) { $0 + $1.integral }
    let length = target(total)
    guard length > 0 else { return length.isNaN ? .nan : 0 }
    guard length < total else { return 1 }
    var before = 0.0
    for (index, piece) in pieces.enumerated() {
      if length <= before + piece.integral || index == pieces.count - 1 {
        return speed.solve(piece, remaining: min(max(length - before, 0), piece.integral), tolerance: tolerance)
      }
      before += piece.integral
    }
    return 1
  }

  // MARK: - Derivatives and rounding noise

  /// The control points of B⁽ᵏ⁾: k-fold differences, each level scaled by its degree.
  func derivativeControlPoints(order: Int) -> [Point] {
    var points = controlPoints
    for level in 0..<min(order, points.count) { points = differences(points, scale: Double(degree - level)) }
    return points
  }

  /// How precisely the control points are known: one ulp of the largest coordinate. Control
  /// points computed in floating point (collinear ones, say) are off by about this much.
  var coordinateNoise: Double {
    Double.ulpOfOne * controlPoints.reduce(0) { max($0, abs($1.x), abs($1.y)) }
  }

  /// Four times the largest change in B⁽ᵏ⁾ that the control points' noise can cause: B⁽ᵏ⁾ is
  /// n!/(n − k)! times a convex combination of k-th differences, each summing 2ᵏ noisy terms.
  private func derivativeNoise(order: Int) -> Double {
    var factor = 4 * coordinateNoise
    for level in 0..<order { factor *= 2 * Double(max(degree - level, 0)) }
    return factor
  }
}

/// The differences of consecutive points, times `scale`: the control points of a hodograph.
func differences(_ points: [Point], scale: Double) -> [Point] {
  zip(points.dropFirst(), points).map { ($0 - $1) * scale }
}

/// The Bézier curve of `points` at `t` by de Casteljau's algorithm, in stack scratch space;
/// zero for no points.
private func deCasteljau(_ points: [Point], at t: Double) -> Point {
  guard points.count > 1 else { return points.first ?? .zero }
  return withUnsafeTemporaryAllocation(of: Point.self, capacity: points.count) { scratch in
    _ = scratch.initialize(from: points)
    for level in stride(from: points.count - 1, to: 0, by: -1) {
      for index in 0..<level { scratch[index] = scratch[index].lerp(to: scratch[index + 1], t) }
    }
    return scratch[0]
  }
}

/// C(n, k) as a Double: exact for n ≤ 40 (every partial product stays below 2⁵³); beyond, to
/// a few ulps.
func binomial(_ n: Int, _ k: Int) -> Double {
  var result = 1.0
  for i in 0..<min(k, n - k) { result = result * Double(n - i) / Double(i + 1) }
  return result
}

/// Sorted parameters with neighbours closer than 1e-10 merged: the same root reached from
/// two polynomials (x′ and y′ at a cusp) or two sides of a subdivision.
func mergingNeighbours(_ sorted: [Double]) -> [Double] {
  var merged: [Double] = []
  for t in sorted where merged.last.map({ t - $0 > 1e-10 }) ?? true { merged.append(t) }
  return merged
}

/// |B′(t)| of one curve, evaluated without allocating: the integrand of every arc-length query.
private struct Speed {
  let cubic: CubicBezier?
  /// B′'s control points times their binomial weights, C(m, i)·Qᵢ, for the nested evaluation.
  let weightedHodograph: [Point]

  init(_ curve: Bezier) {
    cubic = curve.cubic
    let hodograph = differences(curve.controlPoints, scale: Double(curve.degree))
    let m = hodograph.count - 1
    weightedHodograph = hodograph.indices.map { hodograph[$0] * binomial(m, $0) }
  }

  /// |B′(t)| for t in [0, 1]. Away from cubics, by nested multiplication in the Bernstein basis
  /// (Schumaker & Volk 1986): Σ C(m, i) Qᵢ (1 − t)^(m−i) tⁱ = (1 − t)ᵐ Σ C(m, i) Qᵢ rⁱ with
  /// r = t / (1 − t) ≤ 1 for t ≤ 1/2, mirrored above (Schumaker & Volk, "Efficient evaluation
  /// of multivariate polynomials", CAGD 1986). O(m) where de Casteljau is O(m²), with the
  /// same kind of bound, about 2m ulps of max |Qᵢ|: the terms sum to at most max |Qᵢ|.
  func callAsFunction(_ t: Double) -> Double {
    if let cubic { return cubic.derivative(at: t).length }
    let m = weightedHodograph.count - 1
    guard m > 0 else { return weightedHodograph[0].length }
    let s = 1 - t
    var sum: Point, power = 1.0
    if t <= 0.5 {
      let r = t / s
      sum = weightedHodograph[m]
      for index in stride(from: m - 1, through: 0, by: -1) { sum = sum * r + weightedHodograph[index] }
      for _ in 0..<m { power *= s }
    } else {
      let r = s / t
      sum = weightedHodograph[0]
      for index in 1...m { sum = sum * r + weightedHodograph[index] }
      for _ in 0..<m { power *= t }
    }
    return sum.length * power
  }

  /// The t in `piece` where ∫ from piece.a to t of |B′| = `remaining`: Newton's method on that
  /// integral, safeguarded by bisection of the bracket it maintains.
  func solve(_ piece: GaussLegendre.Piece, remaining: Double, tolerance: Double) -> Double {
    guard piece.integral > 0 else { return piece.a }
    var low = piece.a, high = piece.b
    var t = piece.a + (piece.b - piece.a) * (remaining / piece.integral)
    for _ in 0..<60 {
      let error = GaussLegendre.integral(piece.a, t, of: callAsFunction) - remaining
      if error < 0 { low = t } else if error > 0 { high = t } else { return t }
      let newton = t - error / self(t)
      // 1e-3 of the tolerance is far inside the guarantee; the last Newton step squares it.
      if abs(error) <= 1e-3 * tolerance || high - low <= 4e-16 { return newton > low && newton < high ? newton : t }
      t = newton > low && newton < high ? newton : (low + high) / 2
    }
    return t
  }
}

