import CSDL2
import CurveGeometry
import Foundation

/// Frames drawn with SDL's software renderer into memory: `curves render`, replay
/// screenshots, the pixel tests and the frame benchmark use the same `FrameRenderer` as the
/// window, with no display.
@MainActor
final class OffscreenFrame {
  let width: Int
  let height: Int
  private let surface: UnsafeMutablePointer<SDL_Surface>
  private let renderer: OpaquePointer
  private let painter: Painter
  private(set) var cache = CurveMeshCache()
  let layer = StaticLayer()
  private var text: TextRenderer?

  init(width: Int, height: Int, scale: Double = 1) throws(InputError) {
    self.width = width
    self.height = height
    surface = try PNGFile.makeSurface(width: width, height: height)
    guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
      SDL_FreeSurface(surface)
      throw InputError("cannot create the software renderer: \(String(cString: SDL_GetError()))")
    }
    self.renderer = renderer
    do {
      text = try TextRenderer(renderer: renderer)
    } catch {
      FileHandle.standardError.write(Data("curves: warning: \(error.description); drawing without text\n".utf8))
    }
    painter = Painter(renderer: renderer, scale: scale, text: text)
  }

  isolated deinit {
    text = nil
    SDL_DestroyRenderer(renderer)
    SDL_FreeSurface(surface)
  }

  func draw(_ session: EditorSession, status: FrameRenderer.Status = .init()) {
    FrameRenderer(session: session, painter: painter).draw(cache: &cache, layer: layer, status: status)
    SDL_RenderPresent(renderer)
  }

  /// The colour of the pixel at (`x`, `y`).
  func pixel(x: Int, y: Int) -> Color {
    precondition((0..<width).contains(x) && (0..<height).contains(y), "pixel (\(x), \(y)) is outside the frame")
    let row = surface.pointee.pixels!.advanced(by: y * Int(surface.pointee.pitch))
    let argb = row.load(fromByteOffset: x * 4, as: UInt32.self)
    return Color(r: UInt8((argb >> 16) & 0xFF), g: UInt8((argb >> 8) & 0xFF), b: UInt8(argb & 0xFF), a: UInt8(argb >> 24))
  }

  /// The frame's pixels, row after row with no padding, as the surface holds them: ARGB8888,
  /// so bytes B, G, R, A in memory.
  func pixelBytes() -> [UInt8] {
    let pitch = Int(surface.pointee.pitch), rowBytes = width * 4
    let base = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(rowBytes * height)
    for y in 0..<height {
      bytes.append(contentsOf: UnsafeBufferPointer(start: base + y * pitch, count: rowBytes))
    }
    return bytes
  }

  func savePNG(to url: URL) throws(InputError) {
    try PNGFile.write(surface, to: url)
  }
}
