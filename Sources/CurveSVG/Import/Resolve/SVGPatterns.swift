import CurveDocument
import CurveGeometry
import FoundationEssentials

/// Patterns (SVG 1.1, 13.3), resolved for each shape they paint as usvg resolves them:
///
/// - Attributes (`x`, `y`, `width`, `height`, `patternUnits`, `patternContentUnits`,
///   `patternTransform`, `viewBox`, `preserveAspectRatio`) come from the first pattern along
///   the `href` chain that has them, the content from the first that has children.
/// - The tile is x, y, width and height in `patternUnits`: fractions of the shape's box by
///   default, or user-space lengths. The content is drawn with (0, 0) at the tile's corner,
///   through the viewBox fitted into the tile when there is one, else scaled by the box when
///   `patternContentUnits` is `objectBoundingBox`; it is clipped to the tile.
/// - A pattern with no width or height, no content, units that are not a unit, or box units
///   on a shape with no area paints nothing: the paint's fallback is used, else none (as
///   librsvg draws it).
///
/// Content curves get ids after the walk (`SVGImport.namingPatternContent`), equal patterns
/// the same ones.
extension SVGDrawing {
  /// The pattern `element` makes for `shape`; nil when it paints nothing.
  mutating func pattern(_ element: SVGElement, shape: PaintedShape) -> Pattern? {
    let chain = patternChain(from: element)
    func attribute(_ name: String) -> String? { chain.lazy.compactMap { $0.attributes[name] }.first }
    let units = attribute("patternUnits")?.trimmingSVGSpace(), contentUnits = attribute("patternContentUnits")?.trimmingSVGSpace()
    for (name, value) in [("patternUnits", units), ("patternContentUnits", contentUnits)] {
      guard let value, value != "userSpaceOnUse", value != "objectBoundingBox" else { continue }
      repair(element, "its \(name)=\"\(SVGImportError.quoted(value))\" is not a unit, so the pattern paints nothing (as librsvg draws it)")
      return nil
    }
    let boxUnits = units != "userSpaceOnUse", boxContent = contentUnits == "objectBoundingBox"
    let box = shape.userBounds
    let hasBox = box.width > 0 && box.height > 0
    let viewBoxElement = chain.first { $0.attributes["viewBox"] != nil }
    if boxUnits || (boxContent && viewBoxElement == nil) {
      guard hasBox else { return nil }
    }
    let patternTransform = self.transform(attribute("patternTransform"), named: "patternTransform", of: element)
    guard let tile = tile(attribute, of: element, box: boxUnits ? box : nil), tile.width > 0, tile.height > 0 else { return nil }
    var contentMap = Affine.identity
    if let viewBoxElement {
      switch viewBox(of: viewBoxElement) {
      case .none: break
      case .disabled: return nil
      case let .box(minX, minY, width, height):
        contentMap = Self.fit((minX, minY, width, height), width: tile.width, height: tile.height, preserveAspectRatio: attribute("preserveAspectRatio"))
      }
    } else if boxContent {
      contentMap = .scale(x: box.width, y: box.height)
    }
    guard let holder = chain.first(where: { $0.children.contains(where: \.isSVG) }) else { return nil }
    let transform = shape.transform * patternTransform
    let key = PatternKey(holder: holder.attributes["id"] ?? "", tile: tile, contentMap: contentMap, transform: transform)
    if let resolved = resolvedPatterns[key] { return resolved }
    guard let content = content(of: holder, map: contentMap), !content.isEmpty else { return nil }
    let pattern = Pattern(id: element.attributes["id"], tile: tile, transform: transform, curves: content)
    resolvedPatterns[key] = pattern
    return pattern
  }

  /// x, y, width and height: fractions (or percentages) of `box` when there is one, else
  /// user-space lengths; 0 when not given.
  private mutating func tile(_ attribute: (String) -> String?, of element: SVGElement, box: Rect?) -> Rect? {
    func value(_ name: String, _ axis: PercentageBasis.Axis) -> Double {
      guard let text = attribute(name)?.trimmingSVGSpace() else { return 0 }
      if let box {
        let fraction = text.hasSuffix("%") ? SVGNumbers.number(text.dropLast()).map { $0 / 100 } : SVGNumbers.number(text)
        guard let fraction else {
          repair(element, "\(name)=\"\(SVGImportError.quoted(text))\" is ignored: it is not a number")
          return 0
        }
        return fraction * (axis == .width ? box.width : box.height)
      }
      let basis = Lengths.Basis(viewport: viewport, fontSize: Lengths.rootFontSize)
      guard let length = Lengths.length(text, percentOf: viewport[axis], basis: basis) else {
        repair(element, "\(name)=\"\(SVGImportError.quoted(text))\" is ignored: \(Lengths.reason(text))")
        return 0
      }
      return length
    }
    let x = value("x", .width) + (box?.minX ?? 0), y = value("y", .height) + (box?.minY ?? 0)
    let width = value("width", .width), height = value("height", .height)
    guard width > 0, height > 0 else { return nil }
    return Rect(minX: x, minY: y, maxX: x + width, maxY: y + height)
  }

  /// The children of `holder` drawn as shapes through `map`, apart from the drawing's, as
  /// curve records with placeholder ids; nil when the pattern is already being drawn (a
  /// pattern whose content paints with itself).
  private mutating func content(of holder: SVGElement, map: Affine) -> [Document.CurveRecord]? {
    let name = "pattern " + (holder.attributes["id"] ?? "")
    guard referencing.insert(name).inserted else {
      repair(holder, "its content paints with the pattern itself, which paints nothing there")
      return nil
    }
    defer { referencing.remove(name) }
    let style = computedStyle(of: holder, isFirstChild: false, parent: SVGComputedStyle())
    let (drawn, leftOut, _, images) = shapesApart(of: holder, context: Context(transform: map, style: style, opacity: 1, group: nil))
    if leftOut || !images.isEmpty { repair(holder, "its images and other elements Curves does not draw are left out of the pattern") }
    switch drawn {
    case let .success(content):
      return content.map { shape in
        Document.CurveRecord(
          id: SVGImport.placeholderID, style: shape.style, subpaths: shape.subpaths.map { SVGImport.record($0, makeID: { SVGImport.placeholderID }) }
        )
      }
    case let .failure(error):
      repair(holder, "its content could not be drawn (\(error.description)), so the pattern paints nothing")
      return []
    }
  }

  /// The pattern and those its hrefs name, in order, each once.
  private func patternChain(from element: SVGElement) -> [SVGElement] {
    var chain = [element]
    var visited: Set<String> = []
    var current = element
    while let href = current.attributes["href"] ?? current.attributes["xlink:href"], href.hasPrefix("#"),
      visited.insert(href).inserted, let next = elementsByID[String(href.dropFirst())], next.isSVG, next.name == "pattern"
    {
      chain.append(next)
      current = next
    }
    return chain
  }
}

/// What a resolved pattern depends on: the element holding its content, its tile, the map of
/// its content into the tile and its transform. A value, not a description: formatting
/// doubles into a string key looked up every type's conformances on a file's first pattern.
struct PatternKey: Hashable {
  var holder: String
  var tile: Rect
  var contentMap: Affine
  var transform: Affine
}
