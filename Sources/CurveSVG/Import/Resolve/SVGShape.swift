import CurveDocument
import CurveGeometry

/// A shape drawn: its subpaths in document units, and how it is painted.
struct SVGShape {
  /// Where they are seen, in document units.
  var subpaths: [SVGSubpath]
  /// In its group's own coordinates, when a group's transform separates them from `subpaths`.
  var grouped: [SVGSubpath]?
  /// In its group's own coordinates (its stroke's width, its paints).
  var style: CurveStyle
  /// The layer group it is painted in (`SVGDrawing.groups`).
  var group: String?
  /// Its SMIL animation children (`<animate>` and the like), read into a track by `SMILImport`.
  var animations: [SVGElement] = []
  /// The element's `id`: a curve exported by Curves (`curve-UUID`) keeps its UUID.
  var elementID: String?
  /// The curve as Curves saved it (`CurvesCurveData`), the attribute's text.
  var curveData: String?
  /// What the objects panel calls it: Inkscape's label, else the element's own id.
  var label: String?
  /// Inkscape's lock (`sodipodi:insensitive`): not selectable on the canvas.
  var isLocked = false
  /// `display:none`: kept, not drawn, and no part of any box.
  var isHidden = false
  /// What maps its own user units to its stored coordinates (`grouped`, else `subpaths`),
  /// and how much it scales a length: an animated path's values and widths go there too.
  var placement = Affine.identity
  /// The element it was read from, for writing the file back (`SVGSource`).
  var source: SVGSource.Element?
  /// Its fill's or stroke's gradient when that has `<animate>`s of its own or its stops'.
  var animatedGradients: [AnimatedGradient] = []

  /// A gradient a shape is painted with that moves, with what painting the shape with it needs.
  struct AnimatedGradient {
    /// "fill" or "stroke".
    var property: String
    var element: SVGElement
    var shape: SVGDrawing.PaintedShape
  }
}
