import CurveDocument
import CurveGeometry
import Foundation

/// An SVG drawing as a Curves document: every shape becomes one curve, styled as it is drawn.
///
/// ```swift
/// let svg = Data(#"<svg viewBox="0 0 200 100"><rect x="10" y="10" width="50" height="30" fill="red"/></svg>"#.utf8)
/// let (document, repairs) = try SVGImport.import(from: svg)   // throws only for what is not a drawing
/// document.canvas                                  // 200 × 100: the viewBox
/// document.curves[0].subpaths[0].points.count      // 4: a closed subpath of four corners
/// document.curves[0].style.fill                    // .color(#ff0000)
/// repairs                                          // []: nothing needed repairing
/// ```
///
/// What it reads:
/// - `<path>` (all of SVG 1.1's path data, see `SVGPathData`), `<line>`, `<polyline>`,
///   `<polygon>`, `<rect>` (rounded corners as arcs), `<circle>` and `<ellipse>`, inside
///   `<g>`, `<a>`, nested `<svg>` (viewBox and preserveAspectRatio; clipping is not applied)
///   and `<switch>` (its first child without `requiredExtensions`), and what `<use>` refers to,
///   including `<symbol>`s.
/// - `transform` on every element, composed down the tree (see `SVGTransformList`).
/// - Lengths in user units, px, in, cm, mm, Q, pt, pc (96 px to the inch), em and ex (of the
///   font size, 16 unless `font-size` says; an ex is half an em), rem (the root's), vw, vh, vmin and
///   vmax and percentages (of the nearest viewport).
/// - Style: fill, fill-rule, fill-opacity, stroke, stroke-width, stroke-opacity,
///   stroke-linecap, stroke-linejoin, stroke-miterlimit, opacity, color, display,
///   visibility and font-size, from presentation attributes, `<style>` sheets (see
///   `SVGStyleSheet`) and `style` attributes, cascaded and inherited as SVG says. Colours as
///   `SVGColor` reads them, `currentColor` and `none`.
///
/// What it guarantees:
/// - One curve per shape, in document order: a path's subpaths (each `M…` run that draws
///   something, closed where `Z` closes it), a basic shape's one subpath (closed for rect,
///   circle, ellipse and polygon). Each segment keeps its degree: 2 points for a line, 3 for a
///   quadratic, 4 for a cubic; arcs, rounded corners, circles and ellipses are cubics within
///   `arcTolerance` (0.01 document units) of the true curve, whatever the transforms.
///   Segments that collapse to a point are left out.
/// - Every point on the curve is a node: `smooth` where the segments on either side leave it
///   in opposite directions (within `smoothAngle`), `symmetric` where, besides, both sides
///   have handles of one length (within `symmetricRatio`), else `corner`; the points between
///   are control points. A closed subpath whose data comes back to its start ends with the
///   point before: its closing segment runs to its first point, which is not repeated.
/// - Each curve's style has every field, resolved: SVG's defaults where the file says nothing
///   (a black fill, no stroke, 1 unit wide, butt caps, miter joins, limit 4); a colour's alpha
///   multiplied into its opacity; the width scaled by √|det| of the shape's transform; the
///   opacities of its groups multiplied into its own (exact for a group of one shape, an
///   approximation where a group's shapes overlap). A shape with no fill and no stroke is
///   still a curve. Linear and radial gradients are kept, resolved for the shape
///   (see `SVGGradients.swift`); patterns are not: their fallback colour, else black. Dashes
///   (`stroke-dasharray`, `stroke-dashoffset`) are kept in document units. Fields listed in `unsetAttribute` are left unset again.
/// - The canvas is the root's viewBox size, else its `width` and `height`, else 800 × 600 (per
///   missing or percentage dimension); the viewBox's corner becomes the canvas origin. When
///   the root's width and height make a viewport of another shape than the viewBox, the
///   canvas is that viewport in the viewBox's units, the drawing placed in it as
///   `preserveAspectRatio` says (meet shows more around it, slice less). A root whose
///   `viewBox` is animated (`<animate attributeName="viewBox">`) keeps its drawing in its own
///   units on a canvas of its `width` and `height`; the animation is the timeline's view.
/// - What draws no ink is left out: `<defs>`, `<clipPath>`, `<mask>`, `<symbol>` (unless used),
///   `<marker>`, `<pattern>`, gradients, `<style>`, `<script>`, `display="none"` (attribute
///   or style) and `visibility="hidden"` shapes.
/// - What is not a curve is kept undrawn (`Document.kept`, see `SVGKept.swift`), in its place
///   among the curves, and written back by `export-svg`: text, images, foreign content,
///   `<title>`, `<desc>`, `<metadata>`, and elements of other namespaces (Inkscape's and
///   Sodipodi's), with the namespace prefixes they use.
/// - Curves' own point markers are left out: elements of class `control-point` or
///   `control-points`, as `curves export-svg` writes them, so an exported drawing imports as
///   exactly its curves.
/// - Errors in the drawing are repaired as SVG's error rules and renderers (librsvg, resvg)
///   have it, each reported in one line of `repairs`: path data is drawn up to its first
///   error; a `points` list up to its first error, an odd last coordinate left out; an
///   attribute or property whose value is not valid is ignored (a negative width, height or r
///   disables its element); a `transform` that cannot be read is ignored; a `<use>` that
///   refers to itself is left out; `display="none"` on the root draws nothing.
/// - The result passes `Document.decode`'s checks: at most `Document.maximumCurves` curves and
///   `Document.maximumPoints` points, finite coordinates, fresh ids from `makeID`. What
///   cannot be repaired is an `SVGImportError` (not XML, not SVG, a limit passed, a canvas out
///   of range, coordinates too large): there is never a partial document.
public enum SVGImport {
  /// How close, in document units, arcs and round shapes stay to their cubics.
  public static let arcTolerance = 0.01
  /// The canvas when the root gives no size.
  public static let defaultCanvas = Canvas(width: 800, height: 600)
  /// How deep elements may nest, counting what `<use>` brings in. Drawings from editors nest
  /// a few dozen deep; the limit keeps a hostile file from exhausting the stack of the walk.
  public static let maximumDepth = 256
  /// How many elements the walk may visit, counting each `<use>`'s copy: nested references
  /// multiply, so a small file could otherwise ask for billions.
  public static let maximumElements = 1_000_000
  /// Handles this close to one line through their node, in radians, make it smooth.
  public static let smoothAngle = 1e-6
  /// Handles whose lengths differ by at most this fraction of the longer make a smooth node
  /// symmetric.
  public static let symmetricRatio = 1e-9

  /// The document, and one line for each error in the file that was repaired (at most
  /// `SVGDrawing.maximumRepairMessages`, the last saying how many more there were).
  public static func `import`(
    from data: Data, makeID: () -> UUID = RandomUUIDs.shared.callAsFunction, baseURL: URL? = nil
  ) throws(SVGImportError) -> (document: Document, repairs: [String]) {
    let (root, prefixes) = try SVGTree.parseWithPrefixes(uncompressed(data))
    guard root.isSVG, root.name == "svg" else { throw .notSVG(root: root.qualifiedName) }
    var drawing = SVGDrawing(tree: root, viewport: PercentageBasis(width: defaultCanvas.width, height: defaultCanvas.height))
    drawing.baseDirectory = baseURL?.deletingLastPathComponent()
    var (canvas, viewBoxTransform) = try canvas(of: root, drawing: &drawing)
    // An animated viewBox is the timeline's view over a canvas that is the root's viewport,
    // in the drawing's own units: the view moves, the drawing does not.
    // (Its own viewBox read again quietly: `canvas(of:)` reported what was wrong with it.)
    var stillBox: Rect?
    if let text = root.attributes["viewBox"] {
      let list = SVGNumbers.list(text), numbers: [Double] = list.numbers
      if list.error == nil, numbers.count == 4, numbers[2] > 0, numbers[3] > 0 {
        stillBox = Rect(minX: numbers[0], minY: numbers[1], maxX: numbers[0] + numbers[2], maxY: numbers[1] + numbers[3])
      }
    }
    let view = viewBoxTransform == nil ? nil : SMILImport.view(of: root, still: stillBox)
    if view != nil {
      canvas = viewport(of: root, else: canvas)
      viewBoxTransform = .identity
      drawing.readsRootViewBox = true
    }
    drawing.viewport = PercentageBasis(width: canvas.width, height: canvas.height)
    if let viewBoxTransform {
      // As for a nested <svg>, the element's transform applies outside its viewBox's.
      try drawing.drawRoot(root, transform: drawing.transform(of: root) * viewBoxTransform)
    }
    var namedPatterns: [(placeholder: Pattern, named: Pattern)] = []
    var exportedIDs = Set<UUID>()
    let curves = drawing.shapes.map { shape in
      // A curve Curves exported comes back with its id, so what names it (a kept animation's
      // href) still does.
      let exported = shape.elementID.flatMap { $0.hasPrefix("curve-") ? UUID(uuidString: String($0.dropFirst(6))) : nil }
      let id = exported.flatMap { exportedIDs.insert($0).inserted ? $0 : nil } ?? makeID()
      return Document.CurveRecord(
        id: id, style: namingPatternContent(shape.style, named: &namedPatterns, makeID: makeID),
        subpaths: (shape.grouped ?? shape.subpaths).map { record($0, makeID: makeID) }, group: shape.group
      )
    }
    var repairs = drawing.repairs
    if drawing.repairCount > repairs.count {
      repairs.append("… and \(drawing.repairCount - repairs.count) more repairs like these")
    }
    var document = Document(canvas: canvas, curves: curves, animation: Document.AnimationRecord(AnimationSettings(mode: .smooth)))
    document.groups = drawing.groups.map { group in
      Group(
        id: group.id, parent: group.parent, label: group.label, transform: group.transform, opacity: group.opacity,
        clip: group.clip.map { ClipPath(rule: $0.rule, subpaths: $0.subpaths.map { record($0, makeID: makeID) }) },
        mask: group.mask.map { documentMask($0, namedPatterns: &namedPatterns, makeID: makeID) },
        filter: group.filter
      )
    }
    for (index, group) in drawing.groups.enumerated() {
      document.groups[index].blendMode = group.blendMode
      document.groups[index].isolated = group.isolated
    }
    document.kept = drawing.kept.map { kept in
      KeptElement(
        name: kept.name, xml: kept.xml, before: kept.shapesBefore < curves.count ? curves[kept.shapesBefore].id : nil, image: kept.image,
        group: kept.group
      )
    }
    if !document.kept.isEmpty { document.namespaces = prefixes.filter { $0.key != "xml" } }
    var unread: [String] = []
    var keptAnimations: [KeptElement] = []
    // A moving gradient painted as it is at each keyframe, as the shape's own was painted.
    var painter = drawing
    document.timeline = SMILImport.timeline(
      shapes: drawing.shapes, curves: curves, layers: drawing.groups, groups: &document.groups, view: view,
      paints: { gradient, time in painter.gradientPaint(SMILImport.animated(gradient.element, at: time), shape: gradient.shape) }, makeID: makeID,
      reasons: &unread,
      kept: &keptAnimations
    )
    SMILImport.joinExportedInnerGroups(&document)
    for element in drawing.keptRootAnimations {
      let attribute = element.attributes["attributeName"].map { #" of "\#($0)""# } ?? ""
      unread.append("an <\(element.name)>\(attribute) on the root is not read (of the root, only its viewBox is)")
    }
    if !keptAnimations.isEmpty {
      document.kept += keptAnimations
      document.namespaces = prefixes.filter { $0.key != "xml" }
    }
    repairs += Set(unread).sorted().map { "Not read: \($0); the drawing shows its value at 0 s there, and SVG export writes it back as it was" }
    return (document, repairs)
  }

  /// How large an `.svgz` may unpack to: what a document may be.
  public static let maximumUncompressedSize = Document.maximumFileSize

  /// `data` unpacked when it is gzip (an `.svgz`), else as it is.
  static func uncompressed(_ data: Data) throws(SVGImportError) -> Data {
    guard Gzip.isCompressed(data) else { return data }
    do throws(Gzip.Failure) {
      return try Gzip.decompress(data, limit: maximumUncompressedSize)
    } catch {
      throw .notDecompressed(error)
    }
  }

  /// Whether `url` names an SVG drawing, plain (`.svg`) or compressed (`.svgz`).
  public static func isDrawing(_ url: URL) -> Bool {
    ["svg", "svgz"].contains(url.pathExtension.lowercased())
  }

  /// Whether `data` looks like an SVG drawing rather than a document: gzip, or XML (its first
  /// character after white space, and a byte-order mark, is `<`).
  public static func looksLikeDrawing(_ data: Data) -> Bool {
    if Gzip.isCompressed(data) { return true }
    var bytes = data.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    return bytes.first == UInt8(ascii: "<")
  }

  /// The document alone, its repairs made silently.
  public static func document(from data: Data, makeID: () -> UUID = RandomUUIDs.shared.callAsFunction) throws(SVGImportError) -> Document {
    try `import`(from: data, makeID: makeID).document
  }

  /// The points `subpath` becomes: one per node and control point, the start of a closed
  /// subpath not repeated at its end.
  static func pointCount(of subpath: SVGSubpath) -> Int {
    let count = subpath.segments.reduce(1) { $0 + $1.degree }
    return count - (closesAtStart(subpath) ? 1 : 0)
  }

  private static func closesAtStart(_ subpath: SVGSubpath) -> Bool {
    subpath.isClosed && subpath.segments.last?.controlPoints.last == subpath.start && subpath.segments.count > 0
  }

  /// A resolved mask as the document keeps it, with the masks on it.
  static func documentMask(
    _ mask: SVGMask, namedPatterns: inout [(placeholder: Pattern, named: Pattern)], makeID: () -> UUID
  ) -> Mask {
    let curves = mask.shapes.map { shape in
      Document.CurveRecord(
        id: makeID(), style: namingPatternContent(shape.style, named: &namedPatterns, makeID: makeID),
        subpaths: shape.subpaths.map { record($0, makeID: makeID) }
      )
    }
    let inner = mask.innerMasks.first.map { documentMask($0, namedPatterns: &namedPatterns, makeID: makeID) }
    return Mask(usesLuminance: mask.usesLuminance, region: mask.region, curves: curves, mask: inner)
  }

  /// A subpath's record: its points, nodes marked by how their segments meet.
  static func record(_ subpath: SVGSubpath, makeID: () -> UUID) -> Document.SubpathRecord {
    let segments = subpath.segments.map(\.controlPoints)
    let closes = closesAtStart(subpath)
    // Point indices of the nodes, and whether each point is one.
    var positions = [subpath.start]
    var nodeFlags = [true]
    for segment in segments {
      positions += segment.dropFirst()
      nodeFlags += Array(repeating: false, count: segment.count - 2) + [true]
    }
    if closes {
      positions.removeLast()
      nodeFlags.removeLast()
    }
    // The segments by the node each starts at; the last node of a closed subpath that does
    // not come back starts the closing line.
    var outgoing = segments
    if subpath.isClosed, !closes, let last = positions.last { outgoing.append([last, subpath.start]) }
    let nodeCount = outgoing.count + (subpath.isClosed ? 0 : 1)
    var types: [NodeType] = []
    for node in 0..<nodeCount {
      let before = node > 0 ? outgoing[node - 1] : subpath.isClosed ? outgoing.last : nil
      let after = node < outgoing.count ? outgoing[node] : nil
      types.append(nodeType(incoming: before, outgoing: after))
    }
    var nodeIndex = 0
    let points = zip(positions, nodeFlags).map { position, isNode -> Document.PointRecord in
      var type: NodeType?
      if isNode {
        type = types[min(nodeIndex, types.count - 1)]
        nodeIndex += 1
      }
      return Document.PointRecord(id: makeID(), x: position.x, y: position.y, node: type)
    }
    return Document.SubpathRecord(closed: subpath.isClosed, points: points)
  }

  /// How the segment ending at a node (`incoming`, its points in order) and the one starting
  /// there meet: `corner` at an end of an open subpath.
  static func nodeType(incoming: [Point]?, outgoing: [Point]?) -> NodeType {
    guard let incoming, let outgoing, let node = outgoing.first else { return .corner }
    // Each side's direction: towards its nearest point that is not the node.
    guard let before = incoming.reversed().first(where: { $0 != node }), let after = outgoing.first(where: { $0 != node }) else {
      return .corner
    }
    let u = before - node, v = after - node
    let angle = atan2(abs(u.cross(v)), -u.dot(v))
    guard angle <= smoothAngle else { return .corner }
    // Symmetric: real handles on both sides (not a line's far end), of one length.
    guard incoming.count > 2, outgoing.count > 2, incoming[incoming.count - 2] == before, outgoing[1] == after else { return .smooth }
    let lengths = (u.length, v.length)
    return abs(lengths.0 - lengths.1) <= symmetricRatio * max(lengths.0, lengths.1) ? .symmetric : .smooth
  }

  /// The root's `width` and `height` in absolute units, each else `canvas`'s: the canvas
  /// under an animated viewBox.
  private static func viewport(of root: SVGElement, else canvas: Canvas) -> Canvas {
    func length(_ name: String) -> Double? { absoluteLength(name, of: root).flatMap { $0 > 0 && $0 <= 100_000 ? $0 : nil } }
    return Canvas(width: length("width") ?? canvas.width, height: length("height") ?? canvas.height)
  }

  /// The root's `name` (`width`, `height`) in absolute units, when it gives one.
  private static func absoluteLength(_ name: String, of root: SVGElement) -> Double? {
    guard let text = root.attributes[name], !text.hasSuffix("%") else { return nil }
    let basis = Lengths.Basis(viewport: PercentageBasis(width: defaultCanvas.width, height: defaultCanvas.height), fontSize: Lengths.rootFontSize)
    return Lengths.length(text, percentOf: 0, basis: basis)
  }

  /// The root's canvas, and the translation that puts its viewBox's corner at the origin (nil
  /// when the viewBox has no area: the drawing is empty).
  private static func canvas(of root: SVGElement, drawing: inout SVGDrawing) throws(SVGImportError) -> (Canvas, Affine?) {
    // Percentages of an unknown window, "auto", and values that are not lengths leave the default.
    func dimension(_ name: String, _ fallback: Double) -> Double {
      guard let text = root.attributes[name], !text.hasSuffix("%"), text.trimmingSVGSpace() != "auto" else {
        return fallback
      }
      let basis = Lengths.Basis(viewport: PercentageBasis(width: defaultCanvas.width, height: defaultCanvas.height), fontSize: Lengths.rootFontSize)
      guard let value = Lengths.length(text, percentOf: fallback, basis: basis) else {
        drawing.repair(root, "\(name)=\"\(SVGImportError.quoted(text))\" is ignored: \(Lengths.reason(text))")
        return fallback
      }
      guard value >= 0 else {
        drawing.repair(root, "\(name)=\"\(SVGImportError.quoted(text))\" is ignored: it is negative")
        return fallback
      }
      return value
    }
    var canvas: Canvas, transform: Affine?
    switch drawing.viewBox(of: root) {
    case let .box(minX, minY, width, height):
      canvas = Canvas(width: width, height: height)
      transform = .translate(x: -minX, y: -minY)
      // A viewport of another shape than the viewBox shows more (meet) or less (slice) of the
      // drawing: the canvas is the viewport, in the viewBox's units, placed as
      // preserveAspectRatio says.
      if let viewportWidth = absoluteLength("width", of: root), let viewportHeight = absoluteLength("height", of: root), viewportWidth > 0, viewportHeight > 0,
        abs(viewportWidth / viewportHeight - width / height) > 1e-9 * (width / height) {
        let words = (root.attributes["preserveAspectRatio"] ?? "").split(whereSeparator: \.isWhitespace).filter { $0 != "defer" }
        let align = words.first.map(String.init) ?? "xMidYMid"
        if align == "none" {
          drawing.repair(root, "its viewBox is stretched to a viewport of another shape (preserveAspectRatio=\"none\"); the canvas is the viewBox, unstretched")
        } else {
          let scaleX = viewportWidth / width, scaleY = viewportHeight / height
          let scale = words.dropFirst().first == "slice" ? max(scaleX, scaleY) : min(scaleX, scaleY)
          canvas = Canvas(width: viewportWidth / scale, height: viewportHeight / scale)
          let spareX = canvas.width - width, spareY = canvas.height - height
          let alignX = align.contains("xMid") ? 0.5 : align.contains("xMax") ? 1 : 0
          let alignY = align.contains("YMid") ? 0.5 : align.contains("YMax") ? 1 : 0
          transform = .translate(x: -minX + spareX * alignX, y: -minY + spareY * alignY)
        }
      }
    case .disabled:
      canvas = Canvas(width: dimension("width", defaultCanvas.width), height: dimension("height", defaultCanvas.height))
      transform = nil
    case .none:
      canvas = Canvas(width: dimension("width", defaultCanvas.width), height: dimension("height", defaultCanvas.height))
      transform = .identity
    }
    if transform == nil || canvas.width == 0 || canvas.height == 0 {
      // A root of no size draws nothing (SVG 1.1, 7.7); the page keeps the default size.
      if transform != nil { drawing.repair(root, "its width or height is 0, which disables it: the drawing is empty") }
      if canvas.width == 0 { canvas.width = defaultCanvas.width }
      if canvas.height == 0 { canvas.height = defaultCanvas.height }
      transform = nil
    }
    guard canvas.width > 0, canvas.height > 0, canvas.width <= 100_000, canvas.height <= 100_000 else {
      throw .invalidCanvas(width: canvas.width, height: canvas.height)
    }
    return (canvas, transform)
  }
}

extension SVGImport {
  /// How the status line counts an import's repairs: "" for none, else " (3 errors in the
  /// file repaired: curves import-svg lists them)".
  public static func repairSummary(_ repairs: [String]) -> String {
    guard !repairs.isEmpty else { return "" }
    var count = repairs.count
    if let last = repairs.last, last.hasPrefix("… and "), let more = Int(last.dropFirst(6).prefix { $0.isNumber }) {
      count += more - 1
    }
    return " (\(count) error\(count == 1 ? "" : "s") in the file repaired: curves import-svg lists \(count == 1 ? "it" : "them"))"
  }
}
