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
    /// `,` or Page Up: the nearest keyframe before the playhead (any curve's).
    case previousKeyframe
    /// `.` or Page Down: the nearest keyframe after it.
    case nextKeyframe
    /// Home.
    case toStart
    /// End.
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
      guard let time = state.keyTimes.last(where: { $0 < state.playhead.time - Self.sameTime }) else { return .none }
      state.go(to: time)
      return .none

    case .nextKeyframe:
      guard let time = state.keyTimes.first(where: { $0 > state.playhead.time + Self.sameTime }) else { return .none }
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
      let curves = state.selectedCurveIDs
      guard !curves.isEmpty else {
        state.interaction.notice = "Select a point of each curve to key, then press I."
        return .none
      }
      state.history.record(state.undoSnapshot)
      if state.drawing.timeline == nil { state.drawing.timeline = Timeline(duration: Self.newDuration) }
      for id in curves { state.key(curve: id, at: state.playhead.time) }
      state.drawing.markEdited()
      state.interaction.notice = "Keyed \(curves.count == 1 ? "1 curve" : "\(curves.count) curves") at \(Self.seconds(state.playhead.time))"
      return .none

    case .addViewKeyframe:
      state.endGesture()
      guard state.viewport.hasArea else { return .none }
      state.history.record(state.undoSnapshot)
      if state.drawing.timeline == nil { state.drawing.timeline = Timeline(duration: Self.newDuration) }
      state.drawing.timeline!.key(view: state.viewport.visibleBox, at: state.playhead.time)
      state.drawing.markEdited()
      state.interaction.notice = "Keyed the view at \(Self.seconds(state.playhead.time))"
      return .none

    case .morphSelection:
      state.endGesture()
      let selected = state.selectedCurveIDs
      guard selected.count == 2, let bottom = state.drawing.curves[id: selected[0]], let top = state.drawing.curves[id: selected[1]] else {
        state.interaction.notice = "Select a point of two curves: the bottom one becomes the top one over time (Shift+I)."
        return .none
      }
      state.history.record(state.undoSnapshot)
      if state.drawing.timeline == nil { state.drawing.timeline = Timeline(duration: Self.newDuration) }
      let time = state.playhead.time > 0 ? state.playhead.time : state.drawing.timeline!.duration
      if !state.drawing.timeline!.tracks.contains(where: { $0.curve == bottom.id }) { state.key(curve: bottom.id, at: 0) }
      var target = Document.CurveRecord(top)
      target.id = bottom.id
      state.key(record: target, at: time)
      state.drawing.curves.remove(id: top.id)
      // The two shapes made to correspond, so the morph plays in the window.
      let track = state.drawing.timeline!.tracks.firstIndex { $0.curve == bottom.id }!
      let (shaped, curve) = state.drawing.timeline!.tracks[track].corresponded(with: Document.CurveRecord(state.drawing.curves[id: bottom.id]!))
      state.drawing.timeline!.tracks[track] = shaped
      state.drawing.curves[id: bottom.id] = Document.curveState(curve)
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
      state.drawing.timeline!.removeKeyframe(at: mark)
      state.playhead.selectedKey = nil
      state.drawing.markEdited()
      state.show(time: state.playhead.time)
      return .none

    case let .moveSelectedKeyframe(time):
      guard let mark = state.playhead.selectedKey, state.drawing.timeline != nil, time.isFinite else { return .none }
      let before = state.undoSnapshot
      guard let moved = state.drawing.timeline!.retimeKeyframe(at: mark, to: time) else { return .none }
      state.recordKeyEdit(of: mark, before: before, retimes: true)
      state.playhead.selectedKey?.time = moved
      state.playhead.keyEdit?.mark.time = moved
      state.drawing.markEdited()
      state.show(time: state.playhead.time)
      return .none

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

  /// Two times this close are one keyframe's.
  static let sameTime = 1e-9
  /// The closest two keyframes of one curve may come: a frame at 1,000 fps.
  static let minimumGap = 0.001
  /// How long the timeline I makes in a document without one runs.
  static let newDuration = 2.0

  /// A time as the strip and the notices write it: "1.25 s", to the millisecond.
  public static func seconds(_ time: Double) -> String {
    guard time.isFinite, abs(time) < 1e12 else { return "\(time) s" }
    let rounded = (time * 1000).rounded() / 1000
    return (rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + " s"
  }
}

extension Editor.State {
  /// Records `before` as the undo step of a retime or easing of `mark`, unless it continues
  /// the one under way (the same mark, nothing else recorded since): a drag on the strip is
  /// one step.
  mutating func recordKeyEdit(of mark: Playhead.Mark, before: DrawingSnapshot, retimes: Bool) {
    if playhead.keyEdit != Playhead.KeyEdit(mark: mark, retimes: retimes, undoCount: history.undoCount) { history.record(before) }
    playhead.keyEdit = Playhead.KeyEdit(mark: mark, retimes: retimes, undoCount: history.undoCount)
  }
}

extension Clock where Duration == Swift.Duration {
  /// Runs `tick` every `interval` with the time that has passed since the last: the playhead
  /// moves by it, so a document slower to draw than the display still plays in real time, in
  /// fewer frames.
  func ticks(every interval: Duration, _ tick: (Duration) async -> Void) async {
    var last = now
    for await _ in timer(interval: interval) {
      let current = now
      await tick(last.duration(to: current))
      last = current
    }
  }
}

extension Editor.State {
  /// Changes, at the keyframe under the playhead, the subpath of the first selected point by
  /// `change` (the user's override of where a morph starts it and which way it runs: the
  /// keyframes then correspond point by point as they are), saying what it did.
  mutating func changeSubpathAtKeyframe(done: String, _ change: (Document.SubpathRecord) -> Document.SubpathRecord?) {
    guard let reference = interaction.selection.first, let curve = drawing.curves[id: reference.curve],
      let slot = curve.subpaths.firstIndex(where: { $0.points[id: reference.point] != nil }),
      let track = drawing.timeline?.tracks.firstIndex(where: { $0.curve == reference.curve }),
      let key = drawing.timeline!.tracks[track].keyframes.firstIndex(where: { abs($0.time - playhead.time) < Keyframes.sameTime }),
      let subpaths = drawing.timeline!.tracks[track].keyframes[key].subpaths, slot < subpaths.count
    else {
      interaction.notice = "Go to a keyframe of a keyed curve (, or .) and select a point of the subpath to change there."
      return
    }
    guard let changed = change(subpaths[slot]) else {
      interaction.notice = "Only a closed subpath whose segments are all of one degree can start elsewhere or turn round (E raises a segment)."
      return
    }
    history.record(undoSnapshot)
    drawing.timeline!.tracks[track].keyframes[key].subpaths![slot] = changed
    drawing.markEdited()
    show(time: playhead.time)
    interaction.notice = "Subpath \(slot + 1) \(done) at \(Keyframes.seconds(playhead.time)): the morph follows."
  }
}

/// A keyframe of a curve's track, a group's or the view's: what the strip's marks pick, retime
/// and ease.
protocol TimedKeyframe {
  var time: Double { get set }
  var easing: Easing { get set }
}

extension Timeline.Keyframe: TimedKeyframe {}
extension Timeline.GroupKeyframe: TimedKeyframe {}
extension Timeline.ViewKeyframe: TimedKeyframe {}

extension Timeline {
  /// Applies `edit` to the keyframes of the track `mark` is on, with the index of its
  /// keyframe; nil when there is no such keyframe. A track left empty is removed.
  private mutating func editKeyframes<Result>(at mark: Playhead.Mark, _ edit: (inout [any TimedKeyframe], Int) -> Result) -> Result? {
    func run<K: TimedKeyframe>(_ keyframes: inout [K]) -> Result? {
      guard let index = keyframes.firstIndex(where: { abs($0.time - mark.time) < Keyframes.sameTime }) else { return nil }
      var erased: [any TimedKeyframe] = keyframes
      let result = edit(&erased, index)
      keyframes = erased.map { $0 as! K }
      return result
    }
    if mark.isView { return run(&view) }
    if let group = mark.group {
      guard let track = groupTracks.firstIndex(where: { $0.group == group }) else { return nil }
      defer { if groupTracks[track].keyframes.isEmpty { groupTracks.remove(at: track) } }
      return run(&groupTracks[track].keyframes)
    }
    guard let track = tracks.firstIndex(where: { $0.curve == mark.curve }) else { return nil }
    defer { if tracks[track].keyframes.isEmpty { tracks.remove(at: track) } }
    return run(&tracks[track].keyframes)
  }

  mutating func removeKeyframe(at mark: Playhead.Mark) {
    _ = editKeyframes(at: mark) { keyframes, index in keyframes.remove(at: index) }
  }

  /// Moves the keyframe `mark` names to `time`, kept between its neighbours (keyframes keep
  /// their order, never two at one time); its new time, or nil when it cannot move.
  mutating func retimeKeyframe(at mark: Playhead.Mark, to time: Double) -> Double? {
    let duration = self.duration
    return editKeyframes(at: mark) { keyframes, key -> Double? in
      let low = key > 0 ? keyframes[key - 1].time + Keyframes.minimumGap : 0
      let high = key + 1 < keyframes.count ? keyframes[key + 1].time - Keyframes.minimumGap : duration
      guard low <= high else { return nil }
      keyframes[key].time = min(max(time, low), high)
      return keyframes[key].time
    } ?? nil
  }

  /// Sets the easing the keyframe `mark` names leaves with; false when there is none.
  mutating func setEasing(_ easing: Easing, at mark: Playhead.Mark) -> Bool {
    editKeyframes(at: mark) { keyframes, key in keyframes[key].easing = easing } != nil
  }

  /// The easing the keyframe `mark` names leaves with; nil when there is none.
  public func easing(at mark: Playhead.Mark) -> Easing? {
    var copy = self
    return copy.editKeyframes(at: mark) { keyframes, key in keyframes[key].easing }
  }

  /// Keys the view as `box` at `time`: its keyframe there given the box (keeping its easing),
  /// or a new one in time order (linear until set otherwise).
  mutating func key(view box: Rect, at time: Double) {
    if let index = view.firstIndex(where: { abs($0.time - time) < Keyframes.sameTime }) {
      view[index].box = box
    } else {
      view.insert(ViewKeyframe(time: time, box: box), at: view.firstIndex { $0.time > time } ?? view.endIndex)
    }
  }
}

extension Editor.State {
  /// Every keyframe's time, of any curve or group or the view, in order, once each.
  var keyTimes: [Double] {
    guard let timeline = drawing.timeline else { return [] }
    let times = timeline.tracks.flatMap { $0.keyframes.map(\.time) } + timeline.groupTracks.flatMap { $0.keyframes.map(\.time) } + timeline.view.map(\.time)
    return Array(Set(times)).sorted()
  }

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
      let record: Document.CurveRecord, motion: CurveGeometry.AffineTransform
      do {
        // Read once, and let go before the points move, so they are not copied to move.
        let curve = drawing.curves[index]
        guard track.keyframes.allSatisfy({ $0.fits(curve) }) else { continue }
        // The curve itself fills in what a keyframe leaves out; most leave nothing out.
        let isComplete = track.keyframes.allSatisfy { $0.subpaths != nil && $0.style != nil }
        record = isComplete ? Document.CurveRecord(id: track.curve, subpaths: []) : drawing.stillRecord(of: Document.CurveRecord(curve))
        motion = curve.group.flatMap { motions[$0] } ?? .identity
      }
      guard let (from, to, share) = track.interval(at: playhead.time, from: record) else { continue }
      // Each point moved in place: no curve is built again, as 10,000 of them move each frame.
      drawing.curves[index].move(from: from, to: to, share: share, through: motion, moved: &moved)
      if from.subpaths != nil, !timeline.groupTracks.isEmpty { keyed.insert(track.curve) }
    }
    if !timeline.groupTracks.isEmpty { showGroups(of: timeline, motions: motions, keyed: keyed, moved: &moved) }
    if moved { drawing.markFrameShown() }
  }

  /// The animated groups at the playhead: their opacities, and their curves (but those
  /// `keyed`, which their tracks placed) moved from where the last frame had them.
  private mutating func showGroups(of timeline: Timeline, motions: [String: CurveGeometry.AffineTransform], keyed: Set<Curve.State.ID>, moved: inout Bool) {
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

  /// Keys `curve` at `time` as it is now: its keyframe there replaced, or a new one (linear
  /// until set otherwise).
  mutating func key(curve id: Curve.State.ID, at time: Double) {
    guard let curve = drawing.curves[id: id] else { return }
    key(record: Document.CurveRecord(curve), at: time)
  }

  /// Keys the curve `record` names at `time` with `record`'s subpaths and style.
  mutating func key(record: Document.CurveRecord, at time: Double) {
    guard drawing.timeline != nil else { return }
    let id = record.id
    // Keyed where the curve is with its groups still, as a group track carries it from there.
    let record = drawing.stillRecord(of: record)
    let keyframe = Timeline.Keyframe(time: time, subpaths: record.subpaths, style: record.style)
    if let track = drawing.timeline!.tracks.firstIndex(where: { $0.curve == id }) {
      var keyframes = drawing.timeline!.tracks[track].keyframes
      if let same = keyframes.firstIndex(where: { abs($0.time - time) < Keyframes.sameTime }) {
        keyframes[same].subpaths = keyframe.subpaths
        keyframes[same].style = keyframe.style
      } else {
        keyframes.insert(keyframe, at: keyframes.firstIndex { $0.time > time } ?? keyframes.count)
      }
      drawing.timeline!.tracks[track].keyframes = keyframes
    } else {
      drawing.timeline!.tracks.append(Timeline.Track(curve: id, keyframes: [keyframe]))
    }
  }

  /// After an edit (the drawing's revision moved from `revision`): each curve that changed
  /// from `before` is keyed at the playhead when its track has a keyframe there, or with
  /// auto-key on (a curve with no track then gets one). A change of a keyed curve's nodes
  /// leaves its keyframes unfitting: they are not played, and saving drops them.
  mutating func keyEdits(since revision: Int, before: IdentifiedArrayOf<Curve.State>) {
    guard drawing.revision != revision, let timeline = drawing.timeline, !playhead.isPlaying else { return }
    let time = playhead.time
    let tracks = Dictionary(timeline.tracks.map { ($0.curve, $0) }, uniquingKeysWith: { first, _ in first })
    for curve in drawing.curves where before[id: curve.id] != curve {
      let record = Document.CurveRecord(curve)
      if let track = tracks[curve.id] {
        guard track.keyframes.allSatisfy({ $0.fits(record) }) else {
          interaction.notice = "This curve's nodes changed, so its keyframes no longer fit it: they will not play, and saving drops them (undo the edit to keep them)."
          continue
        }
        guard playhead.autoKey || track.keyframes.contains(where: { abs($0.time - time) < Keyframes.sameTime }) else { continue }
      } else if !playhead.autoKey {
        continue
      }
      key(curve: curve.id, at: time)
    }
  }
}

extension Timeline.Keyframe {
  /// Whether its subpaths (if it has any) have `curve`'s subpaths, points, nodes and closure.
  func fits(_ curve: Curve.State) -> Bool {
    guard let subpaths else { return true }
    return subpaths.count == curve.subpaths.count && zip(subpaths, curve.subpaths).allSatisfy { key, own in
      key.closed == own.isClosed && key.points.count == own.points.count && zip(key.points, own.points).allSatisfy { ($0.node == nil) == ($1.node == nil) }
    }
  }
}

extension Curve.State {
  /// Shows the curve `share` of the way from `from` to `to`, its points then carried by
  /// `motion` (its group's, `Drawing.groupMotions`).
  mutating func move(from: Timeline.Keyframe, to: Timeline.Keyframe, share: Double, through motion: CurveGeometry.AffineTransform = .identity, moved: inout Bool) {
    if let start = from.subpaths {
      let end = to.subpaths ?? start
      // Each subpath reached once, in place: reaching each point through the curve's
      // subpaths copied the subpath for every point.
      func move(_ subpath: inout Subpath.State, from a: [Document.PointRecord], to b: [Document.PointRecord]) {
        for pointIndex in subpath.points.indices {
          let p = a[pointIndex], q = b[pointIndex]
          var position = Point(x: p.x + (q.x - p.x) * share, y: p.y + (q.y - p.y) * share)
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
      var shown = start.interpolated(to: to.style ?? start, share)
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
  mutating func transform(by transform: CurveGeometry.AffineTransform) {
    let moved = Document.CurveRecord(self).applying(transform)
    for (subpath, record) in zip(subpaths.indices, moved.subpaths) {
      for (point, position) in zip(subpaths[subpath].points.indices, record.points) {
        subpaths[subpath].points[point].position = Point(x: position.x, y: position.y)
      }
    }
    style = moved.style
  }
}

/// Runs `base`, then keys what it edited (`Editor.State.keyEdits`): the timeline's own
/// actions are left alone, as they key, or show a moment, themselves.
struct KeyingEdits<Base: Reducer>: Reducer where Base.State == Editor.State, Base.Action == Editor.Action {
  let base: Base

  func reduce(into state: inout Editor.State, action: Editor.Action) -> Effect<Editor.Action> {
    // The timeline's own actions keep no copy of the curves: holding one while a frame moves
    // 10,000 of them made every point array be copied to be written.
    guard !action.is(\.keyframes) else { return base.reduce(into: &state, action: action) }
    let revision = state.drawing.revision, before = state.drawing.curves
    let effect = base.reduce(into: &state, action: action)
    if state.drawing.timeline != nil { state.keyEdits(since: revision, before: before) }
    return effect
  }
}
