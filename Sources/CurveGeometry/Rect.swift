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

  /// Holds nothing: its minimums are +infinity and its maximums −infinity, so including a
  /// point makes it that point and including a rectangle makes it that rectangle. It
  /// contains no finite point and intersects no finite rectangle; its width and height are
  /// −infinity.
  public static let empty = Rect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

  /// The smallest rectangle holding every point in `points`; `empty` for none. Inlinable so
  /// a caller's sequence (a lazy map over its points) is specialized, not walked generically.
  @inlinable
  public init(enclosing points: some Sequence<Point>) {
    self = .empty
    for point in points { include(point) }
  }

  public var width: Double { maxX - minX }
  public var height: Double { maxY - minY }

  /// Grows to hold `point` too.
  @inlinable
  public mutating func include(_ point: Point) {
    minX = min(minX, point.x)
    minY = min(minY, point.y)
    maxX = max(maxX, point.x)
    maxY = max(maxY, point.y)
  }

  /// Grows to hold `other` too: becomes `union(other)`.
  public mutating func include(_ other: Rect) {
    self = union(other)
  }

  public func contains(_ point: Point, tolerance: Double = 0) -> Bool {
    point.x >= minX - tolerance && point.x <= maxX + tolerance
      && point.y >= minY - tolerance && point.y <= maxY + tolerance
  }

  /// How far `point` is from the rectangle: 0 inside it or on its edge.
  public func distance(to point: Point) -> Double {
    let dx = max(minX - point.x, 0, point.x - maxX), dy = max(minY - point.y, 0, point.y - maxY)
    return (dx * dx + dy * dy).squareRoot()
  }

  /// The smallest rectangle holding both.
  public func union(_ other: Rect) -> Rect {
    Rect(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
  }

  /// Whether the two share any point (touching edges count).
  public func intersects(_ other: Rect) -> Bool {
    minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
  }

  /// This rectangle with its left and right edges moved `dx` inwards and its top and bottom
  /// edges `dy` inwards; negative values move them outwards, growing it (a ring or an outline
  /// around it, a margin). The centre stays. Edges are moved as given, not clamped: an inset
  /// of more than half the width leaves minX > maxX, which encloses nothing and fills nothing.
  public func insetBy(dx: Double, dy: Double) -> Rect {
    Rect(minX: minX + dx, minY: minY + dy, maxX: maxX - dx, maxY: maxY - dy)
  }

  /// Every coordinate times `factor`: a rectangle in units as one in pixels at `factor`
  /// pixels a unit. Each coordinate is one multiplication, so it matches `Point * factor` on
  /// the corners exactly.
  public func scaled(by factor: Double) -> Rect {
    Rect(minX: minX * factor, minY: minY * factor, maxX: maxX * factor, maxY: maxY * factor)
  }
}
