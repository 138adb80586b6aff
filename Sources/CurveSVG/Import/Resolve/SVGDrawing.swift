import CurveDocument
import CurveGeometry
import FoundationEssentials

/// The walk over the tree that resolves it into `SVGNode`s: what is drawn so far, in
/// document units, in the layer groups it is drawn in, and the repairs made.
struct SVGDrawing {
  /// Elements by id, for `<use>` and paint references.
  let elementsByID: [String: SVGElement]
  /// The `color` each element with an id has where it stands in the tree (its own, else its
  /// nearest ancestor's): what a gradient's stops mean by `currentColor`.
  let colorsByID: [String: String]
  /// The `clip-rule` each element with an id inherits from its ancestors (not its own): what
  /// a clipPath's children start from where it stands.
  let inheritedClipRulesByID: [String: CurveStyle.FillRule]
  /// The parent of each element with an id: what `inherit` on a referenced element (a
  /// marker's `overflow`) takes its value from.
  let parentsByID: [String: SVGElement]
  /// Every `<style>` sheet of the file, in document order.
  let styleSheet: SVGStyleSheet
  /// What percentages refer to: the nearest viewport's size.
  var viewport: PercentageBasis
  /// The layer groups being drawn into (an opacity, a clip or a mask on a group or shape),
  /// innermost last, each with what is drawn in it so far; the first is the drawing itself,
  /// whose nodes are the walk's result once it is done.
  var open = [OpenGroup(layer: nil)]
  /// The ids of the layer groups made and not dissolved: a new one's differs from each.
  var groupIDs: Set<String> = []
  /// The shapes drawn (content drawn apart counts on its own), against `Document.maximumCurves`.
  private var shapeCount = 0
  /// The folder (a path) an image's relative file name is looked up in: the drawing's own.
  var folder: String?
  /// Whether the root's `<animate>` of its `viewBox` is read as the timeline's view
  /// (`SMILImport.view(of:still:)`), so it is not kept as well.
  var readsRootViewBox = false
  /// The root's own animation elements kept, not read: each is reported.
  var keptRootAnimations: [SVGElement] = []
  /// The points the shapes will make, against `Document.maximumPoints`.
  private(set) var pointCount = 0
  /// One line each, at most `maximumRepairMessages` of them; `repairCount` counts them all.
  private(set) var repairs: [String] = []
  private(set) var repairCount = 0
  /// The elements from the root to the one being drawn's parent, for selectors.
  var ancestors: [SVGAncestor] = []
  /// How many more compound selectors may be tested: style sheets cost at most this much.
  var matchBudget = 5_000_000
  /// The ids of the `<use>` references being drawn, to stop cycles.
  var referencing: Set<String> = []
  /// Patterns resolved so far, by the pattern and what it was resolved for, so that shapes
  /// painted alike share one (and `export-svg` writes it once).
  var resolvedPatterns: [PatternKey: Pattern] = [:]
  /// The stops of each gradient of the tree that holds stops, by its id (`gradientStops`,
  /// `stopOffsets`); not while an animated gradient, a copy under the same id, is resolved.
  var stopColorsByOwner: [String: [SVGColor]] = [:]
  var stopOffsetsByOwner: [String: [Double]] = [:]
  var cachesStops = true
  /// How deep the walk is, and how many elements it has visited, against the limits.
  private var depth = 0
  /// Above 0 while a mask's or a pattern's content is drawn apart (`shapesApart`): its groups
  /// are dropped, so its shapes stay in the coordinates of what they are drawn for.
  private var apartDepth = 0
  private var visits = 0

  /// A layer group being drawn into, and what is drawn in it so far.
  struct OpenGroup {
    var layer: SVGLayerGroup?
    var nodes: [SVGNode] = []
  }

  /// The drawing resolved: what the walk drew, once it is done.
  var nodes: [SVGNode] { open[0].nodes }

  /// Adds `node` to the innermost open group.
  mutating func append(_ node: SVGNode) {
    open[open.count - 1].nodes.append(node)
  }

  /// What a walk carries down the tree.
  struct Context {
    /// From the element's units to the document's.
    var transform: Affine
    /// From the element's units to its innermost `<g>` group's: the same map with the groups'
    /// own transforms left out, so a shape keeps the numbers its file gives it.
    var local: Affine
    /// From that group's coordinates to the document's (`transform` is `placement * local`).
    var placement = Affine.identity
    var style: SVGComputedStyle
    /// The product of the opacities of the ancestors that are not layers (kept on each shape).
    var opacity: Double
    /// The innermost layer group being drawn into.
    var group: String?
    /// What `context-fill` and `context-stroke` paint with here.
    var paintContext = PaintContext()
    /// The shape drawn in this context has a group of its own that its `<animateTransform>`
    /// moves (its group reads that animation, not its track).
    var turnsInItsGroup = false
    /// The shape drawn is `display:none`: kept as a hidden object, not drawn.
    var isHidden = false

    /// A context outside every transformed group (`local` is `transform`).
    init(
      transform: Affine, local: Affine? = nil, style: SVGComputedStyle, opacity: Double,
      group: String?, paintContext: PaintContext = PaintContext()
    ) {
      self.transform = transform
      self.local = local ?? transform
      self.style = style
      self.opacity = opacity
      self.group = group
      self.paintContext = paintContext
    }

    /// Applies `map` first, inside what the context maps already.
    mutating func append(_ map: Affine) {
      transform = transform * map
      local = local * map
    }
  }

  static let maximumRepairMessages = 1_000

  /// Elements that draw nothing themselves, or nothing at all until referenced.
  static let notDrawn: Set<String> = [
    "defs", "clipPath", "mask", "symbol", "marker", "pattern", "linearGradient", "radialGradient", "filter",
    "title", "desc", "metadata", "style", "script", "font", "font-face", "cursor", "view",
  ]
  /// Elements that draw what Curves does not hold: left out, and reported.
  /// What a `display:none` keeps as a hidden object: groups and shapes.
  static let keptWhenHidden: Set<String> = ["g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]

  private static let notCurves: [String: String] = [
    "text": "text", "image": "an image", "foreignObject": "foreign content",
  ]

  /// `tree` indexed, with what it takes from other files beside it (`SVGExternalReferences`)
  /// looked up in `folder`.
  init(tree: SVGElement, viewport: PercentageBasis, folder: String? = nil) {
    var elements: [String: SVGElement] = [:]
    var colors: [String: String] = [:]
    var clipRules: [String: CurveStyle.FillRule] = [:]
    var parents: [String: SVGElement] = [:]
    var sheets: [String] = []
    var externalReferences: [String] = []
    func index(_ element: SVGElement, parent: SVGElement?, inheritedColor: String?, inheritedClipRule: CurveStyle.FillRule) {
      let own = Self.declaredProperty("color", of: element).flatMap { $0.lowercased() == "inherit" ? nil : $0 }
      let color = own ?? inheritedColor
      let clipRule = Self.declaredProperty("clip-rule", of: element).flatMap { CurveStyle.FillRule(rawValue: $0.trimmingSVGSpace()) } ?? inheritedClipRule
      if let id = element.attributes["id"], elements[id] == nil {
        elements[id] = element
        colors[id] = color
        if inheritedClipRule != .nonZero { clipRules[id] = inheritedClipRule }
        parents[id] = parent
      }
      if element.isSVG, element.name == "style", ["", "text/css"].contains(element.attributes["type"]?.lowercased() ?? "") {
        sheets.append(element.text)
      }
      SVGExternalReferences.collectReferences(of: element, into: &externalReferences)
      for child in element.children { index(child, parent: element, inheritedColor: color, inheritedClipRule: clipRule) }
    }
    index(tree, parent: nil, inheritedColor: nil, inheritedClipRule: .nonZero)
    var external = SVGExternalReferences(folder: folder)
    sheets = external.importingSheets(sheets)
    external.resolve(externalReferences, sheets: sheets)
    for (reference, element) in external.elements where elements[reference] == nil {
      elements[reference] = element
    }
    elementsByID = elements
    colorsByID = colors
    inheritedClipRulesByID = clipRules
    parentsByID = parents
    // Joined by hand: the standard library's `joined(separator:)` is generic over the
    // collection and looks its types up at run time, a scan of every conformance in the
    // binary the first time (4% of drawing a small file).
    styleSheet = SVGStyleSheet(sheets.reduce(into: "") { css, sheet in css += css.isEmpty ? sheet : "\n" + sheet })
    self.viewport = viewport
    self.folder = folder
    for problem in external.problems { note(problem) }
    for selector in styleSheet.unsupported.prefix(Self.maximumRepairMessages) {
      note("the style sheet's selector \"\(SVGImportError.quoted(selector))\" uses what Curves does not match; its rule is left out")
    }
  }

  /// A property as `element` itself declares it: its `style` attribute's last declaration,
  /// else its presentation attribute.
  static func declaredProperty(_ name: String, of element: SVGElement) -> String? {
    // Most elements have no style attribute, and nothing to parse.
    guard let style = element.attributes["style"] else { return element.attributes[name] }
    return SVGStyleSheet.declarations(style).last { $0.name == name }?.value ?? element.attributes[name]
  }

  /// Reports a repair made to `element`.
  mutating func repair(_ element: SVGElement, _ message: String) {
    note("\(element.label): \(message)")
  }

  /// Reports a repair.
  mutating func note(_ message: String) {
    repairCount += 1
    if repairs.count < Self.maximumRepairMessages { repairs.append(message) }
  }

  mutating func drawChildren(of element: SVGElement, context: Context) throws(SVGImportError) {
    for (index, child) in element.children.enumerated() {
      try draw(child, isFirstChild: index == 0, context: context)
    }
  }

  /// The children of `element` drawn as shapes in `context`, apart from the drawing (whose
  /// shapes, groups and kept elements are left as they were), without groups: a mask's or a
  /// pattern's content. The error when they cannot be drawn; whether any child was kept
  /// undrawn (text), which such content leaves out.
  mutating func shapesApart(
    of element: SVGElement, context: Context
  ) -> (shapes: Result<[SVGShape], SVGImportError>, leftOut: Bool, sharedMask: SVGMask?, images: [KeptImage]) {
    let (savedOpen, savedIDs, savedCount) = (open, groupIDs, shapeCount)
    open = [OpenGroup(layer: nil)]
    shapeCount = 0
    apartDepth += 1
    defer {
      apartDepth -= 1
      (open, groupIDs, shapeCount) = (savedOpen, savedIDs, savedCount)
    }
    do throws(SVGImportError) {
      try drawChildren(of: element, context: context)
    } catch {
      return (.failure(error), open.contains { $0.nodes.keepsAnything }, nil, [])
    }
    // A text's glyphs are shapes here, in their place in the drawing order, and pictures are
    // given apart (they go over the shapes); what else is kept is left out.
    let flat = nodes.flattened()
    var shapes: [SVGShape] = [], images: [KeptImage] = [], leftOut = false
    func take(_ kept: SVGKeptElement) {
      if let image = kept.image { return images.append(image) }
      guard let text = kept.text else { return leftOut = true }
      shapes += text.curves.map { curve in
        SVGShape(subpaths: curve.subpaths.compactMap(Self.svgSubpath), style: curve.style)
      }
    }
    var kept = flat.kept[...]
    for (index, shape) in flat.shapes.enumerated() {
      while let next = kept.first, next.shapesBefore == index {
        take(next.element)
        kept.removeFirst()
      }
      var shape = shape
      shape.group = nil
      shapes.append(shape)
    }
    kept.forEach { take($0.element) }
    return (.success(shapes), leftOut, Self.sharedMask(of: nodes), images)
  }

  /// The mask on everything drawn apart, when all of it is one group whose only effect is that
  /// mask (a mask's content that is one masked shape): the content's own mask, which a mask
  /// takes as the mask on it.
  private static func sharedMask(of nodes: [SVGNode]) -> SVGMask? {
    guard nodes.count == 1, case let .group(layer, _) = nodes[0], let mask = layer.mask, layer.clip == nil, layer.filter == nil,
      layer.opacity == 1, layer.blendMode == nil
    else { return nil }
    return mask
  }

  /// A document subpath as path data's: its drawn Béziers from its first point.
  static func svgSubpath(_ subpath: Document.SubpathRecord) -> SVGSubpath? {
    let segments = subpath.drawnBeziers
    guard let first = segments.first else { return nil }
    return SVGSubpath(start: first.controlPoints[0], segments: segments, isClosed: subpath.closed)
  }

  /// Draws the root's content: `root`'s style is computed first, as an element's.
  mutating func drawRoot(_ root: SVGElement, transform: Affine) throws(SVGImportError) {
    let style = computedStyle(of: root, isFirstChild: true, parent: SVGComputedStyle())
    guard style.isDisplayed else {
      repair(root, "display is none on the root, so the drawing is empty")
      return
    }
    reportUnapplied(style, of: root)
    ancestors.append(SVGAncestor(element: root, isFirstChild: true))
    defer { ancestors.removeLast() }
    // The root's own opacity, clip, mask, filter and blending make a layer, as a group's do.
    guard style.clipPathReference != nil || style.maskReference != nil || !style.filters.isEmpty || style.blendMode != nil
      || style.isolates || style.opacity < 1
    else {
      try drawChildren(of: root, context: Context(transform: transform, style: style, opacity: 1, group: nil))
      return
    }
    let id = beginLayerGroup(root, parent: nil, opacity: style.opacity)
    let context = Context(transform: transform, style: style, opacity: 1, group: id)
    try drawChildren(of: root, context: context)
    finishLayerGroup(id, element: root, style: style, context: context)
  }

  /// Draws `element` and what it contains, in the context of its parent.
  mutating func draw(_ element: SVGElement, isFirstChild: Bool, context parent: Context) throws(SVGImportError) {
    guard element.isSVG, !Self.notDrawn.contains(element.name), !element.isPointMarker, Self.passesConditions(element) else {
      keepUndrawn(element, context: parent)
      return
    }
    visits += 1
    guard visits <= SVGImport.maximumElements else { throw .tooManyElements }
    depth += 1
    defer { depth -= 1 }
    guard depth <= SVGImport.maximumDepth else { throw .tooDeep(element: element.label) }
    // Animation elements, before any style (an animation's `fill` is not a paint): one naming
    // its target by href is kept as it is; a `<g>`'s own `SMILImport` reads as its group's
    // track (or keeps); the root's own are kept, but for the `<animate>` of its viewBox when
    // that is read as the view.
    if SMILImport.elementNames.contains(element.name), tookAnimation(element, context: parent) { return }
    let style = drawnStyle(of: element, isFirstChild: isFirstChild, parent: parent.style)
    // A `display:none` group or shape of the drawing itself is kept as a hidden object (the
    // objects panel shows it, export writes it back hidden); anything else is left out.
    let keptHidden = !style.isDisplayed && apartDepth == 0 && ancestors.count > 0 && Self.keptWhenHidden.contains(element.name)
    guard style.isDisplayed || keptHidden else { return }
    // A text or an image with a clip, a mask, a filter or blending of its own is drawn in a
    // layer group that applies them, as a shape is (below); anything else Curves keeps, it
    // keeps as it is.
    let keptHasEffects = ["text", "image"].contains(element.name) && element.isSVG && apartDepth == 0 && style.hasLayerEffects
    guard !keptAsWritten(element, style: style, context: parent, hasEffects: keptHasEffects) else { return }
    reportUnapplied(style, of: element)
    let own = style.cssTransform ?? transform(of: element)
    var context = Context(
      transform: parent.transform * own, local: parent.local * own, style: style, opacity: parent.opacity * style.opacity,
      group: parent.group, paintContext: parent.paintContext
    )
    context.placement = parent.placement
    context.isHidden = keptHidden && element.name != "g"
    if keptHasEffects {
      keepInLayer(element, style: style, parent: parent, context: context)
      return
    }
    ancestors.append(SVGAncestor(element: element, isFirstChild: isFirstChild))
    defer { ancestors.removeLast() }
    // A `<g>` is a group of the document's, with its transform; anything else with an
    // opacity, a clip or a mask is drawn as a layer group.
    let isContainer = ["g", "a", "switch", "svg", "use"].contains(element.name)
    var layer: String?
    // A shape that turns (an `<animateTransform>` of its own) is drawn in a group of its own,
    // which the animation moves.
    let turns = !isContainer && apartDepth == 0 && element.children.contains { $0.name == "animateTransform" }
    if element.name == "g" || style.clipPathReference != nil || style.maskReference != nil || !style.filters.isEmpty
      || style.blendMode != nil || style.isolates || (isContainer && style.opacity < 1) || turns {
      // A filter sees the shape before its opacity: the group takes it, as a container's.
      let groupTakesOpacity = isContainer || !style.filters.isEmpty
      let id = beginLayerGroup(element, parent: parent.group, opacity: groupTakesOpacity ? style.opacity : 1)
      ancestors[ancestors.count - 1].isGroup = isContainer
      if keptHidden, element.name == "g" { open[open.count - 1].layer?.isHidden = true }
      // A `<g>` of the drawing (not of a mask's or a pattern's content) holds its shapes in its
      // own coordinates, unless its transform flattens them.
      if element.name == "g" || turns, apartDepth == 0, context.local.inverted?.isFinite == true {
        open[open.count - 1].layer?.transform = context.local
        open[open.count - 1].layer?.animations = element.children.filter { SMILImport.elementNames.contains($0.name) && (!turns || $0.name == "animateTransform") }
        open[open.count - 1].layer?.outside = parent.local
        if element.name == "g" { open[open.count - 1].layer?.source = element.sourceElement(placement: parent.local) }
        context.turnsInItsGroup = turns
        context.local = .identity
        context.placement = context.transform
      }
      layer = id
      context.group = id
      if groupTakesOpacity { context.opacity = parent.opacity }
    }
    defer {
      if let layer { finishLayerGroup(layer, element: element, style: style, context: context) }
    }
    try drawContent(of: element, style: style, context: context)
  }

  /// An element that is not drawn (another vocabulary's, one of `notDrawn`, a marker's point,
  /// one whose conditions fail): kept when it is another vocabulary's or metadata, but for
  /// Curves's own settings and timeline, which are read into the document (`CurvesSettings`).
  @inline(never)
  private mutating func keepUndrawn(_ element: SVGElement, context: Context) {
    if !element.isSVG && !CurvesSettings.isCurvesOwn(element) || Self.keptMetadata.contains(element.name) { keep(element, context: context) }
  }

  /// An animation element, before any style: true when it is dealt with (kept as written, or
  /// left to its `<g>` to read as the group's track), false when it is drawn as an element.
  @inline(never)
  private mutating func tookAnimation(_ element: SVGElement, context parent: Context) -> Bool {
    if element.attributes["href"] ?? element.attributes["xlink:href"] != nil {
      keep(element, context: parent)
      return true
    }
    if ancestors.count == 1 {
      if !(readsRootViewBox && SMILImport.animatesViewBox(element)) {
        keep(element, context: parent)
        keptRootAnimations.append(element)
      }
      return true
    }
    return ancestors.last?.element.name == "g"
  }

  /// The style `element` is drawn with: computed from its parent's, and an SVG 1.1 filter
  /// that only blends it over the background read as the blend mode it stands for.
  private mutating func drawnStyle(of element: SVGElement, isFirstChild: Bool, parent: SVGComputedStyle) -> SVGComputedStyle {
    var style = computedStyle(of: element, isFirstChild: isFirstChild, parent: parent)
    if let legacy = legacyBlend(style.filters, of: element) {
      (style.filters, style.blendMode, style.blendsInLinearRGB) = ([], legacy.mode == "normal" ? nil : legacy.mode, legacy.inLinearRGB)
    }
    return style
  }

  /// Keeps `element` as it is written when Curves does not draw it: a text or an image
  /// without effects of its own (`hasEffects`), or an element sized in a unit Curves cannot
  /// read (said so). True when it was kept.
  @inline(never)
  private mutating func keptAsWritten(_ element: SVGElement, style: SVGComputedStyle, context parent: Context, hasEffects: Bool) -> Bool {
    if Self.notCurves[element.name] != nil, !hasEffects {
      keep(element, context: parent, style: style)
      return true
    }
    if apartDepth == 0, element.isSVG, let name = Self.sizeInUnreadUnit(of: element) {
      repair(element, "\(name)=\"\(SVGImportError.quoted(element.attributes[name] ?? ""))\" is not drawn: \(Lengths.reason(element.attributes[name] ?? "")); the element is kept as written")
      keep(element, context: parent, style: style)
      return true
    }
    return false
  }

  /// What `element` draws once its style and context are known: its children, the element a
  /// `<switch>` chooses, a nested viewport, a `<use>`'s copy, or its shape. Apart from `draw`
  /// so that the temporaries of each kind of element stay out of the frame every level of a
  /// drawing's nesting keeps on the stack (`draw`'s was 22 KB: a small icon faulted in 25
  /// pages of stack).
  private mutating func drawContent(of element: SVGElement, style: SVGComputedStyle, context: Context) throws(SVGImportError) {
    switch element.name {
    case "g", "a":
      try drawChildren(of: element, context: context)
    case "switch":
      let chosen = element.children.firstIndex { $0.isSVG && !Self.notDrawn.contains($0.name) && Self.passesConditions($0) }
      if let index = chosen {
        try draw(element.children[index], isFirstChild: index == 0, context: context)
      }
    case "svg":
      try drawViewport(element, context: context, width: element.attributes["width"], height: element.attributes["height"])
    case "use":
      try drawUse(element, context: context)
    default:
      try drawShape(element, style: style, context: context)
    }
  }

  /// A basic shape or a path, with its markers; a hidden one leaves only its box.
  @inline(never)
  private mutating func drawShape(_ element: SVGElement, style: SVGComputedStyle, context: Context) throws(SVGImportError) {
    let arcTolerance = SVGImport.arcTolerance / max(context.transform.maximumScale, .leastNormalMagnitude)
    let subpaths = shape(element, arcTolerance: arcTolerance, fontSize: style.fontSize)
    guard style.isVisible else {
      var box = Rect.empty
      for subpath in subpaths {
        box.include(context.transform.apply(to: subpath.start))
        for segment in subpath.segments { box.include(segment.applying(context.transform).bounds) }
      }
      if !subpaths.isEmpty { append(.hidden(box)) }
      return
    }
    // A hidden shape's markers are not kept: they would be shapes of their own, shown.
    let hasMarkers = Self.markable.contains(element.name) && style.markers != (nil, nil, nil) && !context.isHidden
    if hasMarkers, style.paintsMarkersFirst { try drawMarkers(on: subpaths, of: element, context: context) }
    try add(subpaths, from: element, context: context)
    if hasMarkers, !style.paintsMarkersFirst { try drawMarkers(on: subpaths, of: element, context: context) }
  }

  /// A text or an image whose own clip, mask, filter or blending a layer group applies: the
  /// element is kept inside it without them (the group writes them back); a text's glyphs are
  /// the group's box. A filter takes the element's opacity into the group, as a shape's.
  private mutating func keepInLayer(_ element: SVGElement, style: SVGComputedStyle, parent: Context, context: Context) {
    let groupTakesOpacity = !style.filters.isEmpty
    // The group is named apart from the text, which keeps its id; the id labels the group.
    var named = element
    named.attributes["id"] = nil
    if element.attributes["inkscape:label"] == nil { named.attributes["data-curves-label"] = element.attributes["id"] }
    let id = beginLayerGroup(named, parent: parent.group, opacity: groupTakesOpacity ? style.opacity : 1)
    var inside = parent, textStyle = style
    inside.group = id
    if groupTakesOpacity { textStyle.opacity = 1 }
    var carried: Set<String> = ["clip-path", "mask", "filter", "mix-blend-mode", "isolation"]
    if groupTakesOpacity { carried.insert("opacity") }
    keep(element, context: inside, style: textStyle, carried: carried)
    finishLayerGroup(id, element: element, style: style, context: context)
  }

  mutating func reportUnapplied(_ style: SVGComputedStyle, of element: SVGElement) {
    for property in style.unapplied {
      repair(element, "its \(property) is not applied: Curves draws the element without it")
    }
  }

  /// A drawn shape, in document units: refused if not finite; left out if it draws nothing.
  private mutating func add(_ subpaths: [SVGSubpath], from element: SVGElement, context: Context) throws(SVGImportError) {
    guard !subpaths.isEmpty else { return }
    let transform = context.transform
    let mapped = subpaths.map { subpath in
      SVGSubpath(start: transform.apply(to: subpath.start), segments: subpath.segments.map { $0.applying(transform) }, isClosed: subpath.isClosed)
    }
    guard mapped.allSatisfy({ $0.segments.allSatisfy(\.isFinite) }) else { throw .nonFiniteCoordinate(element: element.label) }
    guard shapeCount < Document.maximumCurves else { throw .tooManyShapes }
    pointCount += mapped.reduce(0) { $0 + SVGImport.pointCount(of: $1) }
    guard pointCount <= Document.maximumPoints else { throw .tooManyPoints }
    var userBounds = Rect.empty
    for subpath in subpaths {
      userBounds.include(subpath.start)
      for segment in subpath.segments { userBounds.include(segment.bounds) }
    }
    // Kept in the group's coordinates: the style's widths and paints too.
    let local = context.local
    let grouped = local == transform ? nil : subpaths.map { subpath in
      SVGSubpath(start: local.apply(to: subpath.start), segments: subpath.segments.map { $0.applying(local) }, isClosed: subpath.isClosed)
    }
    var groupContext = context
    groupContext.transform = local
    // A stretched pen as export writes it keeps areas, but for rounding: widths as written.
    var scale = abs(local.a * local.d - local.b * local.c).squareRoot()
    scale.removeRoundingNoise(within: 1e-14 * scale)
    let style = curveStyle(element, context: groupContext, scale: scale, userBounds: userBounds)
    var shape = SVGShape(subpaths: mapped, grouped: grouped, style: style, group: context.group)
    shape.animations = element.children.filter { SMILImport.elementNames.contains($0.name) && !(context.turnsInItsGroup && $0.name == "animateTransform") }
    shape.elementID = element.attributes["id"]
    shape.curveData = element.attributes[CurvesCurveData.qualifiedName]
    shape.isHidden = context.isHidden
    shape.label = element.attributes["inkscape:label"] ?? element.attributes["data-curves-label"]
      ?? shape.elementID.flatMap { $0.hasPrefix("curve-") ? nil : $0 }
    shape.isLocked = element.attributes["sodipodi:insensitive"].map { $0 == "true" || $0 == "1" } ?? false
    shape.placement = grouped == nil ? transform : local
    shape.source = element.sourceElement(placement: shape.placement)
    for (property, paint) in [("fill", context.style.fill), ("stroke", context.style.stroke)] {
      guard case let .reference(reference, _) = paint, let gradient = elementsByID[reference.hasPrefix("#") ? String(reference.dropFirst()) : reference],
        gradient.name == "linearGradient" || gradient.name == "radialGradient",
        (gradient.children + gradient.children.flatMap(\.children)).contains(where: { $0.name == "animate" })
      else { continue }
      shape.animatedGradients.append(SVGShape.AnimatedGradient(
        property: property, element: gradient, shape: PaintedShape(transform: local, userBounds: userBounds)
      ))
    }
    shapeCount += 1
    append(.shape(shape))
  }
}
