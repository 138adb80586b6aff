import CurveRender
/// One frame for `GIFEncoder`: `width` × `height` pixels of four 8-bit channels, rows top to
/// bottom, no padding between rows.
///
/// Both byte orders are read as they are, with no copy: `.bgra` is SDL's `ARGB8888` on a
/// little-endian machine (bytes B, G, R, A; the surfaces of `PNGFile.makeSurface` and
/// `OffscreenFrame`), `.rgba` is what most other code writes. Alpha is ignored: the app's
/// frames are opaque and the GIF has no transparent colour.
package struct GIFFrame: Sendable {
  package enum ByteOrder: Sendable {
    case rgba
    case bgra
  }

  /// 8192 is twice the width of a 4K screen and keeps a frame within 256 MiB (8192² × 4
  /// bytes); GIF itself allows 65535 (16-bit sizes, §18).
  package static let maximumSide = 8192

  // Invariant: 1 ≤ width, height ≤ maximumSide, and pixels.count == width × height × 4.
  package let width: Int
  package let height: Int
  package let pixels: [UInt8]
  package let order: ByteOrder

  package init(width: Int, height: Int, pixels: [UInt8], order: ByteOrder) throws(GIFEncoderError) {
    guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
      throw .invalidSize(width: width, height: height)
    }
    guard pixels.count == width * height * 4 else {
      throw .wrongBufferLength(width: width, height: height, count: pixels.count)
    }
    self.width = width
    self.height = height
    self.pixels = pixels
    self.order = order
  }
}
