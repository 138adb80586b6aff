import CurveGeometry

/// The drawing area, in document units (canvas pixels at UI scale 1), origin at the top left.
public struct Canvas: Equatable, Sendable, Codable {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// `point` moved to the nearest position inside the canvas; NaN coordinates go to 0.
  public func clamp(_ point: Point) -> Point {
    Point(x: clamp(point.x, to: width), y: clamp(point.y, to: height))
  }

  private func clamp(_ value: Double, to limit: Double) -> Double {
    guard !value.isNaN else { return 0 }
    return min(max(value, 0), max(limit, 0))
  }
}
