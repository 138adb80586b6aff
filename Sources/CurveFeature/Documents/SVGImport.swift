import CurveGeometry
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Foundation has a type of this name too; the one meant here is SVG's.
private typealias AffineTransform = CurveGeometry.AffineTransform

/// An SVG drawing as a Curves document: every drawn segment of every shape becomes a curve.
///
/// ```swift
/// let svg = Data(#"<svg viewBox="0 0 200 100"><rect x="10" y="10" width="50" height="30"/></svg>"#.utf8)
/// let document = try SVGImport.document(from: svg)
/// document.canvas                          // 200 × 100: the viewBox
/// document.curves.map(\.points.count)      // [2, 2, 2, 2]: one line a side
/// ```
///
/// What it reads:
/// - `<path>` (all of SVG 1.1's path data, see `SVGPathData`), `<line>`, `<polyline>`,
///   `<polygon>`, `<rect>` (rounded corners as arcs), `<circle>` and `<ellipse>`, inside
///   `<g>`, `<a>`, nested `<svg>` (viewBox and preserveAspectRatio; clipping is not applied)
///   and `<switch>` (its first child without `requiredExtensions`), and what `<use>` refers to,
///   including `<symbol>`s.
/// - `transform` on every element, composed down the tree (see `SVGTransformList`).
/// - Lengths in user units, px, or converted at 96 per inch (in, cm, mm, pt, pc); percentages of
///   the nearest viewport. em and ex depend on fonts and are refused.
///
/// What it guarantees:
/// - The canvas is the root's viewBox size, else its `width` and `height`, else 800 × 600 (per
///   missing or percentage dimension); the viewBox's corner becomes the canvas origin.
/// - Each segment is one curve of 2, 3 or 4 points (line, quadratic, cubic) in document units,
///   in document order; arcs, rounded corners, circles and ellipses are cubics within
///   `arcTolerance` (0.01 document units) of the true curve, whatever the transforms.
///   Segments that collapse to a point are left out.
/// - What draws no ink is left out: `<defs>`, `<clipPath>`, `<mask>`, `<symbol>` (unless used),
///   `<marker>`, `<pattern>`, gradients, `<title>`, `<desc>`, `<metadata>`, `<style>`,
///   `<script>`, elements of other namespaces (Inkscape's and Sodipodi's), `display="none"`
///   (attribute or style) and `visibility="hidden"` shapes. Text and images are not curves and
///   are left out too; CSS style sheets are not read.
/// - Curves' own point markers are left out: elements of class `control-point` or
///   `control-points`, as `curves export-svg` writes them, so an exported drawing imports as
///   exactly its curves.
/// - The result passes `Document.decode`'s checks: at most `Document.maximumCurves` curves,
///   finite coordinates, fresh ids from `makeID`. Anything else is an `SVGImportError` naming
///   the element (and for path data, the offset in `d`); there is never a partial document.
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

  public static func document(from data: Data, makeID: () -> UUID = UUID.init) throws(SVGImportError) -> Document {
    let root = try SVGTree.parse(data)
    guard root.isSVG, root.name == "svg" else { throw .notSVG(root: root.qualifiedName) }
    let (canvas, viewBoxTransform) = try canvas(of: root)
    var drawing = Drawing(tree: root, viewport: PercentageBasis(width: canvas.width, height: canvas.height))
    // As for a nested <svg>, the element's transform applies outside its viewBox's.
    let visible = !["hidden", "collapse"].contains(root.property("visibility") ?? "visible")
    try drawing.drawChildren(of: root, transform: (try transform(of: root)) * viewBoxTransform, visible: visible)
    let curves = drawing.curves.map { points in
      Document.CurveRecord(id: makeID(), points: points.map { Document.PointRecord(id: makeID(), x: $0.x, y: $0.y) })
    }
    return Document(canvas: canvas, curves: curves, animation: Document.AnimationRecord(AnimationSettings(mode: .smooth)))
  }

  /// The root's canvas, and the translation that puts its viewBox's corner at the origin.
  private static func canvas(of root: SVGElement) throws(SVGImportError) -> (Canvas, AffineTransform) {
    let canvas: Canvas, transform: AffineTransform
    if let viewBox = try viewBox(of: root) {
      canvas = Canvas(width: viewBox.width, height: viewBox.height)
      transform = .translate(x: -viewBox.minX, y: -viewBox.minY)
    } else {
      // Percentages of an unknown window, and "auto", leave the default.
      func dimension(_ name: String, _ fallback: Double) throws(SVGImportError) -> Double {
        guard let text = root.attributes[name], !text.hasSuffix("%"), text.trimmingCharacters(in: .whitespaces) != "auto" else {
          return fallback
        }
        return try Lengths.length(text, attribute: name, of: root, percentOf: fallback)
      }
      canvas = Canvas(width: try dimension("width", defaultCanvas.width), height: try dimension("height", defaultCanvas.height))
      transform = .identity
    }
    guard canvas.width > 0, canvas.height > 0, canvas.width <= 100_000, canvas.height <= 100_000 else {
      throw .invalidCanvas(width: canvas.width, height: canvas.height)
    }
    return (canvas, transform)
  }

  /// `viewBox="min-x min-y width height"`, or nil without one.
  fileprivate static func viewBox(
    of element: SVGElement
  ) throws(SVGImportError) -> (minX: Double, minY: Double, width: Double, height: Double)? {
    guard let text = element.attributes["viewBox"] else { return nil }
    let parts = text.split(whereSeparator: { " ,\t\r\n".contains($0) })
    let numbers = parts.compactMap { SVGPathData.number($0) }
    guard parts.count == 4, numbers.count == 4 else {
      throw .badAttribute(element: element.label, name: "viewBox", value: text, reason: "it needs four numbers: min-x min-y width height")
    }
    guard numbers[2] > 0, numbers[3] > 0 else {
      throw .badAttribute(element: element.label, name: "viewBox", value: text, reason: "its width and height must be positive")
    }
    return (numbers[0], numbers[1], numbers[2], numbers[3])
  }

  fileprivate static func transform(of element: SVGElement) throws(SVGImportError) -> AffineTransform {
    guard let text = element.attributes["transform"] else { return .identity }
    let transform: AffineTransform
    do throws(SVGTransformError) {
      transform = try SVGTransformList.transform(text)
    } catch {
      throw .badTransform(element: element.label, error)
    }
    guard transform.isFinite else {
      throw .badAttribute(element: element.label, name: "transform", value: text, reason: "it is not finite (a skew of 90°?)")
    }
    return transform
  }
}

/// Why an SVG file could not be imported; the message names the element and says what to fix.
public enum SVGImportError: Error, Equatable, Sendable, CustomStringConvertible {
  case notXML(line: Int, column: Int)
  case notUTF8(byteOffset: Int)
  case notSVG(root: String)
  case invalidCanvas(width: Double, height: Double)
  /// `element` describes the element for people: `<path id="wave"> on line 12`.
  case badPathData(element: String, SVGPathError)
  case badPoints(element: String, SVGPathError)
  case badTransform(element: String, SVGTransformError)
  case badAttribute(element: String, name: String, value: String, reason: String)
  case nonFiniteCoordinate(element: String)
  case circularReference(element: String)
  case tooDeep(element: String)
  case tooManyElements
  case tooManySegments

  public var description: String {
    switch self {
    case let .notXML(line, column):
      "The file is not well-formed XML (the error is at line \(line), column \(column)). Import an .svg file saved by a drawing program."
    case let .notUTF8(offset):
      "The file is not UTF-8 text (byte \(offset) is not). Save the drawing as UTF-8 SVG, as drawing programs do."
    case let .notSVG(root):
      "The file's root element is <\(Self.quoted(root))>, not <svg>: it is not an SVG drawing. Import an .svg file."
    case let .invalidCanvas(width, height):
      "The drawing's size \(width)×\(height) cannot be a canvas; it must be positive and at most 100000. Fix the root's viewBox, or its width and height."
    case let .badPathData(element, error):
      "\(element) has path data Curves cannot read: \(error.description). Fix its d attribute."
    case let .badPoints(element, error):
      "\(element) has a points list Curves cannot read: \(error.description) (x,y pairs are needed). Fix its points attribute."
    case let .badTransform(element, error):
      "\(element) has a transform Curves cannot read: \(error.description). Fix its transform attribute."
    case let .badAttribute(element, name, value, reason):
      "\(element) has \(name)=\"\(Self.quoted(value))\", which Curves cannot use: \(reason)."
    case let .nonFiniteCoordinate(element):
      "\(element) has coordinates too large for a number once transformed. Scale the drawing down."
    case let .circularReference(element):
      "\(element) refers to itself, directly or through other <use> elements, so it has no end. Fix its href."
    case let .tooDeep(element):
      "\(element) is nested more than \(SVGImport.maximumDepth) deep (counting groups and <use> references); Curves stops there. Flatten the drawing's groups."
    case .tooManyElements:
      "The drawing's <use> references expand to more than \(SVGImport.maximumElements) elements; Curves stops there. Unlink the clones, or simplify the drawing."
    case .tooManySegments:
      "The drawing has more than \(Document.maximumCurves) segments; a Curves document holds at most \(Document.maximumCurves) curves. Simplify the drawing, or import it in parts."
    }
  }

  /// A value fit for a one-line message: no line breaks, at most 60 characters.
  static func quoted(_ text: String) -> String {
    let line = text.map { $0.isNewline ? " " : String($0) }.joined()
    return line.count > 60 ? line.prefix(57) + "…" : line
  }
}

/// An element of the parsed file: enough of XML to walk an SVG drawing.
private struct SVGElement {
  /// The local name: "path" for `<svg:path>` too.
  var name: String
  var qualifiedName: String
  /// Whether it is in SVG's namespace (or in none, as hand-written files often are).
  var isSVG: Bool
  /// Attributes by qualified name: "d", "xlink:href".
  var attributes: [String: String]
  var children: [SVGElement] = []
  var line: Int

  /// How messages name it: `<path id="wave"> on line 12`.
  var label: String {
    let id = attributes["id"].map { " id=\"\(SVGImportError.quoted($0))\"" } ?? ""
    return "<\(qualifiedName)\(id)> on line \(line)"
  }

  /// Whether it is one of Curves' own point markers, or their group: `class` holds the word
  /// `control-point` or `control-points`.
  var isPointMarker: Bool {
    let classes = attributes["class"]?.split(whereSeparator: \.isWhitespace) ?? []
    return classes.contains { $0 == "control-point" || $0 == "control-points" }
  }

  /// A presentation property from the `style` attribute, which wins, or from the attribute of
  /// that name.
  func property(_ name: String) -> String? {
    if let style = attributes["style"] {
      for declaration in style.split(separator: ";") {
        let parts = declaration.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == name else { continue }
        return parts[1].replacingOccurrences(of: "!important", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
      }
    }
    return attributes[name]?.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

/// Builds the element tree with Foundation's XMLParser; external entities are not fetched.
private final class SVGTree: NSObject, XMLParserDelegate {
  private var stack: [SVGElement] = []
  private var root: SVGElement?
  /// Why parsing stopped early, when it was this class that stopped it.
  private var failure: SVGImportError?

  static func parse(_ data: Data) throws(SVGImportError) -> SVGElement {
    // Foundation's XMLParser traps on a name that is not UTF-8 (found by `make fuzz`).
    if let offset = firstInvalidUTF8Byte(in: data) { throw .notUTF8(byteOffset: offset) }
    let parser = XMLParser(data: data)
    parser.shouldProcessNamespaces = true
    parser.shouldResolveExternalEntities = false
    let tree = SVGTree()
    parser.delegate = tree
    // On Linux `parse()` can return true after an error; the error is what counts.
    let parsed = parser.parse()
    if let failure = tree.failure { throw failure }
    guard parsed, parser.parserError == nil, let root = tree.root else {
      throw .notXML(line: parser.lineNumber, column: parser.columnNumber)
    }
    return root
  }

  /// The offset of the first byte that is not part of valid UTF-8, if any.
  private static func firstInvalidUTF8Byte(in data: Data) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var bytes = data.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &bytes) {
      case let .valid(scalar): offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    let namespace = namespaceURI ?? ""
    let element = SVGElement(
      name: elementName, qualifiedName: qualifiedName ?? elementName,
      isSVG: namespace.isEmpty || namespace == "http://www.w3.org/2000/svg",
      attributes: attributes, line: parser.lineNumber
    )
    guard stack.count < SVGImport.maximumDepth else {
      failure = .tooDeep(element: element.label)
      parser.abortParsing()
      return
    }
    stack.append(element)
  }

  func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
    guard let element = stack.popLast() else { return }
    if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
  }
}

/// SVG lengths in user units.
private enum Lengths {
  /// User units per unit, at CSS's 96 px to the inch.
  static let unitSizes: [String: Double] = [
    "": 1, "px": 1, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "pt": 96.0 / 72, "pc": 16,
  ]

  /// `text` as a length: a number and an optional unit; percentages are of `percentOf`.
  static func length(
    _ text: String, attribute: String, of element: SVGElement, percentOf reference: Double
  ) throws(SVGImportError) -> Double {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let unit = String(trimmed.reversed().prefix { $0.isLetter || $0 == "%" }.reversed())
    let number = trimmed.dropLast(unit.count)
    guard let value = SVGPathData.number(number) else {
      throw .badAttribute(element: element.label, name: attribute, value: text, reason: "it is not a number (with an optional unit)")
    }
    if unit == "%" { return value / 100 * reference }
    guard let size = unitSizes[unit.lowercased()] else {
      throw .badAttribute(element: element.label, name: attribute, value: text,
                          reason: "the unit \(unit) is not one Curves knows; use px, in, cm, mm, pt, pc or % (em and ex depend on fonts)")
    }
    return value * size
  }
}

/// The walk over the tree: the curves drawn so far, in document units.
private struct Drawing {
  /// Elements by id, for `<use>`.
  let elementsByID: [String: SVGElement]
  /// What percentages refer to: the nearest viewport's size.
  var viewport: PercentageBasis
  var curves: [[Point]] = []
  /// The ids of the `<use>` references being drawn, to stop cycles.
  private var referencing: Set<String> = []
  /// How deep the walk is, and how many elements it has visited, against the limits.
  private var depth = 0
  private var visits = 0

  /// Elements that draw nothing themselves, or nothing at all until referenced.
  private static let notDrawn: Set<String> = [
    "defs", "clipPath", "mask", "symbol", "marker", "pattern", "linearGradient", "radialGradient", "filter",
    "title", "desc", "metadata", "style", "script", "text", "image", "foreignObject",
  ]

  init(tree: SVGElement, viewport: PercentageBasis) {
    var elements: [String: SVGElement] = [:]
    func index(_ element: SVGElement) {
      if let id = element.attributes["id"], elements[id] == nil { elements[id] = element }
      element.children.forEach(index)
    }
    index(tree)
    elementsByID = elements
    self.viewport = viewport
  }

  mutating func drawChildren(of element: SVGElement, transform: AffineTransform, visible: Bool) throws(SVGImportError) {
    for child in element.children {
      try draw(child, parentTransform: transform, visible: visible)
    }
  }

  /// Draws `element` and what it contains, under the transform and visibility of its parent.
  mutating func draw(_ element: SVGElement, parentTransform: AffineTransform, visible inherited: Bool) throws(SVGImportError) {
    guard element.isSVG, !Self.notDrawn.contains(element.name), !element.isPointMarker, element.property("display") != "none"
    else { return }
    visits += 1
    guard visits <= SVGImport.maximumElements else { throw .tooManyElements }
    depth += 1
    defer { depth -= 1 }
    guard depth <= SVGImport.maximumDepth else { throw .tooDeep(element: element.label) }
    let visible = switch element.property("visibility") {
    case "hidden", "collapse": false
    case "visible": true
    default: inherited
    }
    let transform = parentTransform * (try SVGImport.transform(of: element))
    switch element.name {
    case "g", "a":
      try drawChildren(of: element, transform: transform, visible: visible)
    case "switch":
      if let chosen = element.children.first(where: { $0.isSVG && $0.attributes["requiredExtensions"] == nil }) {
        try draw(chosen, parentTransform: transform, visible: visible)
      }
    case "svg":
      try drawViewport(
        element, transform: transform, width: element.attributes["width"], height: element.attributes["height"], visible: visible
      )
    case "use":
      try drawUse(element, transform: transform, visible: visible)
    default:
      guard visible else { return }
      let arcTolerance = SVGImport.arcTolerance / max(transform.maximumScale, .leastNormalMagnitude)
      for segment in try shape(element, arcTolerance: arcTolerance) {
        try add(segment.applying(transform), from: element)
      }
    }
  }

  /// `<use>`: the element it refers to, moved by x and y; a symbol or svg gets its viewport.
  private mutating func drawUse(_ use: SVGElement, transform: AffineTransform, visible: Bool) throws(SVGImportError) {
    guard let href = use.attributes["href"] ?? use.attributes["xlink:href"], href.hasPrefix("#"),
      let target = elementsByID[String(href.dropFirst())]
    else { return }  // a reference to nothing, or to another file, draws nothing
    let id = String(href.dropFirst())
    guard referencing.insert(id).inserted else { throw .circularReference(element: use.label) }
    defer { referencing.remove(id) }
    let moved = transform * .translate(x: try length(use, "x", \.width), y: try length(use, "y", \.height))
    if target.isSVG, target.name == "symbol" || target.name == "svg" {
      guard target.property("display") != "none" else { return }
      // The use's width and height, when given, replace the target's (SVG 1.1, 5.6).
      let outer = target.name == "svg" ? moved * (try SVGImport.transform(of: target)) : moved
      try drawViewport(target, transform: outer,
                       width: use.attributes["width"] ?? target.attributes["width"],
                       height: use.attributes["height"] ?? target.attributes["height"], visible: visible)
    } else {
      try draw(target, parentTransform: moved, visible: visible)
    }
  }

  /// A new viewport (nested `<svg>`, used `<symbol>`): at x, y, of width × height (default
  /// 100%), its viewBox fitted into it by preserveAspectRatio (SVG 1.1, 7.8).
  private mutating func drawViewport(_ element: SVGElement, transform: AffineTransform,
                                     width: String?, height: String?, visible: Bool) throws(SVGImportError) {
    func size(_ text: String?, _ name: String, _ reference: Double) throws(SVGImportError) -> Double {
      guard let text, text.trimmingCharacters(in: .whitespaces) != "auto" else { return reference }
      return try Lengths.length(text, attribute: name, of: element, percentOf: reference)
    }
    let width = try size(width, "width", viewport.width), height = try size(height, "height", viewport.height)
    let x = element.name == "svg" ? try length(element, "x", \.width) : 0
    let y = element.name == "svg" ? try length(element, "y", \.height) : 0
    guard width > 0, height > 0 else { return }  // a zero-sized viewport draws nothing
    var inner = transform * .translate(x: x, y: y)
    var innerViewport = PercentageBasis(width: width, height: height)
    if let viewBox = try SVGImport.viewBox(of: element) {
      inner = inner * Self.fit(viewBox, width: width, height: height, preserveAspectRatio: element.attributes["preserveAspectRatio"])
      innerViewport = PercentageBasis(width: viewBox.width, height: viewBox.height)
    }
    let outerViewport = viewport
    viewport = innerViewport
    defer { viewport = outerViewport }
    try drawChildren(of: element, transform: inner, visible: visible)
  }

  /// The map of `viewBox` into a width × height viewport at the origin.
  private static func fit(_ viewBox: (minX: Double, minY: Double, width: Double, height: Double), width: Double, height: Double,
                          preserveAspectRatio: String?) -> AffineTransform {
    let words = (preserveAspectRatio ?? "").split(separator: " ").filter { $0 != "defer" }
    let align = words.first.map(String.init) ?? "xMidYMid"
    var scaleX = width / viewBox.width, scaleY = height / viewBox.height
    if align != "none" {
      let scale = words.dropFirst().first == "slice" ? max(scaleX, scaleY) : min(scaleX, scaleY)
      (scaleX, scaleY) = (scale, scale)
    }
    var translateX = -viewBox.minX * scaleX, translateY = -viewBox.minY * scaleY
    let spareX = width - viewBox.width * scaleX, spareY = height - viewBox.height * scaleY
    if align.contains("xMid") { translateX += spareX / 2 }
    if align.contains("xMax") { translateX += spareX }
    if align.contains("YMid") { translateY += spareY / 2 }
    if align.contains("YMax") { translateY += spareY }
    return .translate(x: translateX, y: translateY) * .scale(x: scaleX, y: scaleY)
  }

  /// The segments of a basic shape or path, in its own user units.
  private func shape(_ element: SVGElement, arcTolerance: Double) throws(SVGImportError) -> [Bezier] {
    let attributes = element.attributes
    // One more than may still be added, so a hostile path stops early and still trips the limit.
    let limit = Document.maximumCurves - curves.count + 1
    switch element.name {
    case "path":
      do throws(SVGPathError) {
        return try SVGPathData.segments(attributes["d"] ?? "", arcTolerance: arcTolerance, limit: limit)
      } catch {
        throw .badPathData(element: element.label, error)
      }
    case "polyline", "polygon":
      // SVG 1.1, 9.6–9.7: the same as a path of M and the points (and Z for a polygon). The
      // path grammar is the points grammar plus command letters; letters other than an
      // exponent's e are refused first.
      let points = attributes["points"] ?? ""
      let isLetter = { (byte: UInt8) in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) && byte | 0x20 != UInt8(ascii: "e")
      }
      if let letter = points.utf8.firstIndex(where: isLetter) {
        let offset = points.utf8.distance(from: points.utf8.startIndex, to: letter)
        throw .badPoints(element: element.label, SVGPathError(offset: offset, expected: "a number", found: "\"\(points[letter])\""))
      }
      guard !points.allSatisfy(\.isWhitespace) else { return [] }
      do throws(SVGPathError) {
        return try SVGPathData.segments("M" + points + (element.name == "polygon" ? "Z" : ""), limit: limit)
      } catch {
        // Back to offsets in `points`; the Z added after them is the end of the data.
        let offset = error.offset - 1
        let found = offset >= points.utf8.count ? "the end of the data" : error.found
        let located = SVGPathError(offset: min(offset, points.utf8.count), expected: error.expected, found: found)
        throw .badPoints(element: element.label, located)
      }
    case "line":
      return Bezier([
        Point(x: try length(element, "x1", \.width), y: try length(element, "y1", \.height)),
        Point(x: try length(element, "x2", \.width), y: try length(element, "y2", \.height)),
      ]).map { [$0] } ?? []
    case "rect":
      return try rectangle(element, arcTolerance: arcTolerance)
    case "circle":
      let radius = try nonNegative(element, "r", \.diagonal)
      return ellipse(center: Point(x: try length(element, "cx", \.width), y: try length(element, "cy", \.height)),
                     radiusX: radius, radiusY: radius, arcTolerance: arcTolerance)
    case "ellipse":
      // SVG 2's "auto" takes the other radius, as rect's rx and ry do.
      let radiusX = element.attributes["rx"] == "auto" ? nil : try optionalNonNegative(element, "rx", \.width)
      let radiusY = element.attributes["ry"] == "auto" ? nil : try optionalNonNegative(element, "ry", \.height)
      return ellipse(center: Point(x: try length(element, "cx", \.width), y: try length(element, "cy", \.height)),
                     radiusX: radiusX ?? radiusY ?? 0, radiusY: radiusY ?? radiusX ?? 0, arcTolerance: arcTolerance)
    default:
      return []  // an element Curves does not draw
    }
  }

  /// SVG 1.1, 9.2: four sides, and a quarter-ellipse at each corner when rx or ry is set (a
  /// missing one equals the other; each is at most half the side).
  private func rectangle(_ element: SVGElement, arcTolerance: Double) throws(SVGImportError) -> [Bezier] {
    let x = try length(element, "x", \.width), y = try length(element, "y", \.height)
    let width = try nonNegative(element, "width", \.width), height = try nonNegative(element, "height", \.height)
    guard width > 0, height > 0 else { return [] }
    let givenX = element.attributes["rx"] == "auto" ? nil : try optionalNonNegative(element, "rx", \.width)
    let givenY = element.attributes["ry"] == "auto" ? nil : try optionalNonNegative(element, "ry", \.height)
    let radiusX = min(givenX ?? givenY ?? 0, width / 2), radiusY = min(givenY ?? givenX ?? 0, height / 2)
    let rounded = radiusX > 0 && radiusY > 0
    let (rx, ry) = rounded ? (radiusX, radiusY) : (0, 0)
    // Clockwise on screen from the top edge's start, as a path would draw it.
    let corners: [(from: Point, to: Point)] = [
      (Point(x: x + width - rx, y: y), Point(x: x + width, y: y + ry)),
      (Point(x: x + width, y: y + height - ry), Point(x: x + width - rx, y: y + height)),
      (Point(x: x + rx, y: y + height), Point(x: x, y: y + height - ry)),
      (Point(x: x, y: y + ry), Point(x: x + rx, y: y)),
    ]
    var segments: [Bezier] = []
    var current = Point(x: x + rx, y: y)
    for corner in corners {
      if corner.from != current { segments.append(Bezier([current, corner.from])!) }
      if rounded {
        segments += EllipticalArc(from: corner.from, to: corner.to, radiusX: rx, radiusY: ry, largeArc: false, sweep: true)
          .beziers(tolerance: arcTolerance)
      }
      current = corner.to
    }
    return segments
  }

  /// Four quarter arcs from (cx + rx, cy), in the direction of increasing angle (SVG 2, 10.4).
  private func ellipse(center: Point, radiusX: Double, radiusY: Double, arcTolerance: Double) -> [Bezier] {
    guard radiusX > 0, radiusY > 0 else { return [] }
    let quadrants = [
      Point(x: center.x + radiusX, y: center.y), Point(x: center.x, y: center.y + radiusY),
      Point(x: center.x - radiusX, y: center.y), Point(x: center.x, y: center.y - radiusY),
    ]
    return (0..<4).flatMap { index in
      EllipticalArc(
        from: quadrants[index], to: quadrants[(index + 1) % 4], radiusX: radiusX, radiusY: radiusY, largeArc: false, sweep: true
      ).beziers(tolerance: arcTolerance)
    }
  }

  /// A drawn segment, in document units: refused if not finite, left out if a point.
  private mutating func add(_ segment: Bezier, from element: SVGElement) throws(SVGImportError) {
    guard segment.isFinite else { throw .nonFiniteCoordinate(element: element.label) }
    let points = segment.controlPoints
    guard points.contains(where: { $0 != points[0] }) else { return }
    guard curves.count < Document.maximumCurves else { throw .tooManySegments }
    curves.append(points)
  }

  /// A length attribute, 0 when missing; percentages are of the viewport's `axis`.
  private func length(_ element: SVGElement, _ name: String, _ axis: PercentageBasis.Axis) throws(SVGImportError) -> Double {
    try optionalLength(element, name, axis) ?? 0
  }

  private func optionalLength(_ element: SVGElement, _ name: String, _ axis: PercentageBasis.Axis) throws(SVGImportError) -> Double? {
    guard let text = element.attributes[name] else { return nil }
    return try Lengths.length(text, attribute: name, of: element, percentOf: viewport[keyPath: axis])
  }

  private func nonNegative(_ element: SVGElement, _ name: String, _ axis: PercentageBasis.Axis) throws(SVGImportError) -> Double {
    try optionalNonNegative(element, name, axis) ?? 0
  }

  /// SVG 1.1 makes a negative size or radius an error.
  private func optionalNonNegative(_ element: SVGElement, _ name: String, _ axis: PercentageBasis.Axis) throws(SVGImportError) -> Double? {
    guard let value = try optionalLength(element, name, axis) else { return nil }
    guard value >= 0 else {
      throw .badAttribute(element: element.label, name: name, value: element.attributes[name] ?? "", reason: "it must not be negative")
    }
    return value
  }
}

/// What a percentage length refers to: the nearest viewport's size (SVG 1.1, 7.10).
private struct PercentageBasis {
  /// Which of its lengths a percentage is of: \.width, \.height or \.diagonal.
  typealias Axis = KeyPath<PercentageBasis, Double>

  var width: Double
  var height: Double

  /// For lengths in no one direction, such as a circle's radius: √((w² + h²) / 2).
  var diagonal: Double { ((width * width + height * height) / 2).squareRoot() }
}
