import CurveDocument
import CurveGeometry

/// The `filter` property's list as one `Filter`: each item (a `<filter>` or a CSS filter
/// function, Filter Effects 1, 16) applied to what the one before it made, inside its own
/// region.
///
/// A function is the primitive Filter Effects defines it by, on the source, in sRGB (as
/// resvg and browsers mix them), over the element's box grown by a tenth each way (half,
/// for `blur()` and `drop-shadow()`, whose spread reaches further). A list of several is one
/// chain: each item's primitives read the last result of the item before where they would
/// read the source, and later items' primitives show only inside their item's region and mix
/// colours in their item's space.
extension SVGDrawing {
  mutating func filter(
    _ items: [SVGFilterItem], for element: SVGElement, style: SVGComputedStyle, transform: Affine, bounds: Rect
  ) -> Filter? {
    let box = userBox(bounds, transform: transform)
    let filters = items.compactMap { item -> Filter? in
      if case let .reference(reference) = item { return referencedFilter(reference, for: element, transform: transform, bounds: bounds) }
      return functionFilter(item, style: style, box: box, transform: transform)
    }
    guard var chain = filters.first else { return nil }
    // A filter without primitives draws nothing, whatever follows it.
    if let empty = filters.first(where: { $0.primitives.isEmpty }) { return empty }
    for (index, next) in filters.enumerated().dropFirst() {
      chain = Self.chaining(chain, then: next, name: "curves-filter-\(index)")
    }
    return chain
  }

  /// `first`, then `second` on what it made: `second`'s reads of the source become reads of
  /// `first`'s last result (its alpha, for `SourceAlpha`), its results are renamed apart,
  /// and its primitives show only in its region.
  private static func chaining(_ first: Filter, then second: Filter, name: String) -> Filter {
    var primitives = first.primitives
    primitives[primitives.count - 1].result = name
    let alpha = name + "-alpha"
    let readsAlpha = second.primitives.contains { $0.input == "SourceAlpha" || $0.input2 == "SourceAlpha" }
    if readsAlpha {
      let alphaOnly: [Double] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0]
      primitives.append(FilterPrimitive(.colorMatrix(values: alphaOnly), input: name, result: alpha))
    }
    let ownNames = Set(second.primitives.compactMap(\.result))
    func renamed(_ input: String?) -> String? {
      switch input {
      case "SourceGraphic"?: name
      case "SourceAlpha"?: alpha
      case let input? where ownNames.contains(input): name + "-" + input
      default: input
      }
    }
    for (index, var primitive) in second.primitives.enumerated() {
      primitive.input = index == 0 && primitive.input == nil ? name : renamed(primitive.input)
      primitive.input2 = renamed(primitive.input2)
      if case let .merge(inputs) = primitive.operation { primitive.operation = .merge(inputs: inputs.map { renamed($0) ?? name }) }
      primitive.result = primitive.result.map { name + "-" + $0 }
      // It mixes in its own filter's space, whatever the chain's.
      if primitive.usesLinearRGB == nil, second.usesLinearRGB != first.usesLinearRGB { primitive.usesLinearRGB = second.usesLinearRGB }
      let sides = primitive.subregion ?? FilterSubregion()
      primitive.subregion = FilterSubregion(
        x: sides.x ?? second.region.minX, y: sides.y ?? second.region.minY,
        width: sides.width ?? second.region.width, height: sides.height ?? second.region.height
      )
      primitives.append(primitive)
    }
    return Filter(region: first.region.union(second.region), primitives: primitives, usesLinearRGB: first.usesLinearRGB)
  }

  /// A CSS filter function as a filter, in the document; nil when the element has no box.
  private mutating func functionFilter(_ item: SVGFilterItem, style: SVGComputedStyle, box: Rect?, transform: Affine) -> Filter? {
    guard let box, box.width > 0, box.height > 0 else { return nil }
    let basis = Lengths.Basis(viewport: viewport, fontSize: style.fontSize)
    func length(_ text: String?) -> Double { text.flatMap { Lengths.length($0, percentOf: 0, basis: basis) } ?? 0 }
    let lengths = FilterLengths(transform: transform)
    let spreads: Bool
    let operation: FilterPrimitive.Operation
    switch item {
    case .reference:
      return nil
    case let .blur(deviation):
      spreads = true
      let deviations = lengths.deviations(length(deviation), length(deviation))
      operation = .gaussianBlur(deviationX: deviations.x, deviationY: deviations.y)
    case let .dropShadow(colorText, dx, dy, deviation):
      spreads = true
      let color = colorText.flatMap { $0.lowercased() == "currentcolor" ? nil : SVGColor($0) } ?? style.color
      let deviations = lengths.deviations(length(deviation), length(deviation))
      let offset = lengths.offset(length(dx), length(dy))
      operation = .dropShadow(
        dx: offset.dx, dy: offset.dy, deviationX: deviations.x, deviationY: deviations.y, color: color.rgb, opacity: color.alpha
      )
    default:
      spreads = false
      operation = Self.colourOperation(item)
    }
    let grow = spreads ? 0.5 : 0.1
    let region = Rect(
      minX: box.minX - grow * box.width, minY: box.minY - grow * box.height,
      maxX: box.maxX + grow * box.width, maxY: box.maxY + grow * box.height
    )
    return Filter(region: transform.boundingBox(of: region), primitives: [FilterPrimitive(operation)], usesLinearRGB: false)
  }

  /// The colour functions as Filter Effects 1 (16.2) defines them: matrices and transfers.
  private static func colourOperation(_ item: SVGFilterItem) -> FilterPrimitive.Operation {
    switch item {
    case let .grayscale(amount):
      let s = 1 - amount
      return .colorMatrix(values: [
        0.2126 + 0.7874 * s, 0.7152 - 0.7152 * s, 0.0722 - 0.0722 * s, 0, 0,
        0.2126 - 0.2126 * s, 0.7152 + 0.2848 * s, 0.0722 - 0.0722 * s, 0, 0,
        0.2126 - 0.2126 * s, 0.7152 - 0.7152 * s, 0.0722 + 0.9278 * s, 0, 0,
        0, 0, 0, 1, 0,
      ])
    case let .sepia(amount):
      let s = 1 - amount
      return .colorMatrix(values: [
        0.393 + 0.607 * s, 0.769 - 0.769 * s, 0.189 - 0.189 * s, 0, 0,
        0.349 - 0.349 * s, 0.686 + 0.314 * s, 0.168 - 0.168 * s, 0, 0,
        0.272 - 0.272 * s, 0.534 - 0.534 * s, 0.131 + 0.869 * s, 0, 0,
        0, 0, 0, 1, 0,
      ])
    case let .saturate(amount):
      return .colorMatrix(values: saturateMatrix(amount))
    case let .hueRotate(degrees):
      return .colorMatrix(values: hueRotateMatrix(degrees: degrees))
    case let .invert(amount):
      let table = ComponentFunction.table([amount, 1 - amount])
      return .componentTransfer(red: table, green: table, blue: table, alpha: .identity)
    case let .opacity(amount):
      return .componentTransfer(red: .identity, green: .identity, blue: .identity, alpha: .table([0, amount]))
    case let .brightness(amount):
      let line = ComponentFunction.linear(slope: amount, intercept: 0)
      return .componentTransfer(red: line, green: line, blue: line, alpha: .identity)
    case let .contrast(amount):
      let line = ComponentFunction.linear(slope: amount, intercept: 0.5 - 0.5 * amount)
      return .componentTransfer(red: line, green: line, blue: line, alpha: .identity)
    case .reference, .blur, .dropShadow:
      return .colorMatrix(values: saturateMatrix(1))
    }
  }
}
