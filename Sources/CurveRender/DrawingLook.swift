import CurveDocument
import CurveRaster

/// The look the renderer gives what a document leaves unsaid: a curve without a style is the
/// editor's blue, `unstyledWidth` wide, flattened to within `flatteningTolerance` pixels.
package enum DrawingLook {
  package static let unstyledColor = RGBA8(r: 30, g: 78, b: 168)
  /// In screen units in the window (the same at every zoom); in document units in a drawing
  /// rendered alone, as SVG export writes it.
  package static let unstyledWidth = 3.0
  /// How far, in pixels, a flattened curve may stray: under a fifth of a pixel, invisible.
  package static let flatteningTolerance = 0.2
  /// SVG's initial `stroke-miterlimit`.
  package static let svgMiterLimit = 4.0
}

extension RGBA8 {
  /// A document colour, opaque.
  package init(_ color: RGBColor) {
    self.init(r: color.r, g: color.g, b: color.b)
  }
}
