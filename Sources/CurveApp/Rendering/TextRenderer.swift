import CSDL2
import CurveGeometry
import Foundation

/// Text through SDL2_ttf with DejaVu Sans (Debian's fonts-dejavu-core), rasterised at the
/// pixel size it is shown at, so it is crisp at any UI scale. Rendered strings are kept as
/// textures until the cache fills, because the panel draws the same labels every frame.
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
    var color: Color
  }

  private struct Rendered {
    var texture: OpaquePointer
    var width: Int32
    var height: Int32
  }

  private static let cacheLimit = 512
  private let renderer: OpaquePointer
  private let fontPath: String
  private var fonts: [Int: OpaquePointer] = [:]
  private var textures: [Key: Rendered] = [:]

  /// Text for `renderer`, or nil (with the reason) when no font can be loaded.
  init(renderer: OpaquePointer) throws(InputError) {
    guard let path = Self.fontPath else {
      throw InputError("no font found: install fonts-dejavu-core or set CURVES_FONT to a .ttf file")
    }
    guard TTF_WasInit() > 0 || TTF_Init() == 0 else { throw InputError("SDL_ttf: \(String(cString: SDL_GetError()))") }
    self.renderer = renderer
    self.fontPath = path
  }

  isolated deinit {
    for rendered in textures.values { SDL_DestroyTexture(rendered.texture) }
    for font in fonts.values { TTF_CloseFont(font) }
  }

  /// The size, in pixels, `text` takes at `pixelSize`.
  func size(of text: String, pixelSize: Int) -> (width: Int, height: Int) {
    guard !text.isEmpty, let font = font(pixelSize) else { return (0, 0) }
    var width: Int32 = 0, height: Int32 = 0
    TTF_SizeUTF8(font, text, &width, &height)
    return (Int(width), Int(height))
  }

  /// Draws `text` with its top-left corner at pixel `origin`.
  func draw(_ text: String, at origin: (x: Int, y: Int), pixelSize: Int, color: Color) {
    guard !text.isEmpty, let rendered = texture(for: Key(text: text, pixelSize: pixelSize, color: color)) else { return }
    var destination = SDL_Rect(x: Int32(origin.x), y: Int32(origin.y), w: rendered.width, h: rendered.height)
    SDL_RenderCopy(renderer, rendered.texture, nil, &destination)
  }

  private func font(_ pixelSize: Int) -> OpaquePointer? {
    if let font = fonts[pixelSize] { return font }
    guard let font = TTF_OpenFont(fontPath, Int32(pixelSize)) else { return nil }
    fonts[pixelSize] = font
    return font
  }

  private func texture(for key: Key) -> Rendered? {
    if let rendered = textures[key] { return rendered }
    guard let font = font(key.pixelSize) else { return nil }
    let color = SDL_Color(r: key.color.r, g: key.color.g, b: key.color.b, a: key.color.a)
    guard let surface = TTF_RenderUTF8_Blended(font, key.text, color) else { return nil }
    defer { SDL_FreeSurface(surface) }
    guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
    if textures.count >= Self.cacheLimit {
      for rendered in textures.values { SDL_DestroyTexture(rendered.texture) }
      textures.removeAll(keepingCapacity: true)
    }
    let rendered = Rendered(texture: texture, width: surface.pointee.w, height: surface.pointee.h)
    textures[key] = rendered
    return rendered
  }
}
