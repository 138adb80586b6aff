/// An 8-bit RGBA colour.
public struct Color: Hashable, Sendable {
  public var r, g, b, a: UInt8

  public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// This colour with alpha scaled by `opacity` (0...1).
  public func withOpacity(_ opacity: Double) -> Color {
    Color(r: r, g: g, b: b, a: UInt8((Double(a) * min(max(opacity, 0), 1)).rounded()))
  }
}
