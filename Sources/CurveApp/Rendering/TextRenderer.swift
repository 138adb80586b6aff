import CSDL2
import CurveGeometry
import CurveRaster
import CurveRender
import Foundation

/// Text through SDL2_ttf with DejaVu Sans (Debian's fonts-dejavu-core), rasterised at the
/// pixel size it is shown at, so it is crisp at any UI scale. Rendered strings are kept as
/// images until the cache fills, because the panel draws the same labels every frame.
@MainActor
final class TextRenderer {
  /// Where fonts-dejavu-core puts the font; `CURVES_FONT` overrides it.
  static var fontPath: String? {
    let candidates = [
      ProcessInfo.processInfo.environment["CURVES_FONT"],
      "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
      "/usr/share/fonts/TTF/DejaVuSans.ttf",
    ]
    return candidates.compactMap { $0 }.first { FileManager.default.isReadableFile(atPath: $0) }
  }

  private struct Key: Hashable {
    var text: String
    var pixelSize: Int
    var color: RGBA8
  }

  private static let cacheLimit = 512
  private let fontPath: String
  private var fonts: [Int: OpaquePointer] = [:]
  private var images: [Key: PixelBuffer] = [:]

  /// Text, or nil (with the reason) when no font can be loaded.
  init() throws(FrameError) {
    guard let path = Self.fontPath else { throw .noFont }
    guard TTF_WasInit() > 0 || TTF_Init() == 0 else { throw .fontLibrary(String(cString: SDL_GetError())) }
    self.fontPath = path
  }

  isolated deinit {
    for font in fonts.values { TTF_CloseFont(font) }
  }

  /// The size, in pixels, `text` takes at `pixelSize`.
  func size(of text: String, pixelSize: Int) -> (width: Int, height: Int) {
    guard !text.isEmpty, let font = font(pixelSize) else { return (0, 0) }
    var width: Int32 = 0, height: Int32 = 0
    TTF_SizeUTF8(font, text, &width, &height)
    return (Int(width), Int(height))
  }

  /// `text` drawn in `color` on a transparent image, or nil for empty text or no font.
  func image(of text: String, pixelSize: Int, color: RGBA8) -> PixelBuffer? {
    let key = Key(text: text, pixelSize: pixelSize, color: color)
    if let image = images[key] { return image }
    guard !text.isEmpty, let font = font(pixelSize) else { return nil }
    let sdlColor = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
    guard let rendered = TTF_RenderUTF8_Blended(font, text, sdlColor) else { return nil }
    defer { SDL_FreeSurface(rendered) }
    // Blended text comes as ARGB8888 with straight alpha; convert in case a build differs.
    guard let surface = SDL_ConvertSurfaceFormat(rendered, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
    defer { SDL_FreeSurface(surface) }
    let width = Int(surface.pointee.w), height = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
    var pixels: [UInt32] = []
    pixels.reserveCapacity(width * height)
    let base = surface.pointee.pixels!
    for y in 0..<height {
      pixels.append(contentsOf: UnsafeBufferPointer(start: base.advanced(by: y * pitch).assumingMemoryBound(to: UInt32.self), count: width))
    }
    if images.count >= Self.cacheLimit { images.removeAll(keepingCapacity: true) }
    let image = PixelBuffer(width: width, height: height, pixels: pixels)
    images[key] = image
    return image
  }

  private func font(_ pixelSize: Int) -> OpaquePointer? {
    if let font = fonts[pixelSize] { return font }
    guard let font = TTF_OpenFont(fontPath, Int32(pixelSize)) else { return nil }
    fonts[pixelSize] = font
    return font
  }
}
