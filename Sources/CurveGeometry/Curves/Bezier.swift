/// A Bézier curve of any degree: n control points (n >= 2) make a curve of degree n - 1.
/// The editor's curves are this type; cubics take `CubicBezier`'s fast paths.
///
/// ```swift
/// let curve = Bezier([Point(x: 0, y: 0), Point(x: 50, y: 80), Point(x: 100, y: 0)])!
/// curve.eval(0.5)
/// curve.deCasteljauLevels(at: 0.3)   // what the animation draws
/// ```
public struct Bezier: Hashable, Sendable {
  /// The control points; there are at least two.
  public private(set) var controlPoints: [Point]

  /// Returns `nil` when there are fewer than two points.
  public init?(_ controlPoints: [Point]) {
    guard controlPoints.count >= 2 else { return nil }
    self.controlPoints = controlPoints
  }

  /// For points known to be at least two.
  private init(unchecked controlPoints: [Point]) {
    self.controlPoints = controlPoints
  }

  public init(_ cubic: CubicBezier) {
    self.controlPoints = [cubic.p0, cubic.p1, cubic.p2, cubic.p3]
  }

  public var degree: Int { controlPoints.count - 1 }
  public var isFinite: Bool { controlPoints.allSatisfy(\.isFinite) }

  /// The curve as a `CubicBezier`, when it has degree 3.
  public var cubic: CubicBezier? {
    guard controlPoints.count == 4 else { return nil }
    return CubicBezier(controlPoints[0], controlPoints[1], controlPoints[2], controlPoints[3])
  }

  /// The point at `t` by de Casteljau's algorithm (stable for any degree).
  public func eval(_ t: Double) -> Point {
    if let cubic { return cubic.eval(t) }
    var points = controlPoints
    for level in stride(from: points.count - 1, to: 0, by: -1) {
      for index in 0..<level { points[index] = points[index].lerp(to: points[index + 1], t) }
    }
    return points[0]
  }

  /// B'(t): degree times the curve of the control points' differences.
  public func derivative(at t: Double) -> Point {
    if let cubic { return cubic.derivative(at: t) }
    var differences = zip(controlPoints.dropFirst(), controlPoints).map { ($0 - $1) * Double(degree) }
    for level in stride(from: differences.count - 1, to: 0, by: -1) {
      for index in 0..<level { differences[index] = differences[index].lerp(to: differences[index + 1], t) }
    }
    return differences[0]
  }

  /// Every intermediate point of the de Casteljau construction at `t`: level 0 is the control
  /// polygon, level k has n - k points, and the last level is the single point on the curve.
  public func deCasteljauLevels(at t: Double) -> [[Point]] {
    var levels = [controlPoints]
    while let last = levels.last, last.count > 1 {
      levels.append(zip(last, last.dropFirst()).map { $0.lerp(to: $1, t) })
    }
    return levels
  }

  /// The two halves at `t`: the left edges and right edges of the de Casteljau triangle.
  /// The first ends and the second starts at exactly `eval(t)`, so the halves meet without a
  /// gap and on the curve as `eval` draws it: the triangle's apex is that point up to rounding,
  /// but a cubic's `eval` takes the Bernstein form, which rounds differently.
  public func split(at t: Double) -> (Bezier, Bezier) {
    if let cubic {
      // The same triangle without its levels' arrays: booleans split millions of cubics.
      let a = cubic.p0.lerp(to: cubic.p1, t), b = cubic.p1.lerp(to: cubic.p2, t), c = cubic.p2.lerp(to: cubic.p3, t)
      let ab = a.lerp(to: b, t), bc = b.lerp(to: c, t)
      let joint = cubic.eval(t)
      return (Bezier(unchecked: [cubic.p0, a, ab, joint]), Bezier(unchecked: [joint, bc, c, cubic.p3]))
    }
    let levels = deCasteljauLevels(at: t)
    var left = levels.map { $0.first! }, right = levels.reversed().map { $0.last! }
    let joint = eval(t)
    left[left.count - 1] = joint
    right[0] = joint
    return (Bezier(left)!, Bezier(right)!)
  }

  /// The same curve with one more control point (degree n + 1): exact, not an approximation,
  /// for every t; only the new points' rounding (one convex combination each) differs.
  ///
  /// Forrest's degree elevation (Forrest 1972; Farin, *Curves and Surfaces for CAGD*, "Degree
  /// elevation"): with n the degree, the ends stay and
  ///
  ///     Q_i = (i / (n + 1)) P_(i-1) + (1 - i / (n + 1)) P_i,   0 < i < n + 1.
  ///
  /// It follows from B(t) = (t + (1 - t)) B(t): t B_(i-1)^n = (i / (n + 1)) B_i^(n+1) and
  /// (1 - t) B_i^n = (1 - i / (n + 1)) B_i^(n+1), collected by Bernstein polynomial.
  public func elevated() -> Bezier {
    let n = degree
    var points = [controlPoints[0]]
    points.reserveCapacity(n + 2)
    for i in 1...n {
      let a = Double(i) / Double(n + 1)
      points.append(controlPoints[i - 1] * a + controlPoints[i] * (1 - a))
    }
    points.append(controlPoints[n])
    return Bezier(points)!
  }

  /// The part of the curve between `t0` and `t1` (0 <= t0 < t1 <= 1).
  public func subsegment(_ t0: Double, _ t1: Double) -> Bezier {
    let right = t0 > 0 ? split(at: t0).1 : self
    guard t1 < 1 else { return right }
    return right.split(at: (t1 - t0) / (1 - t0)).0
  }

  /// The tight bounding box: end points plus the roots of B'(t) per axis, found by
  /// subdividing the derivative's Bernstein coefficients (a root can only lie where they
  /// change sign, by the convex hull property).
  public var bounds: Rect {
    if let cubic { return cubic.bounds }
    return tightBounds()
  }

  /// Appends the polyline to `points`; see `CubicBezier.flatten(tolerance:into:)`.
  public func flatten(tolerance: Double, into points: inout [Point]) {
    if let cubic { return cubic.flatten(tolerance: tolerance, into: &points) }
    guard isFinite else { return }
    let largest = controlPoints.reduce(0) { max($0, abs($1.x), abs($1.y)) }
    guard largest > Flattening.largestExactCoordinate else { return flattenAnyDegree(tolerance: tolerance, into: &points) }
    // As for cubics: flattened scaled down by a power of two, exactly, then scaled back.
    let scale = Flattening.powerOfTwoScale(bringing: largest), start = points.count
    Bezier(controlPoints.map { $0 * scale })!.flattenAnyDegree(tolerance: tolerance * scale, into: &points)
    for index in start..<points.count { points[index] = points[index] / scale }
    points[start] = controlPoints[0]
    points[points.count - 1] = controlPoints[controlPoints.count - 1]
  }
}

extension Bezier: ParametricCurve {}

