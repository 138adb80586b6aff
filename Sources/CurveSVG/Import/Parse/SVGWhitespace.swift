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
    return String(text[start..<end])
  }
}

/// Space, tab, line feed, carriage return or form feed.
func isSVGSpace(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
}
