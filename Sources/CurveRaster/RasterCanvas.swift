import CurveGeometry

/// Draws anti-aliased shapes into a `PixelBuffer`: strokes with round joins and caps, discs,
/// polygons and rectangles with exact area coverage, and images with alpha.
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
public struct PixelRect: Equatable, Sendable {
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
}
