import CurveFeature
import CurveGeometry
import CurveRaster
import Foundation

/// The timeline's marks on the canvas: the onion skin of the keyframes either side of the
/// playhead, and the frame a keyed view shows.
extension CanvasPainter {
  static let onionBefore = RGBA8(r: 214, g: 39, b: 40, a: 110)
  static let onionAfter = RGBA8(r: 44, g: 160, b: 44, a: 110)

  /// With onion skin on, each keyed curve's keyframes either side of the playhead, outlined
  /// faintly: the one before in red, the one after in green, each colour in one stroke. A
  /// curve in a moving group is outlined where the group's track puts it at that keyframe's
  /// time, and the other curves of a moving group where its own keyframes either side put them.
  /// The view's keyframes either side are framed in the same colours.
  func drawOnionSkin() {
    guard state.playhead.showsOnionSkin, let timeline = state.drawing.timeline else { return }
    let now = state.playhead.time
    var before: [Bezier] = [], after: [Bezier] = []
    var motions: [Double: [String: Affine]] = [:]
    func motion(of group: String?, at time: Double) -> Affine {
      guard let group, !timeline.groupTracks.isEmpty else { return .identity }
      if motions[time] == nil { motions[time] = timeline.groupMotions(at: time, groups: state.drawing.groups) }
      return motions[time]?[group] ?? .identity
    }
    func outlines(_ subpaths: [Document.SubpathRecord], _ motion: Affine) -> [Bezier] {
      subpaths.flatMap(\.segments).compactMap { Bezier($0.map { viewport.screenPoint(atDocument: motion.apply(to: $0)) }) }
    }
    func neighbours(_ times: [Double]) -> (earlier: Double?, later: Double?) {
      (times.last { $0 < now - 1e-9 }, times.first { $0 > now + 1e-9 })
    }
    var tracked = Set<UUID>()
    for track in timeline.tracks {
      guard let curve = state.drawing.curves[id: track.curve] else { continue }
      tracked.insert(curve.id)
      let keyframes = track.filledKeyframes(from: state.drawing.stillRecord(of: Document.CurveRecord(curve)))
      let (earlier, later) = neighbours(keyframes.map(\.time))
      if let earlier, let key = keyframes.first(where: { $0.time == earlier }) { before += outlines(key.subpaths ?? [], motion(of: curve.group, at: earlier)) }
      if let later, let key = keyframes.first(where: { $0.time == later }) { after += outlines(key.subpaths ?? [], motion(of: curve.group, at: later)) }
    }
    let groups = Dictionary(state.drawing.groups.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for track in timeline.groupTracks {
      let (earlier, later) = neighbours(track.keyframes.map(\.time))
      guard earlier != nil || later != nil else { continue }
      for curve in state.drawing.curves where !tracked.contains(curve.id) && Group.chain(of: curve.group, in: groups).contains(where: { $0.id == track.group }) {
        let still = state.drawing.stillRecord(of: Document.CurveRecord(curve)).subpaths
        if let earlier { before += outlines(still, motion(of: curve.group, at: earlier)) }
        if let later { after += outlines(still, motion(of: curve.group, at: later)) }
      }
    }
    painter.curves(before, tolerance: Theme.flatteningTolerance, width: 2, Self.onionBefore)
    painter.curves(after, tolerance: Theme.flatteningTolerance, width: 2, Self.onionAfter)
    // The view's keyframes either side, framed as the frame at the playhead is.
    let (earlierView, laterView) = neighbours(timeline.view.map(\.time))
    for (time, color) in [(earlierView, Self.onionBefore), (laterView, Self.onionAfter)] {
      guard let time, let key = timeline.view.first(where: { $0.time == time }), let corners = viewFrameCorners(key.box) else { continue }
      painter.line(corners, width: Self.viewFrameWidth, color)
    }
  }

  static let viewFrame = RGBA8(r: 128, g: 64, b: 200, a: 220)

  static let viewFrameWidth = 1.5

  /// With a keyed view, what the frame at the playhead shows, outlined. Seen wherever the
  /// window's own view has been zoomed or panned to.
  func drawViewFrame() {
    guard let box = state.drawing.timeline?.viewBox(atLocalTime: state.playhead.time), let corners = viewFrameCorners(box) else { return }
    painter.line(corners, width: Self.viewFrameWidth, Self.viewFrame)
  }

  /// The corners, on the screen and closed, of what a frame showing `box` shows: the box
  /// grown to the canvas's shape about its centre, as an export fits it. Nil for an empty box.
  private func viewFrameCorners(_ box: Rect) -> [Point]? {
    guard box.width > 0, box.height > 0 else { return nil }
    let canvas = viewport.canvas
    let fit = min(canvas.width / box.width, canvas.height / box.height)
    let centre = Point(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2)
    let half = Point(x: canvas.width / fit / 2, y: canvas.height / fit / 2)
    return [Point(x: -1, y: -1), Point(x: 1, y: -1), Point(x: 1, y: 1), Point(x: -1, y: 1), Point(x: -1, y: -1)].map { corner in
      viewport.screenPoint(atDocument: Point(x: centre.x + corner.x * half.x, y: centre.y + corner.y * half.y))
    }
  }
}
