import CurveGeometry
import Foundation

/// SVG lengths in user units.
enum Lengths {
  /// User units per unit, at CSS's 96 px to the inch.
  static let unitSizes: [String: Double] = [
    "": 1, "px": 1, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "pt": 96.0 / 72, "pc": 16,
  ]

  /// `text` as a length: a number and an optional unit; percentages are of `percentOf`.
  static func length(
    _ text: String, attribute: String, of element: SVGElement, percentOf reference: Double
  ) throws(SVGImportError) -> Double {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let unit = String(trimmed.reversed().prefix { $0.isLetter || $0 == "%" }.reversed())
    let number = trimmed.dropLast(unit.count)
    guard let value = SVGPathData.number(number) else {
      throw .badAttribute(element: element.label, name: attribute, value: text, reason: "it is not a number (with an optional unit)")
    }
    if unit == "%" { return value / 100 * reference }
    guard let size = unitSizes[unit.lowercased()] else {
      throw .badAttribute(element: element.label, name: attribute, value: text,
                          reason: "the unit \(unit) is not one Curves knows; use px, in, cm, mm, pt, pc or % (em and ex depend on fonts)")
    }
    return value * size
  }
}

/// What a percentage length refers to: the nearest viewport's size (SVG 1.1, 7.10).
struct PercentageBasis {
  /// Which of its lengths a percentage is of: \.width, \.height or \.diagonal.
  typealias Axis = KeyPath<PercentageBasis, Double>

  var width: Double
  var height: Double

  /// For lengths in no one direction, such as a circle's radius: √((w² + h²) / 2).
  var diagonal: Double { ((width * width + height * height) / 2).squareRoot() }
}

/// The lengths of the element being drawn, against the nearest viewport.
extension SVGDrawing {
  /// A length attribute, 0 when missing; percentages are of the viewport's `axis`.
  func length(_ element: SVGElement, _ name: String, _ axis: PercentageBasis.Axis) throws(SVGImportError) -> Double {
    try optionalLength(element, name, axis) ?? 0
  }

  private func optionalLength(_ element: SVGElement, _ name: String, _ axis: PercentageBasis.Axis) throws(SVGImportError) -> Double? {
    guard let text = element.attributes[name] else { return nil }
    return try Lengths.length(text, attribute: name, of: element, percentOf: viewport[keyPath: axis])
  }

  func nonNegative(_ element: SVGElement, _ name: String, _ axis: PercentageBasis.Axis) throws(SVGImportError) -> Double {
    try optionalNonNegative(element, name, axis) ?? 0
  }

  /// SVG 1.1 makes a negative size or radius an error.
  func optionalNonNegative(_ element: SVGElement, _ name: String, _ axis: PercentageBasis.Axis) throws(SVGImportError) -> Double? {
    guard let value = try optionalLength(element, name, axis) else { return nil }
    guard value >= 0 else {
      throw .badAttribute(element: element.label, name: name, value: element.attributes[name] ?? "", reason: "it must not be negative")
    }
    return value
  }
}
