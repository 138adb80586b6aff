extension StringProtocol {
  /// Where `needle` first occurs, compared byte by byte in UTF-8 (the same as `firstRange(of:)`
  /// for the ASCII words SVG and CSS search for). Why: the standard library's string search
  /// (`firstRange(of:)`, `contains(_:)`, `ranges(of:)`) is `_StringProcessing`'s generic
  /// collection search, whose first use in a process builds its generic metadata: a tenth of
  /// a millisecond of a headless render of an icon, more than the search itself.
  @inlinable
  public func utf8Range(of needle: some StringProtocol) -> Range<String.Index>? {
    // A literal's bytes are read in place; a needle without contiguous bytes is copied once.
    let pattern = String(needle)
    return pattern.utf8.withContiguousStorageIfAvailable { Substring(self).utf8Range(of: $0) }
      ?? Array(pattern.utf8).withUnsafeBufferPointer { Substring(self).utf8Range(of: $0) }
  }

  /// Whether `needle` occurs, compared byte by byte in UTF-8 (see `utf8Range(of:)`).
  @inlinable
  public func containsUTF8(_ needle: some StringProtocol) -> Bool {
    utf8Range(of: needle) != nil
  }
}

extension Substring {
  /// The first range of the text's UTF-8 bytes equal to `pattern`; an empty pattern is
  /// found at the start.
  public func utf8Range(of pattern: UnsafeBufferPointer<UInt8>) -> Range<String.Index>? {
    guard let first = pattern.first else { return startIndex..<startIndex }
    let bytes = utf8
    var from = bytes.startIndex
    while let found = bytes[from...].firstIndex(of: first) {
      var end = found, matched = 0
      while matched < pattern.count, end < bytes.endIndex, bytes[end] == pattern[matched] {
        end = bytes.index(after: end)
        matched += 1
      }
      if matched == pattern.count { return found..<end }
      from = bytes.index(after: found)
    }
    return nil
  }
}
