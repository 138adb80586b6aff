import CurveDocument
import CurveGeometry
import FoundationEssentials

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
/// - The root's own attributes that the canvas and the styles do not say (its `width` and
///   `height` as written, its `id`, those of other namespaces) are kept
///   (`Document.rootAttributes`, `SVGRootAttributes.swift`): written back, and the size the
///   drawing is shown at (`Document.displaySize`).
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
    try `import`(from: data, makeID: makeID, folder: baseURL.map { FilePaths.folder(of: $0.filePath) })
  }

  /// The same for a drawing whose files (images, style sheets, other drawings) are looked up
  /// in `folder`, a path: what `curves render` gives, which then makes no `URL` (a file URL's
  /// parsing and percent-encoding were 128 KB of Foundation's code mapped by every process).
  public static func `import`(
    from data: Data, makeID: () -> UUID = RandomUUIDs.shared.callAsFunction, folder: String?
  ) throws(SVGImportError) -> (document: Document, repairs: [String]) {
    // Parse, resolve, convert: the XML as elements, the drawing resolved once into shapes
    // and layers in document units, then the document's records.
    let (text, encoding) = try SVGEncoding.utf8(uncompressed(data))
    let (root, prefixes) = try SVGTree.parseWithPrefixes(text)
    guard root.isSVG, root.name == "svg" else { throw .notSVG(root: root.qualifiedName) }
    let resolved = try resolve(root, folder: folder)
    var (document, repairs) = convert(resolved.drawing, canvas: resolved.canvas, view: resolved.view, prefixes: prefixes, makeID: makeID)
    document.applySettings(of: root)
    document.keepRootAttributes(of: root, prefixes: prefixes)
    if let encoding { repairs.insert(transcodedMessage(encoding), at: 0) }
    return (document, repairs)
  }

  /// The document and its repairs as `import` gives them, and the file as read with the
  /// element each object came from (`SVGSource`): what opening a drawing to save it back in
  /// place needs.
  public static func importForEditing(
    from data: Data, makeID: () -> UUID = RandomUUIDs.shared.callAsFunction, baseURL: URL? = nil
  ) throws(SVGImportError) -> (document: Document, repairs: [String], source: SVGSource) {
    let (text, encoding) = try SVGEncoding.utf8(uncompressed(data))
    let (root, prefixes) = try SVGTree.parseWithPrefixes(text)
    guard root.isSVG, root.name == "svg" else { throw .notSVG(root: root.qualifiedName) }
    let resolved = try resolve(root, folder: baseURL.map { FilePaths.folder(of: $0.filePath) })
    var (document, repairs) = convert(resolved.drawing, canvas: resolved.canvas, view: resolved.view, prefixes: prefixes, makeID: makeID)
    if let encoding { repairs.insert(transcodedMessage(encoding), at: 0) }
    document.applySettings(of: root)
    document.keepRootAttributes(of: root, prefixes: prefixes)
    let flat = resolved.drawing.nodes.flattened()
    // An element that made several curves (a `<use>`d one, a marker's) is not one object's.
    var uses: [Range<Int>: Int] = [:]
    for shape in flat.shapes { if let range = shape.source?.range { uses[range, default: 0] += 1 } }
    var curves: [UUID: SVGSource.Element] = [:]
    for (shape, curve) in zip(flat.shapes, document.curves) {
      guard let element = shape.source, uses[element.range] == 1 else { continue }
      curves[curve.id] = element
    }
    var groups: [String: SVGSource.Element] = [:]
    for group in flat.groups { if let element = group.source { groups[group.id] = element } }
    var source = SVGSource(text: text, original: document, curves: curves, groups: groups)
    for (index, kept) in flat.kept.enumerated() where index < document.kept.count && document.kept[index].xml == kept.element.xml {
      if let range = kept.element.source { source.keptTexts[index] = range }
    }
    source.settings = root.children.first(where: CurvesSettings.isSettings)?.source
    if let range = root.source { source.rootTagEnd = SVGWriteBack.startTagEnd(of: range, in: text) }
    return (document, repairs, source)
  }

  /// The repair that says a file in another encoding was read (`SVGEncoding`).
  static func transcodedMessage(_ encoding: String) -> String {
    "the file is in \(SVGImportError.quoted(encoding)), read as such; Curves saves it as UTF-8"
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
    isDrawing(path: url.filePath)
  }

  /// Whether the file at `path` is an SVG drawing, by its extension.
  public static func isDrawing(path: String) -> Bool {
    ["svg", "svgz"].contains(FilePaths.fileExtension(of: path).lowercased())
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

extension Document {
  /// The display and animation Curves's settings element in `root` gives, and the timeline
  /// its timeline element holds (`CurvesSettings`) in place of the one read from SMIL.
  mutating func applySettings(of root: SVGElement) {
    if let timeline = CurvesSettings.timeline(from: root, for: self) { self.timeline = timeline }
    guard let settings = CurvesSettings.read(from: root) else { return }
    display = settings.display
    animation = settings.animation
  }
}
