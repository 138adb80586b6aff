import CurveDocument
import CurveGeometry
import CurveRaster

extension Pattern {
  /// The rasterizer's shader for this pattern drawn through `toPixels` (document units to
  /// pixels): one tile drawn at the scale it shows at, then repeated, as resvg draws a
  /// pattern. Nil where it paints nothing: a tile smaller than a pixel, or a transform that
  /// flattens it.
  package func shader(toPixels: Affine) -> Shader? {
    let map = toPixels * transform
    let stretch = max((map.a * map.a + map.b * map.b).squareRoot(), (map.c * map.c + map.d * map.d).squareRoot())
    // A tile far bigger than the screen is drawn coarser rather than without end.
    let scale = min(stretch, (Self.maximumTilePixels / (tile.width * tile.height)).squareRoot())
    let width = Int((tile.width * scale).rounded()), height = Int((tile.height * scale).rounded())
    guard scale.isFinite, width > 0, height > 0 else { return nil }
    // The content fills the whole pixels of the tile across (and within a fraction of a
    // pixel down), so that the repeat falls where the content ends.
    let image = tileImage(width: width, height: height, scale: Double(width) / tile.width)
    let texelsToPixels = map * .translate(x: tile.minX, y: tile.minY)
      * .scale(x: tile.width / Double(width), y: tile.height / Double(height))
    return ImageShader(width: width, height: height, pixels: image.pixels, transform: texelsToPixels, repeats: true).map(Shader.image)
  }

  /// One tile's content, `scale` pixels a unit, clipped to the tile (premultiplied, as the
  /// image shader takes it).
  private func tileImage(width: Int, height: Int, scale: Double) -> PixelBuffer {
    let viewport = DrawingView(zoom: scale, origin: .zero)
    var recorder = ShapeRecorder(width: width, height: height, scale: 1)
    for curve in curves {
      CurveLook(curve: curve, viewport: viewport, showsUnpaintedCurves: false, unstyledLook: DrawingRenderer.unstyledLook).draw(into: &recorder)
    }
    let canvas = RasterCanvas(width: width, height: height)
    canvas.draw([recorder.list])
    return canvas.image
  }

  /// The most pixels one tile is drawn with (a 2048 × 2048 square).
  static let maximumTilePixels = 2048.0 * 2048.0
}
