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
}
