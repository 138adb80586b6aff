import Glibc

/// A 2-D affine map, with the six numbers SVG's `matrix(a b c d e f)` names:
///
/// ```
/// x' = a·x + c·y + e
/// y' = b·x + d·y + f
/// ```
///
/// ```swift
/// let move = Affine.translate(x: 10, y: 0)
/// let turn = Affine.rotate(degrees: 90)
/// (move * turn).apply(to: Point(x: 1, y: 0))   // (10, 1): turned first, then moved
/// curve.applying(move * turn)                  // the same map on every control point
/// ```
///
/// `*` composes as SVG's transform lists do: `transform="A B"` is `A * B`, which applies `B`
/// first. Rotations and skews by whole multiples of 90° use exact sines and cosines, so
/// `rotate(90)` moves (1, 0) to exactly (0, 1).
public struct Affine: Hashable, Sendable {
  public var a, b, c, d, e, f: Double

  public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
    (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
  }

  public static let identity = Affine(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

  /// SVG's `translate(x y)`.
  public static func translate(x: Double, y: Double = 0) -> Affine {
    Affine(a: 1, b: 0, c: 0, d: 1, e: x, f: y)
  }

  /// SVG's `scale(x y)`; `scale(x)` scales both axes by `x`.
  public static func scale(x: Double, y: Double? = nil) -> Affine {
    Affine(a: x, b: 0, c: 0, d: y ?? x, e: 0, f: 0)
  }

  /// SVG's `rotate(angle cx cy)`: by `degrees` about `center`. Positive angles turn +x towards
  /// +y, which is clockwise on screen, where y points down.
  public static func rotate(degrees: Double, around center: Point = .zero) -> Affine {
    let (sine, cosine) = sineAndCosine(degrees: degrees)
    let turn = Affine(a: cosine, b: sine, c: -sine, d: cosine, e: 0, f: 0)
    guard center != .zero else { return turn }
    return translate(x: center.x, y: center.y) * turn * translate(x: -center.x, y: -center.y)
  }

  /// SVG's `skewX(angle)`: x moves by tan(angle)·y.
  public static func skewX(degrees: Double) -> Affine {
    Affine(a: 1, b: 0, c: tangent(degrees: degrees), d: 1, e: 0, f: 0)
  }

  /// SVG's `skewY(angle)`: y moves by tan(angle)·x.
  public static func skewY(degrees: Double) -> Affine {
    Affine(a: 1, b: tangent(degrees: degrees), c: 0, d: 1, e: 0, f: 0)
  }

  public func apply(to point: Point) -> Point {
    Point(x: a * point.x + c * point.y + e, y: b * point.x + d * point.y + f)
  }

  /// The map that applies `rhs` first, then `lhs` (the matrix product lhs · rhs).
  public static func * (lhs: Affine, rhs: Affine) -> Affine {
    Affine(
      a: lhs.a * rhs.a + lhs.c * rhs.b,
      b: lhs.b * rhs.a + lhs.d * rhs.b,
      c: lhs.a * rhs.c + lhs.c * rhs.d,
      d: lhs.b * rhs.c + lhs.d * rhs.d,
      e: lhs.a * rhs.e + lhs.c * rhs.f + lhs.e,
      f: lhs.b * rhs.e + lhs.d * rhs.f + lhs.f
    )
  }

  public var isFinite: Bool { [a, b, c, d, e, f].allSatisfy(\.isFinite) }

  /// The map that undoes this one, or nil when it flattens the plane onto a line or a point
  /// (its determinant is 0 or not finite): a gradient's pixels are found through it.
  public var inverted: Affine? {
    let determinant = a * d - b * c
    guard determinant != 0, determinant.isFinite else { return nil }
    let inverse = Affine(
      a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
      e: (c * f - d * e) / determinant, f: (b * e - a * f) / determinant
    )
    return inverse.isFinite ? inverse : nil
  }

  /// The box around `rect` mapped: `rect` itself, exactly, when the map keeps boxes.
  public func boundingBox(of rect: Rect) -> Rect {
    let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                   Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)]
    return Rect(enclosing: corners.map(apply))
  }

  /// Whether a box mapped is a box with its sides in the same order: the map only scales
  /// (by positive factors) and moves, no turn, skew or flip.
  public var keepsBoxes: Bool { b == 0 && c == 0 && a > 0 && d > 0 }

  /// The map without its move (a b c d): how it turns, scales and slants a direction.
  public var linearPart: Affine { Affine(a: a, b: b, c: c, d: d, e: 0, f: 0) }

  /// The most the map stretches any vector: the largest singular value of [a c; b d].
  ///
  /// A curve drawn within ε of another stays within `maximumScale`·ε after the map, which is
  /// how a tolerance in document units becomes one in an element's own units.
  public var maximumScale: Double {
    // The singular values squared are the eigenvalues of MᵀM: (s ± √(s² − 4·det²)) / 2, with
    // s = a² + b² + c² + d² the sum of both.
    let sum = a * a + b * b + c * c + d * d, determinant = a * d - b * c
    return ((sum + max(0, sum * sum - 4 * determinant * determinant).squareRoot()) / 2).squareRoot()
  }

  /// sin and cos of `degrees`, exact at multiples of 90° (where radians would leave 6e-17s).
  private static func sineAndCosine(degrees: Double) -> (Double, Double) {
    let turned = degrees.truncatingRemainder(dividingBy: 360)
    if turned.truncatingRemainder(dividingBy: 90) == 0 {
      switch Int((turned < 0 ? turned + 360 : turned) / 90) {
      case 1: return (1, 0)
      case 2: return (0, -1)
      case 3: return (-1, 0)
      default: return (0, 1)
      }
    }
    let radians = turned * .pi / 180
    return (sin(radians), cos(radians))
  }

  private static func tangent(degrees: Double) -> Double {
    let (sine, cosine) = sineAndCosine(degrees: degrees)
    return sine / cosine
  }
}

extension Bezier {
  /// The curve under `transform`: Bézier curves are affinely invariant, so mapping the control
  /// points maps every point of the curve.
  public func applying(_ transform: Affine) -> Bezier {
    Bezier(controlPoints.map(transform.apply(to:)))!
  }
}
