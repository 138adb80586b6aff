import CurveDocument
import CurveGeometry
import Glibc

/// SVG's markers (SVG 1.1, 11.6): the `<marker>` that `marker-start`, `marker-mid` and
/// `marker-end` name, drawn at the first vertex of a path, every vertex between, and the
/// last, as curves after the path's own.
///
/// - Each is placed by the vertex, turned by its `orient` (`auto`: the bisector of the
///   directions in and out; `auto-start-reverse`: the start one turned round; an angle),
///   scaled by the stroke's width (`markerUnits="strokeWidth"`, the default), its `viewBox`
///   fitted into markerWidth × markerHeight (3 × 3) as `preserveAspectRatio` says, its
///   refX, refY on the vertex.
/// - What lies outside the marker's viewport is clipped (`overflow` hidden, the default), as
///   a clip group around each marker's curves.
/// - The marker's content takes its style from the marker's own ancestors, not the path's.
extension SVGDrawing {
  /// The elements markers are drawn on.
  static let markable: Set<String> = ["path", "line", "polyline", "polygon"]

  /// A vertex of a path: where it is, and the directions of the segments in and out.
  struct Vertex {
    var point: Point
    var incoming: Point?
    var outgoing: Point?
  }

  /// The path's vertices in order, across its subpaths.
  static func vertices(of subpaths: [SVGSubpath]) -> [Vertex] {
    var vertices: [Vertex] = []
    for subpath in subpaths {
      var segments = subpath.segments.map(\.controlPoints)
      if subpath.isClosed, let last = segments.last?.last, last != subpath.start { segments.append([last, subpath.start]) }
      let first = vertices.count
      vertices.append(Vertex(point: subpath.start, incoming: nil, outgoing: nil))
      for segment in segments {
        guard let start = segment.first, let end = segment.last else { continue }
        let out = segment.first(where: { $0 != start }).map { $0 - start }
        let into = segment.last(where: { $0 != end }).map { end - $0 }
        vertices[vertices.count - 1].outgoing = out
        vertices.append(Vertex(point: end, incoming: into, outgoing: nil))
      }
      if subpath.isClosed, vertices.count - first > 1 {
        // The end is the start again: in from the closing segment, out along the first. The
        // start's own marker keeps to the first segment, as librsvg and resvg turn it.
        vertices[vertices.count - 1].outgoing = vertices[first].outgoing
      }
    }
    return vertices
  }

  /// An angle as CSS writes it, in degrees: a number, or one with `deg`, `rad`, `grad` or
  /// `turn`; nil for anything else.
  static func degrees(_ text: String) -> Double? {
    let units: [(suffix: String, degrees: Double)] = [("deg", 1), ("grad", 0.9), ("rad", 180 / .pi), ("turn", 360)]
    let lowered = text.lowercased()
    guard let unit = units.first(where: { lowered.hasSuffix($0.suffix) }) else { return SVGNumbers.number(text) }
    return SVGNumbers.number(String(text.dropLast(unit.suffix.count))).map { $0 * unit.degrees }
  }

  /// The angle, in degrees, `orient="auto"` turns a marker by at `vertex`.
  static func autoAngle(_ vertex: Vertex) -> Double {
    func angle(_ vector: Point) -> Double { atan2(vector.y, vector.x) * 180 / .pi }
    switch (vertex.incoming, vertex.outgoing) {
    case let (into?, out?):
      let a = into / max(into.length, .leastNormalMagnitude), b = out / max(out.length, .leastNormalMagnitude)
      let sum = a + b
      guard sum.length < 1e-9 else { return angle(sum) }
      // A turn straight back: half way from the incoming angle to the outgoing, both taken in
      // 0…360 (the path's side the turn is on), as resvg and librsvg turn it.
      func positive(_ degrees: Double) -> Double { degrees < 0 ? degrees + 360 : degrees }
      let half = (positive(angle(out)) - positive(angle(into))) / 2
      return positive(angle(into)) + half - (abs(half) > 90 ? 180 : 0)
    case let (into?, nil): return angle(into)
    case let (nil, out?): return angle(out)
    case (nil, nil): return 0
    }
  }

  /// Draws the markers `context.style` names on `subpaths` (in `element`'s own space).
  mutating func drawMarkers(on subpaths: [SVGSubpath], of element: SVGElement, context: Context) throws(SVGImportError) {
    let vertices = Self.vertices(of: subpaths)
    guard !vertices.isEmpty else { return }
    let markers = context.style.markers
    // The path is the markers' context element: context-fill and context-stroke paint as it does.
    var bounds = Rect.empty
    for subpath in subpaths {
      bounds.include(subpath.start)
      for segment in subpath.segments { bounds.include(segment.bounds) }
    }
    // Its box is the markers' paint's (shared: each marker's own box is not it).
    let paints = PaintContext(
      style: context.style, shape: PaintedShape(transform: context.transform, userBounds: bounds, isShared: true), outer: context.paintContext
    )
    for (index, vertex) in vertices.enumerated() {
      let isFirst = index == 0, isLast = index == vertices.count - 1
      var names: [(String, Bool)] = []
      if isFirst, let start = markers.start { names.append((start, true)) }
      if !isFirst, !isLast, let mid = markers.mid { names.append((mid, false)) }
      if isLast, let end = markers.end { names.append((end, false)) }
      for (name, isStart) in names {
        try drawMarker(name, at: vertex, isStart: isStart, of: element, context: context, paints: paints)
      }
    }
  }

  private mutating func drawMarker(
    _ name: String, at vertex: Vertex, isStart: Bool, of element: SVGElement, context: Context, paints: PaintContext
  ) throws(SVGImportError) {
    guard let marker = elementsByID[name], marker.isSVG, marker.name == "marker" else {
      repair(element, "its marker url(#\(SVGImportError.quoted(name))) is not a marker in the file, so it is not drawn")
      return
    }
    guard referencing.insert("marker " + name).inserted else { return }  // a marker inside its own marker
    defer { referencing.remove("marker " + name) }
    let style = computedStyle(of: marker, isFirstChild: false, parent: SVGComputedStyle())
    guard style.isDisplayed else { return }
    let attributes = marker.attributes
    let fontSize = style.fontSize
    let width = optionalLength(marker, "markerWidth", .width, fontSize: fontSize) ?? 3
    let height = optionalLength(marker, "markerHeight", .height, fontSize: fontSize) ?? 3
    guard width > 0, height > 0 else { return }
    let orient = attributes["orient"]?.trimmingSVGSpace() ?? "0"
    var angle: Double
    switch orient {
    case "auto": angle = Self.autoAngle(vertex)
    case "auto-start-reverse": angle = Self.autoAngle(vertex) + (isStart ? 180 : 0)
    default:
      angle = Self.degrees(orient) ?? 0
    }
    if !angle.isFinite { angle = 0 }
    let units = attributes["markerUnits"]?.trimmingSVGSpace() == "userSpaceOnUse" ? 1 : context.style.strokeWidth
    var placement = Affine.translate(x: vertex.point.x, y: vertex.point.y) * .rotate(degrees: angle) * .scale(x: units)
    // The viewBox fitted into the marker's viewport, then refX, refY (in the viewBox's
    // units) moved onto the vertex.
    var content = Affine.identity
    var clipBox = Rect(minX: 0, minY: 0, maxX: width, maxY: height)
    switch viewBox(of: marker) {
    case .disabled: return
    case .none: break
    case let .box(minX, minY, boxWidth, boxHeight):
      let words = (attributes["preserveAspectRatio"] ?? "").split(separator: " ").filter { $0 != "defer" }
      let align = words.first.map(String.init) ?? "xMidYMid"
      var scaleX = width / boxWidth, scaleY = height / boxHeight
      if align != "none" {
        let scale = words.dropFirst().first == "slice" ? max(scaleX, scaleY) : min(scaleX, scaleY)
        (scaleX, scaleY) = (scale, scale)
      }
      var x = -minX * scaleX, y = -minY * scaleY
      let spareX = width - boxWidth * scaleX, spareY = height - boxHeight * scaleY
      if align.containsUTF8("xMid") { x += spareX / 2 }
      if align.containsUTF8("xMax") { x += spareX }
      if align.containsUTF8("YMid") { y += spareY / 2 }
      if align.containsUTF8("YMax") { y += spareY }
      content = .translate(x: x, y: y) * .scale(x: scaleX, y: scaleY)
      clipBox = Rect(minX: minX, minY: minY, maxX: minX + boxWidth, maxY: minY + boxHeight)
    }
    // refX and refY: lengths (a percentage of the viewport, as librsvg and resvg take it), or
    // SVG 2's keywords for the viewBox's sides and middle.
    func referenceCoordinate(_ name: String, _ axis: PercentageBasis.Axis, low: Double, size: Double, keywords: (String, String)) -> Double {
      switch attributes[name]?.trimmingSVGSpace() {
      case nil: return 0
      case keywords.0: return low
      case "center": return low + size / 2
      case keywords.1: return low + size
      default: return optionalLength(marker, name, axis, fontSize: fontSize) ?? 0
      }
    }
    let reference = content.apply(to: Point(
      x: referenceCoordinate("refX", .width, low: clipBox.minX, size: clipBox.width, keywords: ("left", "right")),
      y: referenceCoordinate("refY", .height, low: clipBox.minY, size: clipBox.height, keywords: ("top", "bottom"))
    ))
    placement = placement * .translate(x: -reference.x, y: -reference.y) * content
    // Clipped to the marker's viewport unless its overflow shows.
    func overflow(of attributes: SVGAttributes) -> String? {
      attributes["overflow"]?.trimmingSVGSpace() ?? SVGStyleSheet.declarations(attributes["style"] ?? "").last { $0.name == "overflow" }?.value
    }
    var shown = overflow(of: attributes)
    // `inherit` takes the marker's parent's (the root's, most often), else the initial
    // `visible` (as resvg reads it).
    if shown == "inherit" { shown = parentsByID[name].flatMap { overflow(of: $0.attributes) } ?? "visible" }
    let clips = !(shown == "visible" || shown == "auto")
    var markerContext = Context(
      transform: context.transform * placement, local: context.local * placement, style: style, opacity: context.opacity,
      group: context.group, paintContext: paints
    )
    markerContext.placement = context.placement
    let clipGroup = clips ? beginClipGroup(marker, box: clipBox, map: markerContext.transform, local: markerContext.local, context: &markerContext) : nil
    try drawChildren(of: marker, context: markerContext)
    if let clipGroup { endClipGroup(clipGroup, parent: context.group) }
  }
}
