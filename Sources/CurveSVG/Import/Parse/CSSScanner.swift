/// Reads CSS text byte by byte.
struct CSSScanner {
  let bytes: [UInt8]
  var offset = 0

  init(_ text: String) {
    bytes = Array(text.utf8)
  }

  func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
  mutating func advance() { offset += 1 }

  /// Returns whether it skipped any.
  mutating func skipWhitespace() -> Bool {
    let start = offset
    while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C { advance() }
    return offset > start
  }

  /// Whitespace and the `<!--` and `-->` that may wrap a sheet.
  mutating func skipWhitespaceAndMarkup() {
    while true {
      _ = skipWhitespace()
      if starts(with: "<!--") { offset += 4 } else if starts(with: "-->") { offset += 3 } else { return }
    }
  }

  func starts(with text: String) -> Bool {
    let prefix = Array(text.utf8)
    return offset + prefix.count <= bytes.count && Array(bytes[offset..<offset + prefix.count]) == prefix
  }

  /// An at-rule: up to its `;`, or through its block.
  mutating func skipAtRule() {
    while let byte = peek() {
      advance()
      if byte == UInt8(ascii: ";") { return }
      if byte == UInt8(ascii: "{") {
        _ = readBlockBody()
        return
      }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { skipString(byte) }
    }
  }

  /// The text up to `stop` at the top level (not in a string), which is left unread.
  mutating func read(upTo stop: UInt8) -> String {
    let start = offset
    while let byte = peek(), byte != stop {
      advance()
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { skipString(byte) }
    }
    return String(decoding: bytes[start..<offset], as: UTF8.self)
  }

  /// After `{`: the text up to the matching `}` (read too, if there is one).
  mutating func readBlockBody() -> String {
    let start = offset
    var depth = 1
    while let byte = peek() {
      advance()
      switch byte {
      case UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: "}"):
        depth -= 1
        if depth == 0 { return String(decoding: bytes[start..<offset - 1], as: UTF8.self) }
      case UInt8(ascii: "\""), UInt8(ascii: "'"): skipString(byte)
      default: break
      }
    }
    return String(decoding: bytes[start..<offset], as: UTF8.self)
  }

  /// After an opening quote: through the closing one.
  private mutating func skipString(_ quote: UInt8) {
    while let byte = peek() {
      advance()
      if byte == UInt8(ascii: "\\") { advance() } else if byte == quote || byte == 0x0A { return }
    }
  }

  /// A quoted string at the offset, without its quotes.
  mutating func string() -> String? {
    guard let quote = peek() else { return nil }
    advance()
    let start = offset
    while let byte = peek(), byte != quote {
      if byte == 0x0A { return nil }
      advance()
    }
    guard peek() == quote else { return nil }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    advance()
    return text
  }

  /// A CSS identifier (letters, digits, `-`, `_`, and anything beyond ASCII; not starting
  /// with a digit), or nil.
  mutating func identifier() -> String? {
    let start = offset
    while let byte = peek() {
      let isName = byte >= 0x80 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      guard isName else { break }
      if offset == start, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { break }
      advance()
    }
    return offset > start ? String(decoding: bytes[start..<offset], as: UTF8.self) : nil
  }
}
