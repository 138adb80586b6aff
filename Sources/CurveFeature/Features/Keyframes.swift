import Composable
import CurveGeometry
import Foundation

/// The document's timeline in the window: play and pause on the clock, scrub, jump between
/// keyframes, key the selection (I), delete, retime and ease a keyframe, auto-key and onion
/// skin. The curves always show the drawing at `playhead.time`.
///
/// ```swift
/// Scope(state: \.self, action: \.keyframes) { Keyframes() }
/// store.send(.keyframes(.addKeyframe))      // the selected curves keyed at the playhead
/// store.send(.keyframes(.seek(to: 1.5)))    // the curves as the timeline has them at 1.5 s
/// ```
///
/// Reduces the editor's whole state: keying reads the selection and the curves, and showing
/// a moment moves the curves. Showing a moment is not an edit (it does not move the
/// drawing's revision); keying, deleting, retiming and easing are edits, each an undo step
/// (`DrawingSnapshot` holds the timeline too; a drag of a mark or of an easing handle is
/// one step). An edit of a
/// keyed curve at a time that has its keyframe changes that keyframe; at a time without one,
/// with auto-key on, adds one (`keyEdits`, run after every action).
public struct Keyframes: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// Space: play or pause the timeline (with none, the construction plays instead).
    case togglePlaying
    /// `elapsed` of the clock's time has passed while playing.
    case advance(by: Duration)
    /// The time cursor dragged, or a time typed: the drawing then.
    case seek(to: Double)
    /// `,`: the nearest keyframe before the playhead (any curve's).
    case previousKeyframe
    /// `.`: the nearest keyframe after it.
    case nextKeyframe
    /// Ctrl+Home.
    case toStart
    /// Ctrl+End.
    case toEnd
    /// I: each curve with a selected point keyed at the playhead as it is now (a new
    /// timeline of 2 s when the document has none).
    case addKeyframe
    /// Alt+I: the view keyed at the playhead: the part of the canvas the window shows, shaped
    /// as the canvas (`Viewport.State.visibleBox`); a new timeline of 2 s when the document
    /// has none. Going through the timeline then moves the window's view with it.
    case addViewKeyframe
    /// Shift+I: the bottom of two selected curves keyed to become the top one (a morph) at the
    /// playhead (at the end when the playhead is at the start), where it is now at 0 s if it
    /// had no keyframes; the top curve goes, its shape and style now the keyframe's.
    case morphSelection
    /// A click on a keyframe's mark, or on the strip away from every mark (nil).
    case selectKeyframe(Playhead.Mark?)
    /// Delete: the selected mark (with none selected, the selected points go).
    case delete
    /// The selected mark dragged to `time`.
    case moveSelectedKeyframe(to: Double)
    /// The easing editor: how the selected keyframe moves on to the next.
    case setEasing(Easing)
    /// A click in the easing editor away from its handles: the selected keyframe's easing
    /// becomes the next preset (`Easing.nextPreset`).
    case cycleEasing
    /// An easing handle dragged to `point` of the editor's unit square (x the share of the
    /// interval, 0…1; y the share of the way, free): the selected keyframe's easing becomes
    /// that cubic-bezier.
    case moveEasingHandle(second: Bool, to: Point)
    /// At the playhead's keyframe, the selected point's closed subpath starts this many nodes
    /// on (back when negative): the user's choice of where the morph starts it.
    case moveSubpathStart(by: Int)
    /// At the playhead's keyframe, the selected point's closed subpath runs the other way.
    case reverseSubpath
    case toggleAutoKey
    case toggleOnionSkin
  }

  enum CancelID { case player }

  @Dependency(\.continuousClock) var clock

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .togglePlaying:
      guard let timeline = state.drawing.timeline else { return .none }
      state.playhead.isPlaying.toggle()
      guard state.playhead.isPlaying else { return .cancel(id: CancelID.player) }
      state.endGesture()
      if timeline.repeat == .once, state.playhead.time >= timeline.duration { state.go(to: 0) }
      return .run { [clock] send in
        await clock.ticks(every: AnimationSettings.frameInterval) { elapsed in await send(.advance(by: elapsed)) }
      }
      .cancellable(id: CancelID.player, cancelInFlight: true)

    case let .advance(elapsed):
      guard let timeline = state.drawing.timeline, state.playhead.isPlaying else { return .none }
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      guard seconds > 0, seconds.isFinite else { return .none }
      let duration = timeline.duration
      switch timeline.repeat {
      case .loop:
        state.go(to: (state.playhead.time + seconds).truncatingRemainder(dividingBy: duration))
      case .pingPong:
        // Whole round trips first: a very short timeline must not reflect millions of times.
        var next = state.playhead.time + (state.playhead.isReversing ? -seconds : seconds).truncatingRemainder(dividingBy: 2 * duration)
        while next > duration || next < 0 {
          next = next > duration ? 2 * duration - next : -next
          state.playhead.isReversing.toggle()
        }
        state.go(to: next)
      case .once:
        state.go(to: min(state.playhead.time + seconds, duration))
        if state.playhead.time >= duration {
          state.playhead.isPlaying = false
          return .cancel(id: CancelID.player)
        }
      }
      return .none

    case let .seek(time):
      guard state.drawing.timeline != nil, time.isFinite else { return .none }
      state.go(to: time)
      return .none

    case .previousKeyframe:
      guard let time = state.keyTimes.last(where: { $0 < state.playhead.time - Timeline.sameTime }) else { return .none }
      state.go(to: time)
      return .none

    case .nextKeyframe:
      guard let time = state.keyTimes.first(where: { $0 > state.playhead.time + Timeline.sameTime }) else { return .none }
      state.go(to: time)
      return .none

    case .toStart:
      guard state.drawing.timeline != nil else { return .none }
      state.go(to: 0)
      return .none

    case .toEnd:
      guard let timeline = state.drawing.timeline else { return .none }
      state.go(to: timeline.duration)
      return .none

    case .addKeyframe:
      state.endGesture()
      // A live text's glyphs are laid out again when its file opens, under new ids: keyed as
      // curves, their keyframes would be lost. Texts are keyed once they are curves.
      let selected = state.selectedCurveIDs, curves = selected.filter { !state.isTextGlyph($0) }
      guard !curves.isEmpty else {
        state.interaction.notice = selected.isEmpty
          ? "Select a point of each curve to key, then press I." : Self.textsAreNotKeyed
        return .none
      }
      state.history.record(state.undoSnapshot)
      if state.drawing.timeline == nil { state.drawing.timeline = Timeline(duration: Self.newDuration) }
      for id in curves { state.key(curve: id, at: state.playhead.time) }
      state.drawing.markEdited()
      state.interaction.notice = "Keyed \(curves.count == 1 ? "1 curve" : "\(curves.count) curves") at \(Self.seconds(state.playhead.time))"
        + (curves.count < selected.count ? "; texts are not keyed: Object to Path (Ctrl+Shift+C) first" : "")
      return .none

    case .addViewKeyframe:
      state.endGesture()
      guard state.viewport.hasArea else { return .none }
      state.history.record(state.undoSnapshot)
      if state.drawing.timeline == nil { state.drawing.timeline = Timeline(duration: Self.newDuration) }
      state.drawing.timeline?.key(view: state.viewport.visibleBox, at: state.playhead.time)
      state.drawing.markEdited()
      state.interaction.notice = "Keyed the view at \(Self.seconds(state.playhead.time))"
      return .none

    case .morphSelection:
      state.endGesture()
      let selected = state.selectedCurveIDs
      guard !selected.contains(where: state.isTextGlyph) else {
        state.interaction.notice = Self.textsAreNotKeyed
        return .none
      }
      guard selected.count == 2, let bottom = state.drawing.curves[id: selected[0]], let top = state.drawing.curves[id: selected[1]] else {
        state.interaction.notice = "Select a point of two curves: the bottom one becomes the top one over time (Shift+I)."
        return .none
      }
      state.history.record(state.undoSnapshot)
      if state.drawing.timeline == nil { state.drawing.timeline = Timeline(duration: Self.newDuration) }
      let duration = state.drawing.timeline?.duration ?? Self.newDuration
      let time = state.playhead.time > 0 ? state.playhead.time : duration
      let bottomIsKeyed = state.drawing.timeline?.tracks.contains { $0.curve == bottom.id } ?? false
      if !bottomIsKeyed { state.key(curve: bottom.id, at: 0) }
      var target = Document.CurveRecord(top)
      target.id = bottom.id
      state.key(record: target, at: time)
      state.drawing.curves.remove(id: top.id)
      // The two shapes made to correspond, so the morph plays in the window.
      if let track = state.drawing.timeline?.tracks.firstIndex(where: { $0.curve == bottom.id }), let curve = state.drawing.curves[id: bottom.id],
        let shaped = state.drawing.timeline?.tracks[track].corresponded(with: Document.CurveRecord(curve))
      {
        state.drawing.timeline?.tracks[track] = shaped.track
        state.drawing.curves[id: bottom.id] = Document.curveState(shaped.curve)
      }
      // The top curve is gone and the bottom one has new points: what was selected of them goes.
      state.forgetMissingSelection()
      state.drawing.markCurvesEdited()
      state.show(time: time)
      state.interaction.notice = "The bottom curve becomes the top one at \(Self.seconds(time))"
      return .none

    case let .selectKeyframe(mark):
      state.playhead.selectedKey = mark
      state.playhead.keyEdit = nil
      return .none

    case .delete:
      guard let mark = state.playhead.selectedKey, state.drawing.timeline != nil else { return .none }
      state.history.record(state.undoSnapshot)
      state.drawing.timeline?.removeKeyframe(at: mark)
      state.playhead.selectedKey = nil
      state.drawing.markEdited()
      state.show(time: state.playhead.time)
      return .none

    case let .moveSelectedKeyframe(time):
      guard let mark = state.playhead.selectedKey, time.isFinite else { return .none }
      let before = state.undoSnapshot
      guard let moved = state.drawing.timeline?.retimeKeyframe(at: mark, to: time) else { return .none }
      state.recordKeyEdit(of: mark, before: before, retimes: true)
      state.playhead.selectedKey?.time = moved
      state.playhead.keyEdit?.mark.time = moved
      state.drawing.markEdited()
      state.show(time: state.playhead.time)
      return .none

    case .cycleEasing:
      guard let easing = state.selectedEasing else { return .none }
      return reduce(into: &state, action: .setEasing(easing.nextPreset))

    case let .moveEasingHandle(second, point):
      guard let easing = state.selectedEasing, point.x.isFinite, point.y.isFinite else { return .none }
      return reduce(into: &state, action: .setEasing(easing.movingHandle(second: second, to: (point.x, point.y))))

    case let .setEasing(easing):
      let before = state.undoSnapshot
      guard let mark = state.playhead.selectedKey, state.drawing.timeline?.setEasing(easing, at: mark) == true else {
        state.interaction.notice = "Pick a keyframe on the timeline first: its easing is how it moves on to the next."
        return .none
      }
      state.recordKeyEdit(of: mark, before: before, retimes: false)
      state.drawing.markEdited()
      state.show(time: state.playhead.time)
      return .none

    case let .moveSubpathStart(steps):
      state.changeSubpathAtKeyframe(done: steps > 0 ? "starts a node on" : "starts a node back") { $0.startingAt(nodesOn: steps) }
      return .none

    case .reverseSubpath:
      state.changeSubpathAtKeyframe(done: "runs the other way") { $0.reversedDirection() }
      return .none

    case .toggleAutoKey:
      state.playhead.autoKey.toggle()
      state.interaction.notice = state.playhead.autoKey ? "Auto-key on: every edit keys its curves at the playhead." : "Auto-key off."
      return .none

    case .toggleOnionSkin:
      state.playhead.showsOnionSkin.toggle()
      return .none
    }
  }

  /// How long the timeline I makes in a document without one runs.
  /// Why a selected text is not keyed (nor morphed): its glyphs are made again when its file
  /// opens, so keyframes of theirs would not survive a save.
  static let textsAreNotKeyed = "A text is keyed once it is curves: Object to Path (Ctrl+Shift+C) first, then press I."

  static let newDuration = 2.0

  /// A time as the strip and the notices write it: "1.25 s", to the millisecond.
  public static func seconds(_ time: Double) -> String {
    guard time.isFinite, abs(time) < 1e12 else { return "\(time) s" }
    let rounded = (time * 1000).rounded() / 1000
    return (rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + " s"
  }
}

