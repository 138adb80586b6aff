import CurveGeometry
import CurveRaster
import CurveRender
import Dispatch
import Foundation

/// Animated GIFs written by our own code (no giflib), to the GIF89a specification
/// (CompuServe, "Graphics Interchange Format, Version 89a", 1990; section numbers below are
/// its own).
///
/// ```swift
/// let red = (0..<8 * 6).flatMap { _ in [0, 0, 255, 255] as [UInt8] }  // B, G, R, A
/// let frame = try GIFFrame(width: 8, height: 6, pixels: red, order: .bgra)
/// let gif = try GIFEncoder.encode(frames: [frame, frame], delayCentiseconds: 4, loop: .forever)
/// try gif.write(to: URL(fileURLWithPath: "red.gif"))
/// ```
///
/// Guarantees: the file is GIF89a with one global colour table (`GIFPalette`, fitted to all
/// frames together, so colours do not flicker from frame to frame) and no local tables; the
/// first frame is full-size, each later one only the rectangle that changed over the frame
/// before (`ChangedRegion`), which stays under it (disposal 1, "do not dispose", §23); none is
/// interlaced, and all have the same delay; `.forever` adds the NETSCAPE2.0 application extension with loop count 0. With
/// at most 256 distinct colours over all frames every pixel is reproduced exactly; with more,
/// the error is `GIFPalette`'s. Same frames, same bytes. Refuses, before writing anything:
/// no frames, frames of different sizes, and a delay outside 0...65535 (`GIFEncoderError`);
/// `GIFFrame` refuses empty, oversized and short frames.
package enum GIFEncoder {
  /// Whether players start the animation again after its last frame.
  package enum Loop: Sendable {
    /// The NETSCAPE2.0 extension with loop count 0, which browsers read as "forever".
    case forever
    /// No extension: players show the frames once and stop on the last.
    case once
  }

  /// A delay of `delayCentiseconds` hundredths of a second after each frame. Browsers treat
  /// delays of 0 or 1 as 10 (a tenth of a second), so 2 (50 frames a second) is the shortest
  /// delay that plays as written.
  package static func encode(frames: [GIFFrame], delayCentiseconds: Int, loop: Loop = .forever) throws(GIFEncoderError) -> Data {
    guard let first = frames.first else { throw .noFrames }
    for (index, frame) in frames.enumerated() where frame.width != first.width || frame.height != first.height {
      throw .mismatchedSize(index: index, width: frame.width, height: frame.height, expectedWidth: first.width, expectedHeight: first.height)
    }
    guard (0...Int(UInt16.max)).contains(delayCentiseconds) else { throw .delayOutOfRange(delayCentiseconds) }

    var palette = GIFPalette(fittedTo: frames)
    // The table's size is written as 2^(n + 1), n in 0...7 (§18), so it is at least 2.
    let tableBits = max(1, Int.bitWidth - (palette.colors.count - 1).leadingZeroBitCount)
    // GIF decoders need a minimum code size of at least 2 even for a 2-colour table (Appendix F).
    let minimumCodeSize = max(2, tableBits)

    var bytes: [UInt8] = []
    bytes.reserveCapacity(1024 + frames.count * first.width * first.height / 4)
    bytes += Array("GIF89a".utf8)
    // Logical screen descriptor (§18): global table present, 8-bit colour resolution, unsorted.
    appendLittleEndian(first.width, to: &bytes)
    appendLittleEndian(first.height, to: &bytes)
    bytes += [0x80 | 0x70 | UInt8(tableBits - 1), 0, 0]
    for entry in 0..<(1 << tableBits) {
      let color = entry < palette.colors.count ? palette.colors[entry] : 0
      bytes += [UInt8(truncatingIfNeeded: color >> 16), UInt8(truncatingIfNeeded: color >> 8), UInt8(truncatingIfNeeded: color)]
    }
    if loop == .forever {
      // Application extension (§26): "NETSCAPE" + "2.0", sub-block 1 = loop count, 0 = forever.
      bytes += [0x21, 0xFF, 11] as [UInt8]
      bytes += Array("NETSCAPE2.0".utf8)
      bytes += [3, 1, 0, 0, 0] as [UInt8]
    }

    // Each frame's indices, only what changed after the first (the palette maps in order:
    // its cache fills as it goes); then their codes, frames spread over the cores.
    var indices = [UInt8](repeating: 0, count: first.width * first.height)
    var previous: [UInt8] = []
    var stored: [(region: PixelRect, indices: [UInt8])] = []
    stored.reserveCapacity(frames.count)
    for frame in frames {
      palette.mapPixels(of: frame, into: &indices)
      // Only what changed is stored; the frame before stays under it (disposal 1).
      let region = previous.isEmpty
        ? PixelRect(x: 0, y: 0, width: frame.width, height: frame.height) : ChangedRegion.between(previous, indices, width: frame.width)
      stored.append((region, previous.isEmpty ? indices : ChangedRegion.crop(indices, width: frame.width, to: region)))
      previous = indices
    }
    let codes = Self.lzwCodes(of: stored.map(\.indices), minimumCodeSize: minimumCodeSize)
    for (index, frame) in stored.enumerated() {
      // Graphic control extension (§23): disposal 1, no user input, no transparent colour.
      bytes += [0x21, 0xF9, 4, 1 << 2]
      appendLittleEndian(delayCentiseconds, to: &bytes)
      bytes += [0, 0]
      // Image descriptor (§20): the changed region, no local table, not interlaced.
      bytes.append(0x2C)
      for value in [frame.region.minX, frame.region.minY, frame.region.width, frame.region.height] { appendLittleEndian(value, to: &bytes) }
      bytes.append(0)
      bytes.append(UInt8(minimumCodeSize))
      appendSubBlocks(codes[index], to: &bytes)
    }
    bytes.append(0x3B)
    return Data(bytes)
  }

  /// Each frame's LZW code stream, the frames shared out over the cores, an encoder each.
  private static func lzwCodes(of frames: [[UInt8]], minimumCodeSize: Int) -> [[UInt8]] {
    let workers = max(1, min(Cores.available, frames.count))
    nonisolated(unsafe) var codes = [[UInt8]](repeating: [], count: frames.count)
    codes.withUnsafeMutableBufferPointer { slots in
      nonisolated(unsafe) let slots = slots
      DispatchQueue.concurrentPerform(iterations: workers) { worker in
        var lzw = GIFLZWEncoder()
        for index in stride(from: worker, to: frames.count, by: workers) { slots[index] = lzw.encode(frames[index], minimumCodeSize: minimumCodeSize) }
      }
    }
    return codes
  }

  /// Data sub-blocks (§15): a length byte of 1...255, that many bytes, and a zero-length
  /// terminator.
  static func appendSubBlocks(_ data: [UInt8], to bytes: inout [UInt8]) {
    var start = 0
    while start < data.count {
      let end = min(start + 255, data.count)
      bytes.append(UInt8(end - start))
      bytes += data[start..<end]
      start = end
    }
    bytes.append(0)
  }

  private static func appendLittleEndian(_ value: Int, to bytes: inout [UInt8]) {
    bytes += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
  }
}
