import CurveFeature
import CurveGeometry
import CurveRaster

/// The canvas content that the current interaction does not change (the page, the grid and
/// every curve not being edited or animated), rendered once into an image that starts each
/// frame. A drag in a document of 1,000 curves then redraws one curve, not 1,000.
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

  private var image: PixelBuffer?
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

  /// Starts the frame with the layer, first rendering with `content` what changed since the
  /// last key: `content(region)` draws what touches `region` (clipped to it), or everything
  /// when `region` is nil.
  func draw(key: Key, painter: Painter, content: (Rect?) -> Void) {
    let canvas = painter.canvas
    if let image, image.width != canvas.width || image.height != canvas.height {
      self.image = nil
      self.key = nil
    }
    if let image, key == self.key {
      canvas.replaceImage(with: image)
      return
    }
    if let image, let old = self.key, let region = Self.changedRegion(from: old, to: key) {
      canvas.replaceImage(with: image)
      canvas.clip = painter.pixelRect(region)
      content(region)
      canvas.clip = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
      partialRenderCount += 1
    } else {
      content(nil)
    }
    // Shares the canvas's storage until the frame draws over it, which then copies it.
    image = canvas.image
    self.key = key
    renderCount += 1
  }
}
