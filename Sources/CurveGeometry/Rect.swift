/// An axis-aligned rectangle, as returned by `bounds`.
///
/// ```swift
/// let box = curve.bounds
/// box.contains(Point(x: 10, y: 10))
/// ```
public struct Rect: Hashable, Sendable {
  public var minX: Double
  public var minY: Double
  public var maxX: Double
  public var maxY: Double

  public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  /// The smallest rectangle holding every point in `points`.
  public init(enclosing points: some Sequence<Point>) {
    self.init(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
    for point in points { include(point) }
  }

  public var width: Double { maxX - minX }
  public var height: Double { maxY - minY }

  public mutating func include(_ point: Point) {
    minX = min(minX, point.x)
    minY = min(minY, point.y)
    maxX = max(maxX, point.x)
    maxY = max(maxY, point.y)
  }

  public func contains(_ point: Point, tolerance: Double = 0) -> Bool {
    point.x >= minX - tolerance && point.x <= maxX + tolerance
      && point.y >= minY - tolerance && point.y <= maxY + tolerance
  }

  /// The smallest rectangle holding both.
  public func union(_ other: Rect) -> Rect {
    Rect(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
  }

  /// Whether the two share any point (touching edges count).
  public func intersects(_ other: Rect) -> Bool {
    minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
  }
}
