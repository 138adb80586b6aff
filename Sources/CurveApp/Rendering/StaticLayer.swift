import CSDL2
import CurveFeature
import CurveGeometry

/// The canvas content that the current interaction does not change (the page, the grid and
/// every curve not being edited or animated), rendered once into a texture and copied into
/// each frame. A drag in a document of 1,000 curves then redraws one curve, not 1,000.
/// The layer is re-rendered only when its `Key` changes: when a static curve changes, the
/// selection moves to another curve, or the view changes (size, scale, zoom, pan, display
/// options). Regions and bounds are in screen units.
@MainActor
final class StaticLayer {
  struct Key: Equatable {
    var curves: [CurveReducer.State]
    var display: DisplayOptions
    var viewport: Viewport.State
    var layout: Layout
  }

  private var texture: OpaquePointer?
  private var textureSize: (width: Int32, height: Int32) = (0, 0)
  private var key: Key?
  /// How many times the layer was rendered, whole or in part, for tests and benchmarks.
  private(set) var renderCount = 0
  private(set) var partialRenderCount = 0

  /// Above this many changed curves, the layer is rendered whole.
  static let maximumChangedCurvesForPartialRender = 16

  /// Where a curve's drawing can reach on screen: its control points' box (which holds the
  /// curve) grown by a hovered handle's halo and the anti-aliasing feather.
  static func bounds(of curve: CurveReducer.State, in viewport: Viewport.State) -> Rect {
    let box = Rect(enclosing: curve.points.map { viewport.screenPoint(atDocument: $0.position) })
    // The feather reaches half a pixel past a shape's edge; one unit covers it at any scale
    // of at least 0.5, and another covers rounding the region out to whole pixels.
    let handle = curve.points.lazy.compactMap(\.size).max().map { $0 / 2 } ?? Theme.handleRadius
    let margin = max(handle, Theme.handleRadius) + Theme.hoverGrowth + Theme.hoverHalo + Theme.handleBorder * 1.5 + 2
    return Rect(minX: box.minX - margin, minY: box.minY - margin, maxX: box.maxX + margin, maxY: box.maxY + margin)
  }

  /// The part of the canvas that differs between two keys: the bounds of every curve added,
  /// removed or changed, before and after. Nil when the whole layer must be rendered.
  static func changedRegion(from old: Key, to new: Key) -> Rect? {
    guard old.display == new.display, old.viewport == new.viewport, old.layout == new.layout
    else { return nil }
    var oldCurves = Dictionary(old.curves.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var changed: [CurveReducer.State] = []
    for curve in new.curves {
      let previous = oldCurves.removeValue(forKey: curve.id)
      if previous != curve { changed.append(curve) }
      if let previous, previous != curve { changed.append(previous) }
      guard changed.count <= maximumChangedCurvesForPartialRender * 2 else { return nil }
    }
    changed.append(contentsOf: oldCurves.values)
    guard !changed.isEmpty, changed.count <= maximumChangedCurvesForPartialRender * 2 else { return nil }
    let viewport = new.viewport
    return changed.dropFirst().reduce(bounds(of: changed[0], in: viewport)) { $0.union(bounds(of: $1, in: viewport)) }
  }

  isolated deinit {
    if let texture { SDL_DestroyTexture(texture) }
  }

  /// Copies the layer into the frame, first rendering with `content` what changed since the
  /// last key: `content(region)` draws what touches `region` (clipped to it), or everything
  /// when `region` is nil. Returns false, drawing nothing, without render targets.
  func draw(key: Key, painter: Painter, content: (Rect?) -> Void) -> Bool {
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
      if let old = self.key, let region = Self.changedRegion(from: old, to: key) {
        let topLeft = painter.pixels(Point(x: region.minX, y: region.minY))
        let bottomRight = painter.pixels(Point(x: region.maxX, y: region.maxY))
        var clip = SDL_Rect(
          x: Int32(topLeft.x.rounded(.down)), y: Int32(topLeft.y.rounded(.down)),
          w: Int32((bottomRight.x - topLeft.x).rounded(.up)) + 1, h: Int32((bottomRight.y - topLeft.y).rounded(.up)) + 1
        )
        SDL_RenderSetClipRect(renderer, &clip)
        content(region)
        painter.flush()
        SDL_RenderSetClipRect(renderer, nil)
        partialRenderCount += 1
      } else {
        content(nil)
        painter.flush()
      }
      SDL_SetRenderTarget(renderer, nil)
      self.key = key
      renderCount += 1
    }
    SDL_RenderCopy(renderer, texture, nil, nil)
    return true
  }
}
