import CurveFeature
import CurveGeometry
import CurveRaster

/// A curve of the drawing painted as its style says, under the editing marks: its fill with
/// its rule, its stroke with width, caps, joins and miter limit, and the opacity of the whole.
///
/// ```swift
/// CurveLook(curve: curve, viewport: viewport).draw(into: &drawing)
/// ```
///
/// A field the style leaves out is the editor's look: no fill, the editor's blue stroke 3
/// units wide on screen whatever the zoom, round caps and joins. A given stroke width is in
/// document units and scales with the zoom. A curve that paints nothing at all (no fill and
/// no stroke) is drawn as an unstyled curve, so it can still be seen and edited. The curve's
/// opacity multiplies its fill's and its stroke's (where they overlap, a group would composite
/// them once: an approximation).
struct CurveLook {
  let curve: Curve.State
  let viewport: Viewport.State

  func draw(into drawing: inout some ShapeDrawing) {
    let style = curve.style
    guard !style.isEditorDefault, style.paintsSomething else {
      drawUnstyled(into: &drawing)
      return
    }
    let chains = curve.subpaths.map { (segments: StaticScene.screenSegments(of: $0, in: viewport), isClosed: $0.isClosed) }
    let contours = drawing.pixelContours(chains, tolerance: Theme.flatteningTolerance)
    let opacity = style.opacity ?? 1
    if case let .color(color)? = style.fill {
      drawing.fill(pixelContours: contours, rule: style.fillRule == .evenOdd ? .evenOdd : .nonZero, Theme.color(color), opacity: opacity * (style.fillOpacity ?? 1))
    }
    guard let stroke = strokeColor(style) else { return }
    let width = style.strokeWidth.map { $0 * viewport.zoom } ?? Theme.curveWidth
    guard width > 0 else { return }
    let strokeStyle = StrokeStyle(
      width: width * drawing.scale, cap: Self.cap(style.lineCap ?? .round), join: Self.join(style.lineJoin ?? .round),
      miterLimit: style.miterLimit ?? Self.svgMiterLimit
    )
    drawing.stroke(pixelContours: contours, style: strokeStyle, stroke, opacity: opacity * (style.strokeOpacity ?? 1))
  }

  /// SVG's initial `stroke-miterlimit`.
  static let svgMiterLimit = 4.0

  /// The editor's blue stroke, segment by segment.
  private func drawUnstyled(into drawing: inout some ShapeDrawing) {
    for subpath in curve.subpaths {
      for segment in StaticScene.screenSegments(of: subpath, in: viewport) {
        drawing.curve(segment, tolerance: Theme.flatteningTolerance, width: Theme.curveWidth, Theme.Palette.curve)
      }
    }
  }

  private func strokeColor(_ style: CurveStyle) -> RGBA8? {
    switch style.stroke {
    case nil: Theme.Palette.curve
    case CurveStyle.Paint.none?: nil
    case let .color(color)?: Theme.color(color)
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
  var paintsSomething: Bool {
    if case .color? = fill { return true }
    if case CurveStyle.Paint.none? = stroke { return false }
    return strokeWidth != 0
  }
}
