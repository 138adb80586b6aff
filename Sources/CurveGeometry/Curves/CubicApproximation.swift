/// Cubics that stay within a tolerance of a Bézier curve of any degree: what a format that
/// stops at cubics (SVG, PostScript, fonts) can hold of a higher-degree curve.
///
/// ```swift
/// let quintic = Bezier((0..<6).map { Point(x: Double($0) * 100, y: $0 % 2 == 0 ? 0 : 300) })!
/// let cubics = quintic.cubics(tolerance: 0.01)   // each within 0.01 of its part of the curve
/// cubics.first?.controlPoints.first               // (0, 0): the curve's own ends, exactly
/// ```
///
/// Guarantees: a curve of degree 3 or less comes back as itself, exactly. A higher degree
/// gives cubics that join end to end (the first starts at the curve's first point and the
/// last ends at its last, exactly), each matching its part's end tangents, and each within
/// `tolerance` of its part at every parameter: the bound is checked, not assumed. It is the
/// largest distance between the control points of the part and of the cubic raised to the
/// part's degree, which bounds the distance between the two curves at every t (the
/// difference of two Bézier curves of one degree is the Bézier curve of the differences of
/// their control points, and lies in their convex hull). A part that misses is halved.
extension Bezier {
  /// How many times a part may be halved: 2¹² cubics at most, past any tolerance a drawing
  /// needs (the error falls 16-fold at each halving).
  public static let maximumCubicHalvings = 12

  public func cubics(tolerance: Double) -> [Bezier] {
    guard degree > 3 else { return [self] }
    var cubics: [Bezier] = []
    appendCubics(tolerance: tolerance, halvings: 0, into: &cubics)
    return cubics
  }

  /// The curve cut into 2^`halvings` parts of equal t, each as its cubic (the same ends and
  /// end tangents): cut alike, the versions of one segment at several keyframes have as many
  /// cubics each, as an animation (SMIL's `d`, Lottie's shapes) needs.
  public func cubics(halvings: Int) -> [Bezier] {
    guard degree > 3 else { return [self] }
    return uniformParts(min(max(halvings, 0), Self.maximumCubicHalvings)).map(\.hermiteCubic)
  }

  /// The fewest halvings (`cubics(halvings:)`) after which every part of every one of
  /// `versions` (one segment at several keyframes) is within `tolerance` of its cubic, checked;
  /// 0 for curves of degree 3 or less.
  public static func commonCubicHalvings(_ versions: [Bezier], tolerance: Double) -> Int {
    guard versions.contains(where: { $0.degree > 3 }) else { return 0 }
    for halvings in 0..<maximumCubicHalvings {
      let fits = versions.allSatisfy { version in
        version.degree <= 3 || version.uniformParts(halvings).allSatisfy { !($0.cubicDeviation($0.hermiteCubic) > tolerance) }
      }
      if fits { return halvings }
    }
    return maximumCubicHalvings
  }

  private func uniformParts(_ halvings: Int) -> [Bezier] {
    var parts = [self]
    for _ in 0..<halvings {
      parts = parts.flatMap { part -> [Bezier] in
        let (left, right) = part.split(at: 0.5)
        return [left, right]
      }
    }
    return parts
  }

  private func appendCubics(tolerance: Double, halvings: Int, into cubics: inout [Bezier]) {
    let cubic = hermiteCubic
    if halvings >= Self.maximumCubicHalvings || !(cubicDeviation(cubic) > tolerance) {
      cubics.append(cubic)
      return
    }
    let (left, right) = split(at: 0.5)
    left.appendCubics(tolerance: tolerance, halvings: halvings + 1, into: &cubics)
    right.appendCubics(tolerance: tolerance, halvings: halvings + 1, into: &cubics)
  }

  /// The cubic with the same ends and the same derivatives there: B'(0) = n (P1 − P0), and a
  /// cubic's is 3 (Q1 − Q0).
  private var hermiteCubic: Bezier {
    let points = controlPoints, n = Double(degree)
    let first = points[0], last = points[points.count - 1]
    let control1 = first + (points[1] - first) * (n / 3)
    let control2 = last + (points[points.count - 2] - last) * (n / 3)
    return Bezier([first, control1, control2, last])!
  }

  /// The largest distance between this curve's control points and `cubic`'s raised to this
  /// degree: a bound on the distance between the curves at every t.
  private func cubicDeviation(_ cubic: Bezier) -> Double {
    var raised = cubic
    while raised.degree < degree { raised = raised.elevated() }
    return zip(controlPoints, raised.controlPoints).map { $0.distance(to: $1) }.max() ?? 0
  }
}
