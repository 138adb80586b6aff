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
  /// Where each of `key`'s curves can reach on screen (`StaticScene.FilterReach`, without marks),
  /// once a partial drawing has needed them: the next one measures only the curves that
  /// changed (in a page of text, 2 ms a key saved).
  private var curveBounds: [Rect]?
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
  /// What the filter results kept between frames may take: 64 MB.
  static let filterResultBytes = 64 << 20

  init(worker: LayerWorker? = nil, synchronousBudget: Duration = StaticLayer.synchronousBudget) {
    self.worker = worker
    self.budget = synchronousBudget
    // A filtered group drawn again over what moves under it reuses its filter's result.
    FilterResultCache.shared.capacity = max(FilterResultCache.shared.capacity, Self.filterResultBytes)
  }

  /// Whether the image shows the scene last asked for.
  var isSettled: Bool { requested == nil }

  /// The part of the canvas that differs between two keys: the bounds of every curve added,
  /// removed or changed, before and after. Nil when the whole layer must be drawn.
  static func changedRegion(from old: Key, to new: Key) -> Rect? {
    change(from: old, to: new)?.region
  }

  /// What differs between two scenes: the region to draw again, how many curves the two
  /// share at the start and at the end of their order (the same ids in the same places),
  /// and the places among those of the ones whose looks changed.
  struct Change {
    var region: Rect
    var prefix: Int
    var suffix: Int
    var altered: [Int]
  }

  /// What differs between two keys; nil when the whole layer must be drawn.
  private static func change(from old: Key, to new: Key) -> Change? {
    guard old.scene.display == new.scene.display, old.scene.viewport == new.scene.viewport, old.scene.area == new.scene.area,
      old.layout == new.layout, let (changed, prefix, suffix, altered) = changedCurves(from: old.scene.curves, to: new.scene.curves),
      !changed.isEmpty
    else { return nil }
    // Handles are the layer's only while it shows every curve's. A curve in a filtered group
    // reaches its filter's region, before and after.
    let viewport = new.scene.viewport, marks = new.scene.display.handles == .all
    let before = StaticScene.FilterReach(groups: old.scene.groups, viewport: viewport)
    let after = old.scene.groups == new.scene.groups ? before : StaticScene.FilterReach(groups: new.scene.groups, viewport: viewport)
    func reach(_ curve: Curve.State) -> Rect {
      before.reach(of: curve, in: viewport, marks: marks).union(after.reach(of: curve, in: viewport, marks: marks))
    }
    let region = changed.dropFirst().reduce(reach(changed[0])) { $0.union(reach($1)) }
    return Change(region: region, prefix: prefix, suffix: suffix, altered: altered)
  }

  /// The curves added, removed or changed (both versions) between two scenes, with the
  /// lengths of the runs of ids they start and end with alike; nil when there are more than a
  /// partial drawing is worth. Found in one walk from each end, without hashing 10,000 ids a
  /// frame: the curves between those runs are new, gone or moved in the stacking order; those
  /// the runs share are compared (`altered`: the new places of those that differ).
  private static func changedCurves(
    from old: [Curve.State], to new: [Curve.State]
  ) -> (changed: [Curve.State], prefix: Int, suffix: Int, altered: [Int])? {
    let limit = maximumChangedCurvesForPartialRender * 2
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix].id == new[prefix].id { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix].id == new[new.count - 1 - suffix].id {
      suffix += 1
    }
    guard (old.count - prefix - suffix) + (new.count - prefix - suffix) <= limit else { return nil }
    var changed = Array(old[prefix..<(old.count - suffix)] + new[prefix..<(new.count - suffix)]), altered: [Int] = []
    let shared = Array(0..<prefix) + Array((new.count - suffix)..<new.count)
    for index in shared {
      let before = old[index < prefix ? index : index - new.count + old.count], after = new[index]
      guard before != after else { continue }
      changed += [before, after]
      altered.append(index)
      guard changed.count <= limit else { return nil }
    }
    return (changed, prefix, suffix, altered)
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
    let change = image == nil ? nil : self.key.flatMap { Self.change(from: $0, to: key) }
    let region = change?.region
    let isRegionQuick = region.map {
      Self.regionFitsInFrame($0, of: key.layout.canvasArea, lastFullDrawing: lastFullDrawing, budget: budget)
    } ?? false
    guard let worker, !isQuick, !isRegionQuick, image != nil else {
      drawNow(key, change: change, painter: painter)
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

  /// Draws in the frame: only the changed region when there is a `change`, else everything.
  private func drawNow(_ key: Key, change: Change?, painter: Painter) {
    let canvas = painter.canvas
    requested = nil
    generation.advance()
    var drawing = painter
    if let image, let change {
      // The curves' reach: the old scene's where the two scenes share them, measured anew
      // between.
      let curves = key.scene.curves, viewport = key.scene.viewport
      let filters = StaticScene.FilterReach(groups: key.scene.groups, viewport: viewport)
      var bounds: [Rect]
      if let old = curveBounds, old.count == (self.key?.scene.curves.count ?? -1) {
        bounds = Array(old[..<change.prefix])
        bounds.reserveCapacity(curves.count)
        for curve in curves[change.prefix..<(curves.count - change.suffix)] { bounds.append(filters.reach(of: curve, in: viewport)) }
        bounds += old[(old.count - change.suffix)...]
        for index in change.altered { bounds[index] = filters.reach(of: curves[index], in: viewport) }
      } else {
        bounds = curves.map { filters.reach(of: $0, in: viewport) }
      }
      canvas.replaceImage(with: image)
      canvas.clip = painter.pixelRect(change.region)
      key.scene.draw(in: change.region, curveBounds: bounds, into: &drawing)
      canvas.clip = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
      curveBounds = bounds
    } else {
      curveBounds = nil
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
          self.curveBounds = nil
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
