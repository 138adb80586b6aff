import CurveDocument
import FoundationEssentials

/// A paint as specified: `none`, a colour, `currentColor`, or a reference to a paint server
/// (a gradient or pattern) with its fallback.
enum SVGPaint: Equatable {
  case none
  case color(SVGColor)
  case currentColor
  /// SVG 2's `context-fill` and `context-stroke`: the paint of the element a marker is on, or
  /// of the `<use>` drawing this (`SVGDrawing.PaintContext`).
  case contextFill, contextStroke
  indirect case reference(String, fallback: SVGPaint?)

  init?(_ text: String) {
    let trimmed = text.trimmingSVGSpace()
    switch trimmed.lowercased() {
    case "none": self = .none
    case "currentcolor": self = .currentColor
    case "context-fill": self = .contextFill
    case "context-stroke": self = .contextStroke
    default:
      if trimmed.lowercased().hasPrefix("url("), let close = trimmed.firstIndex(of: ")") {
        let reference = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 4)..<close]
          .trimmingSVGSpace().trimmingQuotes()
        let rest = trimmed[trimmed.index(after: close)...].trimmingSVGSpace()
        var fallback: SVGPaint?
        if !rest.isEmpty {
          guard let paint = SVGPaint(rest), !paint.isReference else { return nil }
          fallback = paint
        }
        self = .reference(reference, fallback: fallback)
      } else {
        guard let color = SVGColor(trimmed) else { return nil }
        self = .color(color)
      }
    }
  }

  var isReference: Bool {
    if case .reference = self { return true }
    return false
  }
}
