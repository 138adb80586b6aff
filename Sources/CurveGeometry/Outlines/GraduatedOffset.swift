extension Bezier {
  /// The primer's graduated offset: the curve moved along its normal (`normal(at:)`) by a
  /// distance that changes with the length travelled, from `start` at its first point to
  /// `end` at its last, d(s) = start + (end − start) · s / L; as cubics within `tolerance`
  /// of it at seven points each. Each is the Hermite cubic of its stretch (the offset's ends
  /// and derivatives there), a stretch halved until its cubic is close enough, at most
  /// `deepestOffsetHalving` times: so the cubics follow the offset through the cusps it has
  /// where the curve bends tighter than the distance.
  ///
  /// ```swift
  /// curve.graduatedOffset(from: 10, to: 40, tolerance: 0.25)   // a widening ribbon's edge
  /// ```
  public func graduatedOffset(from start: Double, to end: Double, tolerance: Double) -> [Bezier] {
    let offset = GraduatedOffset(curve: self, start: start, end: end)
    var cubics: [Bezier] = []
    func fit(_ t0: Double, _ t1: Double, depth: Int) {
      let cubic = offset.hermite(t0, t1)
      let fits = cubic.map { cubic in
        (1...7).allSatisfy { step in
          let u = Double(step) / 8
          return offset.point(at: t0 + (t1 - t0) * u).map { cubic.eval(u).distance(to: $0) <= tolerance } ?? true
        }
      } ?? false
      if fits || depth >= Self.deepestOffsetHalving {
        if let cubic { cubics.append(cubic) }
        return
      }
      fit(t0, (t0 + t1) / 2, depth: depth + 1)
      fit((t0 + t1) / 2, t1, depth: depth + 1)
    }
    fit(0, 1, depth: 0)
    return cubics
  }

  /// How many times a stretch of the graduated offset may be halved.
  static let deepestOffsetHalving = 14

  /// The graduated offset's points at `parameters` (none where the curve has no normal, a
  /// cusp), the length travelled measured along 1,024 chords.
  public func graduatedOffsetPoints(at parameters: [Double], from start: Double, to end: Double) -> [Point] {
    let offset = GraduatedOffset(curve: self, start: start, end: end)
    return parameters.compactMap(offset.point(at:))
  }
}

/// A curve's graduated offset, its lengths travelled tabulated once.
private struct GraduatedOffset {
  let curve: Bezier
  let start: Double
  let end: Double
  /// The length travelled at each of 1,024 chords' ends.
  let lengths: [Double]
  static let chords = 1024

  init(curve: Bezier, start: Double, end: Double) {
    self.curve = curve
    self.start = start
    self.end = end
    var lengths = [0.0], previous = curve.eval(0)
    for step in 1...Self.chords {
      let point = curve.eval(Double(step) / Double(Self.chords))
      lengths.append(lengths[lengths.count - 1] + point.distance(to: previous))
      previous = point
    }
    self.lengths = lengths
  }

  func point(at t: Double) -> Point? {
    guard let normal = curve.normal(at: t) else { return nil }
    let total = lengths[Self.chords]
    let position = t * Double(Self.chords), index = min(Int(position), Self.chords - 1)
    let travelled = lengths[index] + (lengths[index + 1] - lengths[index]) * (position - Double(index))
    let fraction = total > 0 ? travelled / total : t
    return curve.eval(t) + normal * (start + (end - start) * fraction)
  }

  /// The offset's derivative at `t`, by central differences (one-sided at the ends).
  func derivative(at t: Double) -> Point? {
    let step = 1e-6, low = max(t - step, 0), high = min(t + step, 1)
    guard let a = point(at: low), let b = point(at: high) else { return nil }
    return (b - a) / (high - low)
  }

  /// The Hermite cubic of the stretch t0…t1: the offset's points and derivatives at its ends.
  func hermite(_ t0: Double, _ t1: Double) -> Bezier? {
    guard let a = point(at: t0), let b = point(at: t1), let da = derivative(at: t0), let db = derivative(at: t1) else { return nil }
    let third = (t1 - t0) / 3
    return Bezier([a, a + da * third, b - db * third, b])
  }
}
