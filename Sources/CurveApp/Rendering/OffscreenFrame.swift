import CurveGeometry
import CurveRaster
import Foundation

/// Frames drawn into memory with our rasterizer: `curves render`, replay screenshots, the
/// pixel tests and the frame benchmark use the same `FrameRenderer` as the window, with no
/// display.
@MainActor
final class OffscreenFrame {
  let width: Int
  let height: Int
  private let painter: Painter
  let layer: StaticLayer

  /// A frame of `width × height` pixels; with `drawsLayerInBackground`, a slow static layer
  /// is drawn as the window draws it, on a background thread (the frame benchmark).
  init(
    width: Int, height: Int, scale: Double = 1, drawsLayerInBackground: Bool = false,
    layerBudget: Duration = StaticLayer.synchronousBudget
  ) throws(InputError) {
    let largest = Layout.maximumFrameSize
    guard (1...largest.width).contains(width), (1...largest.height).contains(height) else {
      throw InputError("cannot draw a \(width)x\(height) frame: at most \(largest.width)x\(largest.height) pixels")
    }
    self.width = width
    self.height = height
    layer = StaticLayer(drawsInBackground: drawsLayerInBackground, synchronousBudget: layerBudget)
    var text: TextRenderer?
    do {
      text = try TextRenderer()
    } catch {
      FileHandle.standardError.write(Data("curves: warning: \(error.description); drawing without text\n".utf8))
    }
    painter = Painter(width: width, height: height, scale: scale, text: text)
  }

  /// Draws the session's frame, rasterized: the image is ready when this returns.
  func draw(_ session: EditorSession, status: FrameRenderer.Status = .init()) {
    FrameRenderer(session: session, painter: painter).draw(layer: layer, status: status)
    painter.canvas.render()
  }

  /// The frame as drawn.
  var image: PixelBuffer { painter.canvas.image }

  /// The colour of the pixel at (`x`, `y`).
  func pixel(x: Int, y: Int) -> RGBA8 {
    precondition((0..<width).contains(x) && (0..<height).contains(y), "pixel (\(x), \(y)) is outside the frame")
    return painter.canvas.image[x, y]
  }

  /// The frame's pixels, row after row with no padding, ARGB8888: bytes B, G, R, A in memory.
  func pixelBytes() -> [UInt8] {
    painter.canvas.image.pixels.withUnsafeBytes { Array($0) }
  }

  func savePNG(to url: URL) throws(InputError) {
    try PNGFile.write(painter.canvas.image, to: url)
  }
}
