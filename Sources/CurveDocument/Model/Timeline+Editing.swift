import CurveGeometry
import FoundationEssentials

/// A keyframe of a curve's track, a group's or the view's: what a mark on the timeline picks,
/// retimes and eases.
public protocol TimedKeyframe {
  var time: Double { get set }
  var easing: Easing { get set }
  /// Every value leaves this keyframe with `easing` (a curve's style too, which may ease its
  /// own way).
  mutating func ease(_ easing: Easing)
}

extension TimedKeyframe {
  public mutating func ease(_ easing: Easing) { self.easing = easing }
}

extension Timeline.Keyframe: TimedKeyframe {
  public mutating func ease(_ easing: Easing) {
    self.easing = easing
    styleEasing = nil
  }
}
extension Timeline.GroupKeyframe: TimedKeyframe {}
extension Timeline.ViewKeyframe: TimedKeyframe {}

extension Timeline {
  /// Two times this close are one keyframe's.
  public static let sameTime = 1e-9
  /// The closest two keyframes of one track may come: a frame at 1,000 fps.
  public static let minimumGap = 0.001

  /// One keyframe, named by its curve (or group) and time; naming neither, the view's.
  ///
  /// ```swift
  /// timeline.removeKeyframe(at: Timeline.Mark(curve: id, time: 1))
  /// timeline.retimeKeyframe(at: Timeline.Mark(viewAt: 0.5), to: 0.75)   // 0.75, or nil
  /// ```
  public struct Mark: Equatable, Hashable, Sendable {
    /// The curve whose track it is on; nil for a group's or the view's.
    public var curve: UUID?
    /// The group whose track it is on (`Timeline.groupTracks`); nil for a curve's or the view's.
    public var group: String?
    public var time: Double

    /// Whether it is a keyframe of the view (`Timeline.view`).
    public var isView: Bool { curve == nil && group == nil }

    /// A keyframe of the view (`Timeline.view`).
    public init(viewAt time: Double) {
      self.time = time
    }

    public init(curve: UUID, time: Double) {
      self.curve = curve
      self.time = time
    }

    public init(group: String, time: Double) {
      self.group = group
      self.time = time
    }
  }

  /// Every keyframe's time, of any curve or group or the view, in order, once each.
  public var keyTimes: [Double] {
    let times = tracks.flatMap { $0.keyframes.map(\.time) } + groupTracks.flatMap { $0.keyframes.map(\.time) } + view.map(\.time)
    return Array(Set(times)).sorted()
  }

  /// Applies `edit` to the keyframes of the track `mark` is on, with the index of its
  /// keyframe; nil when there is no such keyframe. A track left empty is removed.
  private mutating func editKeyframes<Result>(at mark: Mark, _ edit: (inout [any TimedKeyframe], Int) -> Result) -> Result? {
    func run<K: TimedKeyframe>(_ keyframes: inout [K]) -> Result? {
      guard let index = keyframes.firstIndex(where: { abs($0.time - mark.time) < Self.sameTime }) else { return nil }
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

  /// Removes the keyframe `mark` names, and its track when it was the last.
  public mutating func removeKeyframe(at mark: Mark) {
    _ = editKeyframes(at: mark) { keyframes, index in keyframes.remove(at: index) }
  }

  /// Moves the keyframe `mark` names to `time`, kept between its neighbours (keyframes keep
  /// their order, never two at one time); its new time, or nil when it cannot move.
  public mutating func retimeKeyframe(at mark: Mark, to time: Double) -> Double? {
    let duration = self.duration
    return editKeyframes(at: mark) { keyframes, key -> Double? in
      let low = key > 0 ? keyframes[key - 1].time + Self.minimumGap : 0
      let high = key + 1 < keyframes.count ? keyframes[key + 1].time - Self.minimumGap : duration
      guard low <= high else { return nil }
      keyframes[key].time = min(max(time, low), high)
      return keyframes[key].time
    } ?? nil
  }

  /// Sets the easing the keyframe `mark` names leaves with; false when there is none.
  public mutating func setEasing(_ easing: Easing, at mark: Mark) -> Bool {
    editKeyframes(at: mark) { keyframes, key in keyframes[key].ease(easing) } != nil
  }

  /// The easing the keyframe `mark` names leaves with; nil when there is none. Read, not
  /// edited: the strip asks every frame, and an edit of a copy copied the track's keyframes.
  public func easing(at mark: Mark) -> Easing? {
    func easing<K: TimedKeyframe>(in keyframes: [K]) -> Easing? {
      keyframes.first { abs($0.time - mark.time) < Self.sameTime }?.easing
    }
    if mark.isView { return easing(in: view) }
    if let group = mark.group { return groupTracks.first { $0.group == group }.flatMap { easing(in: $0.keyframes) } }
    return tracks.first { $0.curve == mark.curve }.flatMap { easing(in: $0.keyframes) }
  }

  /// Keys the view as `box` at `time`: its keyframe there given the box (keeping its easing),
  /// or a new one in time order (linear until set otherwise).
  public mutating func key(view box: Rect, at time: Double) {
    if let index = view.firstIndex(where: { abs($0.time - time) < Self.sameTime }) {
      view[index].box = box
    } else {
      view.insert(ViewKeyframe(time: time, box: box), at: view.firstIndex { $0.time > time } ?? view.endIndex)
    }
  }

  /// Keys the curve `record` names at `time` with `record`'s subpaths and style: its
  /// keyframe there given them (keeping its easing), or a new one in time order (linear until
  /// set otherwise), on a new track when the curve has none.
  public mutating func key(_ record: Document.CurveRecord, at time: Double) {
    let keyframe = Keyframe(time: time, subpaths: record.subpaths, style: record.style)
    guard let track = tracks.firstIndex(where: { $0.curve == record.id }) else {
      tracks.append(Track(curve: record.id, keyframes: [keyframe]))
      return
    }
    if let same = tracks[track].keyframes.firstIndex(where: { abs($0.time - time) < Self.sameTime }) {
      tracks[track].keyframes[same].subpaths = keyframe.subpaths
      tracks[track].keyframes[same].style = keyframe.style
    } else {
      tracks[track].keyframes.insert(keyframe, at: tracks[track].keyframes.firstIndex { $0.time > time } ?? tracks[track].keyframes.count)
    }
  }
}
