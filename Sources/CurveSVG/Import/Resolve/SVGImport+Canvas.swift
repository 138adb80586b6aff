import CurveDocument
import CurveGeometry
import FoundationEssentials

/// The second stage of SVG import begins at the root: the canvas its size and viewBox make,
/// then the walk (`SVGDrawing`) that resolves everything inside once.
extension SVGImport {
  /// `root` resolved: the walk's shapes, layers and kept elements, on the canvas, with the
  /// animated viewBox read as the timeline's view when the root has one; files it names are
  /// looked up in `folder` (a path).
  static func resolve(_ root: SVGElement, folder: String?) throws(SVGImportError) -> (drawing: SVGDrawing, canvas: Canvas, view: SMILImport.ViewAnimation?) {
    var drawing = SVGDrawing(
      tree: root, viewport: PercentageBasis(width: defaultCanvas.width, height: defaultCanvas.height), folder: folder
    )
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
    // A root with neither a size nor a viewBox reaches as far as what it draws, strokes
    // included, from the origin, in whole units (as resvg sizes it; librsvg takes that box's
    // size alone, which is the same when it starts near the origin).
    let inkReach = isUnsized(root) && view == nil && viewBoxTransform == .identity ? drawing.nodes.inkBounds() : .empty
    let reach = (width: inkReach.maxX.rounded(.down), height: inkReach.maxY.rounded(.down))
    if reach.width >= 1, reach.height >= 1, reach.width <= 100_000, reach.height <= 100_000 {
      // Walked again: percentages inside are of this canvas.
      var sized = SVGDrawing(tree: root, viewport: PercentageBasis(width: reach.width, height: reach.height), folder: drawing.folder)
      canvas = Canvas(width: reach.width, height: reach.height)
      try sized.drawRoot(root, transform: sized.transform(of: root))
      drawing = sized
    }
    return (drawing, canvas, view)
  }

  /// Whether the root gives no viewBox and no width or height in absolute units (none,
  /// percentages of an unknown window, `auto`, or values that are not positive lengths).
  private static func isUnsized(_ root: SVGElement) -> Bool {
    root.attributes["viewBox"] == nil && [absoluteLength("width", of: root), absoluteLength("height", of: root)].allSatisfy { ($0 ?? 0) <= 0 }
  }

  /// The root's `width` and `height` in absolute units, each else `canvas`'s: the canvas
  /// under an animated viewBox.
  private static func viewport(of root: SVGElement, else canvas: Canvas) -> Canvas {
    func length(_ name: String) -> Double? { absoluteLength(name, of: root).flatMap { $0 > 0 && $0 <= 100_000 ? $0 : nil } }
    return Canvas(width: length("width") ?? canvas.width, height: length("height") ?? canvas.height)
  }

  /// The root's `name` (`width`, `height`) in absolute units, when it gives one.
  private static func absoluteLength(_ name: String, of root: SVGElement) -> Double? {
    absoluteLength(root.attributes[name])
  }

  /// A root's `width` or `height` as written, in absolute units, when it is a length (not a
  /// percentage of an unknown window); `auto` and what is not a length give nil.
  static func absoluteLength(_ text: String?) -> Double? {
    guard let text, !text.hasSuffix("%") else { return nil }
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
          // Stretched to fill the viewport on each axis: the canvas is the viewport, in its
          // own units, and the drawing is scaled into it (strokes with it, as a pen).
          canvas = Canvas(width: viewportWidth, height: viewportHeight)
          let scaleX = viewportWidth / width, scaleY = viewportHeight / height
          transform = Affine(a: scaleX, b: 0, c: 0, d: scaleY, e: -minX * scaleX, f: -minY * scaleY)
        } else {
          let scaleX = viewportWidth / width, scaleY = viewportHeight / height
          let scale = words.dropFirst().first == "slice" ? max(scaleX, scaleY) : min(scaleX, scaleY)
          canvas = Canvas(width: viewportWidth / scale, height: viewportHeight / scale)
          let spareX = canvas.width - width, spareY = canvas.height - height
          let alignX = align.containsUTF8("xMid") ? 0.5 : align.containsUTF8("xMax") ? 1 : 0
          let alignY = align.containsUTF8("YMid") ? 0.5 : align.containsUTF8("YMax") ? 1 : 0
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
}
