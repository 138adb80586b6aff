import CurveGeometry
import CurveRaster

/// Where shapes given in UI units go: the editor frame's painter on the main thread, or a
/// `ShapeRecorder` filling a display list (a drawing rendered alone, the editor's static layer).
package protocol ShapeDrawing {
  /// Pixels per unit.
  var scale: Double { get }
  mutating func clear(_ color: RGBA8)
  mutating func fill(_ rect: Rect, _ color: RGBA8)
  /// A line through `points`, `width` units wide, with round joins and caps.
  mutating func line(_ points: [Point], width: Double, _ color: RGBA8)
  /// `curve` flattened in pixels to within `tolerance` pixels and stroked `width` units wide.
  mutating func curve(_ curve: Bezier, tolerance: Double, width: Double, _ color: RGBA8)
  mutating func disc(_ centre: Point, radius: Double, _ color: RGBA8)
  /// Closed areas given as contours in pixels, filled by `rule`.
  mutating func fill(pixelContours: [Contour], rule: FillRule, _ color: RGBA8, opacity: Double)
  /// Contours in pixels stroked as `style` says (its width in pixels).
  mutating func stroke(pixelContours: [Contour], style: StrokeStyle, _ color: RGBA8, opacity: Double)
  /// Closed areas in pixels filled by `rule`, painted by a gradient (its geometry in pixels).
  mutating func fill(pixelContours: [Contour], rule: FillRule, _ shader: GradientShader, opacity: Double)
  /// Closed areas in pixels filled by `rule`, painted by a gradient or an image.
  mutating func fill(pixelContours: [Contour], rule: FillRule, _ shader: Shader, opacity: Double)
  /// Contours in pixels stroked as `style` says, painted by a gradient or an image.
  mutating func stroke(pixelContours: [Contour], style: StrokeStyle, _ shader: Shader, opacity: Double)
  /// Starts what a filter applies to; `endFilter` draws it filtered.
  mutating func beginFilter()
  mutating func endFilter(_ effect: FilterEffect)
  /// Starts a group's layer; `endLayer` blends it.
  mutating func beginLayer()
  /// Starts the mask of the layer begun last.
  mutating func beginMask()
  /// Blends the layer begun last at `opacity`, inside `clip` (in pixels), through `mask`, mixed
  /// by `blendMode` (in linear RGB when `blendsInLinearRGB`).
  mutating func endLayer(
    opacity: Double, clip: (contours: [Contour], rule: FillRule)?, mask: LayerMask?, blendMode: BlendMode, blendsInLinearRGB: Bool
  )
}

/// Units to pixels, the one conversion every `ShapeDrawing` draws through: a coordinate in
/// units times `scale`, so the frame's painter and a `ShapeRecorder` put a shape on exactly
/// the same pixels.
extension ShapeDrawing {
  /// A position in units as a position in pixels.
  package func pixels(_ point: Point) -> Point { point * scale }

  /// A rectangle in units as a rectangle in pixels.
  package func pixels(_ rect: Rect) -> Rect { rect.scaled(by: scale) }

  /// Chains of segments given in units as contours in pixels, each flattened to within
  /// `tolerance` pixels.
  package func pixelContours(_ chains: [(segments: [Bezier], isClosed: Bool)], tolerance: Double) -> [Contour] {
    // The scale alone is captured: capturing `self` copied a recorder (its display list) a shape.
    let scale = scale
    return chains.map { chain in
      var points: [Point] = []
      for segment in chain.segments {
        // At one pixel a unit (the window on most screens) the segment is in pixels already.
        guard let pixelSegment = scale == 1 ? segment : Bezier(segment.controlPoints.map { $0 * scale }) else { continue }
        // Each segment starts where the last ended: keep one copy of the shared point.
        if !points.isEmpty { points.removeLast() }
        pixelSegment.flatten(tolerance: tolerance, into: &points)
      }
      return Contour(points, isClosed: chain.isClosed)
    }
  }
}

/// Records shapes into a `DisplayList` in pixels, off the main thread.
package struct ShapeRecorder: ShapeDrawing {
  package let scale: Double
  package private(set) var list: DisplayList
  private var polyline: [Point] = []

  package init(width: Int, height: Int, scale: Double) {
    self.scale = scale
    list = DisplayList(width: width, height: height)
  }

  package mutating func clear(_ color: RGBA8) { list.clear(color) }

  package mutating func fill(_ rect: Rect, _ color: RGBA8) {
    list.fill(pixels(rect), color)
  }

  package mutating func line(_ points: [Point], width: Double, _ color: RGBA8) {
    polyline.removeAll(keepingCapacity: true)
    for point in points { polyline.append(pixels(point)) }
    list.stroke(polyline, width: width * scale, color)
  }

  package mutating func curve(_ curve: Bezier, tolerance: Double, width: Double, _ color: RGBA8) {
    guard let pixelCurve = Bezier(curve.controlPoints.map(pixels)), list.mayShow(Rect(enclosing: pixelCurve.controlPoints), reach: width * scale)
    else { return }
    polyline.removeAll(keepingCapacity: true)
    pixelCurve.flatten(tolerance: tolerance, into: &polyline)
    list.stroke(polyline, width: width * scale, color)
  }

  package mutating func disc(_ centre: Point, radius: Double, _ color: RGBA8) {
    list.disc(centre: pixels(centre), radius: radius * scale, color)
  }

  package mutating func fill(pixelContours: [Contour], rule: FillRule, _ color: RGBA8, opacity: Double) {
    list.fill(pixelContours, rule: rule, color, opacity: opacity)
  }

  package mutating func stroke(pixelContours: [Contour], style: StrokeStyle, _ color: RGBA8, opacity: Double) {
    list.stroke(pixelContours, style: style, color, opacity: opacity)
  }

  package mutating func fill(pixelContours: [Contour], rule: FillRule, _ shader: GradientShader, opacity: Double) {
    list.fill(pixelContours, rule: rule, shader, opacity: opacity)
  }

  package mutating func fill(pixelContours: [Contour], rule: FillRule, _ shader: Shader, opacity: Double) {
    list.fill(pixelContours, rule: rule, shader, opacity: opacity)
  }

  package mutating func beginFilter() { list.beginFilter() }

  package mutating func endFilter(_ effect: FilterEffect) { list.endFilter(effect) }

  package mutating func beginLayer() { list.beginLayer() }

  package mutating func beginMask() { list.beginMask() }

  package mutating func endLayer(
    opacity: Double, clip: (contours: [Contour], rule: FillRule)?, mask: LayerMask?, blendMode: BlendMode, blendsInLinearRGB: Bool
  ) {
    list.endLayer(opacity: opacity, clip: clip, mask: mask, blendMode: blendMode, blendsInLinearRGB: blendsInLinearRGB)
  }

  package mutating func stroke(pixelContours: [Contour], style: StrokeStyle, _ shader: Shader, opacity: Double) {
    list.stroke(pixelContours, style: style, shader, opacity: opacity)
  }
}
