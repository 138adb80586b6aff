import Composable
import CurveDocument
import CurveGeometry

/// Runs `base`, then keys what it edited (`Editor.State.keyEdits`): the timeline's own
/// actions are left alone, as they key, or show a moment, themselves.
struct KeyingEdits<Base: Reducer>: Reducer where Base.State == Editor.State, Base.Action == Editor.Action {
  let base: Base

  func reduce(into state: inout Editor.State, action: Editor.Action) -> Effect<Editor.Action> {
    // The timeline's own actions keep no copy of the curves: holding one while a frame moves
    // 10,000 of them made every point array be copied to be written.
    guard !action.is(\.keyframes) else { return base.reduce(into: &state, action: action) }
    // Without a timeline nothing is keyed, and no copy is kept: holding one made a drag of
    // 10,000 curves copy the whole array at each step to write it.
    guard state.drawing.timeline != nil else { return base.reduce(into: &state, action: action) }
    let revision = state.drawing.revision, before = state.drawing.curves, motions = state.drawing.groupMotions
    let effect = base.reduce(into: &state, action: action)
    if state.drawing.timeline != nil { state.keyEdits(since: revision, before: before, motions: motions) }
    return effect
  }
}

extension Editor.State {
  /// After an edit (the drawing's revision moved from `revision`): each curve that changed
  /// from `before` is keyed at the playhead when its track has a keyframe there, or with
  /// auto-key on (a curve with no track then gets one). A change of a keyed curve's nodes
  /// leaves its keyframes unfitting: they are not played, and saving drops them. A curve
  /// its group's keyed motion moved (`motions` were the groups' before) is not keyed: the
  /// group's track was.
  mutating func keyEdits(since revision: Int, before: IdentifiedArrayOf<Curve.State>, motions: [String: Affine] = [:]) {
    guard drawing.revision != revision, let timeline = drawing.timeline, !playhead.isPlaying else { return }
    let time = playhead.time
    let tracks = Dictionary(timeline.tracks.map { ($0.curve, $0) }, uniquingKeysWith: { first, _ in first })
    for curve in drawing.curves where before[id: curve.id] != curve {
      if let group = curve.group, motions[group] != drawing.groupMotions[group] { continue }
      let record = Document.CurveRecord(curve)
      if let track = tracks[curve.id] {
        guard track.keyframes.allSatisfy({ $0.fits(record) }) else {
          interaction.notice = "This curve's nodes changed, so its keyframes no longer fit it: they will not play, and saving drops them (undo the edit to keep them)."
          continue
        }
        guard playhead.autoKey || track.keyframes.contains(where: { abs($0.time - time) < Timeline.sameTime }) else { continue }
      } else if !playhead.autoKey {
        continue
      }
      key(curve: curve.id, at: time)
    }
  }
}
