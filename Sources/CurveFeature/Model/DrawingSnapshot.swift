import Composable
import CurveDocument

/// What undo restores: the curves and the timeline. Keying, retiming and easing are undone as
/// curve edits are, in the order they were made.
///
/// ```swift
/// state.history.record(state.undoSnapshot)          // before an edit
/// ```
///
/// An older step keeps its curves as their difference from the next one's; the timeline is
/// kept whole, as an unchanged one shares its storage with the next.
public struct DrawingSnapshot: UndoSnapshot, Sendable {
  public var curves: IdentifiedArrayOf<Curve.State>
  public var timeline: Timeline?

  public init(curves: IdentifiedArrayOf<Curve.State>, timeline: Timeline? = nil) {
    self.curves = curves
    self.timeline = timeline
  }

  public struct Difference: Equatable, Sendable {
    var curves: IdentifiedArrayDifference<Curve.State>
    var timeline: Timeline?
  }

  public func difference(from newer: Self) -> Difference {
    Difference(curves: curves.difference(from: newer.curves), timeline: timeline)
  }

  public init(restoring difference: Difference, onto newer: Self) {
    curves = IdentifiedArrayOf(restoring: difference.curves, onto: newer.curves)
    timeline = difference.timeline
  }
}

extension Editor.State {
  /// The curves and the timeline as they are now: an undo step's "before".
  public var undoSnapshot: DrawingSnapshot { DrawingSnapshot(curves: drawing.curves, timeline: drawing.timeline) }

  /// `curves`, taken before an edit that left the timeline as it is, with the timeline.
  func undoSnapshot(of curves: IdentifiedArrayOf<Curve.State>) -> DrawingSnapshot { DrawingSnapshot(curves: curves, timeline: drawing.timeline) }

  /// Puts back what undo (or redo) kept: the curves, and the timeline, whose picked mark goes
  /// if it is gone.
  mutating func restore(_ snapshot: DrawingSnapshot) {
    drawing.curves = snapshot.curves
    if drawing.timeline != snapshot.timeline {
      drawing.timeline = snapshot.timeline
      if let mark = playhead.selectedKey, drawing.timeline?.easing(at: mark) == nil { playhead.selectedKey = nil }
      if let duration = drawing.timeline?.duration, playhead.time > duration { playhead.time = duration }
    }
  }
}
