import CurveDocument
import CurveGeometry
import CurveRaster
import FoundationEssentials

/// The drawing alone, as an export shows it: every curve painted as its style says, with no
/// handles, polygons, construction, panel or status line, on a transparent page scaled to
/// the image (`curves render --drawing-only`).
///
/// ```swift
/// let image = try DrawingRenderer(document: document, width: 256, height: 256).render()
/// ```
///
/// The canvas is fitted into the image keeping its proportions, centred (or, `scaledToWidth`,
/// scaled to the image's width at its top, as `rsvg-convert -w` draws into a height rounded
/// up), and what lies outside it is cut off (as an SVG's viewport cuts its drawing). With a `viewBox` (the timeline's view
/// at a time, `Document.viewBox(at:)`), that part of the canvas is fitted into the canvas's
/// place instead, as SVG fits a root's `viewBox` into its viewport. An unstyled curve is
/// drawn as SVG export writes it: the editor's blue, 3 document units wide, round caps; a
/// curve whose style paints nothing is not drawn, as SVG draws it.
package struct DrawingRenderer {
  let document: Document
  let width: Int
  let height: Int
  let viewBox: Rect?
  let scaledToWidth: Bool

  /// `document`'s curves drawn where its groups' transforms place them; the canvas shown, or
  /// the part of it `viewBox` gives.
  package init(document: consuming Document, width: Int, height: Int, viewBox: Rect? = nil, scaledToWidth: Bool = false) {
    document.placeInDrawingCoordinates()
    self.document = document
    self.width = width
    self.height = height
    self.viewBox = viewBox
    self.scaledToWidth = scaledToWidth
  }

  /// The height of an image `width` pixels wide in the canvas's proportions, rounded up as
  /// librsvg and resvg round it: the last row holds the drawing's last fraction of a pixel.
  package static func height(ofWidth width: Int, canvas: Canvas) -> Int {
    let exact = Double(width) * canvas.height / max(canvas.width, 1e-9)
    // A product that is an integer but for rounding is that integer.
    return max(Int((exact - 1e-9 * max(exact, 1)).rounded(.up)), 1)
  }

  /// How an unstyled curve is exported and drawn alone.
  package static let unstyledLook = CurveStyle(
    fill: CurveStyle.Paint.none,
    stroke: .color(RGBColor(r: DrawingLook.unstyledColor.r, g: DrawingLook.unstyledColor.g, b: DrawingLook.unstyledColor.b)),
    strokeWidth: DrawingLook.unstyledWidth, lineCap: .round
  )

  /// The image as straight (not premultiplied) ARGB, as a PNG holds it.
  package func render() throws(RenderError) -> PixelBuffer {
    var image = try renderPremultiplied()
    image.unpremultiply()
    return image
  }

  /// The image as premultiplied ARGB, as it is drawn: what laying it on a page needs, with no
  /// division a pixel.
  package func renderPremultiplied() throws(RenderError) -> PixelBuffer {
    let largest = RenderError.largestFrame
    guard (1...largest.width).contains(width), (1...largest.height).contains(height) else {
      throw .frameTooLarge(width: width, height: height)
    }
    let raster = RasterCanvas(width: width, height: height)
    raster.clear(RGBA8(r: 0, g: 0, b: 0, a: 0))
    let canvas = document.canvas
    let zoom = scaledToWidth ? Double(width) / canvas.width : min(Double(width) / canvas.width, Double(height) / canvas.height)
    let origin = scaledToWidth ? Point.zero : Point(x: (Double(width) - canvas.width * zoom) / 2, y: (Double(height) - canvas.height * zoom) / 2)
    // Nothing shows outside the canvas, as nothing shows outside an SVG's viewport.
    raster.clip = PixelRect(covering: Rect(minX: origin.x, minY: origin.y, maxX: origin.x + canvas.width * zoom, maxY: origin.y + canvas.height * zoom))
    raster.render()
    var view = DrawingView(zoom: zoom, origin: origin)
    if let box = viewBox, box.width > 0, box.height > 0 {
      let fit = min(canvas.width / box.width, canvas.height / box.height)
      let centre = Point(x: canvas.width / 2 - (box.minX + box.width / 2) * fit, y: canvas.height / 2 - (box.minY + box.height / 2) * fit)
      view = DrawingView(zoom: zoom * fit, origin: origin + centre * zoom)
    }
    raster.draw(record(viewport: view))
    return raster.image
  }

  /// The curves recorded in chunks in document order, one a core when there are many: each
  /// records its share, and the lists are drawn one after another.
  private func record(viewport: DrawingView) -> [DisplayList] {
    let document = document, width = width, height = height, curves = document.curves
    let kept = KeptLooks(document.kept, curves: curves.lazy.map(\.id))
    let chunkCount = curves.count >= Self.curvesPerChunk * 2 ? Cores.available : 1
    let chunkSize = (curves.count + chunkCount - 1) / chunkCount
    let lists = RecordedChunks(count: chunkCount)
    Cores.perform(iterations: chunkCount) { chunk in
      var recorder = ShapeRecorder(width: width, height: height, scale: 1)
      let range = min(chunk * chunkSize, curves.count)..<min((chunk + 1) * chunkSize, curves.count)
      Self.draw(range, of: document, kept: kept, isLast: chunk == chunkCount - 1, viewport: viewport, into: &recorder)
      lists.store(recorder.list, at: chunk)
    }
    return (0..<chunkCount).map(lists.take)
  }

  /// Draws the curves `range` of `document`, placed (`inDrawingCoordinates()`), and the
  /// images and texts kept before them, into
  /// `recorder`; the last share also draws the trailing images and closes every layer.
  /// `imagesDrawing` are the drawings being drawn as images around this one: one of them
  /// named again inside itself is not drawn (as librsvg draws it).
  package static func draw(
    _ range: Range<Int>, of document: Document, kept: KeptLooks, isLast: Bool, viewport: DrawingView,
    imagesDrawing: Set<String> = [], into recorder: inout ShapeRecorder
  ) {
    let curves = document.curves
    func drawKept(_ look: KeptLook, layers: inout GroupLayers) {
      layers.enter(look.group, into: &recorder)
      look.draw(viewport: viewport, drawingsAround: imagesDrawing, into: &recorder)
    }
    // Each share starts inside the layers its first curve's predecessor left open (the lists
    // are drawn one after another, so layers carry from one into the next), and the last
    // closes every layer.
    var layers = GroupLayers(groups: document.groups, viewport: viewport)
    if !layers.isEmpty {
      var ignored = ShapeRecorder(width: 1, height: 1, scale: 1)
      layers.enter(range.lowerBound > 0 ? curves[range.lowerBound - 1].group : nil, into: &ignored)
    }
    let hiddenGroups = ObjectTree(groups: document.groups).hiddenGroups
    for curve in curves[range] {
      for look in kept.before(curve.id) { drawKept(look, layers: &layers) }
      // A hidden object is kept, not drawn (SVG's display:none).
      guard !curve.isHidden, !(curve.group.map(hiddenGroups.contains) ?? false) else { continue }
      layers.enter(curve.group, into: &recorder)
      CurveLook(curve: curve, viewport: viewport, showsUnpaintedCurves: false, unstyledLook: unstyledLook).draw(into: &recorder)
    }
    if isLast {
      for look in kept.trailing { drawKept(look, layers: &layers) }
      layers.enter(nil, into: &recorder)
    }
  }

  /// `document` drawn alone into a `width × height` image, `scale` pixels a unit from its
  /// canvas's corner, premultiplied (as a shader takes it): an SVG drawing used as an image.
  static func premultipliedPixels(
    of document: Document, width: Int, height: Int, scale: Double, imagesDrawing: Set<String>
  ) -> PixelBuffer {
    let document = document.inDrawingCoordinates()
    let viewport = DrawingView(zoom: scale, origin: .zero)
    var recorder = ShapeRecorder(width: width, height: height, scale: 1)
    let kept = KeptLooks(document.kept, curves: document.curves.lazy.map(\.id))
    draw(0..<document.curves.count, of: document, kept: kept, isLast: true, viewport: viewport, imagesDrawing: imagesDrawing, into: &recorder)
    let canvas = RasterCanvas(width: width, height: height)
    canvas.draw([recorder.list])
    return canvas.image
  }

  /// Below twice this many curves a drawing is recorded on one core. (Inkscape's tiger, 304
  /// paths, recorded on two: 3.7 → 2.5 ms of its 1024-pixel render.)
  static let curvesPerChunk = 64
}
