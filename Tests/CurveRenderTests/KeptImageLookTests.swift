import CurveRaster
import Foundation
import Testing

@testable import CurveRender

/// Images in drawings decoded by the Debian libraries (libpng, libjpeg-turbo, giflib) into
/// premultiplied ARGB.
struct DecodedImagesTests {
  /// A 16 × 8 JPEG (written for this test), red on its left half and blue on its right.
  static let halvesJPEG = """
    /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoKCgoKBggLDAsKDAkKCgr/\
    2wBDAQICAgICAgUDAwUKBwYHCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgr/wAARCAAIABADASIAAhEBAxEB/8QA\
    HwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkK\
    FhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXG\
    x8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAEC\
    AxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOE\
    hYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD4vr5Door+\
    qP2Zf/NV/wDcj/7uH9qftDP+aZ/7nf8A3UP/2Q==
    """
  /// A 4 × 2 GIF (written for this test): a red row over two green pixels and two of its
  /// transparent index.
  static let rowsGIF = "R0lGODlhBAACAIEAAP8AAAD/AAAAAAAAACH5BAEAAAIALAAAAAAEAAIAAAgLAAEIBBAggAABAQEAOw=="

  /// A 16 × 16 interlaced GIF (written for this test): rows red, green, blue, red…
  static let interlacedGIF = "R0lGODdhEAAQAIEAAP8AAAD/AAAA/wAAACwAAAAAEAAQAEAIOAABCBxIsCAAAQgTKlwoIIDDhxAjBjBIcSDDiwkrVpTI8SFGjB07aqT48WJIjiMNlmR4UmLKggEBADs="

  /// A `data:` URI that is not base64 is percent-decoded to its bytes (any bytes: an SVG's
  /// UTF-8, or binary); a `%` without two hex digits after it spoils it.
  @Test func percentEscapesAreTheirBytes() {
    #expect(DecodedImages.percentDecoded("a%20b%2f%C3%A9".utf8) == Data("a b/é".utf8))
    #expect(DecodedImages.percentDecoded("%FF%00".utf8) == Data([0xFF, 0x00]))
    #expect(DecodedImages.percentDecoded("50%".utf8) == nil)
    #expect(DecodedImages.percentDecoded("%4".utf8) == nil)
    #expect(DecodedImages.percentDecoded("%zz".utf8) == nil)
  }

  /// A base64 `data:` URI's bytes, its line breaks and spaces passed over as the suite's
  /// wrapped PNGs have them; without `;base64`, percent-decoded.
  @Test func base64PayloadsSkipTheirWhitespace() {
    #expect(DecodedImages.bytes("data:image/png;base64,aGVs\n  bG8\tsIHdv\r\ncmxk") == Data("hello, world".utf8))
    #expect(DecodedImages.bytes("data:;base64,SGk=") == Data("Hi".utf8))
    #expect(DecodedImages.bytes("data:text/plain,a%20b") == Data("a b".utf8))
    #expect(DecodedImages.bytes("data:image/png;base64") == nil, "no comma, no payload")
  }

  @Test func aPNGKeepsItsPixelsPremultiplied() throws {
    var image = PixelBuffer(width: 2, height: 1)
    image.pixels = [0xFFFF_0000, 0x8000_00FF]  // opaque red; blue at alpha 128, straight
    let decoded = try #require(DecodedImages.decode(try PNGFile.encode(image)))
    #expect(decoded.width == 2 && decoded.height == 1)
    #expect(decoded.pixels == [0xFFFF_0000, 0x8000_0080])
  }

  /// A 2 × 1 PNG of 16 bits a channel with no gamma chunk (written for this test): grey,
  /// then green, each channel and the alpha 0x8080.
  static let sixteenBitPNG = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABEAYAAACksqPJAAAAD0lEQVR4nGNogAIGBggGADkRBgE3JRzvAAAAAElFTkSuQmCC"

  @Test func a16BitPNGWithoutGammaIsSRGB() throws {
    let png = try #require(Data(base64Encoded: Self.sixteenBitPNG))
    let decoded = try #require(DecodedImages.decode(png))
    // 0x8080 is 128 in 8 bits, premultiplied by alpha 128 to 64 (0x40): read as linear light
    // and encoded to sRGB on the way, as libpng's simplified API does by default, it was
    // 186 (0x5D premultiplied).
    #expect(decoded.pixels == [0x8040_4040, 0x8000_4000])
  }

  @Test func aJPEGDecodesOpaqueWithinItsLoss() throws {
    let jpeg = try #require(Data(base64Encoded: Self.halvesJPEG))
    let decoded = try #require(DecodedImages.decode(jpeg))
    #expect(decoded.width == 16 && decoded.height == 8)
    func channels(_ x: Int, _ y: Int) -> [Int] {
      let pixel = decoded.pixels[y * 16 + x]
      return [24, 16, 8, 0].map { Int((pixel >> UInt32($0)) & 0xFF) }
    }
    for (x, expected) in [(2, [255, 255, 0, 0]), (13, [255, 0, 0, 255])] {
      let found = channels(x, 4)
      #expect(zip(found, expected).allSatisfy { abs($0 - $1) <= 8 }, "(\(x), 4): \(found)")
    }
  }

  @Test func aGIFsTransparentIndexIsTransparent() throws {
    let gif = try #require(Data(base64Encoded: Self.rowsGIF))
    let decoded = try #require(DecodedImages.decode(gif))
    #expect(decoded.width == 4 && decoded.height == 2)
    #expect(decoded.pixels == [0xFFFF_0000, 0xFFFF_0000, 0xFFFF_0000, 0xFFFF_0000, 0xFF00_FF00, 0xFF00_FF00, 0, 0])
  }

  @Test func anInterlacedGIFsRowsComeBackInOrder() throws {
    let gif = try #require(Data(base64Encoded: Self.interlacedGIF))
    let decoded = try #require(DecodedImages.decode(gif))
    #expect(decoded.width == 16 && decoded.height == 16)
    let rowColors: [UInt32] = [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF]
    for row in 0..<16 {
      #expect(decoded.pixels[row * 16..<(row + 1) * 16].allSatisfy { $0 == rowColors[row % 3] }, "row \(row)")
    }
  }

  @Test func otherBytesAreNoImage() {
    #expect(DecodedImages.decode(Data("<svg/>".utf8)) == nil)
    #expect(DecodedImages.decode(Data([0x89, 0x50, 0x4E, 0x47, 0, 0])) == nil)  // a PNG's signature, cut short
    #expect(DecodedImages.decode(Data([0xFF, 0xD8, 0xFF])) == nil)
    #expect(DecodedImages.decode(Data("GIF89a".utf8)) == nil)
  }
}
