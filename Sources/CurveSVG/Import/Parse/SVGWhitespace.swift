import CurveDocument
extension StringProtocol {
  /// The text without the white space SVG and CSS allow around a value: space, tab, line
  /// feed, carriage return and form feed. (Foundation's `trimmingCharacters(in:)` goes
  /// through NSString on Linux: a tenth of an import's time on a 5,000-shape drawing.)
  func trimmingSVGSpace() -> String {
    let text = Substring(self)
    var start = text.utf8.startIndex, end = text.utf8.endIndex
    while start < end, isSVGSpace(text.utf8[start]) { start = text.utf8.index(after: start) }
    while end > start, isSVGSpace(text.utf8[text.utf8.index(before: end)]) { end = text.utf8.index(before: end) }
    // Most values have nothing to trim: a string is then itself, not a copy made of its slice.
    if start == text.utf8.startIndex, end == text.utf8.endIndex, let string = self as? String { return string }
    return String(text[start..<end])
  }

  /// The text without the quotes (`"` or `'`) around it, as CSS writes a family or a URL.
  func trimmingQuotes() -> String {
    let isQuote: (Character) -> Bool = { $0 == "\"" || $0 == "'" }
    var text = Substring(self)
    while let first = text.first, isQuote(first) { text.removeFirst() }
    while let last = text.last, isQuote(last) { text.removeLast() }
    return String(text)
  }
}

/// Space, tab, line feed, carriage return or form feed.
func isSVGSpace(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
}
