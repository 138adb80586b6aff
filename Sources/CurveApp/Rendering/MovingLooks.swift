import CurveFeature
import CurveGeometry
import CurveRaster

/// The looks of the objects a selector drag moves, recorded once, at the drag's first frame,
/// and carried to where each later step puts them (`DisplayList.transformed`): a drag step
/// then rasterizes the moved curves without flattening and stroking them again, the part
/// that cost most of a frame moving 10,000 curves. Released, the drag's last frame records
/// them anew, at their size.
@MainActor
final class MovingLooks {
  struct Key: Equatable {
    /// The drag: its press (the revision it started from) and what it moves.
    var startRevision: Int
    var objects: [DrawingObject]
    var viewport: Viewport.State
    var groups: [Group]
    var width: Int
    var height: Int
    var scale: Double
  }

  private var key: Key?
  /// The lists as recorded, and the drag's transform (document units) they were recorded at.
  private var lists: [DisplayList] = []
  private var recordedAt = Affine.identity
  /// The lists last drawn, and the drawing's revision they show.
  private var shown: (lists: [DisplayList], revision: Int)?
  /// How many times lists were recorded: once a drag.
  private(set) var recordings = 0

  /// The lists for a drag now at `transform`: those recorded for `key`, carried from where
  /// they were recorded; recorded by `record` first when the key is new. Nil when they
  /// cannot be carried (`DisplayList.transformed`), and the caller records them itself.
  func lists(for key: Key, at transform: Affine, revision: Int, record: () -> [DisplayList]) -> [DisplayList]? {
    let carried = carry(key, to: transform, record: record)
    shown = carried.map { ($0, revision) }
    return carried
  }

  private func carry(_ key: Key, to transform: Affine, record: () -> [DisplayList]) -> [DisplayList]? {
    if key != self.key {
      self.key = key
      lists = record()
      recordings += 1
      recordedAt = transform
      return lists
    }
    guard let undo = recordedAt.inverted else { return nil }
    // Pixels = (origin + document × zoom) × scale; the step's move, seen in pixels.
    let zoom = key.viewport.zoom * key.scale
    let toPixels = Affine.translate(x: key.viewport.origin.x * key.scale, y: key.viewport.origin.y * key.scale) * .scale(x: zoom)
    guard let fromPixels = toPixels.inverted else { return nil }
    let move = toPixels * transform * undo * fromPixels
    var carried: [DisplayList] = []
    for list in lists {
      guard let moved = list.transformed(by: move) else { return nil }
      carried.append(moved)
    }
    return carried
  }

  /// Once the drag has ended: the lists it drew last, while the layer that now holds the
  /// moved curves is still being drawn (`isSettled` false) and the drawing is as they show it
  /// (`revision`), so released objects do not vanish until it arrives; nil after that, when
  /// the lists are let go.
  func leftover(revision: Int, isSettled: Bool) -> [DisplayList]? {
    key = nil
    lists = []
    guard !isSettled, let shown, shown.revision == revision else {
      shown = nil
      return nil
    }
    return shown.lists
  }
}
