/// A cubic Bézier curve: the editor's common case, with closed-form fast paths.
///
/// ```swift
/// let curve = CubicBezier(Point(x: 0, y: 0), Point(x: 0, y: 100), Point(x: 100, y: 100), Point(x: 100, y: 0))
/// curve.eval(0.5)                      // (50, 75)
/// let (left, right) = curve.split(at: 0.5)
/// var polyline: [Point] = []
/// curve.flatten(tolerance: 0.25, into: &polyline)
/// ```
public struct CubicBezier: Hashable, Sendable {
  public var p0: Point
  public var p1: Point
  public var p2: Point
  public var p3: Point

  public init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
    self.p0 = p0
    self.p1 = p1
    self.p2 = p2
    self.p3 = p3
  }

  /// Whether every control point is finite.
  public var isFinite: Bool { p0.isFinite && p1.isFinite && p2.isFinite && p3.isFinite }

  /// The point at `t`, in Bernstein form (stable on [0, 1]).
  public func eval(_ t: Double) -> Point {
    let mt = 1 - t
    let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
    return Point(
      x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
      y: a * p0.y + b * p1.y + c * p2.y + d * p3.y
    )
  }

  /// B'(t).
  public func derivative(at t: Double) -> Point {
    let mt = 1 - t
    return 3 * ((p1 - p0) * (mt * mt) + (p2 - p1) * (2 * mt * t) + (p3 - p2) * (t * t))
  }

  /// B''(t).
  public func secondDerivative(at t: Double) -> Point {
    6 * ((p2 - 2 * p1 + p0) * (1 - t) + (p3 - 2 * p2 + p1) * t)
  }

  /// The two halves of the curve at `t` (de Casteljau).
  public func split(at t: Double) -> (CubicBezier, CubicBezier) {
    let a = p0.lerp(to: p1, t), b = p1.lerp(to: p2, t), c = p2.lerp(to: p3, t)
    let d = a.lerp(to: b, t), e = b.lerp(to: c, t)
    let f = d.lerp(to: e, t)
    return (CubicBezier(p0, a, d, f), CubicBezier(f, e, c, p3))
  }

  /// The part of the curve between `t0` and `t1`, from the derivative at both ends
  /// (exact for a cubic: the sub-curve's handles are the tangents scaled by (t1 - t0) / 3).
  public func subsegment(_ t0: Double, _ t1: Double) -> CubicBezier {
    let scale = (t1 - t0) / 3
    let start = eval(t0), end = eval(t1)
    return CubicBezier(start, start + derivative(at: t0) * scale, end - derivative(at: t1) * scale, end)
  }

  /// Every intermediate point of the de Casteljau construction at `t`: level 0 is the control
  /// polygon, each next level has one point fewer, the last is the point on the curve.
  public func deCasteljauLevels(at t: Double) -> [[Point]] {
    Bezier(self).deCasteljauLevels(at: t)
  }

  /// The tight axis-aligned bounding box: end points plus the extrema where B'(t) = 0.
  public var bounds: Rect {
    var box = Rect(minX: min(p0.x, p3.x), minY: min(p0.y, p3.y), maxX: max(p0.x, p3.x), maxY: max(p0.y, p3.y))
    let a = p1 - p0, b = p2 - p1, c = p3 - p2
    // B'(t)/3 = a(1-t)² + 2b(1-t)t + ct² = (a - 2b + c)t² + 2(b - a)t + a, per axis.
    func include(_ roots: (count: Int, first: Double, second: Double)) {
      if roots.count > 0, roots.first > 0, roots.first < 1 { box.include(eval(roots.first)) }
      if roots.count > 1, roots.second > 0, roots.second < 1 { box.include(eval(roots.second)) }
    }
    include(quadraticRoots(a.x - 2 * b.x + c.x, 2 * (b.x - a.x), a.x))
    include(quadraticRoots(a.y - 2 * b.y + c.y, 2 * (b.y - a.y), a.y))
    return box
  }

  /// Parameters in (0, 1) where the curvature changes sign: roots of B'(t) × B''(t), which is
  /// quadratic in t for a cubic. Empty for curves without inflections (and for degenerate
  /// curves that are straight lines).
  public var inflections: [Double] {
    let a = p1 - p0, b = p2 - 2 * p1 + p0, c = p3 - 3 * p2 + 3 * p1 - p0
    // B'/3 = a + 2bt + ct², B''/6 = b + ct; cross = (a×b) + (a×c)t + (b×c)t².
    return solveQuadratic(b.cross(c), a.cross(c), a.cross(b)).filter { $0 > 0 && $0 < 1 }.sorted()
  }

  /// The parameter of a cusp (where the curve stops and turns back: B'(t) = 0 inside the
  /// curve), if there is one, within a relative `tolerance` of the curve's size.
  public func cusp(tolerance: Double = 1e-9) -> Double? {
    let size = max((p1 - p0).length, (p2 - p1).length, (p3 - p2).length, (p3 - p0).length)
    guard size > 0 else { return nil }
    // |B'(t)|² is a quartic; its minimum is where B'(t)·B''(t) = 0, a cubic in t. Sample it
    // finely and refine each local minimum, rather than solving the cubic in closed form.
    var best: (t: Double, speed: Double)?
    let steps = 256
    var previous = derivative(at: 0).length
    var current = derivative(at: 1 / Double(steps)).length
    for index in 1..<steps {
      let next = derivative(at: Double(index + 1) / Double(steps)).length
      if current <= previous && current <= next {
        let t = refineMinimumSpeed(around: Double(index) / Double(steps), radius: 1 / Double(steps))
        let speed = derivative(at: t).length
        if best == nil || speed < best!.speed { best = (t, speed) }
      }
      (previous, current) = (current, next)
    }
    guard let best, best.speed <= tolerance * size * 3 else { return nil }
    return best.t
  }

  private func refineMinimumSpeed(around t: Double, radius: Double) -> Double {
    var low = max(0, t - radius), high = min(1, t + radius)
    for _ in 0..<80 {
      let a = low + (high - low) / 3, b = high - (high - low) / 3
      if derivative(at: a).lengthSquared < derivative(at: b).lengthSquared { high = b } else { low = a }
    }
    return (low + high) / 2
  }
}

extension CubicBezier: ParametricCurve {
  public var controlPoints: [Point] { [p0, p1, p2, p3] }
}

/// Real roots of a t² + b t + c = 0 (a linear or constant equation when a is ~0), computed
/// without cancellation (the q = -(b + sign(b)√disc)/2 form).
func solveQuadratic(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
  let roots = quadraticRoots(a, b, c)
  return roots.count == 0 ? [] : roots.count == 1 ? [roots.first] : [roots.first, roots.second]
}

/// `solveQuadratic`'s roots without an array, for loops that solve millions: `count` of
/// `first` and `second` are roots.
func quadraticRoots(_ a: Double, _ b: Double, _ c: Double) -> (count: Int, first: Double, second: Double) {
  let scale = max(abs(a), abs(b), abs(c))
  guard scale > 0 else { return (0, 0, 0) }
  if abs(a) <= 1e-12 * scale {
    return abs(b) > 0 ? (1, -c / b, 0) : (0, 0, 0)
  }
  let discriminant = b * b - 4 * a * c
  if discriminant < 0 { return (0, 0, 0) }
  if discriminant == 0 { return (1, -b / (2 * a), 0) }
  let q = -(b + (b >= 0 ? 1 : -1) * discriminant.squareRoot()) / 2
  return q == 0 ? (1, 0, 0) : (2, q / a, c / q)
}
