import CurveGeometry

/// The segment the primer's panes (graphs, canonical map) are about: the selected curve's
/// segment under t, on the subpath of the first selected point (the drawing's first curve
/// when nothing is selected), in document units.
///
/// ```swift
/// if let subject = PrimerSubject(state) { print(subject.segment.degree, subject.t) }
/// ```
public struct PrimerSubject: Equatable, Sendable {
  public var segment: Bezier
  /// The segment as it is drawn when its points have weights (nil: `segment` itself).
  public var rational: RationalBezier?
  /// Where the animation has reached on `segment`.
  public var t: Double

  public init?(_ state: Editor.State) {
    let reference = state.interaction.selection.first
    guard let curve = reference.flatMap({ state.drawing.curves[id: $0.curve] }) ?? state.drawing.curves.first else { return nil }
    let subpath = reference.flatMap { reference in curve.subpaths.first { $0.points[id: reference.point] != nil } } ?? curve.subpaths.first
    guard let segments = subpath?.segments, let place = state.drawing.animation.place(on: segments) else { return nil }
    segment = segments[place.segment]
    rational = subpath?.rationalSegment(place.segment, controlPoints: segment.controlPoints)
    t = place.t
  }
}
