import Foundation

extension Bezier {
  /// The curve moved `distance` along its normal (`normal(at:)`, the tangent turned +90°: to
  /// the right of the direction of travel on a y-down screen) at every point, as cubics within
  /// `tolerance` of the true offset: nil where the offset turns back on itself (the curve
  /// bends tighter than `distance` on that side, κ·distance ≥ 1), which a stroke covers with
  /// discs instead.
  ///
  /// The curve is cut at its inflections; each piece's offset is fitted by a cubic leaving
  /// its ends in the piece's own directions, with handle lengths that put its midpoint on the
  /// offset's; a fit farther than `tolerance` from the offset (both ways, at nine points) is
  /// cut in two and fitted again.
  public func offsetCubics(by distance: Double, tolerance: Double) -> [CubicBezier]? {
    if degree == 1 {
      guard let n = normal(at: 0) else { return [] }
      let a = controlPoints[0] + n * distance, b = controlPoints[1] + n * distance
      return [CubicBezier(a, a.lerp(to: b, 1.0 / 3), a.lerp(to: b, 2.0 / 3), b)]
    }
    guard !inverts(whenOffsetBy: distance) else { return nil }
    let stops = [0.0] + inflectionParameters().filter { $0 > 1e-6 && $0 < 1 - 1e-6 } + [1.0]
    var cubics: [CubicBezier] = []
    for (t0, t1) in zip(stops, stops.dropFirst()) {
      fitOffset(t0, t1, distance: distance, tolerance: tolerance, depth: 0, into: &cubics)
    }
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

  private func fitOffset(_ t0: Double, _ t1: Double, distance: Double, tolerance: Double, depth: Int, into cubics: inout [CubicBezier]) {
    let piece = subsegment(t0, t1)
    let fit = piece.offsetFit(distance)
    if depth >= 16 || piece.offsetError(of: fit, distance) <= tolerance {
      cubics.append(fit)
      return
    }
    let middle = (t0 + t1) / 2
    fitOffset(t0, middle, distance: distance, tolerance: tolerance, depth: depth + 1, into: &cubics)
    fitOffset(middle, t1, distance: distance, tolerance: tolerance, depth: depth + 1, into: &cubics)
  }

  /// One cubic from the offset's start to its end, leaving each in the curve's direction
  /// there, through the offset's point at t = ½ at its own s = ½.
  private func offsetFit(_ distance: Double) -> CubicBezier {
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

  /// How far the fit strays from the true offset: at nine points of each, the distance to the
  /// other less what it should be (the fit's point to the curve against |distance|, and the
  /// offset's point to the fit).
  private func offsetError(of fit: CubicBezier, _ distance: Double) -> Double {
    let fitted = Bezier(fit)
    var worst = 0.0
    for step in 1...9 {
      let s = Double(step) / 10
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
