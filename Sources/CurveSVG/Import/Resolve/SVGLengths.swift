import CurveDocument
import CurveGeometry
/// SVG lengths in user units.
enum Lengths {
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
  /// when it is not one: a renderer then ignores the attribute. Read as bytes where they
  /// lie: every coordinate and size of a drawing's shapes comes through here.
  static func length(_ text: String, percentOf reference: Double, basis: Basis) -> Double? {
    splittingUnit(text) { number, unit in
      guard let value = SVGNumbers.number(in: number), let size = unitSize(unit, percentOf: reference, basis: basis) else { return nil }
      let length = value * size
      return length.isFinite ? length : nil
    }
  }

  /// User units per `unit` (its bytes, in any case, as CSS compares units), at CSS's 96 px to
  /// the inch; nil for a unit that is not one of length.
  private static func unitSize(_ unit: UnsafeBufferPointer<UInt8>, percentOf reference: Double, basis: Basis) -> Double? {
    switch unit.count {
    case 0: return 1
    case 1: return unit[0] == UInt8(ascii: "%") ? reference / 100 : nil
    case 2: break
    default: return nil
    }
    // ASCII lower case: a unit's bytes are letters (or `%`, which this leaves as it is).
    switch UInt16(unit[0] | 0x20) << 8 | UInt16(unit[1] | 0x20) {
    case code("p", "x"): return 1
    case code("i", "n"): return 96
    case code("c", "m"): return 96 / 2.54
    case code("m", "m"): return 96 / 25.4
    case code("p", "t"): return 96.0 / 72
    case code("p", "c"): return 16
    case code("e", "m"): return basis.fontSize
    case code("e", "x"): return basis.fontSize / 2
    default: return nil
    }
  }

  /// A two-letter unit as one number, to switch over.
  private static func code(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> UInt16 {
    UInt16(first.value) << 8 | UInt16(second.value)
  }

  /// `body` of `text` trimmed, split before its trailing letters and `%`: the number's bytes
  /// and the unit's (units are ASCII; any other letter leaves a number that does not parse).
  private static func splittingUnit<Result>(
    _ text: String, _ body: (_ number: UnsafeBufferPointer<UInt8>, _ unit: UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    var text = text
    return text.withUTF8 { bytes in
      var start = 0, end = bytes.count
      while start < end, isSVGSpace(bytes[start]) { start += 1 }
      while end > start, isSVGSpace(bytes[end - 1]) { end -= 1 }
      var unitStart = end
      while unitStart > start {
        let byte = bytes[unitStart - 1]
        guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "%") else { break }
        unitStart -= 1
      }
      return body(UnsafeBufferPointer(rebasing: bytes[start..<unitStart]), UnsafeBufferPointer(rebasing: bytes[unitStart..<end]))
    }
  }

  /// The unit of `text`, a number in it, as written; nil when it has none or is no number.
  private static func unit(of text: String) -> String? {
    splittingUnit(text) { number, unit in
      unit.isEmpty || SVGNumbers.number(in: number) == nil ? nil : String(decoding: unit, as: UTF8.self)
    }
  }

  /// Whether `text` is a number in one of the `unreadUnits`.
  static func isInUnreadUnit(_ text: String) -> Bool {
    unit(of: text).map { unreadUnits.contains($0.lowercased()) } ?? false
  }

  /// Why `length` refused `text`, for a repair's message.
  static func reason(_ text: String) -> String {
    guard let unit = unit(of: text) else { return "it is not a length" }
    if unreadUnits.contains(unit.lowercased()) {
      return "\(unit) is a CSS unit that SVG renderers (librsvg, resvg) do not read"
    }
    return "\(unit) is not a unit of length"
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
