import CSDL2
import CurveFeature

/// The canvas content that the current interaction does not change (the page, the grid and
/// every curve not being edited or animated), rendered once into a texture and copied into
/// each frame. A drag in a document of 1,000 curves then redraws one curve, not 1,000.
/// The layer is re-rendered only when its `Key` changes: when a static curve changes, the
/// selection moves to another curve, or the view changes (size, scale, display options).
@MainActor
final class StaticLayer {
  struct Key: Equatable {
    var curves: [CurveReducer.State]
    var canvas: Canvas
    var display: DisplayOptions
    var layout: Layout
  }

  private var texture: OpaquePointer?
  private var textureSize: (width: Int32, height: Int32) = (0, 0)
  private var key: Key?
  /// How many times the layer was rendered, for tests and the frame benchmark.
  private(set) var renderCount = 0

  isolated deinit {
    if let texture { SDL_DestroyTexture(texture) }
  }

  /// Copies the layer into the frame, first rendering it with `content` if `key` changed.
  /// Returns false, drawing nothing, when the renderer has no render targets.
  func draw(key: Key, painter: Painter, content: () -> Void) -> Bool {
    let renderer = painter.renderer
    guard SDL_RenderTargetSupported(renderer) == SDL_TRUE else { return false }
    painter.flush()
    var width: Int32 = 0, height: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &width, &height)
    if texture == nil || textureSize != (width, height) {
      if let texture { SDL_DestroyTexture(texture) }
      texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width, height)
      guard let texture else { return false }
      SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
      textureSize = (width, height)
      self.key = nil
    }
    if key != self.key {
      SDL_SetRenderTarget(renderer, texture)
      content()
      painter.flush()
      SDL_SetRenderTarget(renderer, nil)
      self.key = key
      renderCount += 1
    }
    SDL_RenderCopy(renderer, texture, nil, nil)
    return true
  }
}
