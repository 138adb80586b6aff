extension StringProtocol {
  /// The text without white space or line breaks at either end: the values in files and
  /// on command lines are read so (Foundation's `trimmingCharacters(in:)` is not in
  /// `FoundationEssentials`, which is all a headless command links).
  public func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
    return String(self[first...last])
  }
}
