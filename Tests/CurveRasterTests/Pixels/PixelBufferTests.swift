@testable import CurveRaster
import Testing

/// A new image holds its colour in every pixel, filled on one core or in pieces on all.
struct PixelBufferTests {
  /// 1001 × 1003 is filled in pieces that do not divide it evenly; 3 × 2 on one core.
  @Test(arguments: [(1, 1), (3, 2), (512, 511), (1024, 1024), (1001, 1003)])
  func everyPixelHoldsTheFillingColour(width: Int, height: Int) {
    let colour = RGBA8(r: 12, g: 34, b: 56, a: 78)
    let image = PixelBuffer(width: width, height: height, filling: colour)
    #expect(image.pixels.count == width * height)
    #expect(image.pixels.allSatisfy { $0 == colour.argb })
    #expect(image[width - 1, height - 1] == colour)
  }

  @Test func anEmptyImageHasNoPixels() {
    #expect(PixelBuffer(width: 0, height: 5).pixels.isEmpty)
  }
}
