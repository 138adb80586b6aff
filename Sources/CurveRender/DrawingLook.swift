import CurveDocument
import CurveRaster
import CurveSVG

/// The look the renderer gives what a document leaves unsaid: a curve without a style is the
/// editor's blue, `unstyledWidth` wide, flattened to within `strokeFlatteningTolerance` pixels.
package enum DrawingLook {
  package static let unstyledColor = RGBA8(CurveStyle.unstyledStrokeColor)
  /// In screen units in the window (the same at every zoom); in document units in a drawing
  /// rendered alone, as SVG export writes it.
  package static let unstyledWidth = CurveStyle.unstyledStrokeWidth
  /// How far, in pixels, a flattened curve may stray: a twentieth. Chords lie inside a convex
  /// curve, so the error is all one way and shows in anti-aliasing: at a fifth, a disc lost
  /// 1.3% of its area and its rim pixels up to 45/255 of their coverage (a 64 px icon's rim
  /// visibly fainter than librsvg's); at a twentieth, 11/255, as librsvg's.
  package static let flatteningTolerance = 0.05
  /// The same for a curve that is only stroked: its outline's two sides lean the same way,
  /// so its band keeps its width and area, and a tenth (cairo's default) is enough; at a
  /// twentieth, 10,000 stroked cubics took 5% longer to draw.
  package static let strokeFlatteningTolerance = 0.1
  /// SVG's initial `stroke-miterlimit`.
  package static let svgMiterLimit = 4.0
  /// A point's handle in the editor: its ring, its fill and, without a size of its own, its
  /// radius (screen units).
  package static let handleOutline = RGBA8(exportedPoint.outline)
  package static let handleFill = RGBA8(exportedPoint.fill)
  package static let handleRadius = exportedPoint.radius
  /// A styled point in an SVG export: drawn as its handle is in the window.
  package static let exportedPoint = SVGExport.PointLook.editorHandle
}

extension RGBA8 {
  /// A document colour, opaque.
  package init(_ color: RGBColor) {
    self.init(r: color.r, g: color.g, b: color.b)
  }
}
