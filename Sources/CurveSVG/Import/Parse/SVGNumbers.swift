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
    var scanner = SVGScanner(String(text))
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

  init(_ text: String) {
    bytes = Array(text.utf8)
  }

  var isAtEnd: Bool { offset >= bytes.count }

  func peek() -> UInt8? { isAtEnd ? nil : bytes[offset] }

  mutating func advance() { offset += 1 }

  /// SVG's wsp: space, tab, carriage return, line feed.
  mutating func skipWhitespace() {
    while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A { advance() }
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
    let start = offset
    let isNegative = peek() == UInt8(ascii: "-")
    if let byte = peek(), byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { advance() }
    var significand = DecimalSignificand()
    var digits = skipDigits(into: &significand)
    if peek() == UInt8(ascii: ".") {
      advance()
      let fractionDigits = skipDigits(into: &significand)
      significand.exponent -= fractionDigits
      digits += fractionDigits
    }
    guard digits > 0 else {
      offset = start
      return nil
    }
    var isExact = true
    if let byte = peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
      let mantissaEnd = offset
      advance()
      if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { advance() }
      if skipDigits() == 0 { offset = mantissaEnd } else { isExact = false }
    }
    if isExact, let value = significand.value { return isNegative ? -value : value }
    // The grammar was checked above, so this only converts: Double's own parser would also
    // take "inf" and hexadecimal, which never reach it.
    return Double(text(from: start)) ?? .nan
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
    let character = String(decoding: bytes[offset..<min(offset + 4, bytes.count)], as: UTF8.self).first.map(String.init) ?? "?"
    return "\"\(character)\""
  }

  private mutating func skipDigits() -> Int {
    let start = offset
    while let byte = peek(), isDigit(byte) { advance() }
    return offset - start
  }

  /// Skips digits as `skipDigits` does, and adds them to `significand`.
  private mutating func skipDigits(into significand: inout DecimalSignificand) -> Int {
    let start = offset
    while let byte = peek(), isDigit(byte) {
      significand.append(byte &- UInt8(ascii: "0"))
      advance()
    }
    return offset - start
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
