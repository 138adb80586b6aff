import CurveDocument
import CurveGeometry
/// SVG's `linearGradient` and `radialGradient` (SVG 1.1, 13.2; `fr` from SVG 2) resolved for
/// one shape into a `Gradient` in document units.
///
/// - Attributes not given are taken through `href` (or `xlink:href`) from the gradient it
///   names, and so on: the geometry's (x1 … fr) only from a gradient of the same kind, the
///   others (`gradientUnits`, `gradientTransform`, `spreadMethod`) and the stops from either.
/// - Defaults: x1 y1 x2 y2 0% 0% 100% 0%; cx cy r 50%; fx fy the centre; fr 0%; units
///   objectBoundingBox; spread pad. A stop's offset is clamped to 0…1 and to no less than the
///   offset before it.
/// - Units: a box-relative gradient stays box-relative when the shape's transform only
///   scales (by positive factors) and moves, since the shape's box in the document is then
///   its box in its own space, moved and scaled; otherwise it is turned into document
///   units through the shape's box in its own space. A user-space gradient takes the shape's
///   transform into its own.
extension SVGDrawing {
  /// The gradient `element` paints a shape with, whose transform to the document is
  /// `transform` and whose box in its own space is `userBounds`; with `bakesBox` (a box that
  /// several curves share, a text's) a box-relative one is always put in document units.
  mutating func gradient(_ element: SVGElement, transform: Affine, userBounds: Rect, bakesBox: Bool = false, stops: [SVGColor]) -> Gradient {
    let isLinear = element.name == "linearGradient"
    let chain = hrefChain(from: element)
    /// The first value of `name` along the chain; geometry only from gradients of one kind.
    func attribute(_ name: String, geometric: Bool = false) -> String? {
      for gradient in chain where !geometric || gradient.name == element.name {
        if let value = gradient.attributes[name] { return value }
      }
      return nil
    }
    let units: Gradient.Units = attribute("gradientUnits")?.trimmingSVGSpace() == "userSpaceOnUse" ? .userSpaceOnUse : .objectBoundingBox
    let spread: Gradient.Spread = switch attribute("spreadMethod")?.trimmingSVGSpace() {
    case "reflect": .reflect
    case "repeat": .repeat
    default: .pad
    }
    let gradientTransform = self.transform(attribute("gradientTransform"), named: "gradientTransform", of: element)
    /// A coordinate: a fraction of the box (a number, or a percentage) in box units, a
    /// length (percentages of the viewport) in user space; `percent` when not given.
    func coordinate(_ name: String, _ percent: Double, _ axis: PercentageBasis.Axis) -> Double {
      let fallback = units == .objectBoundingBox ? percent / 100 : percent / 100 * viewport[axis]
      guard let text = attribute(name, geometric: true) else { return fallback }
      let trimmed = text.trimmingSVGSpace()
      if units == .objectBoundingBox {
        if trimmed.hasSuffix("%"), let value = SVGNumbers.number(trimmed.dropLast()) { return value / 100 }
        if let value = SVGNumbers.number(trimmed) { return value }
      } else {
        let basis = Lengths.Basis(viewport: viewport, fontSize: Lengths.rootFontSize)
        if let value = Lengths.length(trimmed, percentOf: viewport[axis], basis: basis) { return value }
      }
      repair(element, "\(name)=\"\(SVGImportError.quoted(text))\" is ignored: it is not a coordinate")
      return fallback
    }
    let geometry: Gradient.Geometry
    if isLinear {
      geometry = .linear(
        x1: coordinate("x1", 0, .width), y1: coordinate("y1", 0, .height),
        x2: coordinate("x2", 100, .width), y2: coordinate("y2", 0, .height)
      )
    } else {
      let cx = coordinate("cx", 50, .width), cy = coordinate("cy", 50, .height)
      var r = coordinate("r", 50, .diagonal), fr = coordinate("fr", 0, .diagonal)
      if r < 0 {
        repair(element, "its r is negative: 0 is used")
        r = 0
      }
      if fr < 0 { fr = 0 }
      let fx = attribute("fx", geometric: true) == nil ? cx : coordinate("fx", 50, .width)
      let fy = attribute("fy", geometric: true) == nil ? cy : coordinate("fy", 50, .height)
      geometry = .radial(cx: cx, cy: cy, r: r, fx: fx, fy: fy, fr: fr)
    }
    let offsets = stopOffsets(element)
    let gradientStops = zip(offsets, stops).map { offset, color in
      Gradient.Stop(offset: offset, color: color.rgb, opacity: min(max(color.alpha, 0), 1))
    }
    var result = Gradient(
      id: element.attributes["id"], geometry: geometry, units: units, transform: gradientTransform, spread: spread, stops: gradientStops
    )
    switch units {
    case .userSpaceOnUse:
      result.transform = transform * gradientTransform
    case .objectBoundingBox:
      if bakesBox || !transform.keepsBoxes, userBounds.width > 0, userBounds.height > 0 {
        let box = Affine(
          a: userBounds.width, b: 0, c: 0, d: userBounds.height, e: userBounds.minX, f: userBounds.minY
        )
        result.units = .userSpaceOnUse
        result.transform = transform * box * gradientTransform
      }
    }
    return result
  }

  /// The gradient and those its hrefs name, in order, each once.
  func hrefChain(from element: SVGElement) -> [SVGElement] {
    var chain = [element]
    var visited: Set<String> = []
    var current = element
    while let href = current.attributes["href"] ?? current.attributes["xlink:href"], href.hasPrefix("#"),
      visited.insert(href).inserted, let next = elementsByID[String(href.dropFirst())],
      next.name == "linearGradient" || next.name == "radialGradient"
    {
      chain.append(next)
      current = next
    }
    return chain
  }

  /// The offsets of the stops `gradientStops` reads (from the first gradient along the chain
  /// that has stops): each a number or a percentage, clamped to 0…1 and to no less than the
  /// one before (SVG 1.1, 13.2.4).
  mutating func stopOffsets(_ element: SVGElement) -> [Double] {
    guard let owner = stopOwner(of: element) else { return [] }
    let id = cachesStops ? owner.attributes["id"] : nil
    if let id, let offsets = stopOffsetsByOwner[id] { return offsets }
    var previous = 0.0
    let offsets = owner.children.filter { $0.isSVG && $0.name == "stop" }.map { stop in
      let text = (stop.attributes["offset"] ?? "0").trimmingSVGSpace()
      var value = text.hasSuffix("%") ? (SVGNumbers.number(text.dropLast()) ?? 0) / 100 : SVGNumbers.number(text) ?? 0
      value = max(min(max(value, 0), 1), previous)
      previous = value
      return value
    }
    if let id { stopOffsetsByOwner[id] = offsets }
    return offsets
  }
}
