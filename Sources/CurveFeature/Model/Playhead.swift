import CurveDocument
import Foundation

/// Where the window is in the document's timeline and how it plays it: never saved.
///
/// ```swift
/// state.playhead.time = 1.5            // the curves show the drawing at 1.5 s
/// state.playhead.selectedKey = Playhead.Mark(curve: id, time: 1)
/// ```
public struct Playhead: Equatable, Sendable {
  /// Seconds into the timeline the curves show, within 0…duration.
  public var time: Double = 0
  public var isPlaying = false
  /// Every edit at a time without a keyframe adds one.
  public var autoKey = false
  /// The keyframes before and after the time drawn faintly, in two tints.
  public var showsOnionSkin = false
  /// The keyframe mark picked on the strip: Delete removes it, a drag retimes it, the easing
  /// editor edits the interval it starts.
  public var selectedKey: Mark?
  /// Playing a bouncing timeline backwards.
  public var isReversing = false
  /// The picked mark's retime or easing under way (the strip's drag of the mark or of an
  /// easing handle sends many): while the undo history has had no other step since, each
  /// further one belongs to the same undo step.
  public var keyEdit: KeyEdit?

  /// A retime (`retimes`) or an easing of `mark`, made when the undo history had
  /// `undoCount` steps.
  public struct KeyEdit: Equatable, Sendable {
    public var mark: Mark
    public var retimes: Bool
    public var undoCount: Int

    public init(mark: Mark, retimes: Bool, undoCount: Int) {
      self.mark = mark
      self.retimes = retimes
      self.undoCount = undoCount
    }
  }

  /// One keyframe, named by its curve (or group) and time; naming neither, the view's.
  public typealias Mark = Timeline.Mark

  public init() {}
}
