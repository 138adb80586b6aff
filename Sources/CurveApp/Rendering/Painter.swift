import CurveGeometry
import CurveRaster
import CurveRender

/// Draws shapes and text given in UI units into a `RasterCanvas`, in pixels, anti-aliased
/// with exact area coverage and sub-pixel positions. The window uploads the canvas as a
/// texture; `curves render` encodes it.
@MainActor
final class Painter: @MainActor ShapeDrawing {
  private(set) var canvas: RasterCanvas
  /// Pixels per unit.
  private(set) var scale: Double
  private let text: TextRenderer?
  /// Reused from curve to curve, so drawing a curve allocates nothing once warmed up.
  private var polyline: [Point] = []

  init(width: Int, height: Int, scale: Double, text: TextRenderer?) {
    canvas = RasterCanvas(width: width, height: height)
    self.scale = scale
    self.text = text
  }

  /// A canvas of a new size (the window was resized) and pixels-per-unit.
  func resize(width: Int, height: Int, scale: Double) {
    if width != canvas.width || height != canvas.height { canvas = RasterCanvas(width: width, height: height) }
    self.scale = scale
  }

  func clear(_ color: RGBA8) {
    canvas.clear(color)
  }

  /// The box of `points` (in units), in pixels.
  func pixelBounds(of points: [Point]) -> Rect {
    pixels(Rect(enclosing: points))
  }

  /// The pixels `rect` (in units) touches.
  func pixelRect(_ rect: Rect) -> PixelRect {
    PixelRect(covering: pixels(rect))
  }

  /// A filled rectangle.
  func fill(_ rect: Rect, _ color: RGBA8) {
    canvas.fill(pixels(rect), color)
  }

  /// A line through `points`, `width` units wide, with round joins and caps.
  func line(_ points: [Point], width: Double, _ color: RGBA8) {
    polyline.removeAll(keepingCapacity: true)
    polyline.append(contentsOf: points.lazy.map(pixels))
    canvas.stroke(polyline, width: width * scale, color)
  }

  /// `curve` (control points in units) flattened in pixels to within `tolerance` pixels and
  /// stroked `width` units wide.
  func curve(_ curve: Bezier, tolerance: Double, width: Double, _ color: RGBA8) {
    guard let pixelCurve = Bezier(curve.controlPoints.map(pixels)),
      canvas.mayShow(Rect(enclosing: pixelCurve.controlPoints), reach: width * scale)
    else { return }
    polyline.removeAll(keepingCapacity: true)
    pixelCurve.flatten(tolerance: tolerance, into: &polyline)
    canvas.stroke(polyline, width: width * scale, color)
  }

  /// `curves` (control points in units), each flattened in pixels to within `tolerance`
  /// pixels, stroked `width` units wide in one pass: thousands of outlines cost one
  /// rasterization, not one each.
  func curves(_ curves: [Bezier], tolerance: Double, width: Double, _ color: RGBA8) {
    var contours: [Contour] = []
    for curve in curves {
      guard let pixelCurve = Bezier(curve.controlPoints.map(pixels)),
        canvas.mayShow(Rect(enclosing: pixelCurve.controlPoints), reach: width * scale)
      else { continue }
      var points: [Point] = []
      pixelCurve.flatten(tolerance: tolerance, into: &points)
      contours.append(Contour(points))
    }
    guard !contours.isEmpty else { return }
    canvas.stroke(contours, style: StrokeStyle(width: width * scale, cap: .round, join: .round), color, opacity: 1)
  }

  /// A filled polygon through `points` (in units).
  func polygon(_ points: [Point], _ color: RGBA8) {
    canvas.fill([Contour(points.map(pixels), isClosed: true)], rule: .nonZero, color, opacity: 1)
  }

  /// A filled circle.
  func disc(_ centre: Point, radius: Double, _ color: RGBA8) {
    canvas.fillDisc(centre: pixels(centre), radius: radius * scale, color)
  }

  func fill(pixelContours: [Contour], rule: FillRule, _ color: RGBA8, opacity: Double) {
    canvas.fill(pixelContours, rule: rule, color, opacity: opacity)
  }

  func stroke(pixelContours: [Contour], style: StrokeStyle, _ color: RGBA8, opacity: Double) {
    canvas.stroke(pixelContours, style: style, color, opacity: opacity)
  }

  func fill(pixelContours: [Contour], rule: FillRule, _ shader: GradientShader, opacity: Double) {
    canvas.fill(pixelContours, rule: rule, shader, opacity: opacity)
  }

  func fill(pixelContours: [Contour], rule: FillRule, _ shader: Shader, opacity: Double) {
    canvas.fill(pixelContours, rule: rule, shader, opacity: opacity)
  }

  func beginFilter() { canvas.beginFilter() }

  func endFilter(_ effect: FilterEffect) { canvas.endFilter(effect) }

  func beginLayer() { canvas.beginLayer() }

  func beginMask() { canvas.beginMask() }

  func endLayer(
    opacity: Double, clip: (contours: [Contour], rule: FillRule)?, mask: LayerMask?, blendMode: BlendMode, blendsInLinearRGB: Bool
  ) {
    canvas.endLayer(opacity: opacity, clip: clip, mask: mask, blendMode: blendMode, blendsInLinearRGB: blendsInLinearRGB)
  }

  func stroke(pixelContours: [Contour], style: StrokeStyle, _ shader: Shader, opacity: Double) {
    canvas.stroke(pixelContours, style: style, shader, opacity: opacity)
  }

  /// Text with its top-left corner at `origin`, `size` units tall; returns its width in units.
  @discardableResult
  func text(_ string: String, at origin: Point, size: Double, _ color: RGBA8) -> Double {
    guard let text, let image = text.image(of: string, pixelSize: pixelSize(size), color: color) else { return 0 }
    canvas.draw(image, atX: Int((origin.x * scale).rounded()), y: Int((origin.y * scale).rounded()))
    return Double(image.width) / scale
  }

  func textWidth(_ string: String, size: Double) -> Double {
    guard let text else { return 0 }
    return Double(text.size(of: string, pixelSize: pixelSize(size)).width) / scale
  }

  private func pixelSize(_ size: Double) -> Int { max(Int((size * scale).rounded()), 6) }
}
