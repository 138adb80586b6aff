import CurveGeometry
import CurveRaster
import FoundationEssentials

/// Encodes PNGs: 8-bit RGB (RGBA when a pixel is not opaque), each row filtered with PNG's
/// Sub filter (as png-rs does), then deflated (`RowDeflate`) in pieces on every core
/// (`compressedRows`).
///
/// ```swift
/// let data = try PNGFile.encode(frame.image)
/// ```
package enum PNGFile {
  /// The PNG file of `image`.
  package static func encode(_ image: PixelBuffer) throws(PNGError) -> Data {
    guard image.width > 0, image.height > 0 else { throw .emptyImage }
    let hasAlpha = image.pixels.contains { $0 >> 24 != 0xFF }
    let channels = hasAlpha ? 4 : 3
    var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    var header = Data()
    header.appendBigEndian(UInt32(image.width))
    header.appendBigEndian(UInt32(image.height))
    header.append(contentsOf: [8, hasAlpha ? 6 : 2, 0, 0, 0])
    appendChunk("IHDR", header, to: &png)
    appendChunk("IDAT", compressedRows(of: image, channels: channels), to: &png)
    appendChunk("IEND", Data(), to: &png)
    return png
  }

  /// The image's rows, filtered and deflated as one zlib stream, in pieces of rows on every
  /// core: each piece filters its rows and deflates them as raw deflate of its own (no match
  /// reaches back into the piece before) that ends on a byte boundary, so the pieces simply
  /// follow one another; the checksum is combined from theirs.
  package static func compressedRows(of image: PixelBuffer, channels: Int) -> Data {
    let rowBytes = image.width * channels + 1
    // Cores are asked about only when there is enough to share.
    let shares = rowBytes * image.height / minimumPieceBytes
    // Four pieces a core, taken in turn: rows compress at different speeds, and with a piece
    // a core the last one left the other core idle (the tiger's rows, 6.3 → 5.5 ms).
    let pieceCount = shares >= 2 ? min(Cores.available * 4, shares) : 1
    let rowsPerPiece = (image.height + pieceCount - 1) / pieceCount
    let pieces = UnsafeSendableArray<(data: [UInt8], length: Int, checksum: UInt32)>(count: pieceCount, initial: ([], 0, 0))
    defer { pieces.deallocate() }
    image.pixels.withUnsafeBufferPointer { pixels in
      let source = UnsafeSendablePixels(base: pixels.baseAddress!, width: image.width)
      Cores.perform(iterations: pieceCount) { index in
        let rows = min(index * rowsPerPiece, image.height)..<min((index + 1) * rowsPerPiece, image.height)
        pieces[index] = deflatePiece(rows, of: source, channels: channels, isLast: index == pieceCount - 1)
      }
    }
    var stream = Data([0x78, 0x01])  // deflate, 32 KB window, no dictionary, fastest
    var checksum: UInt32 = 1
    for index in 0..<pieceCount {
      let piece = pieces[index]
      stream.append(contentsOf: piece.data)
      checksum = Adler32.combine(checksum, piece.checksum, secondLength: piece.length)
    }
    stream.appendBigEndian(checksum)
    return stream
  }

  /// Below this many bytes of rows a piece costs more to start than it saves.
  static let minimumPieceBytes = 256 * 1024

  /// `rows` of the image, each as its filter byte then its bytes less the bytes of the pixel
  /// to their left, into `filtered`: PNG's Sub filter on every row, as png-rs (resvg's
  /// encoder) writes by default. Choosing a filter a row by the least sum of magnitudes cost
  /// the tiger's PNG a quarter of its instructions and made it 5% smaller; on icons it was as
  /// often larger. `row` holds one row's unfiltered bytes.
  private static func filter(
    _ rows: Range<Int>, of image: UnsafeSendablePixels, channels: Int,
    row: UnsafeMutablePointer<UInt8>, into filtered: UnsafeMutablePointer<UInt8>
  ) {
    let rowBytes = image.width * channels
    for y in rows {
      convert(row: y, of: image, channels: channels, into: row)
      let out = filtered + (y - rows.lowerBound) * (rowBytes + 1)
      out[0] = subFilter
      subtractLeft(row, count: rowBytes, channels: channels, into: out + 1)
    }
  }

  /// A row's pixels as PNG's bytes: R, G, B (and A).
  private static func convert(row y: Int, of image: UnsafeSendablePixels, channels: Int, into bytes: UnsafeMutablePointer<UInt8>) {
    let source = image.base + y * image.width
    if channels == 4 {
      // ARGB in a little-endian word is B, G, R, A in memory: R and B trade places.
      let words = UnsafeMutableRawPointer(bytes)
      for x in 0..<image.width {
        let pixel = source[x]
        words.storeBytes(of: (pixel & 0xFF00_FF00 | (pixel >> 16) & 0xFF | (pixel & 0xFF) << 16).littleEndian, toByteOffset: 4 * x, as: UInt32.self)
      }
    } else {
      for x in 0..<image.width {
        let pixel = source[x], at = 3 * x
        bytes[at] = UInt8(truncatingIfNeeded: pixel >> 16)
        bytes[at + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
        bytes[at + 2] = UInt8(truncatingIfNeeded: pixel)
      }
    }
  }

  /// PNG's filter type byte for Sub.
  static let subFilter: UInt8 = 1

  /// Each byte of `row` less the byte `channels` before it (the first pixel's as they are),
  /// sixteen at a time.
  private static func subtractLeft(_ row: UnsafePointer<UInt8>, count: Int, channels: Int, into out: UnsafeMutablePointer<UInt8>) {
    out.update(from: row, count: min(channels, count))
    var index = channels
    while index + 16 <= count {
      let difference = load(row + index) &- load(row + index - channels)
      UnsafeMutableRawPointer(out + index).storeBytes(of: difference, as: SIMD16<UInt8>.self)
      index += 16
    }
    while index < count {
      out[index] = row[index] &- row[index - channels]
      index += 1
    }
  }

  private static func load(_ pointer: UnsafePointer<UInt8>) -> SIMD16<UInt8> {
    UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<UInt8>.self)
  }

  package static func appendChunk(_ type: String, _ body: Data, to png: inout Data) {
    png.appendBigEndian(UInt32(body.count))
    // An array, not `Data(type.utf8)`: Data's generic initializer casts its argument at run
    // time, and the first cast of a process scans every conformance in the binary (40 µs).
    let typeBytes = Array(type.utf8)
    png.append(contentsOf: typeBytes)
    png.append(body)
    let crc = body.withUnsafeBytes { CRC32.checksum($0.assumingMemoryBound(to: UInt8.self), continuing: CRC32.checksum(typeBytes)) }
    png.appendBigEndian(crc)
  }

  /// One piece of the stream: `rows` filtered a window of whole rows at a time into a buffer
  /// of that size (never the whole image: the tiger's filtered rows were 4 MB, a thousand
  /// page faults) and compressed on its own (`RowDeflate`, which gathers windows into blocks),
  /// the piece ended on a byte by an empty stored block (or, for the last piece, by the final
  /// block); with the filtered bytes' count and Adler-32 checksum.
  private static func deflatePiece(
    _ rows: Range<Int>, of image: UnsafeSendablePixels, channels: Int, isLast: Bool
  ) -> (data: [UInt8], length: Int, checksum: UInt32) {
    let rowBytes = image.width * channels + 1, rowsPerWindow = max(windowBytes / rowBytes, 1)
    // An empty piece is one empty window, so that the last piece still ends the stream.
    let windows = stride(from: rows.lowerBound, to: max(rows.upperBound, rows.lowerBound + 1), by: rowsPerWindow).map {
      $0..<min($0 + rowsPerWindow, rows.upperBound)
    }
    let window = UnsafeMutablePointer<UInt8>.allocate(capacity: rowsPerWindow * rowBytes)
    let row = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
    defer {
      window.deallocate()
      row.deallocate()
    }
    let encoder = RowDeflate()
    var checksum: UInt32 = 1
    for (index, rowsOfWindow) in windows.enumerated() {
      filter(rowsOfWindow, of: image, channels: channels, row: row, into: window)
      let filtered = UnsafeBufferPointer(start: window, count: rowsOfWindow.count * rowBytes)
      checksum = Adler32.checksum(filtered, continuing: checksum)
      encoder.compress(filtered, isFinal: isLast && index == windows.count - 1, rowLength: rowBytes)
    }
    if !isLast { encoder.alignWithEmptyBlock() }
    return (encoder.bytes, rows.count * rowBytes, checksum)
  }

  /// The most bytes of rows filtered at a time (whole rows, at least one); no match reaches
  /// back past a window's first byte.
  static let windowBytes = 64_000
}

/// Slots the workers of `compressedRows` each write one of, at their own address.
private struct UnsafeSendableArray<Element>: @unchecked Sendable {
  private let storage: UnsafeMutableBufferPointer<Element>
  init(count: Int, initial: Element) {
    storage = .allocate(capacity: count)
    storage.initialize(repeating: initial)
  }
  subscript(index: Int) -> Element {
    get { storage[index] }
    nonmutating set { storage[index] = newValue }
  }
  func deallocate() {
    storage.deinitialize()
    storage.deallocate()
  }
}

/// The image every worker of `compressedRows` reads, none writes.
private struct UnsafeSendablePixels: @unchecked Sendable {
  let base: UnsafePointer<UInt32>
  let width: Int
}

extension Data {
  package mutating func appendBigEndian(_ value: UInt32) {
    append(contentsOf: [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)])
  }
}
