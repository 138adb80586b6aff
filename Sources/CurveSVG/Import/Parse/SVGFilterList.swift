import CurveDocument
import Glibc

/// The `filter` property's value (Filter Effects 1, 16): references to `<filter>` elements
/// and CSS's filter functions, applied one after another, each to what the one before made.
///
/// ```swift
/// SVGFilterList("url(#shadow) grayscale(50%)")
/// // [.reference("shadow"), .grayscale(0.5)]
/// SVGFilterList("blur(4, 5)")   // nil: a list in error applies no filter
/// ```
///
/// Read as resvg reads it: items separated by white space; an amount is a number or a
/// percentage, `()` meaning 1; an angle has a unit unless it is 0; lengths are kept as
/// written, for the element's font size and viewport to resolve. Anything else (an unknown
/// function, a negative amount, a comma between items) leaves the whole list out.
enum SVGFilterItem: Equatable {
  case reference(String)
  case blur(String?)
  /// A colour (nil: the element's `color`) and the lengths dx, dy and the deviation.
  case dropShadow(color: String?, dx: String, dy: String, deviation: String?)
  case grayscale(Double), sepia(Double), saturate(Double), invert(Double), opacity(Double), brightness(Double), contrast(Double)
  case hueRotate(degrees: Double)
}

enum SVGFilterList {
  /// The items, or nil when the value is in error; empty for `none`.
  static func parse(_ value: String) -> [SVGFilterItem]? {
    var items: [SVGFilterItem] = []
    var rest = Substring(value.trimmingSVGSpace())
    if rest == "none" { return [] }
    while !rest.isEmpty {
      guard let open = rest.firstIndex(of: "("), let close = closingParenthesis(of: open, in: rest) else { return nil }
      let name = rest[..<open].trimmingSVGSpace().lowercased()
      let argument = String(rest[rest.index(after: open)..<close]).trimmingSVGSpace()
      guard let item = item(name, argument) else { return nil }
      items.append(item)
      rest = rest[rest.index(after: close)...]
      let trimmed = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
      // Items are separated by white space, not commas.
      if !trimmed.isEmpty, trimmed.startIndex == rest.startIndex { return nil }
      rest = trimmed
    }
    return items
  }

  /// Where the parenthesis opened at `open` closes, past any nested in it (`rgb(…)`).
  private static func closingParenthesis(of open: Substring.Index, in text: Substring) -> Substring.Index? {
    var depth = 0
    for index in text[open...].indices {
      if text[index] == "(" { depth += 1 }
      if text[index] == ")" { depth -= 1 }
      if depth == 0 { return index }
    }
    return nil
  }

  private static func item(_ name: String, _ argument: String) -> SVGFilterItem? {
    switch name {
    case "url":
      let reference = argument.trimmingQuotes()
      return .reference(reference.hasPrefix("#") ? String(reference.dropFirst()) : reference)
    case "blur":
      guard !argument.isEmpty else { return .blur(nil) }
      guard let value = lengthNumber(argument), value >= 0 else { return nil }
      return .blur(argument)
    case "drop-shadow":
      return dropShadow(argument)
    case "hue-rotate":
      return angle(argument).map { .hueRotate(degrees: $0) }
    default:
      guard let amount = amount(argument) else { return nil }
      switch name {
      case "grayscale": return .grayscale(min(amount, 1))
      case "sepia": return .sepia(min(amount, 1))
      case "saturate": return .saturate(amount)
      case "invert": return .invert(min(amount, 1))
      case "opacity": return .opacity(min(amount, 1))
      case "brightness": return .brightness(amount)
      case "contrast": return .contrast(amount)
      default: return nil
      }
    }
  }

  /// A number or a percentage, not negative; 1 when none is given.
  private static func amount(_ text: String) -> Double? {
    guard !text.isEmpty else { return 1 }
    let isPercentage = text.hasSuffix("%")
    guard let value = SVGNumbers.number(isPercentage ? String(text.dropLast()) : text), value >= 0,
      SVGNumbers.list(isPercentage ? String(text.dropLast()) : text).numbers.count == 1
    else { return nil }
    return isPercentage ? value / 100 : value
  }

  /// An angle in degrees: deg, grad, rad or turn; a bare number only when it is 0.
  private static func angle(_ text: String) -> Double? {
    guard !text.isEmpty else { return 0 }
    for (unit, degrees) in [("deg", 1.0), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360.0)] where text.lowercased().hasSuffix(unit) {
      return SVGNumbers.number(String(text.dropLast(unit.count))).map { $0 * degrees }
    }
    return SVGNumbers.number(text) == 0 ? 0 : nil
  }

  /// `drop-shadow(color? dx dy deviation?)`, the colour first or last.
  private static func dropShadow(_ argument: String) -> SVGFilterItem? {
    let words = cssWords(argument)
    func isLength(_ word: String) -> Bool { lengthNumber(word) != nil }
    var color: String?, lengths = words
    if let first = words.first, !isLength(first) {
      color = first
      lengths.removeFirst()
    } else if let last = words.last, !isLength(last) {
      color = last
      lengths.removeLast()
    }
    guard (2...3).contains(lengths.count), lengths.allSatisfy(isLength) else { return nil }
    if lengths.count == 3, (lengthNumber(lengths[2]) ?? -1) < 0 { return nil }
    return .dropShadow(color: color, dx: lengths[0], dy: lengths[1], deviation: lengths.count == 3 ? lengths[2] : nil)
  }

  /// The number of a length with or without a unit (`1mm`, `2em`, `3`); nil for a
  /// percentage, which filter functions do not take, or for what is no length.
  private static func lengthNumber(_ text: String) -> Double? {
    let unit = text.reversed().prefix { $0.isLetter }.count
    guard !text.hasSuffix("%"), unit < text.count else { return nil }
    let number = String(text.dropLast(unit))
    guard SVGNumbers.list(number).numbers.count == 1, SVGNumbers.list(number).error == nil else { return nil }
    return SVGNumbers.number(number)
  }

  /// Words split at white space outside parentheses: a colour function stays one word.
  private static func cssWords(_ text: String) -> [String] {
    var words: [String] = [], current = "", depth = 0
    for character in text {
      if character == "(" { depth += 1 }
      if character == ")" { depth -= 1 }
      if depth == 0, character == " " || character == "\t" || character == "\n" || character == "\r" {
        if !current.isEmpty { words.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }
}
