import CurveDocument
import CurveGeometry
import CurveRaster

/// A curve of the drawing painted as its style says, under the editing marks: its fill with
/// its rule, its stroke with width, caps, joins and miter limit, and the opacity of the whole.
///
/// ```swift
/// CurveLook(curve: curve, viewport: view).draw(into: &drawing)
/// ```
///
/// A field the style leaves out is the editor's look: no fill, the editor's blue stroke 3
/// units wide on screen whatever the zoom, round caps and joins. A given stroke width is in
/// document units and scales with the zoom. A curve that paints nothing at all (no fill and
/// no stroke) is drawn as an unstyled curve, so it can still be seen and edited. The curve's
/// opacity is its fill's and stroke's together: with both, they are drawn into a layer
/// blended once at that opacity, as SVG composites an element.
package struct CurveLook<Curve: DrawnCurve> {
  let curve: Curve
  let viewport: DrawingView
  /// Whether a curve that paints nothing is drawn as an unstyled one, so it can be seen and
  /// edited (the window); a drawing alone draws it as SVG does: not at all.
  var showsUnpaintedCurves = true
  /// How a curve without a style is painted, and what a style's unset stroke, width and caps
  /// are (an export: as SVG export writes them, so in document units); nil for the editor's
  /// stroke, the same width on screen at every zoom.
  var unstyledLook: CurveStyle?

  package init(curve: Curve, viewport: DrawingView, showsUnpaintedCurves: Bool = true, unstyledLook: CurveStyle? = nil) {
    self.curve = curve
    self.viewport = viewport
    self.showsUnpaintedCurves = showsUnpaintedCurves
    self.unstyledLook = unstyledLook
  }

  package func draw(into drawing: inout some ShapeDrawing) {
    var style = curve.style.isEditorDefault ? unstyledLook ?? curve.style : curve.style
    if let look = unstyledLook, style.stroke == nil {
      // An unset stroke is the export's look, its width zoomed as SVG draws it.
      style.stroke = look.stroke
      style.strokeWidth = style.strokeWidth ?? look.strokeWidth
      style.lineCap = style.lineCap ?? look.lineCap
    }
    guard !style.isEditorDefault, style.paintsSomething else {
      if style.isEditorDefault || showsUnpaintedCurves { drawUnstyled(into: &drawing) }
      return
    }
    let tolerance = style.paintsFill ? DrawingLook.flatteningTolerance : DrawingLook.strokeFlatteningTolerance
    let contours = curve.pixelContours(in: viewport, of: drawing, tolerance: tolerance)
    // A see-through curve painting both fill and stroke is composited once, as SVG's opacity
    // says: where the stroke lies over the fill, the fill does not show through it.
    let isLayered = (style.opacity ?? 1) < 1 && style.paintsFill && style.paintsStroke
    let opacity = isLayered ? 1 : style.opacity ?? 1
    if isLayered { drawing.beginLayer() }
    if style.paintsStrokeFirst == true {
      drawStroke(contours, style: style, opacity: opacity, into: &drawing)
      drawFill(contours, style: style, opacity: opacity, into: &drawing)
    } else {
      drawFill(contours, style: style, opacity: opacity, into: &drawing)
      drawStroke(contours, style: style, opacity: opacity, into: &drawing)
    }
    if isLayered { drawing.endLayer(opacity: style.opacity ?? 1, clip: nil, mask: nil, blendMode: .normal, blendsInLinearRGB: false) }
  }

  private func drawFill(_ contours: [Contour], style: CurveStyle, opacity: Double, into drawing: inout some ShapeDrawing) {
    let rule: FillRule = style.fillRule == .evenOdd ? .evenOdd : .nonZero
    switch style.fill {
    case let .color(color)?:
      drawing.fill(pixelContours: contours, rule: rule, RGBA8(color), opacity: opacity * (style.fillOpacity ?? 1))
    case let .gradient(gradient)?:
      if let shader = shader(gradient, scale: drawing.scale) {
        drawing.fill(pixelContours: contours, rule: rule, shader, opacity: opacity * (style.fillOpacity ?? 1))
      }
    case let .pattern(pattern)?:
      if let shader = pattern.shader(toPixels: toPixels(scale: drawing.scale)) {
        drawing.fill(pixelContours: contours, rule: rule, shader, opacity: opacity * (style.fillOpacity ?? 1))
      }
    case CurveStyle.Paint.none?, nil:
      break
    }
  }

  private func drawStroke(_ contours: [Contour], style: CurveStyle, opacity: Double, into drawing: inout some ShapeDrawing) {
    let width = style.strokeWidth.map { $0 * viewport.zoom } ?? DrawingLook.unstyledWidth
    guard width > 0, style.stroke != CurveStyle.Paint.none else { return }
    // A stretched pen strokes in its own space (where the dashes are measured too), the
    // outline mapped back to pixels.
    let pen = style.strokeTransform.flatMap { pen in pen.linearPart.inverted.map { (pen, $0) } }
    let strokeStyle = StrokeStyle(
      width: width * drawing.scale, cap: Self.cap(style.lineCap ?? .round), join: Self.join(style.lineJoin ?? .round),
      miterLimit: style.miterLimit ?? DrawingLook.svgMiterLimit, transform: pen?.0
    )
    let strokeOpacity = opacity * (style.strokeOpacity ?? 1)
    let penContours = pen.map { _, inverse in
      contours.map { Contour($0.points.map(inverse.apply), isClosed: $0.isClosed) }
    } ?? contours
    let dashed = dashes(of: penContours, style: style, pixelsPerUnit: viewport.zoom * drawing.scale)
    if case let .gradient(gradient)? = style.stroke {
      if let shader = shader(gradient, scale: drawing.scale) {
        drawing.stroke(pixelContours: dashed, style: strokeStyle, .gradient(shader), opacity: strokeOpacity)
      }
    } else if case let .pattern(pattern)? = style.stroke {
      if let shader = pattern.shader(toPixels: toPixels(scale: drawing.scale)) {
        drawing.stroke(pixelContours: dashed, style: strokeStyle, shader, opacity: strokeOpacity)
      }
    } else if let stroke = strokeColor(style) {
      drawing.stroke(pixelContours: dashed, style: strokeStyle, stroke, opacity: strokeOpacity)
    }
  }

  /// The contours cut into dashes as the style's `dashArray` and `dashOffset` say (in
  /// document units, `pixelsPerUnit` to a pixel); the contours themselves when solid.
  private func dashes(of contours: [Contour], style: CurveStyle, pixelsPerUnit: Double) -> [Contour] {
    guard let array = style.dashArray, !array.isEmpty else { return contours }
    let pattern = DashPattern(array.map { $0 * pixelsPerUnit }, offset: (style.dashOffset ?? 0) * pixelsPerUnit)
    guard let pattern else { return contours }
    return contours.flatMap(pattern.dashes)
  }

  /// The shader of a gradient on this curve, in the pixels of a drawing of `scale` pixels
  /// per unit.
  private func shader(_ gradient: Gradient, scale: Double) -> GradientShader? {
    gradient.shader(bounds: curve.bounds, toPixels: toPixels(scale: scale))
  }

  /// From document units to the pixels of a drawing of `scale` pixels per unit.
  private func toPixels(scale: Double) -> Affine {
    let zoom = viewport.zoom * scale, origin = viewport.screenPoint(atDocument: .zero) * scale
    return Affine(a: zoom, b: 0, c: 0, d: zoom, e: origin.x, f: origin.y)
  }

  /// The editor's blue stroke, segment by segment.
  private func drawUnstyled(into drawing: inout some ShapeDrawing) {
    for chain in curve.screenChains(in: viewport) {
      for segment in chain.segments {
        drawing.curve(segment, tolerance: DrawingLook.strokeFlatteningTolerance, width: DrawingLook.unstyledWidth, DrawingLook.unstyledColor)
      }
    }
  }

  private func strokeColor(_ style: CurveStyle) -> RGBA8? {
    switch style.stroke {
    case nil: DrawingLook.unstyledColor
    case CurveStyle.Paint.none?: nil
    case let .color(color)?: RGBA8(color)
    case let .gradient(gradient)?: gradient.stops.first.map { RGBA8($0.color) }
    case let .pattern(pattern)?: RGBColor(hex: CurveStyle.Paint.pattern(pattern).text).map { RGBA8($0) }
    }
  }

  private static func cap(_ cap: CurveStyle.LineCap) -> LineCap {
    switch cap {
    case .butt: .butt
    case .round: .round
    case .square: .square
    }
  }

  private static func join(_ join: CurveStyle.LineJoin) -> LineJoin {
    switch join {
    case .miter: .miter
    case .round: .round
    case .bevel: .bevel
    }
  }
}

extension CurveStyle {
  /// Whether the style paints anything: a fill colour, or a stroke that is not `none`.
  package var paintsSomething: Bool { paintsFill || paintsStroke }

  /// Whether it has a fill: a colour, a gradient or a pattern.
  package var paintsFill: Bool {
    switch fill {
    case .color?, .gradient?, .pattern?: true
    case CurveStyle.Paint.none?, nil: false
    }
  }

  /// Whether it has a stroke: one not `none` nor 0 wide (an unset one is the editor's).
  package var paintsStroke: Bool {
    if case CurveStyle.Paint.none? = stroke { return false }
    return strokeWidth != 0
  }
}
