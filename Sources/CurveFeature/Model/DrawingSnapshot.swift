import Composable
import CurveDocument
import CurveGeometry

/// What undo restores: the curves, the groups and the timeline. Keying, retiming and easing,
/// grouping and a group's move are undone as curve edits are, in the order they were made.
///
/// ```swift
/// state.history.record(state.undoSnapshot)          // before an edit
/// ```
///
/// An older step keeps its curves as their difference from the next one's; the timeline and
/// the groups are kept whole, as unchanged ones share their storage with the next.
public struct DrawingSnapshot: UndoSnapshot, Sendable {
  public var curves: IdentifiedArrayOf<Curve.State>
  public var timeline: Timeline?
  public var groups: [Group]
  /// Whose editing marks are drawn: the one display setting undo restores (the panel's
  /// "All handles").
  public var handles: DisplayOptions.Handles
  /// Where the groups' tracks had moved the curves kept (`Drawing.groupMotions`): the
  /// curves are kept as shown, so undo knows where they are with their groups still.
  public var groupMotions: [String: Affine]

  public init(
    curves: IdentifiedArrayOf<Curve.State>, timeline: Timeline? = nil, groups: [Group] = [], handles: DisplayOptions.Handles = .all,
    groupMotions: [String: Affine] = [:]
  ) {
    self.curves = curves
    self.timeline = timeline
    self.groups = groups
    self.handles = handles
    self.groupMotions = groupMotions
  }

  public struct Difference: Equatable, Sendable {
    var curves: IdentifiedArrayDifference<Curve.State>
    var timeline: Timeline?
    var groups: [Group]
    var handles: DisplayOptions.Handles
    var groupMotions: [String: Affine]
  }

  public func difference(from newer: Self) -> Difference {
    Difference(curves: curves.difference(from: newer.curves), timeline: timeline, groups: groups, handles: handles, groupMotions: groupMotions)
  }

  public init(restoring difference: Difference, onto newer: Self) {
    curves = IdentifiedArrayOf(restoring: difference.curves, onto: newer.curves)
    timeline = difference.timeline
    groups = difference.groups
    handles = difference.handles
    groupMotions = difference.groupMotions
  }
}

extension Editor.State {
  /// The curves and the timeline as they are now: an undo step's "before".
  public var undoSnapshot: DrawingSnapshot {
    DrawingSnapshot(
      curves: drawing.curves, timeline: drawing.timeline, groups: drawing.groups, handles: drawing.display.handles, groupMotions: drawing.groupMotions)
  }

  /// `curves`, taken before an edit that left the timeline as it is, with the timeline.
  func undoSnapshot(of curves: IdentifiedArrayOf<Curve.State>) -> DrawingSnapshot {
    DrawingSnapshot(
      curves: curves, timeline: drawing.timeline, groups: drawing.groups, handles: drawing.display.handles, groupMotions: drawing.groupMotions)
  }

  /// Puts back what undo (or redo) kept: the curves, and the timeline, whose picked mark goes
  /// if it is gone.
  mutating func restore(_ snapshot: DrawingSnapshot) {
    drawing.curves = snapshot.curves
    drawing.groupMotions = snapshot.groupMotions
    drawing.display.handles = snapshot.handles
    if drawing.groups != snapshot.groups {
      drawing.groups = snapshot.groups
      interaction.forgetMissingObjects(in: drawing)
    }
    if drawing.timeline != snapshot.timeline {
      drawing.timeline = snapshot.timeline
      if let mark = playhead.selectedKey, drawing.timeline?.easing(at: mark) == nil { playhead.selectedKey = nil }
      if let duration = drawing.timeline?.duration, playhead.time > duration { playhead.time = duration }
    }
  }
}
