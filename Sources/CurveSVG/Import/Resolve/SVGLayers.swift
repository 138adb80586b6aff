import CurveDocument
import CurveGeometry

/// A layer group as the walk makes it: `Group`'s fields, with the clip's and the mask's
/// shapes still to be given ids.
struct SVGLayerGroup {
  /// On a `<g>` of Curves's own file: the group has no label (its id is not one).
  static let unlabelledAttribute = "curves:unlabelled"

  var id: String
  var parent: String?
  var label: String?
  /// A `<g>`'s own transform; the shapes drawn in it are in the document's coordinates.
  var transform = Affine.identity
  var opacity: Double
  var clip: (rule: CurveStyle.FillRule, subpaths: [SVGSubpath])?
  var mask: SVGMask?
  var filter: Filter?
  var blendMode: String?
  var blendsInLinearRGB = false
  var isolated = false
  /// Inkscape's lock (`sodipodi:insensitive`).
  var isLocked = false
  /// `display:none` on the `<g>`: kept with what it holds, drawn by nothing.
  var isHidden = false
  /// Its SMIL animation children, read into a group track by `SMILImport`.
  var animations: [SVGElement] = []
  /// The transform from the group's parent's coordinates up to the `<g>`'s own transform:
  /// what an `<animateTransform>` that replaces that own transform goes inside.
  var outside = Affine.identity
  /// The `<g>` it was read from, for writing the file back (`SVGSource`).
  var source: SVGSource.Element?
}

/// Opacity on groups, `clip-path` and `mask` (SVG 1.1, 14; CSS Masking) as layer groups.
///
/// - Every `<g>` that holds a shape becomes a `Group`, with its id, label and transform.
///   An `<a>`, `<switch>`, nested `<svg>` or `<use>` with an opacity below 1, and any
///   element with a clip or a mask, becomes one too: its shapes are drawn into a layer,
///   blended once. Such a group (not a `<g>`) with neither clip nor mask that ends up
///   holding one shape is dissolved: its opacity multiplies that shape's (exact for one shape).
/// - A clip's shapes are the `clipPath`'s children (shapes, texts' glyphs, and `<use>` of them), each
///   through its own transform, the clipPath's `transform`, and, for
///   `clipPathUnits="objectBoundingBox"`, the element's box; `clip-rule` is the children's
///   (non-zero where they differ). A clip of no shapes shows nothing.
/// - A mask's curves are its children drawn as shapes are, through `maskContentUnits`;
///   its region is x, y, width and height in `maskUnits` (default -10% -10% 120% 120% of the
///   box); `mask-type` picks luminance or alpha.
/// - A reference to nothing, or to an element of another kind, is ignored (reported), as
///   browsers do.
extension SVGDrawing {
  /// Starts a layer group for `element`, inside `parent` (the innermost open group): what is
  /// drawn next goes into it. Its id.
  mutating func beginLayerGroup(_ element: SVGElement, parent: String?, opacity: Double) -> String {
    var id = element.attributes["id"] ?? "group-\(groupIDs.count + 1)"
    var suffix = 2
    while groupIDs.contains(id) {
      id = (element.attributes["id"] ?? "group") + "-\(suffix)"
      suffix += 1
    }
    let unlabelled = element.attributes[SVGLayerGroup.unlabelledAttribute] == "true"
    let label = element.attributes["inkscape:label"] ?? element.attributes["data-curves-label"] ?? (unlabelled ? nil : element.attributes["id"])
    groupIDs.insert(id)
    var layer = SVGLayerGroup(id: id, parent: parent, label: label, opacity: opacity)
    layer.isLocked = element.attributes["sodipodi:insensitive"].map { $0 == "true" || $0 == "1" } ?? false
    open.append(OpenGroup(layer: layer))
    return id
  }

  /// Ends the innermost open group: it goes into its parent as a group node, or, dissolved,
  /// what was drawn in it does (its own shapes' opacity multiplied by `opacity`, when given).
  private mutating func closeGroup(dissolving: Bool, opacity: Double? = nil) {
    guard open.count > 1, let finished = open.popLast(), let layer = finished.layer else { return }
    guard dissolving else {
      append(.group(layer, children: finished.nodes))
      return
    }
    groupIDs.remove(layer.id)
    for node in finished.nodes {
      switch node {
      case var .shape(shape):
        shape.group = layer.parent
        if let opacity { shape.style.opacity = (shape.style.opacity ?? 1) * opacity }
        append(.shape(shape))
      case .group(var inner, let children):
        inner.parent = layer.parent
        append(.group(inner, children: children))
      case .hidden, .kept:
        append(node)
      }
    }
  }

  /// Ends the layer group `id`, the innermost open one: resolves its clip and mask for the
  /// shapes drawn into it, and dissolves it when it is only an opacity on one shape, or holds
  /// nothing. A group holding kept elements stays: they are written back inside it, in its
  /// coordinates.
  ///
  /// Its clip, mask and filter are in the coordinates of the group the element is in:
  /// `context.local` takes the element's units there, and `context.placement` takes them
  /// into the document, where the shapes' boxes are.
  mutating func finishLayerGroup(_ id: String, element: SVGElement, style: SVGComputedStyle, context: Context) {
    guard open.count > 1, var group = open[open.count - 1].layer, group.id == id else { return }
    let transform = context.local
    let fromDocument = context.placement == .identity ? nil : context.placement.inverted
    let drawn = open[open.count - 1].nodes
    // Measured only for a clip, mask or filter: most groups have none, and the walk over
    // what they hold was 3% of reading an icon.
    let needsBounds = style.clipPathReference != nil || style.maskReference != nil || !style.filters.isEmpty
    let bounds = needsBounds ? drawn.bounds(through: fromDocument) : .empty
    if let reference = style.clipPathReference {
      group.clip = clip(reference, for: element, transform: transform, bounds: bounds)
    }
    if let reference = style.maskReference {
      group.mask = mask(reference, for: element, transform: transform, bounds: bounds)
      // A region turned by the element's transform is no box in the document: with no clip of
      // its own, the group is clipped to it exactly (what a mask's region does).
      if let region = group.mask?.userRegion, transform.b != 0 || transform.c != 0, group.clip == nil {
        let corners = [Point(x: region.minX, y: region.minY), Point(x: region.maxX, y: region.minY),
                       Point(x: region.maxX, y: region.maxY), Point(x: region.minX, y: region.maxY)].map(transform.apply)
        let sides = (0..<4).compactMap { Bezier([corners[$0], corners[($0 + 1) % 4]]) }
        group.clip = (.nonZero, [SVGSubpath(start: corners[0], segments: sides, isClosed: true)])
      }
    }
    if !style.filters.isEmpty {
      group.filter = filter(style.filters, for: element, style: style, transform: transform, bounds: bounds)
    }
    group.blendMode = style.blendMode
    group.blendsInLinearRGB = style.blendsInLinearRGB
    group.isolated = style.isolates
    open[open.count - 1].layer = group
    let count = drawn.shapeCount
    let onlyOpacity = group.clip == nil && group.mask == nil && group.filter == nil && group.blendMode == nil && !group.blendsInLinearRGB && !group.isolated
    let dissolves = !drawn.keepsAnything && (count == 0 || (count == 1 && onlyOpacity && element.name != "g" && group.animations.isEmpty))
    // Dissolved: what was in it is in its parent.
    closeGroup(dissolving: dissolves, opacity: group.opacity)
  }

  /// A clip group showing only `box` (in the space `map` takes into the document, and `local`
  /// into the group's coordinates), for what is drawn in `context` next: a marker's or a
  /// nested viewport's overflow hidden.
  struct ClipGroup {
    var id: String
    var box: Rect
    var map: Affine
  }

  /// Starts a clip group for `element`, and puts `context` inside it.
  mutating func beginClipGroup(
    _ element: SVGElement, box: Rect, map: Affine, local: Affine, context: inout Context
  ) -> ClipGroup {
    let id = beginLayerGroup(element, parent: context.group, opacity: 1)
    context.group = id
    let corners = [Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY),
                   Point(x: box.maxX, y: box.maxY), Point(x: box.minX, y: box.maxY)].map(local.apply)
    let outline = SVGSubpath(start: corners[0], segments: (1...4).compactMap { Bezier([corners[$0 - 1], corners[$0 % 4]]) }, isClosed: true)
    open[open.count - 1].layer?.clip = (.nonZero, [outline])
    return ClipGroup(id: id, box: box, map: map)
  }

  /// Ends a clip group: dissolved into `parent` when nothing drawn in it reaches outside its
  /// box (no clip is needed), or nothing was drawn.
  mutating func endClipGroup(_ group: ClipGroup, parent: String?) {
    guard open.count > 1, open[open.count - 1].layer?.id == group.id else { return }
    let drawn = open[open.count - 1].nodes
    let inverse = group.map.inverted
    let inside = inverse != nil && drawn.allShapes.allSatisfy { shape in
      shape.subpaths.allSatisfy { subpath in
        subpath.segments.allSatisfy { segment in
          segment.controlPoints.allSatisfy { group.box.contains(inverse!.apply(to: $0), tolerance: 1e-9) }
        }
      }
    }
    closeGroup(dissolving: inside || drawn.shapeCount == 0)
  }

  /// A mask's or filter's x, y, width and height in the element's own space: lengths in
  /// user space when `units` says `userSpaceOnUse` (default -10% -10% 120% 120% of the
  /// viewport), else fractions (or percentages) of `box`, the same by default; nil when it has
  /// no area, or needs a box that has none.
  mutating func effectRegion(_ element: SVGElement, units: String, box: Rect?, fontSize: Double) -> Rect? {
    var region: Rect?
    if element.attributes[units]?.trimmingSVGSpace() == "userSpaceOnUse" {
      let x = optionalLength(element, "x", .width, fontSize: fontSize) ?? -0.1 * viewport.width
      let y = optionalLength(element, "y", .height, fontSize: fontSize) ?? -0.1 * viewport.height
      let width = optionalLength(element, "width", .width, fontSize: fontSize) ?? 1.2 * viewport.width
      let height = optionalLength(element, "height", .height, fontSize: fontSize) ?? 1.2 * viewport.height
      region = Rect(minX: x, minY: y, maxX: x + width, maxY: y + height)
    } else if let box, box.width > 0, box.height > 0 {
      func fraction(_ name: String, _ fallback: Double) -> Double {
        guard let text = element.attributes[name]?.trimmingSVGSpace() else { return fallback }
        if text.hasSuffix("%"), let value = SVGNumbers.number(text.dropLast()) { return value / 100 }
        return SVGNumbers.number(text) ?? fallback
      }
      let x = fraction("x", -0.1), y = fraction("y", -0.1), width = fraction("width", 1.2), height = fraction("height", 1.2)
      region = Rect(minX: box.minX + x * box.width, minY: box.minY + y * box.height,
                    maxX: box.minX + (x + width) * box.width, maxY: box.minY + (y + height) * box.height)
    }
    guard let region, region.width > 0, region.height > 0 else { return nil }
    return region
  }

  /// The box of `bounds` (in the document) in the element's own space: exact when
  /// `transform` only scales and moves.
  func userBox(_ bounds: Rect, transform: Affine) -> Rect? {
    guard bounds.width >= 0, bounds.height >= 0, let inverse = transform.inverted else { return nil }
    return inverse.boundingBox(of: bounds)
  }

  static func boxMap(_ box: Rect) -> Affine {
    Affine(a: box.width, b: 0, c: 0, d: box.height, e: box.minX, f: box.minY)
  }

  /// The clip `clip-path="url(#reference)"` makes for `element`, in the document.
  private mutating func clip(
    _ reference: String, for element: SVGElement, transform: Affine, bounds: Rect
  ) -> (rule: CurveStyle.FillRule, subpaths: [SVGSubpath])? {
    guard let clipElement = elementsByID[reference], clipElement.isSVG, clipElement.name == "clipPath" else {
      repair(element, "its clip-path url(#\(SVGImportError.quoted(reference))) is not a clipPath in the file, so it is not applied")
      return nil
    }
    if clipElement.attributes["clip-path"] != nil {
      repair(clipElement, "its own clip-path is not applied: Curves clips by the clipPath's shapes alone")
    }
    var map = transform * self.transform(of: clipElement)
    if clipElement.attributes["clipPathUnits"]?.trimmingSVGSpace() == "objectBoundingBox" {
      guard let box = userBox(bounds, transform: transform), box.width > 0, box.height > 0 else { return (.nonZero, []) }
      map = map * Self.boxMap(box)
    }
    // `clip-rule` inherits into the clipPath from where it stands in the tree.
    var outside = SVGComputedStyle()
    outside.clipRule = inheritedClipRulesByID[reference] ?? .nonZero
    let clipStyle = computedStyle(of: clipElement, isFirstChild: false, parent: outside)
    var subpaths: [SVGSubpath] = [], rules = Set<CurveStyle.FillRule>()
    for child in clipElement.children where child.isSVG {
      var shapeElement = child, offset = Affine.identity
      let childStyle = computedStyle(of: child, isFirstChild: false, parent: clipStyle)
      guard childStyle.isDisplayed, childStyle.isVisible else { continue }
      if child.name == "use" {
        guard let href = child.attributes["href"] ?? child.attributes["xlink:href"], href.hasPrefix("#"),
          let target = elementsByID[String(href.dropFirst())], target.isSVG
        else { continue }
        shapeElement = target
        offset = .translate(x: length(child, "x", .width, fontSize: childStyle.fontSize), y: length(child, "y", .height, fontSize: childStyle.fontSize))
      }
      guard Self.clipShapes.contains(shapeElement.name) || shapeElement.name == "text" && shapeElement.isSVG else { continue }
      let shapeStyle = shapeElement.name == child.name ? childStyle : computedStyle(of: shapeElement, isFirstChild: false, parent: childStyle)
      if shapeElement.name == "text" {
        // A text clips by its glyphs' outlines, laid out as it would be drawn (SVG 1.1,
        // 14.3.5; librsvg and resvg do so). The text applies its own transform.
        let outer = shapeElement.name == child.name ? map : map * (childStyle.cssTransform ?? self.transform(of: child)) * offset
        let text = keptText(shapeElement, context: Context(transform: outer, style: clipStyle, opacity: 1, group: nil), style: shapeStyle)
        subpaths += (text?.curves ?? []).flatMap(\.subpaths).compactMap(Self.svgSubpath)
        rules.insert(shapeStyle.clipRule)
        continue
      }
      var childMap = map * (childStyle.cssTransform ?? self.transform(of: child)) * offset
      if shapeElement.name != child.name { childMap = childMap * (shapeStyle.cssTransform ?? self.transform(of: shapeElement)) }
      let tolerance = SVGImport.arcTolerance / max(childMap.maximumScale, .leastNormalMagnitude)
      for subpath in shape(shapeElement, arcTolerance: tolerance, fontSize: shapeStyle.fontSize) {
        subpaths.append(SVGSubpath(start: childMap.apply(to: subpath.start), segments: subpath.segments.map { $0.applying(childMap) }, isClosed: true))
      }
      rules.insert(shapeStyle.clipRule)
    }
    return (rules.count == 1 ? rules.first! : .nonZero, subpaths.filter { $0.segments.allSatisfy(\.isFinite) })
  }

  /// What a clipPath's children may be, besides a text.
  private static let clipShapes: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]

  /// The mask `mask="url(#reference)"` makes for `element`, in the document.
  private mutating func mask(
    _ reference: String, for element: SVGElement, transform: Affine, bounds: Rect
  ) -> SVGMask? {
    guard let maskElement = elementsByID[reference], maskElement.isSVG, maskElement.name == "mask" else {
      repair(element, "its mask url(#\(SVGImportError.quoted(reference))) is not a mask in the file, so it is not applied")
      return nil
    }
    guard referencing.insert("mask " + reference).inserted else {
      repair(element, "its mask url(#\(SVGImportError.quoted(reference))) refers to itself, so it is not applied")
      return nil
    }
    defer { referencing.remove("mask " + reference) }
    let maskStyle = computedStyle(of: maskElement, isFirstChild: false, parent: SVGComputedStyle())
    let box = userBox(bounds, transform: transform)
    // The region, in the element's space.
    let attributes = maskElement.attributes
    guard let userRegion = effectRegion(maskElement, units: "maskUnits", box: box, fontSize: maskStyle.fontSize) else {
      return SVGMask(usesLuminance: true, region: nil, userRegion: nil, shapes: [])
    }
    // A mask on the mask, unless its chain comes back round: then, as resvg does, none.
    var inner: SVGMask?
    if let innerReference = maskStyle.maskReference {
      if maskChainLoops(from: innerReference) {
        repair(maskElement, "its mask url(#\(SVGImportError.quoted(innerReference))) comes back to itself, so it is not applied")
      } else {
        inner = mask(innerReference, for: maskElement, transform: transform, bounds: bounds)
      }
    }
    let documentRegion = transform.boundingBox(of: userRegion)
    var contentMap = transform
    if attributes["maskContentUnits"]?.trimmingSVGSpace() == "objectBoundingBox" {
      guard let box, box.width > 0, box.height > 0 else {
        return SVGMask(usesLuminance: true, region: documentRegion, userRegion: userRegion, shapes: [])
      }
      contentMap = contentMap * Self.boxMap(box)
    }
    let apart = shapesApart(of: maskElement, context: Context(transform: contentMap, style: maskStyle, opacity: 1, group: nil))
    switch apart.shapes {
    case let .success(content):
      // Content that is one masked shape (resvg's `mask-on-child`): its mask masks the whole
      // content, so it is the mask on this mask; masks on masks multiply, so the mask's own
      // one goes at the end of its chain.
      if var contentMask = apart.sharedMask {
        if let inner { contentMask.appendInnermost(inner) }
        inner = contentMask
      }
      // A document holds masks on masks so deep (`Document.maximumMaskDepth`, this one
      // included); those past it are dropped, so what is saved opens again.
      if var chain = inner, chain.chainDepth >= Document.maximumMaskDepth {
        chain.cut(below: Document.maximumMaskDepth - 1)
        inner = chain
        repair(maskElement, "its masks on masks go deeper than \(Document.maximumMaskDepth): the deepest are not applied")
      }
      var result = SVGMask(usesLuminance: !maskStyle.isAlphaMask, region: documentRegion, userRegion: userRegion, shapes: content, inner: inner)
      result.images = apart.images
      return result
    case let .failure(error):
      repair(maskElement, "its content could not be drawn (\(error.description)), so the mask hides everything")
      return SVGMask(usesLuminance: !maskStyle.isAlphaMask, region: documentRegion, userRegion: userRegion, shapes: [])
    }
  }

  /// Whether following `mask` from mask to mask, from `reference` on, comes back to a mask
  /// already in it, or to one being resolved.
  private func maskChainLoops(from reference: String) -> Bool {
    var seen = Set<String>(), current: String? = reference
    while let id = current {
      guard !referencing.contains("mask " + id), seen.insert(id).inserted else { return true }
      guard let element = elementsByID[id], element.isSVG, element.name == "mask" else { return false }
      guard case let .reference(next, _)? = Self.declaredProperty("mask", of: element).flatMap(SVGPaint.init) else { return false }
      current = next.hasPrefix("#") ? String(next.dropFirst()) : next
    }
    return false
  }
}

/// A mask as the import resolves it: in the document, with the mask on it.
struct SVGMask {
  var usesLuminance: Bool
  var region: Rect?
  /// The region in the masked element's own space.
  var userRegion: Rect?
  var shapes: [SVGShape]
  /// The pictures of its content, drawn over its shapes, placed in the document.
  var images: [KeptImage] = []
  /// The mask on the mask (its storage: a struct holds itself only through an array).
  var innerMasks: [SVGMask] = []

  /// How many masks the chain holds, this one first.
  var chainDepth: Int { 1 + (innerMasks.first?.chainDepth ?? 0) }

  /// Keeps `depth` masks of the chain, this one first.
  mutating func cut(below depth: Int) {
    if depth <= 1 { innerMasks = [] } else if !innerMasks.isEmpty { innerMasks[0].cut(below: depth - 1) }
  }

  /// Puts `mask` under the last mask of this one's chain of masks on masks.
  mutating func appendInnermost(_ mask: SVGMask) {
    if innerMasks.isEmpty { innerMasks = [mask] } else { innerMasks[0].appendInnermost(mask) }
  }

  init(usesLuminance: Bool, region: Rect?, userRegion: Rect?, shapes: [SVGShape], inner: SVGMask? = nil) {
    self.usesLuminance = usesLuminance
    self.region = region
    self.userRegion = userRegion
    self.shapes = shapes
    innerMasks = inner.map { [$0] } ?? []
  }
}
