/// A point or a vector in the plane, in document units (canvas pixels at scale 1).
///
/// ```swift
/// let a = Point(x: 1, y: 2), b = Point(x: 4, y: 6)
/// (b - a).length          // 5
/// a.lerp(to: b, 0.5)      // Point(x: 2.5, y: 4)
/// ```
public struct Point: Hashable, Sendable, Codable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(x: 0, y: 0)

  /// Whether both coordinates are finite (not NaN or infinite).
  public var isFinite: Bool { x.isFinite && y.isFinite }

  public var length: Double { (x * x + y * y).squareRoot() }
  public var lengthSquared: Double { x * x + y * y }

  public func dot(_ other: Point) -> Double { x * other.x + y * other.y }
  /// The z component of the 3-D cross product: positive when `other` turns counter-clockwise
  /// (in a y-up frame) from `self`.
  public func cross(_ other: Point) -> Double { x * other.y - y * other.x }

  public func distance(to other: Point) -> Double { (self - other).length }

  /// The point a fraction `t` of the way to `other`.
  public func lerp(to other: Point, _ t: Double) -> Point {
    Point(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
  }

  /// This vector turned by 90 degrees (x, y) -> (-y, x).
  public var perpendicular: Point { Point(x: -y, y: x) }

  /// This vector scaled to length 1, or zero if it has no length.
  public var normalized: Point {
    let length = self.length
    return length > 0 ? self / length : .zero
  }

  public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
  public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
  public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
  public static func * (s: Double, a: Point) -> Point { Point(x: a.x * s, y: a.y * s) }
  public static func / (a: Point, s: Double) -> Point { Point(x: a.x / s, y: a.y / s) }
  public static prefix func - (a: Point) -> Point { Point(x: -a.x, y: -a.y) }
  public static func += (a: inout Point, b: Point) { a = a + b }
  public static func -= (a: inout Point, b: Point) { a = a - b }
}

extension Point: CustomStringConvertible {
  public var description: String { "(\(x), \(y))" }
}

/// Distance from `point` to the segment from `a` to `b`.
public func distance(from point: Point, toSegment a: Point, _ b: Point) -> Double {
  let ab = b - a
  let lengthSquared = ab.lengthSquared
  var t = lengthSquared > 0 ? (point - a).dot(ab) / lengthSquared : 0
  t = min(max(t, 0), 1)
  return (point - (a + ab * t)).length
}
