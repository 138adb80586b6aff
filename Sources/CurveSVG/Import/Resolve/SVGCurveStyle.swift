import CurveDocument
import CurveGeometry
/// How an SVG shape's computed style becomes its curve's `CurveStyle`, and how `export-svg`
/// writes the fields a curve leaves unset.
extension SVGImport {
  /// The attribute `export-svg` lists a curve's unset style fields in (by SVG property name,
  /// separated by spaces); for each, it writes `unsetLook`'s value when SVG's own default
  /// differs. An import leaves a listed field unset when the file still has that value, so an
  /// exported drawing imports with exactly its styles.
  public static let unsetAttribute = "data-curves-unset"

  /// How the editor draws a curve whose style fields are unset: `CurveStyle.unsetLook`.
  public static var unsetLook: CurveStyle { CurveStyle.unsetLook }
}

extension SVGDrawing {
  /// The curve style of a shape drawn with `context`: every field given, SVG's defaults
  /// where the file gives none. `scale` is √|det| of the shape's transform, which scales the
  /// stroke's width into document units; `userBounds` is the shape's box in its own space,
  /// which box-relative gradients may need; `sharesBox` says several curves share it (a
  /// text's glyphs), so a gradient on it cannot follow each curve's own box.
  mutating func curveStyle(_ element: SVGElement, context: Context, scale: Double, userBounds: Rect, sharesBox: Bool = false) -> CurveStyle {
    let style = context.style
    let shape = PaintedShape(transform: context.transform, userBounds: userBounds, isShared: sharesBox)
    let (fill, fillAlpha) = paint(style.fill, "fill", of: element, style: style, shape: shape, context: context.paintContext)
    let (stroke, strokeAlpha) = paint(style.stroke, "stroke", of: element, style: style, shape: shape, context: context.paintContext)
    var width = style.strokeWidth * scale
    if !(width <= CurveStyle.strokeWidthRange.upperBound) {
      repair(element, "its stroke width \(width) is more than a curve's \(CurveStyle.strokeWidthRange.upperBound); that is used")
      width = CurveStyle.strokeWidthRange.upperBound
    }
    let isDashed = !style.dashArray.isEmpty && stroke != CurveStyle.Paint.none
    var result = CurveStyle(
      fill: fill, fillRule: style.fillRule, fillOpacity: style.fillOpacity * fillAlpha, stroke: stroke, strokeWidth: width,
      strokeOpacity: style.strokeOpacity * strokeAlpha, opacity: context.opacity, lineCap: style.lineCap, lineJoin: style.lineJoin,
      miterLimit: style.miterLimit, dashArray: isDashed ? style.dashArray.map { $0 * scale } : nil,
      dashOffset: isDashed && style.dashOffset != 0 ? style.dashOffset * scale : nil
    )
    if style.paintsStrokeFirst { result.paintsStrokeFirst = true }
    // A skew or an uneven scale stretches the pen (SVG strokes in the shape's own space).
    if stroke != CurveStyle.Paint.none, width > 0 { result.strokeTransform = CurveStyle.strokeTransform(for: context.transform) }
    // What export-svg wrote for unset fields, still as it wrote it: unset again.
    if let unset = element.attributes[SVGImport.unsetAttribute]?.split(whereSeparator: \.isWhitespace) {
      let look = CurveStyle.unsetLook
      for name in unset {
        switch name {
        case "fill": if result.fill == look.fill { result.fill = nil }
        case "fill-rule": if result.fillRule == look.fillRule { result.fillRule = nil }
        case "fill-opacity": if result.fillOpacity == look.fillOpacity { result.fillOpacity = nil }
        case "stroke": if result.stroke == look.stroke { result.stroke = nil }
        case "stroke-width": if result.strokeWidth == look.strokeWidth { result.strokeWidth = nil }
        case "stroke-opacity": if result.strokeOpacity == look.strokeOpacity { result.strokeOpacity = nil }
        case "stroke-linecap": if result.lineCap == look.lineCap { result.lineCap = nil }
        case "stroke-linejoin": if result.lineJoin == look.lineJoin { result.lineJoin = nil }
        case "stroke-miterlimit": if result.miterLimit == look.miterLimit { result.miterLimit = nil }
        case "opacity": if result.opacity == look.opacity { result.opacity = nil }
        default: break
        }
      }
    }
    return result
  }

  /// The paint `gradient` gives a shape (nothing for no stops, a colour for one), as
  /// `curveStyle` resolves a reference to it: what a moving gradient is at each keyframe.
  mutating func gradientPaint(_ gradient: SVGElement, shape: PaintedShape) -> CurveStyle.Paint {
    // An animated gradient's stops change from keyframe to keyframe under the same id.
    cachesStops = false
    defer { cachesStops = true }
    let stops = gradientStops(gradient)
    if stops.isEmpty { return .none }
    if stops.count == 1 { return .color(stops[0].rgb) }
    return .gradient(self.gradient(gradient, transform: shape.transform, userBounds: shape.userBounds, bakesBox: shape.isShared, stops: stops))
  }

  /// A paint as a curve holds it, and the alpha its colour adds. A reference to a gradient
  /// of no stops paints nothing, one of one stop paints that stop's colour (SVG 1.1, 13.2.4:
  /// both exact). Other gradients and patterns are kept as the curve's paint; a pattern that
  /// paints nothing gives way to its fallback. A reference to anything else, or to nothing,
  /// is not valid: the fallback, else nothing (SVG 2, 13.2; reported).
  private mutating func paint(
    _ paint: SVGPaint, _ property: String, of element: SVGElement, style: SVGComputedStyle, shape: PaintedShape, context: PaintContext
  ) -> (CurveStyle.Paint, Double) {
    switch paint {
    case .none:
      return (.none, 1)
    case .contextFill, .contextStroke:
      // Without a context element (not in a marker or a <use>), none.
      guard let source = paint == .contextFill ? context.fill : context.stroke else { return (.none, 1) }
      return self.paint(source.paint, property, of: element, style: source.style, shape: source.shape ?? shape, context: PaintContext())
    case let .color(color):
      return (.color(color.rgb), color.alpha)
    case .currentColor:
      return (.color(style.color.rgb), style.color.alpha)
    case let .reference(reference, fallback):
      let id = reference.hasPrefix("#") ? String(reference.dropFirst()) : reference
      guard let target = elementsByID[id], target.isSVG, target.name == "linearGradient" || target.name == "radialGradient" || target.name == "pattern" else {
        let quoted = "url(#\(SVGImportError.quoted(id)))"
        let what = elementsByID[id] == nil ? "\(quoted), which is not in the file," : "\(quoted), which is not a gradient or pattern,"
        if let fallback {
          repair(element, "its \(property) \(what) is not valid: its fallback is used")
          return self.paint(fallback, property, of: element, style: style, shape: shape, context: context)
        }
        repair(element, "its \(property) \(what) is not valid: it paints nothing")
        return (.none, 1)
      }
      if target.name != "pattern" {
        // A link to no gradient, or round in a loop, is an error: librsvg paints nothing.
        if let broken = brokenLink(from: target) {
          repair(element, "its \(property) url(#\(SVGImportError.quoted(id))) links to \(broken), so it paints nothing")
          return (.none, 1)
        }
        let stops = gradientStops(target)
        if stops.isEmpty { return (.none, 1) }
        if stops.count == 1 { return (.color(stops[0].rgb), stops[0].alpha) }
        // A box-relative gradient on a shape with no width or no height has no box to span:
        // its fallback, else nothing (SVG 1.1, 7.11; as librsvg and resvg draw it).
        let box = shape.userBounds
        if !(box.width > 0 && box.height > 0),
          hrefChain(from: target).lazy.compactMap({ $0.attributes["gradientUnits"] }).first?.trimmingSVGSpace() != "userSpaceOnUse" {
          if let fallback { return self.paint(fallback, property, of: element, style: style, shape: shape, context: context) }
          return (.none, 1)
        }
        return (.gradient(gradient(target, transform: shape.transform, userBounds: shape.userBounds, bakesBox: shape.isShared, stops: stops)), 1)
      }
      if let pattern = pattern(target, shape: shape) { return (.pattern(pattern), 1) }
      // A pattern of no size or content paints nothing (as resvg draws it), or its fallback.
      if let fallback { return self.paint(fallback, property, of: element, style: style, shape: shape, context: context) }
      return (.none, 1)
    }
  }

  /// What a paint server needs of the shape it paints.
  struct PaintedShape {
    /// From the shape's own space to the document.
    var transform: Affine
    var userBounds: Rect
    /// Whether several curves share the box (a text's glyphs): each curve's own box is not it.
    var isShared = false
  }

  /// What is wrong with a gradient's chain of `href` links, when something is: a link to
  /// nothing in the file, to what is not a gradient, or round in a loop. A link that is not a
  /// fragment (`href="other"`, another file) ends the chain, as both peers read it.
  func brokenLink(from gradient: SVGElement) -> String? {
    var current = gradient
    var visited: Set<String> = [current.attributes["id"] ?? ""]
    while let href = current.attributes["href"] ?? current.attributes["xlink:href"], href.hasPrefix("#") {
      guard let next = elementsByID[String(href.dropFirst())] else { return "what is not in the file" }
      guard next.isSVG, next.name == "linearGradient" || next.name == "radialGradient" else { return "a <\(next.name)>, not a gradient" }
      guard visited.insert(String(href.dropFirst())).inserted else { return "itself, through others" }
      current = next
    }
    return nil
  }

  /// A gradient's stops, each a colour with its alpha (`stop-color` times `stop-opacity`), its
  /// own or, when it has none, those of the gradient its href names (SVG 1.1, 13.2.2); made
  /// once for each gradient that holds stops, which an icon's gradients mostly share.
  mutating func gradientStops(_ gradient: SVGElement) -> [SVGColor] {
    guard let owner = stopOwner(of: gradient) else { return [] }
    let id = owner.attributes["id"], cacheKey = cachesStops ? id : nil
    if let cacheKey, let colors = stopColorsByOwner[cacheKey] { return colors }
    // `currentColor` is the stop's `color`, else its gradient's or the gradient's ancestors'
    // (the property inherits); `inherit` takes the gradient's own value.
    let gradientColor = (Self.declaredProperty("color", of: owner) ?? id.flatMap { colorsByID[$0] }).flatMap(SVGColor.init)
    let colors = owner.children.filter { $0.isSVG && $0.name == "stop" }.map { stop in
      func property(_ name: String) -> String? {
        let value = Self.declaredProperty(name, of: stop)
        return value?.lowercased() == "inherit" ? Self.declaredProperty(name, of: owner) : value
      }
      var color = property("stop-color").flatMap(SVGColor.init) ?? .black
      if property("stop-color")?.lowercased() == "currentcolor" {
        color = property("color").flatMap(SVGColor.init) ?? gradientColor ?? .black
      }
      let text = property("stop-opacity") ?? "1"
      let opacity = (text.hasSuffix("%") ? SVGNumbers.number(text.dropLast()).map { $0 / 100 } : SVGNumbers.number(text)) ?? 1
      color.alpha *= min(max(opacity, 0), 1)
      return color
    }
    if let cacheKey { stopColorsByOwner[cacheKey] = colors }
    return colors
  }

  /// The gradient whose stops `gradient` paints with: itself, or the first along its chain of
  /// `href` links that has stops; nil when none has.
  func stopOwner(of gradient: SVGElement) -> SVGElement? {
    hrefChain(from: gradient).first { $0.children.contains { $0.isSVG && $0.name == "stop" } }
  }
}
