import CurveFeature
import CurveGeometry
import Foundation

/// A document as SVG: one path per curve, stroked as the editor draws it (`Theme`). Lines, quadratics and cubics are exact (`L`, `Q`,
/// `C`); higher degrees, which SVG cannot express, are flattened within `tolerance`.
///
/// Points given a colour or a size are drawn after the curves as circles, in one
/// `<g class="control-points">` (left out when no point is styled), in the handle's look:
/// a point with only a colour has the handle's radius, one with only a size the handle's fill.
/// `SVGImport` skips that class, so an exported drawing imports as exactly its curves.
enum SVGExport {
  static let tolerance = 0.05
  /// The styled points' outline, in document units: thin, as their fill is what was chosen.
  static let pointStrokeWidth = 1.0

  static func svg(for document: Document) -> String {
    let width = number(document.canvas.width), height = number(document.canvas.height)
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" viewBox="0 0 \#(width) \#(height)">"#,
    ]
    let stroke = Theme.hex(Theme.Palette.curve), strokeWidth = number(Theme.curveWidth)
    for curve in document.curves {
      let points = curve.points.map { Point(x: $0.x, y: $0.y) }
      lines.append(#"  <path id="curve-\#(curve.id.uuidString.lowercased())" d="\#(pathData(points))" fill="none" stroke="\#(stroke)" stroke-width="\#(strokeWidth)" stroke-linecap="round"/>"#)
    }
    lines += styledPoints(document)
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A circle for every point with a colour or a size, inside one group; nothing when none has.
  /// Styles are read as the editor reads them (`Document.editorCurves`), so a document that did
  /// not pass `decode` cannot put anything but `#rrggbb` and a number into the file.
  static func styledPoints(_ document: Document) -> [String] {
    let outline = Theme.hex(Theme.Palette.handleBorder), outlineWidth = number(pointStrokeWidth)
    let circles = document.curves.flatMap(\.points).compactMap { point -> String? in
      let color = point.color.flatMap(RGBColor.init(hex:)), size = point.size.flatMap(PointSize.clamped)
      guard color != nil || size != nil else { return nil }
      let radius = size.map { $0 / 2 } ?? Theme.handleRadius
      let fill = color?.hex ?? Theme.hex(Theme.Palette.handleFill)
      return #"    <circle class="control-point" cx="\#(number(point.x))" cy="\#(number(point.y))" r="\#(number(radius))" fill="\#(fill)" stroke="\#(outline)" stroke-width="\#(outlineWidth)"/>"#
    }
    guard !circles.isEmpty else { return [] }
    return [#"  <g class="control-points">"#] + circles + ["  </g>"]
  }

  static func pathData(_ points: [Point]) -> String {
    guard let first = points.first else { return "" }
    let rest: String
    switch points.count {
    case 1: return "M \(pair(first))"
    case 2: rest = "L \(pair(points[1]))"
    case 3: rest = "Q \(pair(points[1])) \(pair(points[2]))"
    case 4: rest = "C \(pair(points[1])) \(pair(points[2])) \(pair(points[3]))"
    default:
      var polyline: [Point] = []
      Bezier(points)?.flatten(tolerance: tolerance, into: &polyline)
      rest = "L " + polyline.dropFirst().map(pair).joined(separator: " ")
    }
    return "M \(pair(first)) \(rest)"
  }

  private static func pair(_ point: Point) -> String { "\(number(point.x)) \(number(point.y))" }

  /// The shortest decimal that reads back as exactly `value`, in plain notation: "30", "12.5",
  /// "0.3333333333333333", "0.00001" (not "1e-05"), "0" for -0. Swift's `description` finds
  /// the shortest round-tripping digits; only its exponent form is spelled out, because some
  /// readers of SVG take the "e" for the end of the number.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    if value == 0 { return "0" }
    let text = "\(value)"
    let sign = text.hasPrefix("-") ? "-" : ""
    let unsigned = text.dropFirst(sign.count)
    let parts = unsigned.split(separator: "e")
    // "d.ddd" with a decimal exponent, or no exponent at all: the point then sits at `point`.
    let mantissa = parts[0], exponent = parts.count > 1 ? Int(parts[1])! : 0
    let integer = mantissa.prefix { $0 != "." }
    let digits = Array(integer + mantissa.dropFirst(integer.count + 1))
    let point = integer.count + exponent
    var whole = point <= 0 ? "0" : String(digits.prefix(point)) + String(repeating: "0", count: max(0, point - digits.count))
    while whole.count > 1, whole.hasPrefix("0") { whole.removeFirst() }
    var fraction = String(repeating: "0", count: max(0, -point)) + String(digits.dropFirst(max(0, point)))
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return sign + whole + (fraction.isEmpty ? "" : "." + fraction)
  }
}
