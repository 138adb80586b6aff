/// SVG's number grammar (SVG 1.1, 4.2 and the path data grammar of 8.3.9), read by one
/// scanner for every attribute that holds numbers: path data, `points`, lengths, transforms,
/// style values, filters and SMIL's values, key times, key splines and clock values.
///
/// ```swift
/// SVGNumbers.number(" 12.5e1 ")        // 125
/// SVGNumbers.number("inf")             // nil: SVG has no infinities, NaN or hex floats
/// SVGNumbers.list("10-20.5.5,1e2")     // ([10, -20.5, 0.5, 100], nil): the longest match
/// SVGNumbers.list("1 2 x").error       // at offset 4, "a number" expected
/// ```
///
/// Unlike `Double(_:)`, nothing here reads "inf", "nan", "0x1p3" or a number too large for a
/// `Double`: such text is not a number, and the caller reports it as it reports any other
/// value it cannot read.
public enum SVGNumbers {
  /// The numbers of a list such as `<polyline>`'s `points` (SVG 1.1, 9.7.1): numbers
  /// separated by whitespace and at most one comma, up to the first thing that is not one
  /// (returned too, or nil), and at most `limit` of them.
  public static func list(_ text: String, limit: Int = .max) -> (numbers: [Double], error: SVGPathError?) {
    var scanner = SVGScanner(text)
    var numbers: [Double] = []
    scanner.skipWhitespace()
    while !scanner.isAtEnd, numbers.count < limit {
      let start = scanner.offset
      guard let value = scanner.number() else { return (numbers, scanner.error(expected: "a number")) }
      guard value.isFinite else {
        return (numbers, SVGPathError(offset: start, expected: "a number a Double can hold", found: "\"\(scanner.text(from: start))\""))
      }
      numbers.append(value)
      if scanner.skipCommaWhitespace(), scanner.isAtEnd { return (numbers, scanner.error(expected: "a number after the comma")) }
    }
    return (numbers, nil)
  }

  /// The whole of `text` (surrounding whitespace allowed) as one SVG number, or `nil` if it is
  /// not one or is too large for a `Double`. Unlike `Double(_:)`, this refuses "inf", "nan"
  /// and hexadecimal, which SVG does not have.
  public static func number(_ text: some StringProtocol) -> Double? {
    // Read where the text lies: an array of its bytes was half the cost of a length.
    if let value = text.utf8.withContiguousStorageIfAvailable({ number(in: $0) }) { return value }
    return Array(text.utf8).withUnsafeBufferPointer { number(in: $0) }
  }

  /// `number(_:)` of UTF-8 bytes: the whole of them one number, whitespace around it allowed.
  static func number(in bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    var start = 0, end = bytes.count
    while start < end, SVGScanner.isWhitespace(bytes[start]) { start += 1 }
    while end > start, SVGScanner.isWhitespace(bytes[end - 1]) { end -= 1 }
    let (value, numberEnd) = SVGScanner.number(in: bytes, from: start, to: end)
    guard let value, value.isFinite, numberEnd == end else { return nil }
    return value
  }

  /// `number(_:)` of the bytes in `range`: a value's parts (a colour's channels) are read
  /// where they lie, with no string of their own.
  static func number(_ bytes: [UInt8], in range: Range<Int>) -> Double? {
    var scanner = SVGScanner(bytes: bytes, range: range)
    scanner.skipWhitespace()
    guard let value = scanner.number(), value.isFinite else { return nil }
    scanner.skipWhitespace()
    return scanner.isAtEnd ? value : nil
  }

  /// Every number of `text`, a list separated by whitespace and at most one comma; nil when
  /// any of it is not a number (an empty text is an empty list).
  public static func all(_ text: some StringProtocol) -> [Double]? {
    let list = list(String(text))
    return list.error == nil ? list.numbers : nil
  }
}

/// Reads the tokens SVG's attribute grammars share (whitespace, comma-wsp, numbers) from the
/// UTF-8 of a string. `SVGTransformList` reads with it too.
struct SVGScanner {
  private let bytes: [UInt8]
  private(set) var offset = 0
  /// Where the text scanned ends: the bytes' end, or a range's.
  private let end: Int

  init(_ text: String) {
    bytes = Array(text.utf8)
    end = bytes.count
  }

  /// A scanner of `range` of `bytes` alone.
  init(bytes: [UInt8], range: Range<Int>) {
    self.bytes = bytes
    offset = range.lowerBound
    end = range.upperBound
  }

  var isAtEnd: Bool { offset >= end }

  func peek() -> UInt8? { isAtEnd ? nil : bytes[offset] }

  mutating func advance() { offset += 1 }

  /// SVG's wsp: space, tab, carriage return, line feed.
  mutating func skipWhitespace() {
    while let byte = peek(), Self.isWhitespace(byte) { advance() }
  }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
  }

  /// SVG's comma-wsp, optional: whitespace, at most one comma, whitespace. Returns whether it
  /// read a comma.
  mutating func skipCommaWhitespace() -> Bool {
    skipWhitespace()
    guard peek() == UInt8(ascii: ",") else { return false }
    advance()
    skipWhitespace()
    return true
  }

  /// Whether a number may start here: a sign, a digit or a point.
  var isAtNumberStart: Bool {
    guard let byte = peek() else { return false }
    return byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || isDigit(byte)
  }

  /// The longest number of the SVG 1.1 grammar that starts here, or `nil` (and nothing read)
  /// if none does: sign? (digits ("." digits?)? | "." digits) (("e" | "E") sign? digits)?.
  /// The value is infinite when the number is too large for a `Double`.
  ///
  /// Longest match is what makes "10-20.5.5" read as 10, -20.5 and .5, and an "e" without
  /// digits after it is left for the caller: it is not part of the number.
  mutating func number() -> Double? {
    let (value, numberEnd) = bytes.withUnsafeBufferPointer { Self.number(in: $0, from: offset, to: end) }
    offset = numberEnd
    return value
  }

  /// `number()` on the bytes themselves: the number and where it ends (`start` when there is
  /// none). Every coordinate of a path comes through here, so it reads each byte once,
  /// without the optionals and bounds checks of `peek()`.
  static func number(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (Double?, Int) {
    // 0 past the end: no part of a number.
    func byte(at index: Int) -> UInt8 { index < end ? bytes[index] : 0 }
    func digit(at index: Int) -> UInt8? {
      let digit = byte(at: index) &- UInt8(ascii: "0")
      return digit < 10 ? digit : nil
    }
    var index = start
    let isNegative = byte(at: index) == UInt8(ascii: "-")
    if isNegative || byte(at: index) == UInt8(ascii: "+") { index += 1 }
    var significand = DecimalSignificand()
    let integerStart = index
    while let digit = digit(at: index) {
      significand.append(digit)
      index += 1
    }
    var digits = index - integerStart
    if byte(at: index) == UInt8(ascii: ".") {
      index += 1
      let fractionStart = index
      while let digit = digit(at: index) {
        significand.append(digit)
        index += 1
      }
      significand.exponent -= index - fractionStart
      digits += index - fractionStart
    }
    guard digits > 0 else { return (nil, start) }
    var isExact = true
    // "e" or "E": the letter with its lowercase bit set.
    if byte(at: index) | 0x20 == UInt8(ascii: "e") {
      let mantissaEnd = index
      index += 1
      if byte(at: index) == UInt8(ascii: "+") || byte(at: index) == UInt8(ascii: "-") { index += 1 }
      let exponentStart = index
      while digit(at: index) != nil { index += 1 }
      if index == exponentStart { index = mantissaEnd } else { isExact = false }
    }
    if isExact, let value = significand.value { return (isNegative ? -value : value, index) }
    // The grammar was checked above, so this only converts: Double's own parser would also
    // take "inf" and hexadecimal, which never reach it.
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    return (Double(text) ?? .nan, index)
  }

  /// The text from `start` to the current offset.
  func text(from start: Int) -> String {
    String(decoding: bytes[start..<offset], as: UTF8.self)
  }

  /// An error at the current offset, naming the character found there.
  func error(expected: String) -> SVGPathError {
    SVGPathError(offset: offset, expected: expected, found: foundDescription)
  }

  /// The character at the offset, quoted, or "the end of the data".
  var foundDescription: String {
    guard !isAtEnd else { return "the end of the data" }
    // At most 4 bytes make a character; decode them and keep the first.
    let character = String(decoding: bytes[offset..<min(offset + 4, end)], as: UTF8.self).first.map(String.init) ?? "?"
    return "\"\(character)\""
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

/// The digits of a decimal number without an exponent part, for the exact conversion that
/// needs no parser: when the digits make an integer below 2⁵³ and the point moves them at
/// most 22 places, both the integer and the power of ten are exact Doubles, so one division
/// rounds correctly (Clinger's fast path), as `Double(_:)` would. Everything else, and every
/// exponent, goes to `Double(_:)`.
struct DecimalSignificand {
  private var digits: UInt64 = 0
  private var count = 0
  /// The power of ten the digits are scaled by: minus the digits after the point.
  var exponent = 0

  private static let powersOfTen: [Double] = (0...22).map { power in (0..<power).reduce(1.0) { value, _ in value * 10 } }

  mutating func append(_ digit: UInt8) {
    if count < 19 { digits = digits &* 10 &+ UInt64(digit) }
    count += 1
  }

  /// The exact value, or `nil` when the fast path does not hold.
  var value: Double? {
    guard count <= 15, exponent >= -22 else { return nil }
    return Double(digits) / Self.powersOfTen[-exponent]
  }
}
