import CurveDocument
import CurveGeometry

/// The gradients and patterns of a document as SVG definitions: each distinct one written
/// once, under its own id where it has one (an imported drawing's), `gradient-N` or
/// `pattern-N` otherwise, and `ID-2`, `ID-3`, … where ones that now differ share an id (one
/// was edited). A pattern's content is written inside it, and what that content paints with
/// is defined too.
///
/// ```swift
/// let names = PaintServerNames(document.curves)
/// names.definitions()          // <defs> with each gradient and pattern once
/// names.paint(.gradient(sky))  // "url(#sky)"
/// ```
struct PaintServerNames {
  private(set) var gradients: [(gradient: Gradient, id: String)] = []
  private var gradientIDs: [Gradient: String] = [:]
  /// Patterns are few and not hashable: found by comparison.
  private(set) var patterns: [(pattern: Pattern, id: String)] = []
  private var taken: Set<String> = []

  /// The paint servers `curves` paint with, and those their patterns' content paints with,
  /// under ids other than `reserved` (those the kept elements define).
  init(_ curves: [Document.CurveRecord], reserving reserved: Set<String> = []) {
    taken = reserved
    for curve in curves { add(curve) }
  }

  /// The paints of `curve` as its path is written: in its pen's space when it has one.
  private mutating func add(_ curve: Document.CurveRecord) {
    add((SVGExport.penSpace(curve)?.curve ?? curve).style)
  }

  private mutating func add(_ style: CurveStyle) {
    let style = SVGExport.withDegenerateGradientsAsColours(style)
    for paint in [style.fill, style.stroke] {
      switch paint {
      case let .gradient(gradient)? where gradientIDs[gradient] == nil:
        let id = freshID(gradient.id ?? "gradient-\(gradients.count + 1)")
        gradientIDs[gradient] = id
        gradients.append((gradient, id))
      case let .pattern(pattern)? where !patterns.contains(where: { $0.pattern == pattern }):
        // Its content's paints first, so each definition follows those it uses.
        for curve in pattern.curves { add(curve) }
        patterns.append((pattern, freshID(pattern.id ?? "pattern-\(patterns.count + 1)")))
      default:
        break
      }
    }
  }

  private mutating func freshID(_ base: String) -> String {
    var id = base, suffix = 2
    while taken.contains(id) {
      id = "\(base)-\(suffix)"
      suffix += 1
    }
    taken.insert(id)
    return id
  }

  /// `none`, `#rrggbb`, or `url(#id)` for a gradient or a pattern.
  func paint(_ paint: CurveStyle.Paint) -> String {
    switch paint {
    case let .gradient(gradient): gradientIDs[gradient].map { "url(#\($0))" } ?? paint.text
    case let .pattern(pattern): patterns.first { $0.pattern == pattern }.map { "url(#\($0.id))" } ?? paint.text
    case .none, .color: paint.text
    }
  }

  /// A `<defs>` with every gradient and pattern, or nothing when there are none.
  func definitions() -> [String] {
    guard !gradients.isEmpty || !patterns.isEmpty else { return [] }
    return ["  <defs>"] + gradients.flatMap(Self.definition) + patterns.flatMap(definition) + ["  </defs>"]
  }

  private static func definition(_ gradient: Gradient, id: String) -> [String] {
    definition(gradient, id: id, animations: [], stopAnimations: [])
  }

  /// A gradient's element; with `animations` (SMIL lines) inside it, and each stop's
  /// `stopAnimations` inside that stop.
  static func definition(_ gradient: Gradient, id: String, animations: [String], stopAnimations: [[String]]) -> [String] {
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
    attributes += transformAttribute("gradientTransform", gradient.transform)
    var lines = ["    <\(element) \(attributes)>"] + animations.map { "      " + $0 }
    for (index, stop) in gradient.stops.enumerated() {
      let opening = #"      <stop offset="\#(number(stop.offset))" stop-color="\#(stop.color.hex)" stop-opacity="\#(number(stop.opacity))""#
      let inside = index < stopAnimations.count ? stopAnimations[index] : []
      lines += inside.isEmpty ? [opening + "/>"] : [opening + ">"] + inside.map { "        " + $0 } + ["      </stop>"]
    }
    lines.append("    </\(element)>")
    return lines
  }

  /// A `<pattern>` in user space, its content's paths without ids (a pattern's content is
  /// not the drawing's curves).
  private func definition(_ pattern: Pattern, id: String) -> [String] {
    let number = SVGExport.number, tile = pattern.tile
    var attributes = #"id="\#(SVGExport.escaped(id))" patternUnits="userSpaceOnUse""#
    attributes += #" x="\#(number(tile.minX))" y="\#(number(tile.minY))" width="\#(number(tile.width))" height="\#(number(tile.height))""#
    attributes += Self.transformAttribute("patternTransform", pattern.transform)
    return ["    <pattern \(attributes)>"] + pattern.curves.map { "      " + SVGExport.path($0, paints: self, named: false) } + ["    </pattern>"]
  }

  /// ` NAME="matrix(a b c d e f)"`, or nothing for the identity.
  static func transformAttribute(_ name: String, _ t: Affine) -> String {
    guard t != .identity else { return "" }
    return #" \#(name)="matrix(\#([t.a, t.b, t.c, t.d, t.e, t.f].map(SVGExport.number).joined(separator: " ")))""#
  }
}
