import CurveGeometry
import Foundation

/// Foundation has a type of this name too; the one meant here is SVG's.
private typealias AffineTransform = CurveGeometry.AffineTransform

/// The walk over the tree: the curves drawn so far, in document units.
struct SVGDrawing {
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

  mutating func drawChildren(of element: SVGElement, transform: CurveGeometry.AffineTransform, visible: Bool) throws(SVGImportError) {
    for child in element.children {
      try draw(child, parentTransform: transform, visible: visible)
    }
  }

  /// Draws `element` and what it contains, under the transform and visibility of its parent.
  mutating func draw(_ element: SVGElement, parentTransform: CurveGeometry.AffineTransform, visible inherited: Bool) throws(SVGImportError) {
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

  /// A drawn segment, in document units: refused if not finite, left out if a point.
  private mutating func add(_ segment: Bezier, from element: SVGElement) throws(SVGImportError) {
    guard segment.isFinite else { throw .nonFiniteCoordinate(element: element.label) }
    let points = segment.controlPoints
    guard points.contains(where: { $0 != points[0] }) else { return }
    guard curves.count < Document.maximumCurves else { throw .tooManySegments }
    curves.append(points)
  }
}
