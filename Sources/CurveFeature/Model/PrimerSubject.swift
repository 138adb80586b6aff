import CurveGeometry

/// The segment the primer's panes (graphs, canonical map) are about: the selected curve's
/// segment under t, on the subpath of the first selected point (the pressed B-spline
/// point's curve; the drawing's first curve when nothing is selected), in document units.
/// The figures' captions are drawn for it alone.
///
/// ```swift
/// if let subject = PrimerSubject(state) { print(subject.segment.degree, subject.t) }
/// ```
public struct PrimerSubject: Equatable, Sendable {
  public var curve: Curve.State.ID
  public var subpath: Subpath.State.ID
  public var segment: Bezier
  /// The segment as it is drawn when its points have weights (nil: `segment` itself).
  public var rational: RationalBezier?
  /// Where the animation has reached on `segment`.
  public var t: Double

  public init?(_ state: Editor.State) {
    let reference = state.interaction.selection.first
    let selected = reference?.curve ?? state.interaction.splinePoint?.curve
    guard let curve = selected.flatMap({ state.drawing.curves[id: $0] }) ?? state.drawing.curves.first else { return nil }
    let subpath = reference.flatMap { reference in curve.subpaths.first { $0.points[id: reference.point] != nil } } ?? curve.subpaths.first
    guard let subpath, let place = state.drawing.animation.place(on: subpath.segments) else { return nil }
    self.curve = curve.id
    self.subpath = subpath.id
    segment = subpath.segments[place.segment]
    rational = subpath.rationalSegment(place.segment, controlPoints: segment.controlPoints)
    t = place.t
  }
}
