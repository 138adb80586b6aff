import CurveDocument
import CurveGeometry
import FoundationEssentials
import Glibc

/// SVG's `<filter>` (SVG 1.1, 15) as a `Filter` in document units: feGaussianBlur,
/// feOffset, feFlood, feComposite, feMerge, feBlend, feColorMatrix, feDropShadow,
/// feComponentTransfer, feMorphology, feConvolveMatrix, feTurbulence, the two lightings,
/// feTile, feImage and feDisplacementMap: all of SVG 1.1's and Filter Effects 1's.
///
/// - The region is x, y, width and height in `filterUnits` (default -10% -10% 120% 120% of
///   the element's box); lengths of the primitives are in `primitiveUnits`, then taken
///   through the element's transform (`FilterLengths`: offsets turn with it).
/// - A primitive's x, y, width and height (in `primitiveUnits`) cut its output to its
///   subregion; the sides not given are the union of its inputs' (resolved when drawn). They
///   are kept when the element's transform only scales and moves.
/// - `color-interpolation-filters` on the filter picks linear RGB (the default) or sRGB.
/// - What a filter lacks (region, units, primitives) comes through its `href` chain.
/// - An element in a filter that is none of these is passed over, and said so; a filter with
///   no primitive draws nothing, as SVG says.
extension SVGDrawing {
  /// The primitives `filter` reads.
  static let filterPrimitives: Set<String> = [
    "feGaussianBlur", "feOffset", "feFlood", "feComposite", "feMerge", "feBlend", "feColorMatrix", "feDropShadow",
    "feComponentTransfer", "feMorphology", "feConvolveMatrix", "feTurbulence", "feDiffuseLighting", "feSpecularLighting",
    "feTile", "feImage", "feDisplacementMap",
  ]

  /// The filter `filter="url(#reference)"` makes for `element`, in the document.
  mutating func referencedFilter(_ reference: String, for element: SVGElement, transform: Affine, bounds: Rect) -> Filter? {
    guard let referenced = elementsByID[reference], referenced.isSVG, referenced.name == "filter" else {
      repair(element, "its filter url(#\(SVGImportError.quoted(reference))) is not a filter in the file, so it is not applied")
      return nil
    }
    let filterElement = linkedFilter(referenced)
    let primitives = filterElement.children.filter { $0.isSVG && Self.filterPrimitives.contains($0.name) }
    // What is no primitive is passed over, as resvg and browsers do.
    for other in filterElement.children where other.isSVG && !Self.filterPrimitives.contains(other.name) && !["title", "desc", "metadata"].contains(other.name) {
      repair(element, "its filter url(#\(SVGImportError.quoted(reference))) has <\(other.name)>, which is no filter primitive, so it is passed over")
    }
    let box = userBox(bounds, transform: transform)
    let attributes = filterElement.attributes
    guard let userRegion = effectRegion(filterElement, units: "filterUnits", box: box, fontSize: Lengths.rootFontSize) else {
      return Filter(region: Rect(minX: 0, minY: 0, maxX: 0, maxY: 0), primitives: [])
    }
    let documentRegion = transform.boundingBox(of: userRegion)
    // Lengths of the primitives: user units (or fractions of the box), then the transform.
    let boxUnits = attributes["primitiveUnits"]?.trimmingSVGSpace() == "objectBoundingBox"
    let lengths = FilterLengths(transform: transform, unitX: boxUnits ? box?.width ?? 0 : 1, unitY: boxUnits ? box?.height ?? 0 : 1)
    let linear = Self.declaredProperty("color-interpolation-filters", of: filterElement)?.lowercased() != "srgb"
    var steps: [FilterPrimitive] = []
    var results: Set<String> = []
    for primitive in primitives {
      let a = primitive.attributes
      func input(_ value: String?) -> String? {
        filterInput(value, earlierResults: results, of: element, filter: reference)
      }
      func number(_ name: String, _ fallback: Double) -> Double { a[name].flatMap { SVGNumbers.number($0.trimmingSVGSpace()) } ?? fallback }
      func pair(_ name: String, _ fallback: Double) -> (Double, Double) {
        let numbers = SVGNumbers.list(a[name] ?? "").numbers
        guard let first = numbers.first else { return (fallback, fallback) }
        return (max(first, 0), max(numbers.count > 1 ? numbers[1] : first, 0))
      }
      func flood() -> (RGBColor, Double) {
        let color = filterColor("flood-color", of: primitive, in: filterElement, fallback: .black)
        // A number, or (SVG 2) a percentage.
        let opacity = Self.declaredProperty("flood-opacity", of: primitive).flatMap { text in
          text.hasSuffix("%") ? SVGNumbers.number(text.dropLast()).map { $0 / 100 } : SVGNumbers.number(text)
        } ?? 1
        return (color.rgb, min(max(opacity, 0), 1) * color.alpha)
      }
      let operation: FilterPrimitive.Operation
      switch primitive.name {
      case "feGaussianBlur":
        let (x, y) = pair("stdDeviation", 0)
        let deviations = lengths.deviations(x, y)
        operation = .gaussianBlur(deviationX: deviations.x, deviationY: deviations.y)
      case "feOffset":
        let offset = lengths.offset(number("dx", 0), number("dy", 0))
        operation = .offset(dx: offset.dx, dy: offset.dy)
      case "feFlood":
        let (color, opacity) = flood()
        operation = .flood(color: color, opacity: opacity)
      case "feComposite":
        operation = .composite(
          operator: a["operator"]?.trimmingSVGSpace() ?? "over", k1: number("k1", 0), k2: number("k2", 0), k3: number("k3", 0), k4: number("k4", 0)
        )
      case "feMerge":
        operation = .merge(inputs: primitive.children.filter { $0.isSVG && $0.name == "feMergeNode" }.map { input($0.attributes["in"]) })
      case "feBlend":
        operation = .blend(mode: a["mode"]?.trimmingSVGSpace() ?? "normal")
      case "feColorMatrix":
        operation = .colorMatrix(values: Self.colorMatrix(type: a["type"]?.trimmingSVGSpace() ?? "matrix", values: a["values"]))
      case "feComponentTransfer":
        operation = Self.componentTransfer(primitive)
      case "feMorphology":
        let (dilates, x, y) = Self.morphology(primitive)
        let radii = lengths.radii(x, y)
        operation = .morphology(dilates: dilates, radiusX: radii.x, radiusY: radii.y)
      case "feDiffuseLighting", "feSpecularLighting":
        let transparent = FilterPrimitive.Operation.flood(color: RGBColor(r: 0, g: 0, b: 0), opacity: 0)
        operation = lighting(primitive, in: filterElement, transform: transform).map { .lighting($0) } ?? transparent
      case "feDisplacementMap":
        func channel(_ name: String) -> String {
          let value = a[name]?.trimmingSVGSpace() ?? "A"
          return ["R", "G", "B", "A"].contains(value) ? value : "A"
        }
        operation = .displacementMap(scale: lengths.length(number("scale", 0)), xChannel: channel("xChannelSelector"), yChannel: channel("yChannelSelector"))
      case "feTile":
        operation = .tile
      case "feImage":
        let place = imageSubregion(primitive, boxUnits: boxUnits, box: box, region: userRegion)
        operation = feImage(primitive, in: place, transform: transform).map { .image($0) } ?? .flood(color: RGBColor(r: 0, g: 0, b: 0), opacity: 0)
      case "feTurbulence":
        operation = .turbulence(Self.turbulence(primitive, space: transform.inverted ?? .identity))
      case "feConvolveMatrix":
        operation = Self.convolveMatrix(primitive).map { .convolveMatrix($0) } ?? .flood(color: RGBColor(r: 0, g: 0, b: 0), opacity: 0)
      default:  // feDropShadow
        let (x, y) = pair("stdDeviation", 2)
        let deviations = lengths.deviations(x, y)
        let offset = lengths.offset(number("dx", 2), number("dy", 2))
        let (color, opacity) = flood()
        operation = .dropShadow(
          dx: offset.dx, dy: offset.dy, deviationX: deviations.x, deviationY: deviations.y, color: color, opacity: opacity
        )
      }
      let subregion = primitiveSubregion(primitive, boxUnits: boxUnits, box: box, transform: transform)
      // Its own colour space, where it gives one other than the filter's.
      let own = Self.declaredProperty("color-interpolation-filters", of: primitive)?.trimmingSVGSpace().lowercased()
      let usesLinearRGB: Bool? = switch own {
      case "srgb"?: linear ? false : nil
      case "linearrgb"?: linear ? nil : true
      default: nil
      }
      steps.append(
        FilterPrimitive(operation, input: input(a["in"]), input2: input(a["in2"]), result: a["result"], subregion: subregion, usesLinearRGB: usesLinearRGB)
      )
      if let result = a["result"] { results.insert(result) }
    }
    if steps.isEmpty { steps = [FilterPrimitive(.flood(color: RGBColor(r: 0, g: 0, b: 0), opacity: 0))] }
    return Filter(region: documentRegion, primitives: steps, usesLinearRGB: linear)
  }

  /// A primitive's `in` (or `in2`) as resvg reads it: the inputs SVG 2 dropped
  /// (`BackgroundImage`, `BackgroundAlpha`, `FillPaint`, `StrokePaint`) as `SourceGraphic`, a
  /// name no earlier primitive gives as the previous result (nil), and each said so, so the
  /// export writes what is drawn.
  private mutating func filterInput(_ value: String?, earlierResults: Set<String>, of element: SVGElement, filter: String) -> String? {
    guard let value, value != "SourceGraphic", value != "SourceAlpha", !earlierResults.contains(value) else { return value }
    let quoted = SVGImportError.quoted(value)
    if ["BackgroundImage", "BackgroundAlpha", "FillPaint", "StrokePaint"].contains(value) {
      repair(element, "its filter url(#\(SVGImportError.quoted(filter))) has in=\"\(quoted)\", which SVG 2 dropped, so it reads SourceGraphic (as resvg and Chrome)")
      return "SourceGraphic"
    }
    repair(element, "its filter url(#\(SVGImportError.quoted(filter))) has in=\"\(quoted)\", a result no earlier primitive gives, so it reads the previous one")
    return nil
  }

  /// The blend a filter of one `feBlend` of the element over `BackgroundImage` stands for, as
  /// Inkscape 0.91 and older wrote one (SVG 1.1's `enable-background`, which SVG 2 dropped
  /// and resvg and Chrome do not draw): that `mix-blend-mode`, as Inkscape 0.92 converts it on
  /// opening, its colours mixed in the filter's space (linear RGB unless
  /// `color-interpolation-filters` says sRGB), as librsvg draws it; said so. Nil for any other
  /// filter.
  mutating func legacyBlend(_ filters: [SVGFilterItem], of element: SVGElement) -> (mode: String, inLinearRGB: Bool)? {
    guard filters.count == 1, case let .reference(id) = filters[0], let filter = elementsByID[id], filter.name == "filter",
      filter.attributes["href"] ?? filter.attributes["xlink:href"] == nil
    else { return nil }
    let primitives = filter.children.filter(\.isSVG)
    guard primitives.count == 1, let blend = primitives.first, blend.name == "feBlend",
      (blend.attributes["in"]?.trimmingSVGSpace() ?? "SourceGraphic") == "SourceGraphic",
      blend.attributes["in2"]?.trimmingSVGSpace() == "BackgroundImage"
    else { return nil }
    let mode = blend.attributes["mode"]?.trimmingSVGSpace() ?? "normal"
    guard mode == "normal" || Group.blendModes.contains(mode) else { return nil }
    let space = Self.declaredProperty("color-interpolation-filters", of: blend)?.trimmingSVGSpace().lowercased()
      ?? Self.declaredProperty("color-interpolation-filters", of: filter)?.trimmingSVGSpace().lowercased()
    let inLinearRGB = space != "srgb"
    repair(
      element,
      "its filter url(#\(SVGImportError.quoted(id))) blends it over BackgroundImage (SVG 1.1's enable-background), so it is drawn with mix-blend-mode: \(mode), as Inkscape reads it, mixed in \(inLinearRGB ? "linear RGB" : "sRGB") as the filter says"
    )
    return (mode, inLinearRGB)
  }

  /// A primitive's x, y, width and height in the document: fractions (or percentages) of
  /// `box` in box units, else user-space lengths, through `transform` when it only scales (up
  /// the page) and moves; nil when none is given, or the transform turns.
  private mutating func primitiveSubregion(
    _ primitive: SVGElement, boxUnits: Bool, box: Rect?, transform: Affine
  ) -> FilterSubregion? {
    let names = ["x", "y", "width", "height"]
    guard names.contains(where: { primitive.attributes[$0] != nil }) else { return nil }
    guard transform.keepsBoxes else {
      repair(primitive, "its x, y, width and height are not applied: its element is turned or mirrored")
      return nil
    }
    func value(_ name: String, _ axis: PercentageBasis.Axis) -> Double? {
      guard let text = primitive.attributes[name]?.trimmingSVGSpace() else { return nil }
      let isX = axis == .width
      if boxUnits {
        guard let box else { return nil }
        let fraction = text.hasSuffix("%") ? SVGNumbers.number(text.dropLast()).map { $0 / 100 } : SVGNumbers.number(text)
        guard let fraction else { return nil }
        let size = isX ? box.width : box.height
        return name == "x" || name == "y" ? (isX ? box.minX : box.minY) + fraction * size : fraction * size
      }
      return optionalLength(primitive, name, axis, fontSize: Lengths.rootFontSize)
    }
    let x = value("x", .width), y = value("y", .height), width = value("width", .width), height = value("height", .height)
    return FilterSubregion(
      x: x.map { transform.a * $0 + transform.e }, y: y.map { transform.d * $0 + transform.f },
      width: width.map { transform.a * $0 }, height: height.map { transform.d * $0 }
    )
  }

  /// `filter` with what it lacks taken through its `href` chain (SVG 1.1, 15.5): the region's
  /// attributes and units from the first filter along it that has them, and the primitives
  /// of the first that has any.
  private func linkedFilter(_ filter: SVGElement) -> SVGElement {
    var merged = filter, visited: Set<String> = [], current = filter
    while let href = current.attributes["href"] ?? current.attributes["xlink:href"], href.hasPrefix("#"),
      visited.insert(href).inserted, let next = elementsByID[String(href.dropFirst())], next.isSVG, next.name == "filter"
    {
      for name in ["x", "y", "width", "height", "filterUnits", "primitiveUnits"] where merged.attributes[name] == nil {
        merged.attributes[name] = next.attributes[name]
      }
      if !merged.children.contains(where: \.isSVG) { merged.children = next.children }
      current = next
    }
    return merged
  }


  /// feColorMatrix's matrix for its `type` and `values` (SVG 1.1, 15.10).
  static func colorMatrix(type: String, values: String?) -> [Double] {
    let numbers = SVGNumbers.list(values ?? "").numbers
    let identity: [Double] = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0]
    switch type {
    case "saturate":
      return saturateMatrix(min(max(numbers.first ?? 1, 0), 1))
    case "hueRotate":
      return hueRotateMatrix(degrees: numbers.first ?? 0)
    case "luminanceToAlpha":
      return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.2125, 0.7154, 0.0721, 0, 0]
    default:
      return numbers.count == 20 ? numbers : identity
    }
  }

  /// feColorMatrix's `saturate`, for `s` of 0 (grey) to 1 (unchanged), or beyond.
  static func saturateMatrix(_ s: Double) -> [Double] {
    [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0, 0,
     0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0, 0,
     0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s, 0, 0,
     0, 0, 0, 1, 0]
  }

  /// feColorMatrix's `hueRotate`.
  static func hueRotateMatrix(degrees: Double) -> [Double] {
    let angle = degrees * .pi / 180, c = cos(angle), s = sin(angle)
    return [0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928, 0, 0,
            0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283, 0, 0,
            0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072, 0, 0,
            0, 0, 0, 1, 0]
  }
}
