@testable import CurveApp
import CurveRaster
@testable import CurveRender
import Foundation
import SeededRandom
import Testing

/// PNGs are filtered and deflated in pieces of rows, one a core, joined into one zlib stream:
/// another decoder (libpng, through SDL2_image) must read every pixel back.
struct PNGFileTests {
  /// Noise (no run compresses) large enough for several pieces, opaque and translucent.
  @Test(arguments: [false, true])
  func aLargeImageReadsBackPixelForPixel(translucent: Bool) throws {
    var random = SplitMix64(seed: translucent ? 2 : 1)
    let width = 700, height = 500
    let pixels = (0..<width * height).map { _ in
      let value = UInt32(truncatingIfNeeded: random.next())
      return translucent ? value : value | 0xFF00_0000
    }
    let image = PixelBuffer(width: width, height: height, pixels: pixels)
    #expect((width * 4 + 1) * height > 2 * PNGFile.minimumPieceBytes, "more than one piece")
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("noise.png")
    try PNGFile.write(image, to: url)
    let read = try #require(PNGImage(contentsOf: url))
    #expect(read.width == width && read.height == height)
    var mismatches = 0
    for y in 0..<height {
      for x in 0..<width where read.pixel(x: x, y: y) != image[x, y] { mismatches += 1 }
    }
    #expect(mismatches == 0)
  }
}
