import FoundationEssentials
import Glibc

/// A strict JSON (RFC 8259) reader that walks the bytes once, value by value, for the parts
/// of a document that are large: a 10,000-curve document's curves read in about a fifth of
/// the time `JSONDecoder` takes, which is most of the time to open it.
///
/// ```swift
/// var reader = JSONReader(bytes)
/// try reader.readObject { key, reader in
///   if key == "x" { x = try reader.readNumber() } else { try reader.skipValue() }
/// }
/// try reader.expectEnd()
/// ```
///
/// Errors name what was expected and the byte offset where it was not found.
struct JSONReader {
  struct Failure: Error, CustomStringConvertible {
    var message: String
    var offset: Int
    var description: String { "\(message) at byte \(offset)" }
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private(set) var offset = 0
  /// Arrays and objects inside one another deeper than this are refused: a hostile file
  /// cannot exhaust the stack.
  static let maximumDepth = 64
  private var depth = 0

  /// Reads `bytes`, which must outlive the reader.
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  func failure(_ message: String) -> Failure { Failure(message: message, offset: offset) }

  /// The next value's bytes, skipped: for a small part read by `Decodable`.
  mutating func readRaw() throws -> Data {
    let range = try skipValue()
    return Data(UnsafeBufferPointer(rebasing: bytes[range]))
  }

  /// Whitespace, then the next byte without taking it; nil at the end.
  mutating func peek() -> UInt8? {
    while offset < bytes.count {
      let byte = bytes[offset]
      guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
      offset += 1
    }
    return offset < bytes.count ? bytes[offset] : nil
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
    guard peek() == byte else { throw failure("expected \(what)") }
    offset += 1
  }

  /// Calls `body` with each key of an object; `body` reads the key's value.
  mutating func readObject(_ body: (String, inout JSONReader) throws -> Void) throws {
    try expect(UInt8(ascii: "{"), "an object")
    try enter()
    defer { depth -= 1 }
    if peek() == UInt8(ascii: "}") {
      offset += 1
      return
    }
    while true {
      let key = try readString()
      try expect(UInt8(ascii: ":"), "':' after a key")
      try body(key, &self)
      guard let next = peek() else { throw failure("expected ',' or '}'") }
      offset += 1
      if next == UInt8(ascii: "}") { return }
      guard next == UInt8(ascii: ",") else {
        offset -= 1
        throw failure("expected ',' or '}'")
      }
    }
  }

  /// Calls `body` for each element of an array; `body` reads the element.
  mutating func readArray(_ body: (inout JSONReader) throws -> Void) throws {
    try expect(UInt8(ascii: "["), "an array")
    try enter()
    defer { depth -= 1 }
    if peek() == UInt8(ascii: "]") {
      offset += 1
      return
    }
    while true {
      try body(&self)
      guard let next = peek() else { throw failure("expected ',' or ']'") }
      offset += 1
      if next == UInt8(ascii: "]") { return }
      guard next == UInt8(ascii: ",") else {
        offset -= 1
        throw failure("expected ',' or ']'")
      }
    }
  }

  private mutating func enter() throws(Failure) {
    depth += 1
    guard depth <= Self.maximumDepth else { throw failure("more than \(Self.maximumDepth) nested arrays and objects") }
  }

  mutating func readString() throws(Failure) -> String {
    try expect(UInt8(ascii: "\""), "a string")
    let start = offset
    // Without escapes (every key and number-like string we write), the bytes as they are.
    while offset < bytes.count, bytes[offset] != UInt8(ascii: "\""), bytes[offset] != UInt8(ascii: "\\"), bytes[offset] >= 0x20 {
      offset += 1
    }
    guard offset < bytes.count else { throw failure("unterminated string") }
    if bytes[offset] == UInt8(ascii: "\"") {
      offset += 1
      return try validUTF8(start..<(offset - 1))
    }
    var scalars = try validUTF8(start..<offset).unicodeScalars.map { $0 }
    while true {
      guard offset < bytes.count else { throw failure("unterminated string") }
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        offset += 1
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
      }
      guard byte >= 0x20 else { throw failure("a control character in a string") }
      if byte == UInt8(ascii: "\\") {
        scalars.append(try readEscape())
        continue
      }
      let runStart = offset
      while offset < bytes.count, bytes[offset] != UInt8(ascii: "\""), bytes[offset] != UInt8(ascii: "\\"), bytes[offset] >= 0x20 {
        offset += 1
      }
      scalars.append(contentsOf: try validUTF8(runStart..<offset).unicodeScalars)
    }
  }

  private func validUTF8(_ range: Range<Int>) throws(Failure) -> String {
    let run = UnsafeBufferPointer(rebasing: bytes[range])
    // ASCII (every key, id and number-like string) needs no validation: `String(validating:)`
    // is generic and looks its types up at run time on every call.
    if run.allSatisfy({ $0 < 0x80 }) { return String(decoding: run, as: UTF8.self) }
    guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) else {
      throw Failure(message: "a string that is not UTF-8", offset: range.lowerBound)
    }
    return text
  }

  private mutating func readEscape() throws(Failure) -> Unicode.Scalar {
    offset += 1
    guard offset < bytes.count else { throw failure("unterminated string") }
    let byte = bytes[offset]
    offset += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try readHex4()
      if (0xD800..<0xDC00).contains(high) {
        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
          throw failure("a lone surrogate in a string")
        }
        offset += 2
        let low = try readHex4()
        guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate in a string") }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
      }
      guard let scalar = Unicode.Scalar(high) else { throw failure("a lone surrogate in a string") }
      return scalar
    default:
      offset -= 1
      throw failure("an unknown escape in a string")
    }
  }

  private mutating func readHex4() throws(Failure) -> UInt32 {
    guard offset + 4 <= bytes.count else { throw failure("expected four hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure("expected four hex digits")
      }
      value = value << 4 | UInt32(digit)
      offset += 1
    }
    return value
  }

  /// A JSON number; one too large for a `Double` is refused, not read as infinity.
  /// A UUID written as a string in its canonical form (`8-4-4-4-12` hex digits, either case),
  /// read without making the string; nil, having read nothing, for anything else.
  mutating func readCanonicalUUID() -> UUID? {
    // White space before the value, as other writers put it after a key's colon.
    guard peek() == UInt8(ascii: "\""), offset + 38 <= bytes.count, bytes[offset] == UInt8(ascii: "\""), bytes[offset + 37] == UInt8(ascii: "\"") else { return nil }
    // The 128 bits as two halves, big-endian, a hex digit at a time.
    var halves: (UInt64, UInt64) = (0, 0), index = offset + 1
    for digit in 0..<32 {
      if digit == 8 || digit == 12 || digit == 16 || digit == 20 {
        guard bytes[index] == UInt8(ascii: "-") else { return nil }
        index += 1
      }
      // Without branches on which kind of digit: letters and numbers come at random, and
      // mispredicted branches were most of the time a document's reading spent on ids.
      let byte = bytes[index], number = byte &- UInt8(ascii: "0"), letter = (byte | 0x20) &- UInt8(ascii: "a")
      let value = number < 10 ? number : letter < 6 ? letter &+ 10 : 16
      guard value < 16 else { return nil }
      if digit < 16 { halves.0 = halves.0 << 4 | UInt64(value) } else { halves.1 = halves.1 << 4 | UInt64(value) }
      index += 1
    }
    offset += 38
    return withUnsafeBytes(of: (halves.0.bigEndian, halves.1.bigEndian)) { bytes in
      UUID(uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
    }
  }

  mutating func readNumber() throws(Failure) -> Double {
    guard let first = peek(), first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
      throw failure("expected a number")
    }
    let start = offset
    func digits() -> Int {
      let from = offset
      while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
      return offset - from
    }
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    let integerStart = offset
    guard digits() > 0 else { throw failure("expected a number") }
    guard bytes[integerStart] != UInt8(ascii: "0") || offset - integerStart == 1 else { throw Failure(message: "a number with a leading zero", offset: start) }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      guard digits() > 0 else { throw failure("expected digits after '.'") }
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
      offset += 1
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
      guard digits() > 0 else { throw failure("expected digits in an exponent") }
    }
    // The grammar is checked; C's strtod converts, correctly rounded, from a NUL-ended copy
    // on the stack (Python writes 17 digits: a String of them would be allocated). Its
    // decimal point is LC_NUMERIC's, which no part of Curves changes from C's.
    let length = offset - start
    let value =
      length < 64
      ? withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { text in
        for index in 0..<length { text[index] = CChar(bitPattern: bytes[start + index]) }
        text[length] = 0
        var end: UnsafeMutablePointer<CChar>?
        let value = strtod(text.baseAddress!, &end)
        // All of it read, or (another locale's decimal point) the standard library reads it.
        guard end == text.baseAddress! + length else { return Double(String(cString: text.baseAddress!)) ?? .infinity }
        return value
      }
      : Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)) ?? .infinity
    guard value.isFinite else {
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
      throw Failure(message: "the number \(text) is out of range", offset: start)
    }
    return value
  }

  /// A number with no fraction that fits an `Int`.
  mutating func readInteger() throws(Failure) -> Int {
    let start = offset
    let value = try readNumber()
    guard value.rounded() == value, let integer = Int(exactly: value) else { throw Failure(message: "expected a whole number", offset: start) }
    return integer
  }

  /// `true` or `false`.
  mutating func readBool() throws(Failure) -> Bool {
    if peek() == UInt8(ascii: "t") {
      try literal("true")
      return true
    }
    guard peek() == UInt8(ascii: "f") else { throw failure("expected true or false") }
    try literal("false")
    return false
  }

  /// `null` as nil, else what `read` reads.
  mutating func readNullable<Value>(_ read: (inout JSONReader) throws -> Value) throws -> Value? {
    if peek() == UInt8(ascii: "n") {
      try literal("null")
      return nil
    }
    return try read(&self)
  }

  /// Skips any value, returning the bytes it spanned.
  @discardableResult
  mutating func skipValue() throws -> Range<Int> {
    guard let first = peek() else { throw failure("expected a value") }
    let start = offset
    switch first {
    case UInt8(ascii: "{"): try readObject { _, reader in try reader.skipValue() }
    case UInt8(ascii: "["): try readArray { reader in try reader.skipValue() }
    case UInt8(ascii: "\""): _ = try readString()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    default: _ = try readNumber()
    }
    return start..<offset
  }

  private mutating func literal(_ word: String) throws(Failure) {
    for byte in word.utf8 {
      guard offset < bytes.count, bytes[offset] == byte else { throw failure("expected \(word)") }
      offset += 1
    }
  }

  /// Only whitespace may follow the document's value.
  mutating func expectEnd() throws(Failure) {
    guard peek() == nil else { throw failure("unexpected bytes after the document") }
  }
}
