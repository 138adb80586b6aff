import Composable
import CurveDocument
import CurveGeometry
import Foundation

/// The timeline played in the editor: the keyed curves, groups and view shown as the timeline
/// has them at a moment, each point moved in place (10,000 curves move every frame). Showing a
/// moment is not an edit: it moves neither the drawing's revision nor the undo history.
extension Editor.State {
  /// Shows `time` as `show(time:)` does, and moves the window's view to the timeline's there
  /// when it keys one: going through the timeline (playing, scrubbing, stepping) shows what
  /// each frame shows. An edit leaves the view where the user put it.
  mutating func go(to time: Double) {
    show(time: time)
    guard let box = drawing.timeline?.viewBox(atLocalTime: playhead.time) else { return }
    viewport.show(box)
  }

  /// Moves the playhead to `time` (held within the timeline) and the keyed curves to where
  /// the timeline has them then. Not an edit.
  public mutating func show(time: Double) {
    guard let timeline = drawing.timeline else { return }
    playhead.time = min(max(time, 0), timeline.duration)
    var moved = false
    let motions = timeline.groupMotions(at: playhead.time, groups: drawing.groups)
    var keyed = Set<Curve.State.ID>()
    for track in timeline.tracks {
      guard let index = drawing.curves.index(id: track.curve) else { continue }
      // The curve is read in place, never copied: a copy of each of 10,000 curves (and of
      // its points, to compare) was a third of a frame's state update.
      guard track.keyframes.allSatisfy({ drawing.curves[index].isFitted(by: $0) }) else { continue }
      let motion: Affine = motions.isEmpty ? .identity : drawing.curves[index].group.flatMap { motions[$0] } ?? .identity
      // Most keyframes leave nothing out: those are read where they are, not copied (with
      // their styles) for each of 10,000 curves a frame; the curve fills in what one leaves out.
      guard let span = track.span(at: playhead.time) else { continue }
      let hasSubpaths: Bool
      if track.keyframes.allSatisfy({ $0.subpaths != nil && $0.style != nil }) {
        drawing.curves[index].move(from: track.keyframes[span.from], to: track.keyframes[span.to], span, through: motion, moved: &moved)
        hasSubpaths = true
      } else {
        let (from, to) = track.keyframes(of: span, from: drawing.stillRecord(of: Document.CurveRecord(drawing.curves[index])))
        drawing.curves[index].move(from: from, to: to, span, through: motion, moved: &moved)
        hasSubpaths = from.subpaths != nil
      }
      if hasSubpaths, !timeline.groupTracks.isEmpty { keyed.insert(track.curve) }
    }
    if !timeline.groupTracks.isEmpty { showGroups(of: timeline, motions: motions, keyed: keyed, moved: &moved) }
    if moved { drawing.markFrameShown() }
  }

  /// The animated groups at the playhead: their opacities, and their curves (but those
  /// `keyed`, which their tracks placed) moved from where the last frame had them.
  private mutating func showGroups(of timeline: Timeline, motions: [String: Affine], keyed: Set<Curve.State.ID>, moved: inout Bool) {
    for track in timeline.groupTracks {
      guard let index = drawing.groups.firstIndex(where: { $0.id == track.group }),
        let opacity = track.value(at: playhead.time, from: drawing.groups[index])?.opacity, drawing.groups[index].opacity != opacity
      else { continue }
      drawing.groups[index].opacity = opacity
      moved = true
    }
    guard motions != drawing.groupMotions else { return }
    for index in drawing.curves.indices {
      let id = drawing.curves[index].id
      guard let group = drawing.curves[index].group, !keyed.contains(id) else { continue }
      let before = drawing.groupMotions[group] ?? .identity, after = motions[group] ?? .identity
      guard before != after else { continue }
      // From where it is with its groups still: kept aside while a motion collapses it.
      var still: Curve.State
      if let collapsed = drawing.collapsedCurves[id] {
        still = collapsed
      } else if let undo = before.inverted {
        still = drawing.curves[index]
        still.transform(by: undo)
      } else {
        continue
      }
      if after.inverted == nil { drawing.collapsedCurves[id] = still } else { drawing.collapsedCurves[id] = nil }
      still.transform(by: after)
      drawing.curves[index] = still
      moved = true
    }
    drawing.groupMotions = motions
  }
}

extension Curve.State {
  /// Whether `keyframe`'s subpaths (if it has any) have this curve's subpaths, points, nodes
  /// and closure. By index, so that neither the subpaths nor the points are copied to compare.
  func isFitted(by keyframe: Timeline.Keyframe) -> Bool {
    guard let keyed = keyframe.subpaths else { return true }
    guard keyed.count == subpaths.count else { return false }
    for subpath in keyed.indices {
      guard keyed[subpath].closed == subpaths[subpath].isClosed, keyed[subpath].points.count == subpaths[subpath].points.count else { return false }
      for point in keyed[subpath].points.indices where (keyed[subpath].points[point].node == nil) != (subpaths[subpath].points[point].node == nil) {
        return false
      }
    }
    return true
  }
}

extension Curve.State {
  /// Shows the curve `span`'s shares of the way from `from` to `to` (the shape's and the
  /// style's), its points then carried by `motion` (its group's, `Drawing.groupMotions`).
  mutating func move(from: Timeline.Keyframe, to: Timeline.Keyframe, _ span: Timeline.Track.Span, through motion: Affine = .identity, moved: inout Bool) {
    let share = span.share
    if let start = from.subpaths {
      let end = to.subpaths ?? start
      // Each subpath reached once, in place: reaching each point through the curve's
      // subpaths copied the subpath for every point.
      func move(_ subpath: inout Subpath.State, from a: [Document.PointRecord], to b: [Document.PointRecord]) {
        for pointIndex in subpath.points.indices {
          // The coordinates alone: a whole record copied would retain its colour's text.
          let px = a[pointIndex].x, py = a[pointIndex].y, qx = b[pointIndex].x, qy = b[pointIndex].y
          var position = Point(x: px + (qx - px) * share, y: py + (qy - py) * share)
          if motion != .identity { position = motion.apply(to: position) }
          if subpath.points[pointIndex].position != position {
            subpath.points[pointIndex].position = position
            moved = true
          }
        }
      }
      for subpathIndex in subpaths.indices {
        move(&subpaths[subpathIndex], from: start[subpathIndex].points, to: end[subpathIndex].points)
      }
    }
    if let start = from.style {
      var shown = start.interpolated(to: to.style ?? start, span.styleShare)
      if motion != .identity { shown = Document.CurveRecord(id: id, style: shown, subpaths: []).applying(motion).style }
      if shown != style {
        style = shown
        moved = true
      }
    }
  }
}

extension Curve.State {
  /// The curve carried by `transform`: its points, and its stroke and paints as
  /// `Document.CurveRecord.applying` scales them.
  mutating func transform(by transform: Affine) {
    let moved = Document.CurveRecord(self).applying(transform)
    for (subpath, record) in zip(subpaths.indices, moved.subpaths) {
      for (point, position) in zip(subpaths[subpath].points.indices, record.points) {
        subpaths[subpath].points[point].position = Point(x: position.x, y: position.y)
      }
    }
    style = moved.style
  }
}
