import CurveRaster
import SeededRandom
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

  /// An image large enough to be divided in pieces on every core (1001 × 1003, pieces that do
  /// not divide it evenly): each pixel as dividing it alone gives.
  @Test func aLargeImageIsDividedAsEachPixelAlone() {
    var random = SplitMix64(seed: 7)
    var image = PixelBuffer(width: 1001, height: 1003)
    image.pixels = (0..<image.pixels.count).map { index in
      let alpha = UInt32(truncatingIfNeeded: random.next() % 4 == 0 ? random.next() : index % 3 == 0 ? 0 : 255) & 0xFF
      func channel() -> UInt32 { UInt32(truncatingIfNeeded: random.next()) % (alpha + 1) }
      return alpha << 24 | channel() << 16 | channel() << 8 | channel()
    }
    let expected = image.pixels.map { pixel -> UInt32 in
      let alpha = pixel >> 24
      guard alpha != 0, alpha != 255 else { return pixel }
      func channel(_ shift: UInt32) -> UInt32 { min(((pixel >> shift) & 0xFF) * 255 + alpha / 2, alpha * 255) / alpha }
      return alpha << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
    }
    #expect(image.unpremultiplied().pixels == expected)
  }
}
