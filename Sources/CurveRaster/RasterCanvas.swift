import CurveGeometry

/// Draws anti-aliased shapes into a `PixelBuffer`: strokes with round joins and caps, discs,
/// polygons and rectangles with exact area coverage, and images with alpha; and SVG's paths:
/// fills of several contours by the non-zero or even-odd rule, strokes with any cap and join.
///
/// ```swift
/// let canvas = RasterCanvas(width: 320, height: 200)
/// canvas.clear(RGBA8(r: 255, g: 255, b: 255))
/// canvas.stroke([Point(x: 10, y: 10), Point(x: 300, y: 150)], width: 2.5, RGBA8(r: 30, g: 80, b: 170))
/// canvas.fillDisc(centre: Point(x: 160, y: 100), radius: 6, RGBA8(r: 200, g: 40, b: 40))
/// canvas.image  // the pixels
/// ```
///
/// Drawing is recorded into a `DisplayList` and rasterized band by band (on several cores
/// for a big list) when the image is read or the clip changes; the result is the same as
/// drawing each shape in turn. Positions are pixels, y down; pixel (x, y) is the square from
/// (x, y) to (x + 1, y + 1), so a 1-pixel line covers a column of pixels exactly when it runs
/// along x + 0.5. Shapes with a non-finite coordinate or size are not drawn; coordinates far
/// outside the canvas are clipped exactly. Drawing stays inside `clip`.
public final class RasterCanvas {
  private var pixels: PixelBuffer
  private var pending: DisplayList
  private let accumulators = AccumulatorCache()
  public let width: Int
  public let height: Int

  /// The pixels drawing may change: the whole canvas unless set. Drawing recorded before a
  /// change is rasterized with the clip it was recorded under.
  public var clip: PixelRect {
    willSet { render() }
    didSet { clip = clip.intersection(PixelRect(x: 0, y: 0, width: width, height: height)) }
  }

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
    pixels = PixelBuffer(width: width, height: height)
    pending = DisplayList(width: width, height: height)
    clip = PixelRect(x: 0, y: 0, width: width, height: height)
  }

  /// The pixels, with everything drawn so far.
  public var image: PixelBuffer {
    render()
    return pixels
  }

  /// Whether anything drawn inside `bounds`, or `reach` pixels beyond, can show on the canvas.
  public func mayShow(_ bounds: Rect, reach: Double) -> Bool {
    pending.mayShow(bounds, reach: reach)
  }

  /// Replaces the pixels with `image`, which must have the canvas's size (a cached layer);
  /// drawing not yet rasterized is dropped.
  public func replaceImage(with image: PixelBuffer) {
    precondition(image.width == width && image.height == height, "a \(image.width)x\(image.height) image on a \(width)x\(height) canvas")
    pending.removeAll()
    pixels = image
  }

  /// Sets every pixel inside the clip to `color`.
  public func clear(_ color: RGBA8) {
    pending.clear(color)
  }

  /// Fills `rect`, with the partial coverage of the pixels its edges cross.
  public func fill(_ rect: Rect, _ color: RGBA8) {
    pending.fill(rect, color)
  }

  /// Strokes the lines through `polyline`, `width` pixels wide, with round joins and caps.
  /// One point draws a dot `width` across.
  public func stroke(_ polyline: [Point], width: Double, _ color: RGBA8) {
    pending.stroke(polyline, width: width, color)
  }

  public func fillDisc(centre: Point, radius: Double, _ color: RGBA8) {
    pending.disc(centre: centre, radius: radius, color)
  }

  /// Fills the polygon through `points` (closed back to the first). Where it overlaps itself
  /// with opposite windings the parts cancel, as under the even-odd rule.
  public func fillPolygon(_ points: [Point], _ color: RGBA8) {
    pending.fillPolygon(points, color)
  }

  /// Fills the path made of `contours` by `rule`, as SVG fills a path: each contour closed
  /// back to its first point, holes where the rule says (a letter O, an icon with cut-outs).
  /// `color`'s alpha is multiplied by `opacity` (clamped to 0...1; say fill-opacity times
  /// the opacity of the groups around the path), and the path is blended source-over once.
  /// Contours of fewer than three points add nothing; a path with a non-finite point, or a
  /// NaN opacity, is not drawn.
  ///
  /// ```swift
  /// let ring = [outer, inner]  // two squares, one inside the other, wound either way
  /// canvas.fill(ring, rule: .evenOdd, RGBA8(r: 30, g: 80, b: 170), opacity: 0.8)
  /// ```
  public func fill(_ contours: [[Point]], rule: FillRule, _ color: RGBA8, opacity: Double = 1) {
    pending.fill(contours, rule: rule, color, opacity: opacity)
  }

  /// `fill(_:rule:_:opacity:)` of the contours' points (a fill closes every contour).
  public func fill(_ contours: [Contour], rule: FillRule, _ color: RGBA8, opacity: Double = 1) {
    pending.fill(contours, rule: rule, color, opacity: opacity)
  }

  /// Strokes `contours` by `style` (width in pixels, cap, join, miter limit), as SVG strokes
  /// a path's subpaths: an open contour gets the cap at both ends and the join at every
  /// inner point; a closed one gets the join at every point, its first too, and no caps.
  /// A contour of one point is a zero-length subpath: a dot with round caps, a square along
  /// x with square caps, nothing with butt caps. The stroke is filled non-zero and blended
  /// source-over once, so where it overlaps itself nothing cancels and nothing is darker.
  /// `color`'s alpha is multiplied by `opacity` (clamped to 0...1; say stroke-opacity times
  /// the groups' opacity). Not drawn: a width that is not positive and finite, a non-finite
  /// point, a NaN opacity. `stroke(_:width:_:)` is this with round caps and joins.
  ///
  /// ```swift
  /// let style = StrokeStyle(width: 4, cap: .square, join: .miter, miterLimit: 4)
  /// canvas.stroke([Contour(square, isClosed: true), Contour(tick)], style: style, black, opacity: 0.5)
  /// ```
  public func stroke(_ contours: [Contour], style: StrokeStyle, _ color: RGBA8, opacity: Double = 1) {
    pending.stroke(contours, style: style, color, opacity: opacity)
  }

  /// `fill(_:rule:_:opacity:)` painted by a gradient.
  public func fill(_ contours: [Contour], rule: FillRule, _ shader: GradientShader, opacity: Double = 1) {
    pending.fill(contours, rule: rule, shader, opacity: opacity)
  }

  /// `fill(_:rule:_:opacity:)` painted by a gradient or an image.
  public func fill(_ contours: [Contour], rule: FillRule, _ shader: Shader, opacity: Double = 1) {
    pending.fill(contours, rule: rule, shader, opacity: opacity)
  }

  /// `stroke(_:style:_:opacity:)` painted by a gradient.
  public func stroke(_ contours: [Contour], style: StrokeStyle, _ shader: GradientShader, opacity: Double = 1) {
    pending.stroke(contours, style: style, shader, opacity: opacity)
  }

  /// `stroke(_:style:_:opacity:)` painted by a gradient or an image.
  public func stroke(_ contours: [Contour], style: StrokeStyle, _ shader: Shader, opacity: Double = 1) {
    pending.stroke(contours, style: style, shader, opacity: opacity)
  }

  /// Starts what a filter applies to; see `DisplayList.beginFilter()`.
  public func beginFilter() { pending.beginFilter() }

  /// Draws what was drawn since `beginFilter` through `effect`.
  public func endFilter(_ effect: FilterEffect) { pending.endFilter(effect) }

  /// Starts a layer; see `DisplayList.beginLayer()`.
  public func beginLayer() { pending.beginLayer() }

  /// Starts the mask of the layer begun last; see `DisplayList.beginMask()`.
  public func beginMask() { pending.beginMask() }

  /// Blends the layer begun last; see `DisplayList.endLayer(opacity:clip:mask:)`.
  public func endLayer(
    opacity: Double, clip: (contours: [Contour], rule: FillRule)? = nil, mask: LayerMask? = nil, blendMode: BlendMode = .normal,
    blendsInLinearRGB: Bool = false
  ) {
    pending.endLayer(opacity: opacity, clip: clip, mask: mask, blendMode: blendMode, blendsInLinearRGB: blendsInLinearRGB)
  }

  /// Draws `source` (straight alpha) with its top-left pixel at (`x`, `y`).
  public func draw(_ source: PixelBuffer, atX x: Int, y: Int) {
    pending.draw(source, atX: x, y: y)
  }

  /// Draws what `lists` recorded (for a canvas of this size), one after another, after
  /// what was drawn before; rasterized now.
  public func draw(_ lists: [DisplayList]) {
    render()
    BandRenderer.render(lists, into: &pixels, clip: clip, cache: accumulators)
  }

  /// Rasterizes what was drawn since the last render.
  public func render() {
    guard !pending.isEmpty else { return }
    BandRenderer.render(pending, into: &pixels, clip: clip, cache: accumulators)
    pending.removeAll()
  }
}

/// A rectangle of whole pixels.
public struct PixelRect: Hashable, Sendable {
  public var minX, minY, maxX, maxY: Int
  public var width: Int { max(maxX - minX, 0) }
  public var height: Int { max(maxY - minY, 0) }

  public init(x: Int, y: Int, width: Int, height: Int) {
    minX = x
    minY = y
    maxX = x + width
    maxY = y + height
  }

  /// The pixels `rect` touches.
  public init(covering rect: Rect) {
    func whole(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int { Int(max(min(value, 1e9), -1e9).rounded(rule)) }
    let minX = whole(rect.minX, .down), minY = whole(rect.minY, .down)
    self.init(x: minX, y: minY, width: whole(rect.maxX, .up) - minX, height: whole(rect.maxY, .up) - minY)
  }

  public func intersection(_ other: PixelRect) -> PixelRect {
    let minX = max(self.minX, other.minX), minY = max(self.minY, other.minY)
    return PixelRect(x: minX, y: minY, width: max(min(maxX, other.maxX) - minX, 0), height: max(min(maxY, other.maxY) - minY, 0))
  }

  /// The smallest rectangle holding both (an empty one adds nothing).
  public func union(_ other: PixelRect) -> PixelRect {
    guard other.width > 0, other.height > 0 else { return self }
    guard width > 0, height > 0 else { return other }
    let minX = min(self.minX, other.minX), minY = min(self.minY, other.minY)
    return PixelRect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
  }

  public func contains(x: Int, y: Int) -> Bool {
    x >= minX && x < maxX && y >= minY && y < maxY
  }
}
