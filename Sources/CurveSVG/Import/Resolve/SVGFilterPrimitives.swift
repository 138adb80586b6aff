import CurveDocument
import CurveGeometry
import FoundationEssentials

/// The filter primitives that read more than a few numbers: `feComponentTransfer`,
/// `feMorphology`, `feConvolveMatrix`, `feTurbulence`, the lightings and `feImage` (Filter
/// Effects 1, 15.11 to 15.25), with the repairs resvg makes to what a file gets wrong.
extension SVGDrawing {
  /// Each channel's function: the last `feFuncR`, `feFuncG`, `feFuncB` or `feFuncA` child
  /// with a known `type`; identity for a channel without one.
  static func componentTransfer(_ primitive: SVGElement) -> FilterPrimitive.Operation {
    var functions: [String: ComponentFunction] = [:]
    for child in primitive.children where child.isSVG && ["feFuncR", "feFuncG", "feFuncB", "feFuncA"].contains(child.name) {
      let a = child.attributes
      func number(_ name: String, _ fallback: Double) -> Double { a[name].flatMap { SVGNumbers.number($0.trimmingSVGSpace()) } ?? fallback }
      // Values that do not all read as numbers are none, and none make the identity.
      let list = SVGNumbers.list(a["tableValues"] ?? "")
      let values = list.error == nil ? list.numbers : []
      switch a["type"]?.trimmingSVGSpace() {
      case "identity": functions[child.name] = .identity
      case "table": functions[child.name] = .table(values)
      case "discrete": functions[child.name] = .discrete(values)
      case "linear": functions[child.name] = .linear(slope: number("slope", 1), intercept: number("intercept", 0))
      case "gamma": functions[child.name] = .gamma(amplitude: number("amplitude", 1), exponent: number("exponent", 1), offset: number("offset", 0))
      default: continue
      }
    }
    return .componentTransfer(
      red: functions["feFuncR"] ?? .identity, green: functions["feFuncG"] ?? .identity,
      blue: functions["feFuncB"] ?? .identity, alpha: functions["feFuncA"] ?? .identity
    )
  }

  /// Erode (the default) or dilate by `radius`, in user units. A radius that is missing,
  /// negative or of no numbers is 1; a zero one is 1, as resvg, Chrome and Safari read it
  /// (the specification would disable the primitive).
  static func morphology(_ primitive: SVGElement) -> (dilates: Bool, radiusX: Double, radiusY: Double) {
    let dilates = primitive.attributes["operator"]?.trimmingSVGSpace() == "dilate"
    let numbers = SVGNumbers.list(primitive.attributes["radius"] ?? "1").numbers
    var (x, y) = switch numbers.count {
    case 1: (numbers[0], numbers[0])
    case 2: (numbers[0], numbers[1])
    default: (1.0, 1.0)
    }
    if x < 0 || y < 0 { (x, y) = (1, 1) }
    return (dilates, x == 0 ? 1 : x, y == 0 ? 1 : y)
  }

  /// The matrix `primitive` gives, or nil when it is in error (a kernel of the wrong size, a
  /// zero divisor, a target outside the kernel), which makes the primitive transparent. An
  /// order that is not positive is 3.
  static func convolveMatrix(_ primitive: SVGElement) -> ConvolveMatrix? {
    let a = primitive.attributes
    // Orders past 64 are refused as errors (resvg's kernels are as small); so is a target out
    // of the kernel, read before it becomes a whole number.
    let order = SVGNumbers.list(a["order"] ?? "").numbers.map { Int(min(max($0, -1), 65).rounded(.towardZero)) }
    var (columns, rows) = (order.first ?? 3, order.count > 1 ? order[1] : order.first ?? 3)
    if columns <= 0 || rows <= 0 { (columns, rows) = (3, 3) }
    guard columns <= 64, rows <= 64 else { return nil }
    let kernel = SVGNumbers.list(a["kernelMatrix"] ?? "").numbers
    guard kernel.count == columns * rows else { return nil }
    func number(_ name: String) -> Double? { a[name].flatMap { SVGNumbers.number($0.trimmingSVGSpace()) } }
    let divisor = number("divisor")
    if let divisor, abs(divisor) < 1e-6 { return nil }
    let targetX = number("targetX").map { Int(min(max($0, -1), 65).rounded(.towardZero)) }
    let targetY = number("targetY").map { Int(min(max($0, -1), 65).rounded(.towardZero)) }
    if let targetX, !(0..<columns).contains(targetX) { return nil }
    if let targetY, !(0..<rows).contains(targetY) { return nil }
    let edgeMode = a["edgeMode"]?.trimmingSVGSpace()
    return ConvolveMatrix(
      columns: columns, rows: rows, kernel: kernel, divisor: divisor, bias: number("bias") ?? 0, targetX: targetX, targetY: targetY,
      edgeMode: edgeMode == "none" || edgeMode == "wrap" ? edgeMode! : "duplicate", preservesAlpha: a["preserveAlpha"]?.trimmingSVGSpace() == "true"
    )
  }

  /// Noise as `primitive` asks for it, over `space` (the document to the element's user
  /// space). A base frequency that is negative, or not one or two numbers, is 0; octaves
  /// and the seed are whole numbers (a negative count none).
  static func turbulence(_ primitive: SVGElement, space: Affine) -> Turbulence {
    let a = primitive.attributes
    let frequencies = SVGNumbers.list(a["baseFrequency"] ?? "0").numbers
    var (x, y) = switch frequencies.count {
    case 1: (frequencies[0], frequencies[0])
    case 2: (frequencies[0], frequencies[1])
    default: (0.0, 0.0)
    }
    if x < 0 || y < 0 { (x, y) = (0, 0) }
    // More octaves than 24 add nothing a pixel shows (each halves the last); a seed is read
    // within the generator's range.
    let octaves = min(a["numOctaves"].flatMap { SVGNumbers.number($0.trimmingSVGSpace()) } ?? 1, 24)
    let seed = min(max(a["seed"].flatMap { SVGNumbers.number($0.trimmingSVGSpace()) } ?? 0, -2_147_483_647), 2_147_483_647)
    return Turbulence(
      baseFrequencyX: x, baseFrequencyY: y, octaves: Int(max(octaves, 0).rounded()), seed: Int(seed.rounded(.towardZero)),
      isFractalNoise: a["type"]?.trimmingSVGSpace() == "fractalNoise", stitchesTiles: a["stitchTiles"]?.trimmingSVGSpace() == "stitch",
      space: space
    )
  }

  /// The lighting `primitive` asks for, its light's positions in the document; nil (the
  /// primitive transparent) without a light, or with a specular exponent outside 1…128.
  mutating func lighting(_ primitive: SVGElement, in filter: SVGElement, transform: Affine) -> SurfaceLighting? {
    func number(_ element: SVGElement, _ name: String, _ fallback: Double) -> Double {
      element.attributes[name].flatMap { SVGNumbers.number($0.trimmingSVGSpace()) } ?? fallback
    }
    let isSpecular = primitive.name == "feSpecularLighting"
    let exponent = number(primitive, "specularExponent", 1)
    guard !isSpecular || (1...128).contains(exponent),
      let source = primitive.children.first(where: { $0.isSVG && ["feDistantLight", "fePointLight", "feSpotLight"].contains($0.name) })
    else { return nil }
    let light: SurfaceLighting.Light
    switch source.name {
    case "feDistantLight":
      light = .distant(azimuth: number(source, "azimuth", 0), elevation: number(source, "elevation", 0))
    case "fePointLight":
      light = .point(x: number(source, "x", 0), y: number(source, "y", 0), z: number(source, "z", 0))
    default:
      let spotExponent = number(source, "specularExponent", 1)
      light = .spot(
        x: number(source, "x", 0), y: number(source, "y", 0), z: number(source, "z", 0),
        pointsAtX: number(source, "pointsAtX", 0), pointsAtY: number(source, "pointsAtY", 0), pointsAtZ: number(source, "pointsAtZ", 0),
        exponent: spotExponent < 0 ? 1 : spotExponent, coneAngle: source.attributes["limitingConeAngle"].flatMap { SVGNumbers.number($0.trimmingSVGSpace()) }
      )
    }
    let lighting = SurfaceLighting(
      isSpecular: isSpecular, surfaceScale: number(primitive, "surfaceScale", 1),
      constant: number(primitive, isSpecular ? "specularConstant" : "diffuseConstant", 1), specularExponent: exponent,
      color: filterColor("lighting-color", of: primitive, in: filter, fallback: .white).rgb, light: light,
      kernelUnitLength: kernelUnitLength(primitive)
    )
    return lighting.applying(transform)
  }

  /// A lighting primitive's `kernelUnitLength`, the distance its slopes are measured over (as
  /// librsvg applies it; resvg ignores it): nil when missing, or not one or two positive
  /// numbers (then said so); two that differ are one, their mean, said so.
  private mutating func kernelUnitLength(_ primitive: SVGElement) -> Double? {
    guard let text = primitive.attributes["kernelUnitLength"] else { return nil }
    let (numbers, error) = SVGNumbers.list(text)
    guard error == nil, (1...2).contains(numbers.count), numbers.allSatisfy({ $0 > 0 && $0.isFinite }) else {
      repair(primitive, "its kernelUnitLength \"\(SVGImportError.quoted(text))\" is not one or two positive numbers, so slopes are measured over a pixel")
      return nil
    }
    if numbers.count == 2, numbers[0] != numbers[1] {
      repair(primitive, "its kernelUnitLength \"\(SVGImportError.quoted(text))\" differs across and down; both are their mean")
      return (numbers[0] + numbers[1]) / 2
    }
    return numbers[0]
  }

  /// A colour property of a filter primitive: its own value, `inherit` its filter's (the
  /// property is not inherited otherwise), `currentColor` the `color` given on it or its
  /// filter (black without one), `fallback` when missing or unreadable.
  func filterColor(_ name: String, of primitive: SVGElement, in filter: SVGElement, fallback: SVGColor) -> SVGColor {
    func declared(_ name: String, _ element: SVGElement) -> String? { Self.declaredProperty(name, of: element) }
    guard var value = declared(name, primitive)?.trimmingSVGSpace() else { return fallback }
    if value == "inherit" {
      guard let inherited = declared(name, filter)?.trimmingSVGSpace(), inherited != "inherit" else { return fallback }
      value = inherited
    }
    if value.lowercased() == "currentcolor" {
      return (declared("color", primitive) ?? declared("color", filter)).flatMap(SVGColor.init) ?? .black
    }
    return SVGColor(value) ?? fallback
  }

  /// Where an `feImage` draws, in the element's user space: its x, y, width and height, in
  /// `primitiveUnits`, the sides not given those of the filter's region (of the element's box,
  /// in box units), as resvg places it.
  mutating func imageSubregion(_ primitive: SVGElement, boxUnits: Bool, box: Rect?, region: Rect) -> Rect {
    let a = primitive.attributes
    if boxUnits, let box {
      func fraction(_ name: String, _ fallback: Double) -> Double {
        guard let text = a[name]?.trimmingSVGSpace() else { return fallback }
        return text.hasSuffix("%") ? SVGNumbers.number(text.dropLast()).map { $0 / 100 } ?? fallback : SVGNumbers.number(text) ?? fallback
      }
      let x = box.minX + fraction("x", 0) * box.width, y = box.minY + fraction("y", 0) * box.height
      return Rect(minX: x, minY: y, maxX: x + fraction("width", 1) * box.width, maxY: y + fraction("height", 1) * box.height)
    }
    let fontSize = Lengths.rootFontSize
    let x = optionalLength(primitive, "x", .width, fontSize: fontSize) ?? region.minX
    let y = optionalLength(primitive, "y", .height, fontSize: fontSize) ?? region.minY
    let width = optionalLength(primitive, "width", .width, fontSize: fontSize) ?? region.width
    let height = optionalLength(primitive, "height", .height, fontSize: fontSize) ?? region.height
    return Rect(minX: x, minY: y, maxX: x + width, maxY: y + height)
  }

  /// The picture an `feImage` draws into `place` (user space, mapped by `transform`): its
  /// file, or the element it names written as an SVG document of its own, its user space's
  /// origin at the place's top left (as resvg draws it) and without a filter of its own (so
  /// it cannot draw itself). Nil, the primitive transparent, when it names nothing Curves
  /// reads.
  func feImage(_ primitive: SVGElement, in place: Rect, transform: Affine) -> KeptImage? {
    guard place.width > 0, place.height > 0 else { return nil }
    let t = [transform.a, transform.b, transform.c, transform.d, transform.e, transform.f]
    let reference = (primitive.attributes["href"] ?? primitive.attributes["xlink:href"])?.trimmingSVGSpace()
    guard let reference, reference.hasPrefix("#") else {
      guard let href = imageHref(primitive) else { return nil }
      return KeptImage(
        href: href, x: place.minX, y: place.minY, width: place.width, height: place.height,
        preserveAspectRatio: primitive.attributes["preserveAspectRatio"], transform: t, opacity: 1, group: nil
      )
    }
    guard let element = elementsByID[String(reference.dropFirst())], element.isSVG, !Self.notDrawn.contains(element.name) else { return nil }
    let width = SVGExport.number(place.width), height = SVGExport.number(place.height)
    let document = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\#(width)" height="\#(height)" viewBox="0 0 \#(width) \#(height)">"#
      + element.xml(replacingAttributes: ["filter": nil]) + "</svg>"
    return KeptImage(
      href: "data:image/svg+xml;base64," + Data(document.utf8).base64EncodedString(), x: place.minX, y: place.minY,
      width: place.width, height: place.height, preserveAspectRatio: nil, transform: t, opacity: 1, group: nil
    )
  }
}
