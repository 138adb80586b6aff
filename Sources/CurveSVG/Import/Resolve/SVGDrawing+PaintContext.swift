import CurveDocument

extension SVGDrawing {
  /// The paints `context-fill` and `context-stroke` take (SVG 2, 13.3): the fill and stroke
  /// of the shape a marker is on, or of the `<use>` that draws what is inside; none
  /// elsewhere.
  struct PaintContext {
    struct Source {
      var paint: SVGPaint
      /// The context element's style (its `color`, for `currentColor`).
      var style: SVGComputedStyle
      /// The context element's shape, for a box-relative paint; nil for a `<use>`, which has
      /// none of its own: the painted shape's box is used.
      var shape: PaintedShape?
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
