internal import CDrawingLibraries

/// The Unicode bidirectional algorithm, through FriBidi: each character's embedding level in
/// a paragraph (odd: right to left), and the order runs of levels are shown in.
///
/// ```swift
/// let levels = Bidi.levels(of: Array("abc אבג".unicodeScalars), rightToLeft: false)   // [0, 0, 0, 0, 1, 1, 1]
/// Bidi.visualOrder([0, 1, 1, 0])   // [0, 2, 1, 3]
/// ```
public enum Bidi {
  /// Each scalar's embedding level in a paragraph whose base direction is right to left or
  /// left to right.
  public static func levels(of scalars: [Unicode.Scalar], rightToLeft: Bool) -> [UInt8] {
    let count = scalars.count
    guard count > 0 else { return [] }
    // Without FriBidi (no text libraries), every character at the paragraph's own level.
    guard let lib = TextLibraries.functions else { return Array(repeating: rightToLeft ? 1 : 0, count: count) }
    let text = scalars.map { FriBidiChar($0.value) }
    var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
    var brackets = [FriBidiBracketType](repeating: 0, count: count)
    var levels = [FriBidiLevel](repeating: 0, count: count)
    lib.fribidi_get_bidi_types(text, FriBidiStrIndex(count), &types)
    lib.fribidi_get_bracket_types(text, FriBidiStrIndex(count), types, &brackets)
    var base = rightToLeft ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR
    guard lib.fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(count), &base, &levels) != 0 else {
      return Array(repeating: rightToLeft ? 1 : 0, count: count)
    }
    return levels.map { UInt8(clamping: $0) }
  }

  /// The indices of items with these levels in the order they are shown, left to right (rule
  /// L2): from the highest level down to the lowest odd one, every stretch at that level or
  /// higher reversed.
  public static func visualOrder(_ levels: [UInt8]) -> [Int] {
    var order = Array(levels.indices)
    guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 % 2 == 1 }).min() else { return order }
    var level = highest
    while level >= lowestOdd {
      var index = 0
      while index < order.count {
        guard levels[order[index]] >= level else {
          index += 1
          continue
        }
        var end = index
        while end + 1 < order.count, levels[order[end + 1]] >= level { end += 1 }
        order[index...end].reverse()
        index = end + 1
      }
      if level == 0 { break }
      level -= 1
    }
    return order
  }
}
