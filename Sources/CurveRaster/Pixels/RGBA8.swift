/// A colour as a pixel holds it: red, green, blue and alpha, 8 bits each, with straight (not
/// premultiplied) alpha. Shapes are drawn in it and a `PixelBuffer`'s pixels read as it; a
/// document's colours (`RGBColor`, `#rrggbb`) become one to be drawn.
///
/// ```swift
/// let blue = RGBA8(r: 30, g: 78, b: 168)       // opaque
/// blue.withOpacity(0.5).a                       // 128
/// RGBA8(argb: blue.argb) == blue                // true: a pixel's 0xAARRGGBB, exactly
/// ```
public struct RGBA8: Hashable, Sendable {
  public var r, g, b, a: UInt8

  public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// This colour with alpha scaled by `opacity` (clamped to 0...1), rounded to the nearest.
  public func withOpacity(_ opacity: Double) -> RGBA8 {
    RGBA8(r: r, g: g, b: b, a: UInt8((Double(a) * min(max(opacity, 0), 1)).rounded()))
  }

  /// The pixel value 0xAARRGGBB, as `PixelBuffer` stores it.
  public var argb: UInt32 { UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }

  /// The colour of the pixel value `argb` (0xAARRGGBB).
  public init(argb: UInt32) {
    self.init(r: UInt8(truncatingIfNeeded: argb >> 16), g: UInt8(truncatingIfNeeded: argb >> 8), b: UInt8(truncatingIfNeeded: argb), a: UInt8(truncatingIfNeeded: argb >> 24))
  }
}
