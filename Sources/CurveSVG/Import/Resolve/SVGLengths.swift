import CurveDocument
import CurveGeometry
/// SVG lengths in user units.
enum Lengths {
  /// User units per unit, at CSS's 96 px to the inch. Units are compared in lower case, as CSS
  /// compares them.
  static let absoluteUnitSizes: [String: Double] = [
    "": 1, "px": 1, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "pt": 96.0 / 72, "pc": 16,
  ]
  /// CSS Values 3's units that librsvg and resvg do not read: a length in one is ignored, as
  /// both ignore it (a rect 30vw wide is not drawn), rather than drawn as Chromium draws it.
  static let unreadUnits: Set<String> = ["q", "rem", "vw", "vh", "vmin", "vmax", "ch", "ic", "lh", "rlh", "cap", "vi", "vb"]
  /// The font size where none is given (and `medium`): 12, as librsvg and resvg have it
  /// (CSS says 16; both draw the suite's texts without a size at 12).
  static let rootFontSize = 12.0

  /// What the relative units are of, where a length is read.
  struct Basis {
    /// The nearest viewport: percentages.
    var viewport: PercentageBasis
    /// The element's font size: `em` (and `ex`, taken as half an em).
    var fontSize: Double
  }

  /// `text` as a length: a number and an optional unit; percentages are of `percentOf`. Nil
  /// when it is not one: a renderer then ignores the attribute.
  static func length(_ text: String, percentOf reference: Double, basis: Basis) -> Double? {
    let (number, unit) = numberAndUnit(text)
    guard let value = SVGNumbers.number(number) else { return nil }
    let size: Double
    switch unit.lowercased() {
    case "%": size = reference / 100
    case "em": size = basis.fontSize
    case "ex": size = basis.fontSize / 2
    default:
      guard let absolute = absoluteUnitSizes[unit.lowercased()] else { return nil }
      size = absolute
    }
    let length = value * size
    return length.isFinite ? length : nil
  }

  /// `text` trimmed, split before its trailing letters and `%`: the unit (units are ASCII;
  /// any other letter leaves a number that does not parse).
  private static func numberAndUnit(_ text: String) -> (number: Substring, unit: String) {
    let trimmed = text.trimmingSVGSpace()
    let bytes = trimmed.utf8
    var start = bytes.endIndex
    while start > bytes.startIndex {
      let before = bytes.index(before: start)
      let byte = bytes[before] | 0x20  // ASCII lower case
      guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || bytes[before] == UInt8(ascii: "%") else { break }
      start = before
    }
    return (trimmed[..<start], String(trimmed[start...]))
  }

  /// Whether `text` is a number in one of the `unreadUnits`.
  static func isInUnreadUnit(_ text: String) -> Bool {
    let (number, unit) = numberAndUnit(text)
    return SVGNumbers.number(number) != nil && unreadUnits.contains(unit.lowercased())
  }

  /// Why `length` refused `text`, for a repair's message.
  static func reason(_ text: String) -> String {
    let (number, unit) = numberAndUnit(text)
    if isInUnreadUnit(text) {
      return "\(unit) is a CSS unit that SVG renderers (librsvg, resvg) do not read"
    }
    if SVGNumbers.number(number) != nil, !unit.isEmpty {
      return "\(unit) is not a unit of length"
    }
    return "it is not a length"
  }
}

/// What a percentage length refers to: the nearest viewport's size (SVG 1.1, 7.10).
struct PercentageBasis {
  /// Which of its lengths a percentage is of. Not a key path: each key path literal is made
  /// at run time on first use (a third of a rectangle's import, and 5% of its process).
  enum Axis {
    case width, height, diagonal
  }

  var width: Double
  var height: Double

  /// For lengths in no one direction, such as a circle's radius: √((w² + h²) / 2).
  var diagonal: Double { ((width * width + height * height) / 2).squareRoot() }

  subscript(axis: Axis) -> Double {
    switch axis {
    case .width: width
    case .height: height
    case .diagonal: diagonal
    }
  }
}

/// The lengths of the element being drawn, against the nearest viewport and its font size.
/// A value that is not a length is ignored, as SVG says, and reported.
extension SVGDrawing {
  /// A length attribute, 0 when missing or not a length.
  mutating func length(_ element: SVGElement, _ name: String, _ axis: PercentageBasis.Axis, fontSize: Double) -> Double {
    optionalLength(element, name, axis, fontSize: fontSize) ?? 0
  }

  /// A length attribute; nil when missing, and when not a length (reported).
  mutating func optionalLength(_ element: SVGElement, _ name: String, _ axis: PercentageBasis.Axis, fontSize: Double) -> Double? {
    guard let text = element.attributes[name] else { return nil }
    guard let value = Lengths.length(text, percentOf: viewport[axis], basis: Lengths.Basis(viewport: viewport, fontSize: fontSize)) else {
      repair(element, "\(name)=\"\(SVGImportError.quoted(text))\" is ignored: \(Lengths.reason(text))")
      return nil
    }
    return value
  }

  /// A size or radius that must not be negative. Missing, or not a length: nil. Negative: as
  /// SVG 1.1 says for width, height and r, an error that disables the element (`.disabled`),
  /// reported.
  mutating func size(_ element: SVGElement, _ name: String, _ axis: PercentageBasis.Axis, fontSize: Double) -> Size {
    guard let value = optionalLength(element, name, axis, fontSize: fontSize) else { return .missing }
    guard value >= 0 else {
      repair(element, "\(name)=\"\(SVGImportError.quoted(element.attributes[name] ?? ""))\" is negative, which disables the element: it is left out")
      return .disabled
    }
    return .value(value)
  }

  enum Size {
    case missing
    case disabled
    case value(Double)
  }
}
