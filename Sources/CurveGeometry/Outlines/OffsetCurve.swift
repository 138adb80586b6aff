import Foundation

extension Bezier {
  /// The curve moved `distance` along its normal (`normal(at:)`, the tangent turned +90°: to
  /// the right of the direction of travel on a y-down screen) at every point, as cubics within
  /// `tolerance` of the true offset: nil where the offset turns back on itself (the curve
  /// bends tighter than `distance` on that side, κ·distance ≥ 1), which a stroke covers with
  /// discs instead.
  ///
  /// Each cubic leaves its ends in the curve's own directions there, its handles fitted by
  /// least squares to points of the true offset, over the longest stretch where it stays
  /// within `tolerance` of the offset (both ways, at fifteen points).
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

  /// How far the fit strays from the true offset: at fifteen points of each, the distance to the
  /// other less what it should be (the fit's point to the curve against |distance|, and the
  /// offset's point to the fit).
  private func offsetError(of fit: CubicBezier, _ distance: Double) -> Double {
    let fitted = Bezier(fit)
    var worst = 0.0
    for step in 1...15 {
      let s = Double(step) / 16
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
