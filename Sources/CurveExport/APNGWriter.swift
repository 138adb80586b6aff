import CurveRaster
import CurveRender
import Foundation

/// Animated PNGs, to the APNG specification (Mozilla, version 1.0), which browsers and image
/// viewers play and plain PNG readers show as their first frame.
///
/// ```swift
/// var apng = APNGWriter(width: 64, height: 64, frameCount: 2, plays: 0, framesPerSecond: 30)
/// try apng.append(first)
/// try apng.append(second)
/// try apng.data.write(to: URL(fileURLWithPath: "out.png"))
/// ```
///
/// The first frame is the PNG's own image, whole; each later frame stores only the rectangle
/// that changed (`ChangedRegion`) over the frame before, which stays in place
/// (`APNG_DISPOSE_OP_NONE`) and is replaced there (`APNG_BLEND_OP_SOURCE`). Colour is 8-bit
/// RGBA, so transparent pages stay transparent. Every frame shows for 1 / `framesPerSecond`
/// seconds; `plays` 0 loops forever.
package struct APNGWriter {
  package let width: Int
  package let height: Int
  package let frameCount: Int
  private var sequence: UInt32 = 0
  private var written = 0
  private var previous: [UInt32] = []
  private let delay: (numerator: UInt16, denominator: UInt16)
  package private(set) var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

  package init(width: Int, height: Int, frameCount: Int, plays: Int, framesPerSecond: Int) {
    precondition(width > 0 && height > 0 && frameCount > 0 && plays >= 0 && (1...1000).contains(framesPerSecond), "an animation of at least one frame")
    self.width = width
    self.height = height
    self.frameCount = frameCount
    delay = (1, UInt16(framesPerSecond))
    var header = Data()
    header.appendBigEndian(UInt32(width))
    header.appendBigEndian(UInt32(height))
    header.append(contentsOf: [8, 6, 0, 0, 0])
    PNGFile.appendChunk("IHDR", header, to: &data)
    var control = Data()
    control.appendBigEndian(UInt32(frameCount))
    control.appendBigEndian(UInt32(plays))
    PNGFile.appendChunk("acTL", control, to: &data)
  }

  /// Adds the next frame, which must be `width × height`; after the last, `data` is the file.
  package mutating func append(_ image: PixelBuffer) throws(PNGError) {
    precondition(image.width == width && image.height == height && written < frameCount, "frame \(written + 1) of \(frameCount), \(width)x\(height)")
    let region = written == 0 ? PixelRect(x: 0, y: 0, width: width, height: height) : ChangedRegion.between(previous, image.pixels, width: width)
    let part = region.width == width && region.height == height
      ? image : PixelBuffer(width: region.width, height: region.height, pixels: ChangedRegion.crop(image.pixels, width: width, to: region))
    var control = Data()
    control.appendBigEndian(nextSequence())
    for value in [region.width, region.height, region.minX, region.minY] { control.appendBigEndian(UInt32(value)) }
    for value in [delay.numerator, delay.denominator] { control.append(contentsOf: [UInt8(value >> 8), UInt8(truncatingIfNeeded: value)]) }
    control.append(contentsOf: [0, 0])  // dispose: none; blend: source
    PNGFile.appendChunk("fcTL", control, to: &data)
    let rows = PNGFile.compressedRows(of: part, channels: 4)
    if written == 0 {
      PNGFile.appendChunk("IDAT", rows, to: &data)
    } else {
      var frameData = Data()
      frameData.appendBigEndian(nextSequence())
      frameData.append(rows)
      PNGFile.appendChunk("fdAT", frameData, to: &data)
    }
    previous = image.pixels
    written += 1
    if written == frameCount { PNGFile.appendChunk("IEND", Data(), to: &data) }
  }

  private mutating func nextSequence() -> UInt32 {
    defer { sequence += 1 }
    return sequence
  }
}
