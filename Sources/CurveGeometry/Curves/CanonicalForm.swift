/// The primer's canonical form (Stone and DeRose, "A Geometric Characterization of Parametric
/// Cubic Curves", 1989): an affine map puts a cubic's first three points at (0, 0), (0, 1)
/// and (1, 1); where the fourth then falls tells its shape, as the primer's map draws it.
///
/// ```swift
/// let point = cubic.canonicalPoint!          // (-0.5, 0.4)
/// CubicShape(canonicalPoint: point)          // .loop
/// ```
extension CubicBezier {
  /// The fourth point once the first three are at (0, 0), (0, 1), (1, 1); nil when the
  /// first three lie on one line (no affine map takes them there).
  ///
  /// P3 − P0 = a (P1 − P0) + b (P2 − P0) is kept by the map, which sends P1 − P0 to (0, 1)
  /// and P2 − P0 to (1, 1): so the fourth point is (b, a + b).
  public var canonicalPoint: Point? {
    let u = p1 - p0, v = p2 - p0, w = p3 - p0
    let determinant = u.cross(v)
    // Relative to the handles' size: collinear within rounding has no canonical form.
    guard abs(determinant) > 1e-12 * max(u.lengthSquared, v.lengthSquared), determinant.isFinite else { return nil }
    let a = w.cross(v) / determinant, b = u.cross(w) / determinant
    return Point(x: b, y: a + b)
  }
}

/// The lines of the canonical map between its regions, as functions of the fourth point's x.
public enum CanonicalMap {
  /// Above this line (y > 1) the curve has a single inflection.
  public static let singleInflectionLine = 1.0

  /// The cusp parabola, for x ≤ 1: on it the curve has a cusp, above it (up to y = 1) two
  /// inflections, below it a loop when t may run past 0…1. Where the discriminant
  /// x² − 2x + 4y − 3 of the inflections' quadratic vanishes.
  public static func cuspY(atX x: Double) -> Double { (-x * x + 2 * x + 3) / 4 }

  /// The loop's lower edge: below it the loop needs t outside 0…1, so the segment itself
  /// shows an arch. For x ≤ 0 the loop's start is at t = 0, for 0 < x ≤ 1 its end at t = 1.
  public static func loopEdgeY(atX x: Double) -> Double? {
    if x <= 0 { return (-x * x + 3 * x) / 3 }
    if x <= 1 { return ((3 * (4 * x - x * x)).squareRoot() - x) / 2 }
    return nil
  }

  /// The region's name for a fourth point `point` (`CubicShape`): within `cuspWidth` of the
  /// parabola (x ≤ 1) counts as on it.
  public static func region(of point: Point, cuspWidth: Double = 1e-3) -> CubicShape {
    if point.y > singleInflectionLine { return .singleInflection }
    guard point.x <= 1 else { return .arch }
    let cusp = cuspY(atX: point.x)
    if abs(point.y - cusp) <= cuspWidth { return .cusp }
    if point.y > cusp { return .doubleInflection }
    if let edge = loopEdgeY(atX: point.x), point.y >= edge { return .loop }
    return .arch
  }
}

extension CubicShape {
  /// The region of the primer's map the canonical fourth point falls in.
  public init(canonicalPoint point: Point) { self = CanonicalMap.region(of: point) }
}
