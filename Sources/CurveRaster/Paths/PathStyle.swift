import CurveGeometry

/// Which points a filled path covers, as SVG's `fill-rule` says: those its contours wind
/// round a non-zero number of times, or an odd number of times.
///
/// Coverage is accumulated as signed area (see `CoverageAccumulator`), so a pixel's sum `s`
/// counts the windings over its area: `.nonZero` covers `min(|s|, 1)`; `.evenOdd` folds `|s|`
/// modulo 2 (`a = |s| mod 2`, coverage `a > 1 ? 2 − a : a`), so a hole wound either way, or
/// a region wound twice, is empty. Both are exact for any pixel that no two contours' edges
/// cross at once.
public enum FillRule: Sendable, Hashable, CaseIterable {
  case nonZero
  case evenOdd

  /// A pixel's coverage (0...1) under this rule from its accumulated signed area `sum`.
  @inline(__always)
  func coverage(_ sum: Float) -> Float {
    switch self {
    case .nonZero: NonZeroCoverage.coverage(sum)
    case .evenOdd: EvenOddCoverage.coverage(sum)
    }
  }
}

/// The shape at the open ends of a stroked contour, as SVG's `stroke-linecap` says.
public enum LineCap: Sendable, Hashable, CaseIterable {
  /// Ends flat at the end point.
  case butt
  /// A half disc of the stroke's width around the end point.
  case round
  /// Ends flat half the stroke's width beyond the end point.
  case square
}

/// The shape where two segments of a stroked contour meet, as SVG's `stroke-linejoin` says.
public enum LineJoin: Sendable, Hashable, CaseIterable {
  /// The outer edges extended until they meet, unless that point lies further than
  /// `miterLimit` half-widths from the joint; then a bevel.
  case miter
  /// A disc of the stroke's width around the joint.
  case round
  /// The outer corners joined by a straight line.
  case bevel
}

/// How a stroke is drawn along its contours: SVG's `stroke-width`, `stroke-linecap`,
/// `stroke-linejoin` and `stroke-miterlimit`, with SVG's initial values as defaults.
///
/// ```swift
/// let style = StrokeStyle(width: 4, cap: .square, join: .miter, miterLimit: 4)
/// canvas.stroke([Contour(points, isClosed: true)], style: style, black, opacity: 0.5)
/// ```
public struct StrokeStyle: Hashable, Sendable {
  /// Pixels across; a width that is not positive and finite draws nothing.
  public var width: Double
  public var cap: LineCap
  public var join: LineJoin
  /// The longest a miter may be, as a multiple of `width` (the length from the inner corner
  /// to the tip over the width, 1/sin(θ/2) for segments meeting at angle θ); beyond it the
  /// join is a bevel. Below 1 (or NaN) counts as 1, where every join but a straight one
  /// bevels. Only for `.miter` joins.
  public var miterLimit: Double
  /// A pen that is not round: the contours are given in the pen's space, where the stroke is
  /// `width` across, and its outline is mapped to pixels by this (its translation ignored).
  /// How SVG strokes a shape under a skew or a non-uniform scale: stroked in the shape's own
  /// space, then transformed. Nil: the contours are in pixels, the pen round.
  public var transform: Affine?

  public init(width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 4, transform: Affine? = nil) {
    self.width = width
    self.cap = cap
    self.join = join
    self.miterLimit = miterLimit
    self.transform = transform
  }
}

/// One run of a path, flattened: the points a stroke goes through, and whether it returns
/// from the last to the first (SVG's `Z`). A fill closes every contour.
public struct Contour: Hashable, Sendable {
  public var points: [Point]
  public var isClosed: Bool

  public init(_ points: [Point], isClosed: Bool = false) {
    self.points = points
    self.isClosed = isClosed
  }
}

/// How a pixel's accumulated signed area becomes its coverage, as a type, so the sweep is
/// compiled once for each rule without a branch per pixel.
protocol WindingCoverage {
  static func coverage(_ sum: Float) -> Float
}

enum NonZeroCoverage: WindingCoverage {
  @inline(__always)
  static func coverage(_ sum: Float) -> Float { min(abs(sum), 1) }
}

enum EvenOddCoverage: WindingCoverage {
  /// |sum| modulo 2, folded: 0 at every even winding, 1 at every odd one, linear between;
  /// that is, the distance from |sum| to the nearest even number, 2·round(|sum|/2). Adding
  /// and taking away 1.5 × 2²³ rounds |sum|/2 to the nearest integer without a branch or a
  /// call to `roundf` (exact while it is under 2²², far more windings than a path has).
  @inline(__always)
  static func coverage(_ sum: Float) -> Float {
    let half = abs(sum) * 0.5
    return abs(half - ((half + 12_582_912) - 12_582_912)) * 2
  }
}
