import CZlib
@testable import CurveRender
import SeededRandom
import Testing

/// Curves's own deflate for PNG rows: zlib's inflate must read back every byte, whatever the
/// data, and runs must compress as zlib's run-length mode compresses them.
struct RowDeflateTests {
  /// `pieces` through one encoder, the last final; inflated by zlib as raw deflate.
  static func roundTrip(_ pieces: [[UInt8]], alignBetween: Bool = false, rowLength: Int = 0) throws -> (inflated: [UInt8], compressed: [UInt8]) {
    let encoder = RowDeflate()
    for (index, piece) in pieces.enumerated() {
      piece.withUnsafeBufferPointer { encoder.compress($0, isFinal: index == pieces.count - 1, rowLength: rowLength) }
      if alignBetween, index < pieces.count - 1 { encoder.alignWithEmptyBlock() }
    }
    let compressed = encoder.bytes
    return (try inflate(compressed, expecting: pieces.reduce(0) { $0 + $1.count }), compressed)
  }

  /// zlib's inflate of raw deflate: an error past the end, as is a stream that does not end
  /// where its final block does.
  static func inflate(_ compressed: [UInt8], expecting count: Int) throws -> [UInt8] {
    var stream = z_stream()
    try #require(inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
    defer { inflateEnd(&stream) }
    let (status, output) = run(&stream, over: compressed, capacity: count + 16) { CZlib.inflate($0, Z_FINISH) }
    #expect(status == Z_STREAM_END, "zlib's inflate: \(status)")
    #expect(stream.avail_in == 0, "no bytes after the final block")
    return output
  }

  /// `step` (zlib's `deflate` or `inflate`) of all of `input` at once, into `capacity` bytes.
  static func run(
    _ stream: inout z_stream, over input: [UInt8], capacity: Int, _ step: (UnsafeMutablePointer<z_stream>) -> Int32
  ) -> (status: Int32, output: [UInt8]) {
    var input = input, output = [UInt8](repeating: 0, count: capacity)
    let status = input.withUnsafeMutableBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        stream.next_in = source.baseAddress
        stream.avail_in = uInt(source.count)
        stream.next_out = target.baseAddress
        stream.avail_out = uInt(target.count)
        return step(&stream)
      }
    }
    return (status, Array(output[..<Int(stream.total_out)]))
  }

  @Test(arguments: [0, 1, 2, 3, 4, 7, 8, 9, 258, 259, 260, 1_000, 70_000])
  func runsOfEveryLengthReadBack(length: Int) throws {
    let data = [UInt8](repeating: 0, count: length) + [7, 7, 7, 1] + [UInt8](repeating: 9, count: length)
    let (inflated, compressed) = try Self.roundTrip([data])
    #expect(inflated == data)
    // A block's codes take about 20 bytes; a run of 258, three bits.
    #expect(compressed.count <= 40 + length / 200, "\(compressed.count) bytes for runs of \(length)")
  }

  /// Noise does not compress: the block is stored, a few bytes over the data.
  @Test func noiseIsStoredNotInflated() throws {
    var random = SplitMix64(seed: 3)
    let data = (0..<200_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    let (inflated, compressed) = try Self.roundTrip([data])
    #expect(inflated == data)
    #expect(compressed.count <= data.count + 5 * 4 + 8)
  }

  /// Windows of rows, each compressed on its own, gathered into blocks; pieces ended on a
  /// byte by an empty stored block so that another stream's blocks may follow.
  @Test(arguments: [false, true])
  func windowsAndPiecesReadBackAsOneStream(alignBetween: Bool) throws {
    var random = SplitMix64(seed: 5)
    // Drawing-like: runs of zeros, a few values, some noise.
    func byte(at index: Int) -> UInt8 {
      if index % 97 < 60 { return 0 }
      return index % 5 == 0 ? UInt8(truncatingIfNeeded: random.next()) : UInt8(index % 3)
    }
    let windows: [[UInt8]] = (0..<12).map { window in (0..<(window * 3_001 % 17_000)).map(byte(at:)) }
    let (inflated, compressed) = try Self.roundTrip(windows, alignBetween: alignBetween)
    #expect(inflated == windows.flatMap { $0 })
    if alignBetween {
      let flushes = (0..<compressed.count - 3).filter { compressed[$0..<$0 + 4].elementsEqual([0, 0, 0xFF, 0xFF]) }.count
      #expect(flushes >= windows.count - 1)
    }
  }

  /// Random streams of runs, repeated patterns and noise, cut into random windows, with
  /// pieces ended or not: zlib reads back every one.
  @Test func randomStreamsReadBack() throws {
    var random = SplitMix64(seed: 11)
    func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
    for _ in 0..<40 {
      var data: [UInt8] = []
      for _ in 0..<below(60) {
        let length = below(700)
        switch below(3) {
        case 0: data += [UInt8](repeating: UInt8(below(3)), count: length)
        case 1: data += (0..<length).map { UInt8($0 % (1 + below(4))) }
        default: data += (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        }
      }
      var windows: [[UInt8]] = [], start = 0
      while start < data.count {
        let end = min(data.count, start + 1 + below(20_000))
        windows.append(Array(data[start..<end]))
        start = end
      }
      if windows.isEmpty { windows = [[]] }
      let (inflated, _) = try Self.roundTrip(windows, alignBetween: below(2) == 0)
      #expect(inflated == data)
    }
  }

  /// A ramp from left to right: Sub leaves each row's steps, which no run matches, but every
  /// row repeats the one above it, so with the rows' length it is a few matches a row.
  @Test func aRampsRowsAreMatchedOneRowUp() throws {
    let width = 200, rowLength = width * 4 + 1
    var row: [UInt8] = [1]
    for x in 0..<width {
      let value = UInt8(255 - x * 255 / (width - 1)), left = x == 0 ? 0 : UInt8(255 - (x - 1) * 255 / (width - 1))
      row += x == 0 ? [value, value, value, 255] : [value &- left, value &- left, value &- left, 0]
    }
    let rows = Array([[UInt8]](repeating: row, count: 150).joined())
    let withRows = try Self.roundTrip([rows], rowLength: rowLength)
    let runsOnly = try Self.roundTrip([rows])
    #expect(withRows.inflated == rows && runsOnly.inflated == rows)
    // 149 rows of two matches (258 + 258 + 285 bytes: three) at about 3 bytes each.
    #expect(withRows.compressed.count < 1_000, "\(withRows.compressed.count) bytes")
    #expect(runsOnly.compressed.count > 20 * withRows.compressed.count, "\(runsOnly.compressed.count) bytes without rows")
  }

  /// Random rows, each new, a copy of the one above, or the one above with a few bytes
  /// changed, in random windows of whole rows, at row lengths up to past deflate's window
  /// (then no match is a row up): zlib reads back every one.
  @Test(arguments: [1, 5, 801, 4_097, 32_768, 40_001])
  func rowsReadBackAtEveryRowLength(rowLength: Int) throws {
    var random = SplitMix64(seed: UInt64(rowLength))
    func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
    var rows: [[UInt8]] = []
    for index in 0..<max(3, 120_000 / rowLength) {
      switch index == 0 ? 0 : below(3) {
      case 0: rows.append((0..<rowLength).map { _ in below(4) == 0 ? UInt8(truncatingIfNeeded: random.next()) : 0 })
      case 1: rows.append(rows[index - 1])
      default:
        var changed = rows[index - 1]
        for _ in 0..<below(6) { changed[below(rowLength)] = UInt8(truncatingIfNeeded: random.next()) }
        rows.append(changed)
      }
    }
    var windows: [[UInt8]] = [], start = 0
    while start < rows.count {
      let end = min(rows.count, start + 1 + below(8))
      windows.append(Array(rows[start..<end].joined()))
      start = end
    }
    let (inflated, _) = try Self.roundTrip(windows, alignBetween: below(2) == 0, rowLength: rowLength)
    #expect(inflated == Array(rows.joined()))
  }

  /// Rows longer than deflate's window are compressed as if no row length were given: the
  /// same stream, not a block a window.
  @Test func rowsPastTheWindowAreRunsAlone() throws {
    let windows: [[UInt8]] = (0..<4).map { window in (0..<50_000).map { UInt8(($0 / (7 + window)) % 5) } }
    let wide = try Self.roundTrip(windows, rowLength: 40_001), plain = try Self.roundTrip(windows)
    #expect(wide.inflated == plain.inflated)
    #expect(wide.compressed == plain.compressed)
  }

  /// As small as zlib's run-length mode at level 1 on drawing-like rows (what PNGs were
  /// written with before), within a percent.
  @Test func compressesAsZlibsRunLengthMode() throws {
    let width = 400, height = 400
    var rows: [UInt8] = []
    for y in 0..<height {
      rows.append(1)
      var previous: [UInt8] = [0, 0, 0, 0]
      for x in 0..<width {
        let inside = (x - 200) * (x - 200) + (y - 200) * (y - 200) < 150 * 150
        let pixel: [UInt8] = inside ? [UInt8(x * 255 / width), UInt8(y * 255 / height), 0x80, 0xFF] : [0, 0, 0, 0]
        rows += zip(pixel, previous).map { $0 &- $1 }
        previous = pixel
      }
    }
    let (inflated, compressed) = try Self.roundTrip([rows])
    #expect(inflated == rows)
    var stream = z_stream()
    #expect(deflateInit2_(&stream, 1, Z_DEFLATED, -15, 8, Z_RLE, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
    let capacity = Int(deflateBound(&stream, uLong(rows.count)))
    let (status, zlibOutput) = Self.run(&stream, over: rows, capacity: capacity) { deflate($0, Z_FINISH) }
    deflateEnd(&stream)
    #expect(status == Z_STREAM_END)
    let zlibBytes = zlibOutput.count
    #expect(Double(compressed.count) <= Double(zlibBytes) * 1.01, "\(compressed.count) bytes, zlib's \(zlibBytes)")
  }

  /// Huffman codes within their length limit, complete (Kraft's sum 1), and shorter for the
  /// commoner symbols, however skewed the counts.
  @Test func codesAreCompleteLimitedAndOrderedByCount() {
    let skewed: [UInt32] = (0..<286).map { $0 < 40 ? UInt32(1) << min(UInt32($0), 30) : 0 }
    let even = [UInt32](repeating: 5, count: 19)
    let single: [UInt32] = [0, 0, 9] + [UInt32](repeating: 0, count: 27)
    for (frequencies, limit) in [(skewed, 15), (even, 7), (single, 15)] {
      let lengths = HuffmanCode.lengths(frequencies, limit: limit)
      #expect(lengths.allSatisfy { $0 <= limit })
      let kraft = lengths.filter { $0 > 0 }.reduce(0.0) { $0 + 1 / Double(1 << Int($1)) }
      #expect(kraft == 1, "a complete code: \(kraft)")
      for a in frequencies.indices where frequencies[a] > 0 {
        for b in frequencies.indices where frequencies[b] > frequencies[a] { #expect(lengths[b] <= lengths[a]) }
      }
    }
    #expect(HuffmanCode.lengths(single, limit: 15).filter { $0 > 0 }.count == 2, "a second code completes a code of one")
    #expect(HuffmanCode.lengths(skewed, limit: 15).max() == 15, "the skewed counts are cut at the limit")
  }
}
