import Composable
import CurveGeometry

/// The document being edited, as it is saved: its curves, how they animate and what the canvas
/// shows, with a count of the edits made to it.
///
/// ```swift
/// var drawing = Drawing(curves: [curve])
/// drawing.curves[id: curve.id]?.points[0].position = Point(x: 10, y: 20)
/// drawing.markCurvesEdited()   // revision 1, the construction back at t = 0
/// ```
///
/// Invariant: every edit of `curves`, `animation`'s settings or `display` moves `revision` on,
/// so "is it saved?" and "is an autosave due?" cost O(1) whatever the drawing's size.
public struct Drawing: Equatable, Sendable {
  public var curves: IdentifiedArrayOf<Curve.State>
  public var animation: AnimationSettings
  public var display: DisplayOptions
  /// The groups the curves are painted in (`Curve.State.group`), parents before children.
  public var groups: [Group] = []
  /// What an imported drawing holds that Curves does not draw, written back on export.
  public var kept: [KeptElement] = []
  /// The namespace prefixes `kept` uses ("inkscape", "sodipodi"), with their URIs.
  public var namespaces: [String: String] = [:]
  /// The root `<svg>`'s own attributes an imported drawing had (`Document.rootAttributes`).
  public var rootAttributes: [String: String] = [:]
  /// The document's timeline, in drawing coordinates (as the curves are): played, scrubbed
  /// and keyed by `Keyframes`.
  public var timeline: Timeline?
  /// Where the timeline's group tracks have moved each moving group's curves from where the
  /// groups' own transforms put them (`Timeline.groupMotions`): the curves shown are moved
  /// by it, and saving moves them back.
  public var groupMotions: [String: Affine] = [:]
  /// The curves a moving group shows scaled to nothing (its motion cannot be undone there),
  /// as they are with the groups still: where they come back from.
  public var collapsedCurves: [Curve.State.ID: Curve.State] = [:]
  /// How many edits the drawing has had since it was opened (wrapping, never reused soon).
  public var revision = 0
  /// Moves on with every edit and every frame of the timeline shown: whatever moved the
  /// curves, the hit-testing indexes are built again. A cache's key, not part of what makes
  /// two drawings equal.
  public private(set) var shapeRevision = 0

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.curves == rhs.curves && lhs.animation == rhs.animation && lhs.display == rhs.display && lhs.groups == rhs.groups
      && lhs.kept == rhs.kept && lhs.namespaces == rhs.namespaces && lhs.rootAttributes == rhs.rootAttributes && lhs.timeline == rhs.timeline && lhs.revision == rhs.revision
      && lhs.groupMotions == rhs.groupMotions && lhs.collapsedCurves == rhs.collapsedCurves
  }

  public init(
    curves: IdentifiedArrayOf<Curve.State>, animation: AnimationSettings = AnimationSettings(),
    display: DisplayOptions = DisplayOptions()
  ) {
    self.curves = curves
    self.animation = animation
    self.display = display
  }

  /// Records an edit of the drawing.
  public mutating func markEdited() {
    revision &+= 1
    shapeRevision &+= 1
  }

  /// Records that the curves now show another moment of the timeline: not an edit.
  public mutating func markFrameShown() { shapeRevision &+= 1 }

  /// Records an edit of the curves: their construction starts again from t = 0.
  public mutating func markCurvesEdited() {
    markEdited()
    animation.rewind()
  }
}

extension Drawing {
  /// `record` (one of the curves shown) where it is with its groups still: moved back by its
  /// group's motion (`groupMotions`), or as kept aside while that motion collapses it.
  public func stillRecord(of record: Document.CurveRecord) -> Document.CurveRecord {
    if let collapsed = collapsedCurves[record.id] { return Document.CurveRecord(collapsed) }
    guard let motion = record.group.flatMap({ groupMotions[$0] }), let undo = motion.inverted else { return record }
    return record.applying(undo)
  }
}
