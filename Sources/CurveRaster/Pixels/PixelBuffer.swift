import CurveGeometry

/// An image in memory: `width × height` pixels, row after row with no padding, each a
/// `UInt32` 0xAARRGGBB (SDL's ARGB8888, so bytes B, G, R, A on a little-endian machine) with
/// straight alpha. Frames are opaque; text and icons drawn onto them carry their alpha.
///
/// ```swift
/// var image = PixelBuffer(width: 4, height: 2, filling: Color(r: 255, g: 255, b: 255))
/// image[1, 0] = Color(r: 255, g: 0, b: 0)
/// image.pixels.count  // 8
/// ```
public struct PixelBuffer: Equatable, Sendable {
  public let width: Int
  public let height: Int
  public var pixels: [UInt32]

  public init(width: Int, height: Int, filling color: Color = Color(r: 0, g: 0, b: 0, a: 0)) {
    precondition(width >= 0 && height >= 0, "a \(width)x\(height) image")
    self.width = width
    self.height = height
    pixels = Array(repeating: color.argb, count: width * height)
  }

  /// An image of `pixels` (0xAARRGGBB), `width` to a row.
  public init(width: Int, height: Int, pixels: [UInt32]) {
    precondition(width >= 0 && height >= 0 && pixels.count == width * height, "\(pixels.count) pixels do not make a \(width)x\(height) image")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  public subscript(x: Int, y: Int) -> Color {
    get {
      precondition((0..<width).contains(x) && (0..<height).contains(y), "pixel (\(x), \(y)) is outside the \(width)x\(height) image")
      return Color(argb: pixels[y * width + x])
    }
    set {
      precondition((0..<width).contains(x) && (0..<height).contains(y), "pixel (\(x), \(y)) is outside the \(width)x\(height) image")
      pixels[y * width + x] = newValue.argb
    }
  }
}

extension Color {
  /// 0xAARRGGBB.
  public var argb: UInt32 { UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }

  public init(argb: UInt32) {
    self.init(r: UInt8(truncatingIfNeeded: argb >> 16), g: UInt8(truncatingIfNeeded: argb >> 8), b: UInt8(truncatingIfNeeded: argb), a: UInt8(truncatingIfNeeded: argb >> 24))
  }
}
