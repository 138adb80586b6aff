import Composable
import CurveDocument
import CurveGeometry
import Foundation

/// Keying from the editor: what the timeline records of the drawing as it is now, and the
/// undo steps of a keyframe's edits.
extension Editor.State {
  /// Records `before` as the undo step of a retime or easing of `mark`, unless it continues
  /// the one under way (the same mark, nothing else recorded since): a drag on the strip is
  /// one step.
  mutating func recordKeyEdit(of mark: Playhead.Mark, before: DrawingSnapshot, retimes: Bool) {
    if playhead.keyEdit != Playhead.KeyEdit(mark: mark, retimes: retimes, undoCount: history.undoCount) { history.record(before) }
    playhead.keyEdit = Playhead.KeyEdit(mark: mark, retimes: retimes, undoCount: history.undoCount)
  }

  /// Every keyframe's time, of any curve or group or the view, in order, once each.
  var keyTimes: [Double] { drawing.timeline?.keyTimes ?? [] }

  /// The easing the selected keyframe leaves with: what the strip's easing editor shows.
  public var selectedEasing: Easing? {
    playhead.selectedKey.flatMap { drawing.timeline?.easing(at: $0) }
  }

  /// Changes, at the keyframe under the playhead, the subpath of the first selected point by
  /// `change` (the user's override of where a morph starts it and which way it runs: the
  /// keyframes then correspond point by point as they are), saying what it did.
  mutating func changeSubpathAtKeyframe(done: String, _ change: (Document.SubpathRecord) -> Document.SubpathRecord?) {
    guard let reference = interaction.selection.first, let curve = drawing.curves[id: reference.curve],
      let slot = curve.subpaths.firstIndex(where: { $0.points[id: reference.point] != nil }),
      let track = drawing.timeline?.tracks.firstIndex(where: { $0.curve == reference.curve }),
      let key = drawing.timeline?.tracks[track].keyframes.firstIndex(where: { abs($0.time - playhead.time) < Timeline.sameTime }),
      let subpaths = drawing.timeline?.tracks[track].keyframes[key].subpaths, slot < subpaths.count
    else {
      interaction.notice = "Go to a keyframe of a keyed curve (, or .) and select a point of the subpath to change there."
      return
    }
    guard let changed = change(subpaths[slot]) else {
      interaction.notice = "Only a closed subpath whose segments are all of one degree can start elsewhere or turn round (E raises a segment)."
      return
    }
    history.record(undoSnapshot)
    drawing.timeline?.tracks[track].keyframes[key].subpaths?[slot] = changed
    drawing.markEdited()
    show(time: playhead.time)
    interaction.notice = "Subpath \(slot + 1) \(done) at \(Keyframes.seconds(playhead.time)): the morph follows."
  }

  /// Keys `curve` at `time` as it is now: its keyframe there replaced, or a new one (linear
  /// until set otherwise).
  mutating func key(curve id: Curve.State.ID, at time: Double) {
    guard let curve = drawing.curves[id: id] else { return }
    key(record: Document.CurveRecord(curve), at: time)
  }

  /// Keys the curve `record` names at `time` with `record`'s subpaths and style, where the
  /// curve is with its groups still, as a group track carries it from there.
  mutating func key(record: Document.CurveRecord, at time: Double) {
    guard drawing.timeline != nil else { return }
    let still = drawing.stillRecord(of: record)
    drawing.timeline?.key(still, at: time)
  }
}
