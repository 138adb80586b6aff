import CurveRaster
import Testing

struct UnpremultipliedTests {
  @Test func aHalfCoveredPixelOnATransparentImageGetsItsOwnColourBack() {
    var image = PixelBuffer(width: 3, height: 1)
    image.pixels = [0x8080_0000, 0xFF12_3456, 0x0000_0000]
    #expect(image.unpremultiplied().pixels == [0x80FF_0000, 0xFF12_3456, 0x0000_0000])
    // A third of blue 0x4e79a7 at alpha 153 (60%): 47, 73, 100 premultiplied.
    image.pixels = [0x992F_4964, 0x0100_0000, 0x01FF_FFFF]
    #expect(image.unpremultiplied().pixels == [0x994E_7AA7, 0x0100_0000, 0x01FF_FFFF])
  }

  /// Runs of eight opaque or clear pixels are passed over whole; a run holding one translucent
  /// pixel, and the few pixels after the last run of eight, are divided pixel by pixel.
  @Test func translucentPixelsAmongRunsOfOpaqueOnesAreDividedWherever() {
    var image = PixelBuffer(width: 27, height: 1)
    image.pixels = (0..<27).map { index in index < 8 ? 0xFF00_FF00 : index == 8 ? 0 : 0xFF11_2233 }
    image.pixels[12] = 0x8040_2010  // in the second run of eight
    image.pixels[26] = 0x4020_1008  // among the last three
    var expected = image.pixels
    expected[12] = 0x8080_4020
    expected[26] = 0x4080_4020
    #expect(image.unpremultiplied().pixels == expected)
  }
}
