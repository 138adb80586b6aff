import CMalloc
import CurveFeature
import CurveGeometry
import CurveRaster
import Dispatch
import Foundation
import Synchronization

/// The canvas content that the current interaction does not change (a `StaticScene`),
/// rasterized once into an image that starts each frame. A drag in a document of 1,000
/// curves then redraws one curve, not 1,000.
///
/// When the scene changes (a curve leaves or rejoins it, the view zooms or pans), the layer
/// is drawn again: in the frame itself when that is quick (the last full drawing took under
/// `synchronousBudget`; only the changed region when few curves changed), or else, in the
/// window, on its `worker`'s thread while frames go on over the layer as it was, moved and
/// scaled to the new view. Each frame then stays interactive with 10,000 curves, and the
/// layer catches up a few hundred milliseconds later (`onUpdate` asks for a frame).
@MainActor
final class StaticLayer {
  struct Key: Equatable {
    var scene: StaticScene
    var layout: Layout
  }

  /// Where a slow redraw runs, off the main thread: the window's layer has a worker; headless
  /// frames (render, replay, tests) have none and draw everything before they return.
  let worker: LayerWorker?
  /// Called on the main thread when a background drawing has arrived.
  var onUpdate: () -> Void = {}
  /// What a selector drag moves over the layer, recorded once for the drag.
  let movingLooks = MovingLooks()

  /// The layer as last drawn, which starts each frame; replaced, never changed in place.
  private(set) var image: PixelBuffer?
  private var key: Key?
  /// A drawing slower than this goes to the background.
  private let budget: Duration
  /// How long the last full drawing took.
  private var lastFullDrawing: Duration?
  /// The newest background drawing asked for; older ones stop or are dropped.
  private var requested: Key?
  private let generation = Generation()

  /// Above this many changed curves, the layer is drawn whole: enough for a line of text
  /// typed in (a curve a glyph), whose region is small; `regionFitsInFrame` still sends a
  /// large region to the background.
  static let maximumChangedCurvesForPartialRender = 128
  /// A drawing slower than this leaves the frame and goes to a background thread.
  static let synchronousBudget = Duration.milliseconds(8)

  init(worker: LayerWorker? = nil, synchronousBudget: Duration = StaticLayer.synchronousBudget) {
    self.worker = worker
    self.budget = synchronousBudget
  }

  /// Whether the image shows the scene last asked for.
  var isSettled: Bool { requested == nil }

  /// The part of the canvas that differs between two keys: the bounds of every curve added,
  /// removed or changed, before and after. Nil when the whole layer must be drawn.
  static func changedRegion(from old: Key, to new: Key) -> Rect? {
    guard old.scene.display == new.scene.display, old.scene.viewport == new.scene.viewport, old.scene.area == new.scene.area,
      old.layout == new.layout, let changed = changedCurves(from: old.scene.curves, to: new.scene.curves), !changed.isEmpty
    else { return nil }
    let viewport = new.scene.viewport
    return changed.dropFirst().reduce(StaticScene.bounds(of: changed[0], in: viewport)) { $0.union(StaticScene.bounds(of: $1, in: viewport)) }
  }

  /// The curves added, removed or changed (both versions) between two scenes; nil when there
  /// are more than a partial drawing is worth. Found in one walk from each end, without hashing
  /// 10,000 ids a frame: the curves between the ids both scenes start and end with are new,
  /// gone or moved in the stacking order; those they share are compared.
  private static func changedCurves(from old: [Curve.State], to new: [Curve.State]) -> [Curve.State]? {
    let limit = maximumChangedCurvesForPartialRender * 2
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix].id == new[prefix].id { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix].id == new[new.count - 1 - suffix].id {
      suffix += 1
    }
    guard (old.count - prefix - suffix) + (new.count - prefix - suffix) <= limit else { return nil }
    var changed = Array(old[prefix..<(old.count - suffix)] + new[prefix..<(new.count - suffix)])
    for (before, after) in [zip(old[..<prefix], new[..<prefix]), zip(old.suffix(suffix), new.suffix(suffix))].joined()
    where before != after {
      changed += [before, after]
      guard changed.count <= limit else { return nil }
    }
    return changed
  }

  /// Starts the frame with the layer for `scene`, drawing it first if it changed.
  func draw(_ scene: StaticScene, layout: Layout, painter: Painter) {
    let key = Key(scene: scene, layout: layout)
    let canvas = painter.canvas
    let isQuick = lastFullDrawing.map { $0 < budget } ?? true
    if let image, image.width != canvas.width || image.height != canvas.height {
      // A resized window: a slow layer is redrawn in the background, from the old one.
      if worker != nil, !isQuick {
        self.image = image.resized(width: canvas.width, height: canvas.height, background: Theme.Palette.pasteboard)
      } else {
        self.image = nil
        self.key = nil
      }
    }
    if let image, key == self.key {
      requested = nil
      canvas.replaceImage(with: image)
      return
    }
    // A few curves changed (one selected or released): their region is drawn in the frame
    // when its share of the last full drawing's time is within budget.
    let region = image == nil ? nil : self.key.flatMap { Self.changedRegion(from: $0, to: key) }
    let isRegionQuick = region.map {
      Self.regionFitsInFrame($0, of: key.layout.canvasArea, lastFullDrawing: lastFullDrawing, budget: budget)
    } ?? false
    guard let worker, !isQuick, !isRegionQuick, image != nil else {
      drawNow(key, region: region, painter: painter)
      return
    }
    if requested != key { drawInBackground(key, on: worker, width: canvas.width, height: canvas.height, scale: painter.scale) }
    canvas.replaceImage(with: preview(for: key, painter: painter))
  }

  /// Whether drawing `region` again fits in a frame: its share of `area` (roughly its share
  /// of the drawing's time) of the last full drawing is within `budget`.
  static func regionFitsInFrame(_ region: Rect, of area: Rect, lastFullDrawing: Duration?, budget: Duration) -> Bool {
    guard let lastFullDrawing else { return true }
    let width = min(region.maxX, area.maxX) - max(region.minX, area.minX)
    let height = min(region.maxY, area.maxY) - max(region.minY, area.minY)
    guard width > 0, height > 0, area.width > 0, area.height > 0 else { return true }
    return lastFullDrawing * (width * height / (area.width * area.height)) < budget
  }

  /// Draws in the frame: only the changed `region` when there is one, else everything.
  private func drawNow(_ key: Key, region: Rect?, painter: Painter) {
    let canvas = painter.canvas
    requested = nil
    generation.advance()
    var drawing = painter
    if let image, let region {
      canvas.replaceImage(with: image)
      canvas.clip = painter.pixelRect(region)
      key.scene.draw(in: region, into: &drawing)
      canvas.clip = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
    } else {
      let start = ContinuousClock.now
      canvas.draw(key.scene.record(width: canvas.width, height: canvas.height, scale: painter.scale))
      canvas.render()
      lastFullDrawing = ContinuousClock.now - start
    }
    // Shares the canvas's storage until the frame draws over it, which then copies it.
    image = canvas.image
    self.key = key
  }

  /// Records and rasterizes `key`'s scene on `worker`; the result replaces the image if
  /// nothing newer was asked for meanwhile.
  private func drawInBackground(_ key: Key, on worker: LayerWorker, width: Int, height: Int, scale: Double) {
    requested = key
    let ticket = generation.advance()
    let generation = generation
    worker.start { [weak self] in
      guard generation.current == ticket else { return }
      let start = ContinuousClock.now
      let lists = key.scene.record(width: width, height: height, scale: scale)
      guard generation.current == ticket else { return }
      var image = PixelBuffer(width: width, height: height)
      BandRenderer.render(lists, into: &image, clip: PixelRect(x: 0, y: 0, width: width, height: height)) {
        generation.current != ticket
      }
      let duration = ContinuousClock.now - start
      guard generation.current == ticket else { return }
      DispatchQueue.main.async {
        MainActor.assumeIsolated {
          guard let self, generation.current == ticket else { return }
          self.image = image
          self.key = key
          self.requested = nil
          self.lastFullDrawing = duration
          // The drawing's lists were freed on the workers' heaps; give the pages back.
          malloc_trim(0)
          self.onUpdate()
        }
      }
    }
  }

  /// The layer as it was, moved and scaled from its view to `key`'s (pixels it had no content
  /// for show the pasteboard), until the new drawing arrives.
  private func preview(for key: Key, painter: Painter) -> PixelBuffer {
    guard let image, let old = self.key else { return PixelBuffer(width: painter.canvas.width, height: painter.canvas.height) }
    let before = old.scene.viewport, after = key.scene.viewport
    guard before != after || old.layout != key.layout else { return image }
    // screen = origin + document × zoom, in units; pixels are units × scale.
    let factor = after.zoom / before.zoom
    let shift = (after.origin - before.origin * factor) * painter.scale
    let area = painter.pixelRect(key.layout.canvasArea)
    return image.resampled(scale: factor, offsetX: shift.x, offsetY: shift.y, within: area, background: Theme.Palette.pasteboard)
  }
}

/// A counter of requests shared with the layer's queue: a drawing whose ticket is no longer
/// current is stale.
private final class Generation: Sendable {
  private let value = Mutex(0)
  var current: Int { value.withLock { $0 } }
  @discardableResult
  func advance() -> Int { value.withLock { $0 += 1; return $0 } }
}

/// Where a static layer's slow drawings run, off the main thread. Each job records and
/// rasterizes a scene, then hands the image to the main queue itself.
package struct LayerWorker: Sendable {
  /// Starts `job` on another thread.
  let start: @Sendable (_ job: @escaping @Sendable () -> Void) -> Void

  /// The window's: a serial queue of the layer's own at user-initiated priority, so a newer
  /// drawing starts once the one it replaces has stopped.
  package static func queue() -> LayerWorker {
    let queue = DispatchQueue(label: "curves.static-layer", qos: .userInitiated)
    return LayerWorker { queue.async(execute: $0) }
  }
}
