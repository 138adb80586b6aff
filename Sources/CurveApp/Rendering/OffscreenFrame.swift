import CurveCommandLine
import CurveGeometry
import CurveRaster
import CurveRender
import Foundation

/// Frames drawn into memory with our rasterizer: `curves render`, replay screenshots, the
/// pixel tests and the frame benchmark use the same `FrameRenderer` as the window, with no
/// display.
@MainActor
package final class OffscreenFrame {
  let width: Int
  let height: Int
  private let painter: Painter
  let layer: StaticLayer

  /// A frame of `width × height` pixels; with a `layerWorker`, a slow static layer is drawn
  /// as the window draws it, on that worker's thread (the frame benchmark). A layer slower
  /// than `layerBudget` (by default `StaticLayer.synchronousBudget`) goes to the worker.
  package init(
    width: Int, height: Int, scale: Double = 1, layerWorker: LayerWorker? = nil, layerBudget: Duration? = nil
  ) throws(FrameError) {
    let largest = Layout.maximumFrameSize
    guard (1...largest.width).contains(width), (1...largest.height).contains(height) else {
      throw .drawing(.frameTooLarge(width: width, height: height))
    }
    self.width = width
    self.height = height
    layer = StaticLayer(worker: layerWorker, synchronousBudget: layerBudget ?? StaticLayer.synchronousBudget)
    var text: TextRenderer?
    do {
      text = try TextRenderer()
    } catch {
      FileHandle.standardError.write(Data("curves: warning: \(error.description); drawing without text\n".utf8))
    }
    painter = Painter(width: width, height: height, scale: scale, text: text)
  }

  /// Draws the session's frame, rasterized: the image is ready when this returns.
  package func draw(_ session: EditorSession) {
    FrameRenderer(session: session, painter: painter).draw(layer: layer, status: .init())
    painter.canvas.render()
  }

  /// Whether the static layer shows the scene last drawn (a layer drawn by a worker may
  /// still be on its way).
  package var isLayerSettled: Bool { layer.isSettled }

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

  func savePNG(to url: URL) throws(FileError) {
    try PNGFile.write(painter.canvas.image, to: url)
  }
}
