import CurveFeature
import CurveGeometry

/// The gradients of a document as SVG definitions: each distinct gradient written once, under
/// its own id where it has one (an imported drawing's), `gradient-N` otherwise, and `ID-2`,
/// `ID-3`, … where gradients that now differ share an id (one was edited).
///
/// ```swift
/// let names = GradientNames([sunset, sunset, sky])
/// names.definitions()        // <defs> with two gradients
/// names.paint(.gradient(sky))  // "url(#sky)"
/// ```
struct GradientNames {
  private(set) var ordered: [(gradient: Gradient, id: String)] = []
  private var ids: [Gradient: String] = [:]

  init(_ gradients: [Gradient]) {
    var taken: Set<String> = []
    for gradient in gradients where ids[gradient] == nil {
      let base = gradient.id ?? "gradient-\(ordered.count + 1)"
      var id = base, suffix = 2
      while taken.contains(id) {
        id = "\(base)-\(suffix)"
        suffix += 1
      }
      taken.insert(id)
      ids[gradient] = id
      ordered.append((gradient, id))
    }
  }

  /// `none`, `#rrggbb`, or `url(#id)` for a gradient.
  func paint(_ paint: CurveStyle.Paint) -> String {
    guard let gradient = paint.gradient, let id = ids[gradient] else { return paint.text }
    return "url(#\(id))"
  }

  /// A `<defs>` with every gradient, or nothing when there are none.
  func definitions() -> [String] {
    guard !ordered.isEmpty else { return [] }
    var lines = ["  <defs>"]
    for (gradient, id) in ordered {
      let number = SVGExport.number
      let element = gradient.isLinear ? "linearGradient" : "radialGradient"
      var attributes = #"id="\#(SVGExport.escaped(id))" gradientUnits="\#(gradient.units.rawValue)""#
      switch gradient.geometry {
      case let .linear(x1, y1, x2, y2):
        attributes += #" x1="\#(number(x1))" y1="\#(number(y1))" x2="\#(number(x2))" y2="\#(number(y2))""#
      case let .radial(cx, cy, r, fx, fy, fr):
        attributes += #" cx="\#(number(cx))" cy="\#(number(cy))" r="\#(number(r))" fx="\#(number(fx))" fy="\#(number(fy))""#
        if fr != 0 { attributes += #" fr="\#(number(fr))""# }
      }
      if gradient.spread != .pad { attributes += #" spreadMethod="\#(gradient.spread.rawValue)""# }
      let t = gradient.transform
      if t != .identity {
        attributes += #" gradientTransform="matrix(\#([t.a, t.b, t.c, t.d, t.e, t.f].map(number).joined(separator: " ")))""#
      }
      lines.append("    <\(element) \(attributes)>")
      for stop in gradient.stops {
        lines.append(#"      <stop offset="\#(number(stop.offset))" stop-color="\#(stop.color.hex)" stop-opacity="\#(number(stop.opacity))"/>"#)
      }
      lines.append("    </\(element)>")
    }
    lines.append("  </defs>")
    return lines
  }
}
