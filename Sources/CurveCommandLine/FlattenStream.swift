import CurveGeometry
import FoundationEssentials
import Glibc

/// `curves flatten`'s work, streamed: reads cubics line by line, flattens them a batch at a
/// time and writes each polyline as soon as its batch is done, so memory stays the same for
/// any input length (a megabyte of input, a batch of curves and a megabyte of output).
///
/// ```swift
/// let stream = FlattenStream(tolerance: 0.25, method: .adaptive, format: .text, precision: nil)
/// let statistics = try stream.run(read: { read(0, $0.baseAddress, $0.count) }, write: { try out.write($0) })
/// ```
///
/// Input: one cubic a line, "x0 y0 x1 y1 x2 y2 x3 y3", blank lines and lines starting with #
/// skipped. Text output: one line a curve, "x0 y0 ... xk yk", both ends included, numbers in
/// their shortest round-trip form or with `precision` digits after the point. Binary output,
/// for harnesses: per curve a little-endian `UInt32` point count, then the points as
/// little-endian `Float64` x, y pairs. A bad line stops the stream with its number, after the
/// polylines of every line before it.
package struct FlattenStream {
  package enum Format: String, CaseIterable {
    case text
    case binary
  }

  package struct Statistics {
    package var curves = 0
    package var segments = 0
    /// Time spent flattening, apart from reading and writing.
    package var flattening = Duration.zero
  }

  package struct LineError: Error, CustomStringConvertible {
    package let line: Int
    package let reason: String
    package var description: String { "line \(line): \(reason)" }
  }

  let tolerance: Double
  let method: FlatteningMethod
  let format: Format
  /// Digits after the point (0...17); nil for the shortest form that reads back exactly.
  let precision: Int?

  package init(tolerance: Double, method: FlatteningMethod, format: Format, precision: Int?) {
    self.tolerance = tolerance
    self.method = method
    self.format = format
    self.precision = precision
  }

  static let precisionRange = 0...17
  /// Curves flattened together, between reading and writing.
  static let batchSize = 4096
  /// Bytes read at a time, and written at a time.
  static let bufferSize = 1 << 20
  /// A line longer than this is refused: eight numbers never need it.
  static let maximumLineLength = 4096

  /// Streams from `read` (fills the buffer it is given, returns the bytes read, 0 at the end)
  /// to `write`.
  func run(
    read: @escaping (UnsafeMutableRawBufferPointer) throws -> Int, write: @escaping (UnsafeRawBufferPointer) throws -> Void
  ) throws -> Statistics {
    var statistics = Statistics()
    var output = OutputBuffer(capacity: Self.bufferSize, write: write)
    var batch: [CubicBezier] = []
    batch.reserveCapacity(Self.batchSize)
    var points: [Point] = [], counts: [Int] = []
    func flush() throws {
      guard !batch.isEmpty else { return }
      points.removeAll(keepingCapacity: true)
      counts.removeAll(keepingCapacity: true)
      let start = ContinuousClock.now
      for curve in batch {
        let before = points.count
        curve.flatten(tolerance: tolerance, method: method, into: &points)
        counts.append(points.count - before)
      }
      statistics.flattening += ContinuousClock.now - start
      var offset = 0
      for count in counts {
        try append(points[offset..<(offset + count)], to: &output)
        offset += count
        statistics.segments += count - 1
      }
      statistics.curves += batch.count
      batch.removeAll(keepingCapacity: true)
    }
    let lines = LineReader(read: read)
    var values = [Double](repeating: 0, count: 8)
    do {
      try lines.forEachLine { number, line, length in
        guard try Self.parse(line, length: length, into: &values, lineNumber: number) else { return }
        batch.append(CubicBezier(
          Point(x: values[0], y: values[1]), Point(x: values[2], y: values[3]),
          Point(x: values[4], y: values[5]), Point(x: values[6], y: values[7])
        ))
        if batch.count == Self.batchSize { try flush() }
      }
    } catch {
      try flush()
      try output.flush()
      throw error
    }
    try flush()
    try output.flush()
    return statistics
  }

  private func append(_ polyline: ArraySlice<Point>, to output: inout OutputBuffer) throws {
    switch format {
    case .binary:
      try output.append(littleEndian: UInt32(polyline.count))
      for point in polyline {
        try output.append(littleEndian: point.x.bitPattern)
        try output.append(littleEndian: point.y.bitPattern)
      }
    case .text:
      var first = true
      for point in polyline {
        if !first { try output.append(0x20) }
        first = false
        try output.append(point.x, precision: precision)
        try output.append(0x20)
        try output.append(point.y, precision: precision)
      }
      try output.append(0x0A)
    }
  }

  /// Streams `input` from memory: the output, and the statistics or the error that stopped
  /// the stream (after the polylines of the lines before it).
  package func run(inMemory input: [UInt8]) -> (output: [UInt8], result: Result<Statistics, any Error>) {
    var remaining = input[...]
    var output: [UInt8] = []
    let result = Result {
      try run(
        read: { buffer in
          let count = min(buffer.count, remaining.count)
          buffer.copyBytes(from: remaining.prefix(count))
          remaining = remaining.dropFirst(count)
          return count
        },
        write: { output.append(contentsOf: $0) }
      )
    }
    return (output, result)
  }

  /// Reads the eight numbers of `line` (`length` bytes, then a NUL) into `values`; false for
  /// a blank or comment line.
  static func parse(_ line: UnsafeMutablePointer<CChar>, length: Int, into values: inout [Double], lineNumber: Int) throws -> Bool {
    func isSpace(_ byte: CChar) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
    var index = 0
    while index < length, isSpace(line[index]) { index += 1 }
    if index == length || line[index] == CChar(UInt8(ascii: "#")) { return false }
    var fields = 0
    while true {
      while index < length, isSpace(line[index]) { index += 1 }
      if index == length { break }
      var end = index
      while end < length, !isSpace(line[end]) { end += 1 }
      var parsedEnd: UnsafeMutablePointer<CChar>?
      let value = strtod(line + index, &parsedEnd)
      guard parsedEnd == line + end, value.isFinite else {
        let field = String(decoding: UnsafeRawBufferPointer(start: line + index, count: end - index), as: UTF8.self)
        throw LineError(line: lineNumber, reason: "'\(field)' is not a finite number")
      }
      if fields < 8 { values[fields] = value }
      fields += 1
      index = end
    }
    guard fields == 8 else {
      throw LineError(line: lineNumber, reason: "expected 8 numbers (x0 y0 x1 y1 x2 y2 x3 y3), found \(fields)")
    }
    return true
  }
}

/// Lines of bytes from a reader, without their line ends, numbered from 1, each handed out
/// in place with a NUL after it (for `strtod`).
private struct LineReader {
  let read: (UnsafeMutableRawBufferPointer) throws -> Int

  func forEachLine(_ body: (_ number: Int, _ line: UnsafeMutablePointer<CChar>, _ length: Int) throws -> Void) throws {
    // One byte more than is ever filled, for the NUL after an unterminated last line.
    var buffer = [CChar](repeating: 0, count: FlattenStream.bufferSize + 1)
    let capacity = FlattenStream.bufferSize
    var filled = 0, lineNumber = 0, atEnd = false
    while !atEnd {
      let count = try buffer.withUnsafeMutableBytes { try read(UnsafeMutableRawBufferPointer(rebasing: $0[filled..<capacity])) }
      if count <= 0 { atEnd = true } else { filled += count }
      try buffer.withUnsafeMutableBufferPointer { bytes in
        let base = bytes.baseAddress!
        var start = 0
        func nextLineEnd() -> Int? {
          guard start < filled else { return nil }
          if let found = memchr(base + start, 0x0A, filled - start) { return base.distance(to: found.assumingMemoryBound(to: CChar.self)) }
          return atEnd ? filled : nil
        }
        while let newline = nextLineEnd() {
          base[newline] = 0
          lineNumber += 1
          try body(lineNumber, base + start, newline - start)
          start = newline + 1
        }
        // Keep the partial line at the front, then read more after it.
        start = min(start, filled)
        filled -= start
        if filled > 0 { (base).update(from: base + start, count: filled) }
      }
      if filled > FlattenStream.maximumLineLength {
        throw FlattenStream.LineError(line: lineNumber + 1, reason: "the line is longer than \(FlattenStream.maximumLineLength) bytes")
      }
    }
  }
}

/// Bytes on their way out, written in large pieces.
private struct OutputBuffer: TextOutputStream {
  private var bytes: [UInt8] = []
  private let capacity: Int
  private let write: (UnsafeRawBufferPointer) throws -> Void

  init(capacity: Int, write: @escaping (UnsafeRawBufferPointer) throws -> Void) {
    self.capacity = capacity
    self.write = write
    bytes.reserveCapacity(capacity + 64)
  }

  mutating func append(_ byte: UInt8) throws {
    bytes.append(byte)
    if bytes.count >= capacity { try flush() }
  }

  mutating func append<Integer: FixedWidthInteger>(littleEndian value: Integer) throws {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    if bytes.count >= capacity { try flush() }
  }

  /// `value` in its shortest round-trip form ("12.5", "3.0", "1e-07"), or with `precision`
  /// digits after the point.
  mutating func append(_ value: Double, precision: Int?) throws {
    if let precision {
      appendFixed(value, precision: precision)
    } else {
      value.write(to: &self)
    }
    if bytes.count >= capacity { try flush() }
  }

  /// Fixed-point digits by integer arithmetic when the scaled value fits in 53 bits, as
  /// printf's %.Nf rounds it; printf itself beyond.
  private mutating func appendFixed(_ value: Double, precision: Int) {
    let scale = Self.powersOfTen[precision]
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9_007_199_254_740_992 else {
      bytes.append(contentsOf: value.fixed(precision).utf8)
      return
    }
    var integer = UInt64(scaled)
    if value.sign == .minus { bytes.append(UInt8(ascii: "-")) }
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { buffer in
      var count = 0
      repeat {
        buffer[count] = UInt8(ascii: "0") + UInt8(integer % 10)
        integer /= 10
        count += 1
      } while integer > 0 || count <= precision
      for index in stride(from: count - 1, through: 0, by: -1) {
        bytes.append(buffer[index])
        if index == precision, precision > 0 { bytes.append(UInt8(ascii: ".")) }
      }
    }
  }

  private static let powersOfTen: [Double] = (0...17).map { pow(10, Double($0)) }

  mutating func write(_ string: String) {
    bytes.append(contentsOf: string.utf8)
  }

  mutating func flush() throws {
    guard !bytes.isEmpty else { return }
    try bytes.withUnsafeBytes { try write($0) }
    bytes.removeAll(keepingCapacity: true)
  }
}
