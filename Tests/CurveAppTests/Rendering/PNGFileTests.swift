@testable import CurveApp
import CurveGeometry
import CurveRaster
import CZlib
@testable import CurveRender
import Foundation
import SeededRandom
import Testing

/// PNGs are filtered and deflated in pieces of rows on every core, joined into one zlib stream:
/// another decoder (libpng, through SDL2_image) must read every pixel back.
struct PNGFileTests {
  /// The pixels of the PNG at `url`, read by libpng, that differ from `image`'s (all of them
  /// when its size differs).
  static func mismatches(readingBack url: URL, against image: PixelBuffer) throws -> Int {
    let read = try #require(PNGImage(contentsOf: url))
    guard read.width == image.width, read.height == image.height else { return image.width * image.height }
    var mismatches = 0
    for y in 0..<image.height {
      for x in 0..<image.width where read.pixel(x: x, y: y) != image[x, y] { mismatches += 1 }
    }
    return mismatches
  }

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
    #expect(try Self.mismatches(readingBack: url, against: image) == 0)
  }

  /// Ramps across, down and noise, in widths around the encoder's sixteen-byte steps, opaque
  /// (three bytes a pixel) and translucent (four): every pixel reads back, and a ramp across
  /// (what Sub, the filter of every row, makes constant) compresses to a fraction of its bytes.
  @Test(arguments: [1, 5, 16, 17, 37], [false, true])
  func rampsAndNoiseReadBackInEveryWidth(width: Int, translucent: Bool) throws {
    let height = 9
    var random = SplitMix64(seed: UInt64(width))
    let alpha: UInt32 = translucent ? 0x80 : 0xFF
    let images = [
      (0..<width * height).map { index in alpha << 24 | UInt32(index % width * 7 % 256) << 16 | 0x40 << 8 | UInt32(index % width * 3 % 256) },
      (0..<width * height).map { index in alpha << 24 | UInt32(index / width * 11 % 256) << 8 | 0x20 },
      (0..<width * height).map { _ in alpha << 24 | UInt32(truncatingIfNeeded: random.next()) & 0xFF_FFFF },
    ].map { PixelBuffer(width: width, height: height, pixels: $0) }
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for (number, image) in images.enumerated() {
      let url = directory.appendingPathComponent("image-\(number).png")
      try PNGFile.write(image, to: url)
      #expect(try Self.mismatches(readingBack: url, against: image) == 0, "image \(number)")
    }
    let ramp = PNGFile.compressedRows(of: images[0], channels: translucent ? 4 : 3)
    let raw = (width * (translucent ? 4 : 3) + 1) * height
    if width >= 16 { #expect(ramp.count < raw / 2, "a ramp filtered by sub compresses: \(ramp.count) of \(raw) bytes") }
  }

  /// Windows hold whole rows: rows of noise wider than a window (one to a window) and rows
  /// that leave part of a window unused both read back, as one piece and in several.
  @Test(arguments: [16_500, 1_999])
  func rowsWiderOrNarrowerThanAWindowReadBack(width: Int) throws {
    var random = SplitMix64(seed: UInt64(width))
    let height = width > PNGFile.windowBytes / 4 ? 5 : 130
    let pixels = (0..<width * height).map { _ in UInt32(truncatingIfNeeded: random.next()) }
    let image = PixelBuffer(width: width, height: height, pixels: pixels)
    #expect(PNGFile.windowBytes % (width * 4 + 1) != 0, "a row does not divide a window")
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("wide.png")
    try PNGFile.write(image, to: url)
    #expect(try Self.mismatches(readingBack: url, against: image) == 0)
  }

  /// The rows are filtered a window at a time and deflated in pieces (`RowDeflate`): a
  /// drawing-like image inflates back to its rows, every piece but the last ended on a byte
  /// by an empty stored block.
  @Test func piecesJoinIntoOneStream() throws {
    let width = 400, height = 400
    let pixels: [UInt32] = (0..<width * height).map { index in
      let x = index % width, y = index / width
      let inside = (x - 200) * (x - 200) + (y - 200) * (y - 200) < 150 * 150
      return inside ? 0xFF00_0000 | UInt32(x * 255 / width) << 16 | UInt32(y * 255 / height) << 8 | 0x80 : 0x0000_0000
    }
    let image = PixelBuffer(width: width, height: height, pixels: pixels)
    let stream = PNGFile.compressedRows(of: image, channels: 4)
    var rows = [UInt8](repeating: 0, count: (width * 4 + 1) * height)
    var length = uLongf(rows.count)
    let status = stream.withUnsafeBytes { uncompress(&rows, &length, $0.baseAddress!.assumingMemoryBound(to: Bytef.self), uLong(stream.count)) }
    #expect(status == Z_OK && Int(length) == rows.count)
    #expect(rows.count / PNGFile.windowBytes >= 10, "many windows")
    let pieces = rows.count / PNGFile.minimumPieceBytes
    #expect(pieces >= 2)
    // Each piece but the last ends with an empty stored block: 00 00 FF FF.
    let bytes = [UInt8](stream)
    let flushes = (0..<bytes.count - 3).filter { bytes[$0..<$0 + 4].elementsEqual([0, 0, 0xFF, 0xFF]) }.count
    #expect(flushes >= min(pieces, Cores.available * 4) - 1)

    // A disc on a clear ground: mostly runs (RowDeflateTests holds the encoder to zlib's size).
    #expect(stream.count < rows.count / 10, "\(stream.count) of \(rows.count) bytes")
  }

  /// Every row is PNG's Sub filter (type 1): each byte less the same channel of the pixel to
  /// its left, the first pixel as it is, as png-rs writes rows.
  @Test func everyRowIsFilteredBySub() throws {
    let width = 21, height = 3
    let pixels: [UInt32] = (0..<width * height).map { index in
      let red = UInt32(index * 37 % 256), green = UInt32(index * 5 % 256), blue = UInt32(index % 7)
      return 0xFF00_0000 | red << 16 | green << 8 | blue
    }
    let image = PixelBuffer(width: width, height: height, pixels: pixels)
    let stream = PNGFile.compressedRows(of: image, channels: 3)
    let rowBytes = width * 3 + 1
    var rows = [UInt8](repeating: 0, count: rowBytes * height)
    var length = uLongf(rows.count)
    let status = stream.withUnsafeBytes { compressed in
      uncompress(&rows, &length, compressed.baseAddress!.assumingMemoryBound(to: Bytef.self), uLong(stream.count))
    }
    #expect(status == Z_OK && Int(length) == rows.count)
    for y in 0..<height {
      #expect(rows[y * rowBytes] == 1, "row \(y) is Sub")
      for x in 0..<width {
        let pixel = pixels[y * width + x], left = x > 0 ? pixels[y * width + x - 1] : 0
        for (channel, shift) in [16, 8, 0].enumerated() {
          let expected = UInt8(truncatingIfNeeded: pixel >> UInt32(shift)) &- UInt8(truncatingIfNeeded: left >> UInt32(shift))
          #expect(rows[y * rowBytes + 1 + 3 * x + channel] == expected)
        }
      }
    }
  }
}
