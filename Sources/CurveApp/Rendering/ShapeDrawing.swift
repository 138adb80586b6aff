import CurveGeometry
import CurveRaster

/// Where shapes given in UI units go: the frame's `Painter` on the main thread, or a
/// `ShapeRecorder` filling a display list on a background thread (the static layer).
protocol ShapeDrawing {
  /// Pixels per unit.
  var scale: Double { get }
  mutating func clear(_ color: Color)
  mutating func fill(_ rect: Rect, _ color: Color)
  /// A line through `points`, `width` units wide, with round joins and caps.
  mutating func line(_ points: [Point], width: Double, _ color: Color)
  /// `curve` flattened in pixels to within `tolerance` pixels and stroked `width` units wide.
  mutating func curve(_ curve: Bezier, tolerance: Double, width: Double, _ color: Color)
  mutating func disc(_ centre: Point, radius: Double, _ color: Color)
}

/// Records shapes into a `DisplayList` in pixels, off the main thread.
struct ShapeRecorder: ShapeDrawing {
  let scale: Double
  private(set) var list: DisplayList
  private var polyline: [Point] = []

  init(width: Int, height: Int, scale: Double) {
    self.scale = scale
    list = DisplayList(width: width, height: height)
  }

  private func pixels(_ point: Point) -> Point { Point(x: point.x * scale, y: point.y * scale) }

  mutating func clear(_ color: Color) { list.clear(color) }

  mutating func fill(_ rect: Rect, _ color: Color) {
    list.fill(Rect(minX: rect.minX * scale, minY: rect.minY * scale, maxX: rect.maxX * scale, maxY: rect.maxY * scale), color)
  }

  mutating func line(_ points: [Point], width: Double, _ color: Color) {
    polyline.removeAll(keepingCapacity: true)
    for point in points { polyline.append(pixels(point)) }
    list.stroke(polyline, width: width * scale, color)
  }

  mutating func curve(_ curve: Bezier, tolerance: Double, width: Double, _ color: Color) {
    guard let pixelCurve = Bezier(curve.controlPoints.map(pixels)), list.mayShow(Rect(enclosing: pixelCurve.controlPoints), reach: width * scale)
    else { return }
    polyline.removeAll(keepingCapacity: true)
    pixelCurve.flatten(tolerance: tolerance, into: &polyline)
    list.stroke(polyline, width: width * scale, color)
  }

  mutating func disc(_ centre: Point, radius: Double, _ color: Color) {
    list.disc(centre: pixels(centre), radius: radius * scale, color)
  }
}
