import CurveDocument
import CurveGeometry
/// `<use>`, nested `<svg>` and `<symbol>`: content drawn again in a viewport of its own.
extension SVGDrawing {
  /// `<use>`: the element it refers to, moved by x and y; a symbol or svg gets its viewport.
  /// The referenced content inherits the use's style.
  mutating func drawUse(_ use: SVGElement, context: Context) throws(SVGImportError) {
    // `#id`, or `file#id` (an element of another file, `SVGExternalReferences`).
    guard let href = (use.attributes["href"] ?? use.attributes["xlink:href"])?.trimmingSVGSpace(),
      href.hasPrefix("#") || SVGExternalReferences.isExternal(href)
    else { return }
    let id = href.hasPrefix("#") ? String(href.dropFirst()) : href
    guard let target = elementsByID[id] else { return }  // a reference to nothing draws nothing
    guard !leadsBack(target, to: Set(ancestors.compactMap { $0.element.attributes["id"] }).union([id])),
      referencing.insert(id).inserted
    else {
      repair(use, "it refers to itself, directly or through other <use> elements, so it is left out")
      return
    }
    defer { referencing.remove(id) }
    let fontSize = context.style.fontSize
    var moved = context
    moved.paintContext = PaintContext(style: context.style, shape: nil, outer: context.paintContext)
    moved.append(.translate(x: length(use, "x", .width, fontSize: fontSize), y: length(use, "y", .height, fontSize: fontSize)))
    if target.isSVG, target.name == "symbol" || target.name == "svg" {
      var style = computedStyle(of: target, isFirstChild: false, parent: context.style)
      guard style.isDisplayed else { return }
      reportUnapplied(style, of: target)
      style.unapplied = []
      var inner = moved
      inner.style = style
      // A symbol's own opacity is not applied, as librsvg and resvg draw it; an svg's is.
      if target.name == "svg" {
        inner.opacity *= style.opacity
        inner.append(style.cssTransform ?? transform(of: target))
      }
      ancestors.append(SVGAncestor(element: target, isFirstChild: false))
      defer { ancestors.removeLast() }
      // The use's width and height, when given, replace the target's (SVG 1.1, 5.6).
      try drawViewport(target, context: inner,
                       width: use.attributes["width"] ?? target.attributes["width"],
                       height: use.attributes["height"] ?? target.attributes["height"])
    } else {
      try draw(target, isFirstChild: false, context: moved)
    }
  }

  /// Whether drawing `element` would come back, through the `<use>` elements inside it and
  /// inside what they refer to, to one of `ids` (what the use is inside, and its target):
  /// SVG 2 calls such a use an error, and resvg and browsers leave it out whole, where
  /// librsvg draws it a level deep.
  func leadsBack(_ element: SVGElement, to ids: Set<String>) -> Bool {
    var followed: Set<String> = []
    var waiting = [element]
    while let next = waiting.popLast() {
      if next.name == "use", let href = (next.attributes["href"] ?? next.attributes["xlink:href"])?.trimmingSVGSpace(), href.hasPrefix("#") {
        let id = String(href.dropFirst())
        if ids.contains(id) { return true }
        if followed.insert(id).inserted, let target = elementsByID[id] { waiting.append(target) }
      }
      waiting += next.children
    }
    return false
  }

  /// A new viewport (nested `<svg>`, used `<symbol>`): at x, y, of width × height (default
  /// 100%), its viewBox fitted into it by preserveAspectRatio (SVG 1.1, 7.8).
  mutating func drawViewport(_ element: SVGElement, context: Context, width: String?, height: String?) throws(SVGImportError) {
    let fontSize = context.style.fontSize
    func size(_ text: String?, _ name: String, _ reference: Double) -> Double {
      guard let text, text.trimmingSVGSpace() != "auto" else { return reference }
      guard let value = Lengths.length(text, percentOf: reference, basis: Lengths.Basis(viewport: viewport, fontSize: fontSize)) else {
        repair(element, "\(name)=\"\(SVGImportError.quoted(text))\" is ignored: \(Lengths.reason(text))")
        return reference
      }
      return value
    }
    let width = size(width, "width", viewport.width), height = size(height, "height", viewport.height)
    let x = element.name == "svg" ? length(element, "x", .width, fontSize: fontSize) : 0
    let y = element.name == "svg" ? length(element, "y", .height, fontSize: fontSize) : 0
    guard width > 0, height > 0 else { return }  // a zero-sized viewport draws nothing
    var inner = context
    inner.append(.translate(x: x, y: y))
    var innerViewport = PercentageBasis(width: width, height: height)
    switch viewBox(of: element) {
    case .none: break
    case .disabled: return
    case let .box(minX, minY, boxWidth, boxHeight):
      let viewBox = (minX: minX, minY: minY, width: boxWidth, height: boxHeight)
      inner.append(Self.fit(viewBox, width: width, height: height, preserveAspectRatio: element.attributes["preserveAspectRatio"]))
      innerViewport = PercentageBasis(width: viewBox.width, height: viewBox.height)
    }
    let outerViewport = viewport
    viewport = innerViewport
    defer { viewport = outerViewport }
    // What reaches out of a nested <svg> is hidden, unless its overflow shows (SVG's user
    // agent style sheet: `svg:not(:root) { overflow: hidden }`). A symbol's is not, as
    // librsvg draws it.
    let overflow = (SVGStyleSheet.declarations(element.attributes["style"] ?? "").last { $0.name == "overflow" }?.value
      ?? element.attributes["overflow"])?.trimmingSVGSpace()
    var clip: ClipGroup?
    if element.name == "svg", overflow != "visible", overflow != "auto" {
      clip = beginClipGroup(element, box: Rect(minX: x, minY: y, maxX: x + width, maxY: y + height), map: context.transform, local: context.local, context: &inner)
    }
    try drawChildren(of: element, context: inner)
    if let clip { endClipGroup(clip, parent: context.group) }
  }

  enum ViewBox {
    /// None, or one that is not valid (ignored, as SVG says, and reported).
    case none
    /// A zero width or height: the element draws nothing (SVG 1.1, 7.7).
    case disabled
    case box(minX: Double, minY: Double, width: Double, height: Double)
  }

  /// `viewBox="min-x min-y width height"`.
  mutating func viewBox(of element: SVGElement) -> ViewBox {
    guard let text = element.attributes["viewBox"] else { return .none }
    let list = SVGNumbers.list(text)
    guard list.error == nil, list.numbers.count == 4 else {
      repair(element, "viewBox=\"\(SVGImportError.quoted(text))\" is ignored: it needs four numbers, min-x min-y width height")
      return .none
    }
    let numbers = list.numbers
    guard numbers[2] >= 0, numbers[3] >= 0 else {
      repair(element, "viewBox=\"\(SVGImportError.quoted(text))\" is ignored: its width and height must not be negative")
      return .none
    }
    guard numbers[2] > 0, numbers[3] > 0 else {
      repair(element, "viewBox=\"\(SVGImportError.quoted(text))\" has no area, which disables the element: it draws nothing")
      return .disabled
    }
    return .box(minX: numbers[0], minY: numbers[1], width: numbers[2], height: numbers[3])
  }

  /// The map of `viewBox` into a width × height viewport at the origin.
  static func fit(_ viewBox: (minX: Double, minY: Double, width: Double, height: Double), width: Double, height: Double,
                          preserveAspectRatio: String?) -> Affine {
    let words = (preserveAspectRatio ?? "").split(separator: " ").filter { $0 != "defer" }
    let align = words.first.map(String.init) ?? "xMidYMid"
    var scaleX = width / viewBox.width, scaleY = height / viewBox.height
    if align != "none" {
      let scale = words.dropFirst().first == "slice" ? max(scaleX, scaleY) : min(scaleX, scaleY)
      (scaleX, scaleY) = (scale, scale)
    }
    var translateX = -viewBox.minX * scaleX, translateY = -viewBox.minY * scaleY
    let spareX = width - viewBox.width * scaleX, spareY = height - viewBox.height * scaleY
    if align.containsUTF8("xMid") { translateX += spareX / 2 }
    if align.containsUTF8("xMax") { translateX += spareX }
    if align.containsUTF8("YMid") { translateY += spareY / 2 }
    if align.containsUTF8("YMax") { translateY += spareY }
    return .translate(x: translateX, y: translateY) * .scale(x: scaleX, y: scaleY)
  }
}
