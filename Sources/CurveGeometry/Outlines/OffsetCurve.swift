extension Bezier {
  /// The curve moved `distance` along its normal (`normal(at:)`, the tangent turned +90°: to
  /// the right of the direction of travel on a y-down screen) at every point, as cubics within
  /// `tolerance` of the true offset: nil where the offset turns back on itself (the curve
  /// bends tighter than `distance` on that side, κ·distance ≥ 1), which a stroke covers with
  /// discs instead.
  ///
  /// Each cubic leaves its ends in the curve's own directions there, its handles fitted to
  /// the true offset's area and moment (`areaMomentFits`), else by least squares to points of
  /// it, over the longest stretch where it stays within `tolerance` of the offset (both ways,
  /// at 31 points).
  public func offsetCubics(by distance: Double, tolerance: Double) -> [CubicBezier]? {
    if degree == 1 {
      guard let n = normal(at: 0) else { return [] }
      let a = controlPoints[0] + n * distance, b = controlPoints[1] + n * distance
      return [CubicBezier(a, a.lerp(to: b, 1.0 / 3), a.lerp(to: b, 2.0 / 3), b)]
    }
    guard !inverts(whenOffsetBy: distance) else { return nil }
    var cubics: [CubicBezier] = []
    fitOffset(0, 1, distance: distance, tolerance: tolerance, into: &cubics)
    return cubics
  }

  /// Whether the offset by `distance` turns back somewhere: κ·distance ≥ 1 at one of 65
  /// points (the offset's speed there, |B′|·(1 − κ·distance), vanishes or goes negative).
  public func inverts(whenOffsetBy distance: Double) -> Bool {
    (0...64).contains { step in (curvature(at: Double(step) / 64) ?? 0) * distance >= 1 - 1e-9 }
  }

  private func offsetPoint(_ t: Double, _ distance: Double) -> Point {
    eval(t) + (normal(at: t) ?? .zero) * distance
  }

  /// Cubics for the offset of t0…t1, each over the longest stretch one fits (tried whole,
  /// then found by halving), so a long gentle stretch takes one cubic.
  private func fitOffset(_ t0: Double, _ t1: Double, distance: Double, tolerance: Double, into cubics: inout [CubicBezier]) {
    func fit(_ a: Double, _ b: Double) -> CubicBezier? {
      let piece = subsegment(a, b)
      // The cubics with the offset's area and moment first: they fit longer stretches.
      let candidates = piece.areaMomentFits(distance).map { (cubic: $0, error: piece.offsetError(of: $0, distance)) }
      if let best = candidates.min(by: { $0.error < $1.error }), best.error <= tolerance { return best.cubic }
      guard let cubic = piece.offsetFit(distance, tolerance: tolerance), piece.offsetError(of: cubic, distance) <= tolerance else { return nil }
      return cubic
    }
    var start = t0
    while start < t1 {
      var best = fit(start, t1).map { (end: t1, cubic: $0) }
      if best == nil {
        var fits = start, fails = t1
        for _ in 0..<10 {
          let middle = (fits + fails) / 2
          if let cubic = fit(start, middle) {
            best = (middle, cubic)
            fits = middle
          } else {
            fails = middle
          }
        }
      }
      // Not even a thousandth fits (next to a cusp): the midpoint fit over that thousandth.
      let (end, cubic) = best ?? { let end = start + (t1 - start) / 1024; return (end, subsegment(start, end).midpointOffsetFit(distance)) }()
      cubics.append(cubic)
      start = end
    }
  }

  /// One cubic from the offset's start to its end, leaving each in the curve's direction
  /// there: the handles by least squares through 17 points of the true offset (Schneider's
  /// fit with Newton's refinement, `CubicFit`), nil where that does not come within
  /// `tolerance` of them.
  private func offsetFit(_ distance: Double, tolerance: Double) -> CubicBezier? {
    guard let u = tangent(at: 0), let v = tangent(at: 1) else { return nil }
    let points = (0...16).map { offsetPoint(Double($0) / 16, distance) }
    var fit = CubicFit(stroke: StrokeSamples(points: points, isClosed: false, window: 0), tolerance: tolerance, refinements: 16, hopeless: 1000)
    return fit.cubic(from: 0, to: 16, startTangent: u, endTangent: v)
  }

  /// The cubics from the offset's start to its end, leaving each in the curve's direction
  /// there, that enclose the same area with their chord as the offset does and have the same
  /// moment about the chord's start (Levien's fit by area and moment: with the ends and their
  /// directions fixed, two numbers fix the two handle lengths, and the error falls with the
  /// sixth power of the stretch). In the chord's frame (from (0, 0) to (1, 0)) the area is
  /// bilinear in the handle lengths, so each length of the first gives the second; the moment
  /// then leaves one equation, whose roots are found by a scan and bisection.
  func areaMomentFits(_ distance: Double) -> [CubicBezier] {
    let start = offsetPoint(0, distance), end = offsetPoint(1, distance), length = end.distance(to: start)
    guard length > 0, let u0 = tangent(at: 0), let u1 = tangent(at: 1) else { return [] }
    let axis = (end - start) * (1 / length)
    func turned(_ v: Point) -> Point { Point(x: v.dot(axis), y: axis.cross(v)) }
    // ∫ y dx and ∫ x·y dx along the offset, in the chord's frame; O′ = B′(1 − distance·κ).
    var area = 0.0, moment = 0.0
    for quarter in 0..<4 {
      let a = Double(quarter) / 4, b = Double(quarter + 1) / 4
      func integrand(_ t: Double) -> (Double, Double) {
        let p = turned(offsetPoint(t, distance) - start) * (1 / length)
        let dx = turned(derivative(at: t) * (1 - distance * (curvature(at: t) ?? 0))).x / length
        return (p.y * dx, p.x * p.y * dx)
      }
      area += GaussLegendre.integral(a, b) { integrand($0).0 }
      moment += GaussLegendre.integral(a, b) { integrand($0).1 }
    }
    let d0 = turned(u0), d1 = turned(u1)
    func cubic(_ alpha: Double, _ beta: Double) -> CubicBezier {
      CubicBezier(.zero, d0 * alpha, Point(x: 1, y: 0) - d1 * beta, Point(x: 1, y: 0))
    }
    // Exact for a cubic: the integrands are polynomials of degree 5 and 8.
    func measures(_ alpha: Double, _ beta: Double) -> (area: Double, moment: Double) {
      let c = cubic(alpha, beta)
      let a = GaussLegendre.integral(0, 1) { t in c.eval(t).y * c.derivative(at: t).x }
      let m = GaussLegendre.integral(0, 1) { t in let p = c.eval(t); return p.x * p.y * c.derivative(at: t).x }
      return (a, m)
    }
    let a00 = measures(0, 0).area, a10 = measures(1, 0).area, a01 = measures(0, 1).area, a11 = measures(1, 1).area
    func beta(for alpha: Double) -> Double? {
      let denominator = (a01 - a00) + (a11 - a10 - a01 + a00) * alpha
      guard abs(denominator) > 1e-12 else { return nil }
      let beta = (area - a00 - (a10 - a00) * alpha) / denominator
      return beta >= 0 && beta <= 1.5 ? beta : nil
    }
    func residual(_ alpha: Double) -> Double? { beta(for: alpha).map { measures(alpha, $0).moment - moment } }
    var roots: [Double] = []
    let steps = 48
    var previous: (alpha: Double, value: Double)?
    for step in 0...steps {
      let alpha = 1.5 * Double(step) / Double(steps)
      guard let value = residual(alpha) else { previous = nil; continue }
      if let (lastAlpha, lastValue) = previous, (lastValue < 0) != (value < 0) {
        var low = lastAlpha, high = alpha, lowValue = lastValue
        for _ in 0..<40 {
          let middle = (low + high) / 2
          guard let middleValue = residual(middle) else { break }
          if (middleValue < 0) == (lowValue < 0) { low = middle; lowValue = middleValue } else { high = middle }
        }
        roots.append((low + high) / 2)
      }
      previous = (alpha, value)
    }
    return roots.compactMap { alpha in
      guard let beta = beta(for: alpha) else { return nil }
      let local = cubic(alpha, beta)
      func back(_ p: Point) -> Point { start + axis * (p.x * length) + axis.perpendicular * (p.y * length) }
      return CubicBezier(start, back(local.p1), back(local.p2), end)
    }
  }

  /// One cubic from the offset's start to its end, leaving each in the curve's direction
  /// there, through the offset's point at t = ½ at its own s = ½.
  private func midpointOffsetFit(_ distance: Double) -> CubicBezier {
    let start = offsetPoint(0, distance), end = offsetPoint(1, distance), middle = offsetPoint(0.5, distance)
    let chord = end.distance(to: start)
    guard let u = tangent(at: 0), let v = tangent(at: 1), chord > 0 else {
      return CubicBezier(start, start.lerp(to: end, 1.0 / 3), start.lerp(to: end, 2.0 / 3), end)
    }
    // (start + 3(start + αu) + 3(end − βv) + end) / 8 = middle, for α and β.
    let right = (middle * 8 - start * 4 - end * 4) / 3
    let determinant = -u.cross(v)
    var alpha = -right.cross(v) / determinant, beta = u.cross(right) / determinant
    if !(abs(determinant) > 1e-6) || !(alpha > 0 && beta > 0 && alpha < 2 * chord && beta < 2 * chord) {
      alpha = chord / 3
      beta = chord / 3
    }
    return CubicBezier(start, start + u * alpha, end - v * beta, end)
  }

  /// How far the fit strays from the true offset: at 31 points of each, the distance to the
  /// other less what it should be (the fit's point to the curve against |distance|, and the
  /// offset's point to the fit).
  private func offsetError(of fit: CubicBezier, _ distance: Double) -> Double {
    let fitted = Bezier(fit)
    var worst = 0.0
    for step in 1...31 {
      let s = Double(step) / 32
      let point = fitted.eval(s)
      let t = localProjection(of: point, from: s)
      worst = max(worst, abs(point.distance(to: eval(t)) - abs(distance)))
      let target = offsetPoint(s, distance)
      let back = fitted.localProjection(of: target, from: s)
      worst = max(worst, target.distance(to: fitted.eval(back)))
    }
    return worst
  }
}
