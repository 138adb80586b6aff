import CurveDocument
import CurveGeometry
import CurveRaster

extension Gradient {
  /// The rasterizer's shader for this gradient painting a curve whose box (in document
  /// units) is `bounds`, drawn through `toPixels` (document units to pixels); nil where SVG
  /// paints nothing (a box-relative gradient on a curve with no width or height, a transform
  /// that cannot be undone).
  ///
  /// A radial gradient of radius 0 paints its last stop's colour (SVG 1.1, 13.2.3; resvg
  /// draws it so, librsvg 2.54 paints nothing); a focal radius larger than the radius makes a
  /// cone that narrows outwards (SVG 2, as resvg draws it); so does a focus outside the
  /// circle: the gradient fills the cone the two circles touch and nothing outside it (SVG 2,
  /// as librsvg and resvg draw it; SVG 1.1 moved such a focus onto the circle).
  package func shader(bounds: Rect, toPixels: Affine) -> GradientShader? {
    guard let toDocument = documentTransform(bounds: bounds) else { return nil }
    let stops = stops.map { stop in
      GradientShader.Stop(
        offset: stop.offset,
        color: RGBA8(r: stop.color.r, g: stop.color.g, b: stop.color.b, a: UInt8((min(max(stop.opacity, 0), 1) * 255).rounded()))
      )
    }
    let spread: GradientShader.Spread = switch self.spread {
    case .pad: .pad
    case .reflect: .reflect
    case .repeat: .repeat
    }
    let shaderGeometry: GradientShader.Geometry
    switch geometry {
    case let .linear(x1, y1, x2, y2):
      shaderGeometry = .linear(start: Point(x: x1, y: y1), end: Point(x: x2, y: y2))
    case let .radial(cx, cy, r, fx, fy, fr):
      guard r > 0 else {
        // One colour everywhere: the last stop at both ends of any line.
        guard let last = stops.last else { return nil }
        return GradientShader(geometry: .linear(start: .zero, end: Point(x: 1, y: 0)), stops: [last, last], spread: .pad, transform: .identity)
      }
      shaderGeometry = .radial(centre: Point(x: cx, y: cy), radius: r, focus: Point(x: fx, y: fy), focalRadius: fr)
    }
    return GradientShader(geometry: shaderGeometry, stops: stops, spread: spread, transform: toPixels * toDocument)
  }
}
