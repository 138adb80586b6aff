import CurveDocument

extension SVGDrawing {
  /// The paints `context-fill` and `context-stroke` take (SVG 2, 13.3): the fill and stroke
  /// of the shape a marker is on, or of the `<use>` that draws what is inside; none
  /// elsewhere.
  struct PaintContext {
    /// A class: a context is copied at every element of a walk, and its two sources (each a
    /// whole style) made `draw`'s frame 46 KB a level of the tree.
    final class Source {
      let paint: SVGPaint
      /// The context element's style (its `color`, for `currentColor`).
      let style: SVGComputedStyle
      /// The context element's shape, for a box-relative paint; nil for a `<use>`, which has
      /// none of its own: the painted shape's box is used.
      let shape: PaintedShape?

      init(paint: SVGPaint, style: SVGComputedStyle, shape: PaintedShape?) {
        self.paint = paint
        self.style = style
        self.shape = shape
      }
    }

    var fill: Source?
    var stroke: Source?

    /// The context an element makes, its own paints (a context paint of its own taken from
    /// the `outer` context).
    init(style: SVGComputedStyle, shape: PaintedShape?, outer: PaintContext) {
      func source(_ paint: SVGPaint) -> Source? {
        switch paint {
        case .contextFill: outer.fill
        case .contextStroke: outer.stroke
        default: Source(paint: paint, style: style, shape: shape)
        }
      }
      fill = source(style.fill)
      stroke = source(style.stroke)
    }

    init() {}
  }
}
