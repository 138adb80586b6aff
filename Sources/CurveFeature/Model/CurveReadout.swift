import CurveGeometry

/// What the panel reads out for the selected curve at the animation's t, in document units.
///
/// ```swift
/// if let readout = CurveReadout(state) { print(readout.point, readout.curvature ?? 0) }
/// ```
public struct CurveReadout: Equatable, Sendable {
  /// The curve parameter the construction is drawn at (by arc length when so set).
  public var t: Double
  /// B(t).
  public var point: Point
  /// |B′(t)|: how fast the point moves per unit of t.
  public var speed: Double
  /// κ(t), signed (positive turning toward the normal); nil at a cusp.
  public var curvature: Double?
  public var lengthToT: Double
  public var length: Double

  /// The readout for the curve of the first selected point; nil with nothing selected. A
  /// curve whose points have weights reads out its rational curve.
  public init?(_ state: Editor.State) {
    guard let curveID = state.interaction.selection.first?.curve, let record = state.drawing.curves[id: curveID],
      let curve = record.bezier
    else { return nil }
    let t = state.drawing.animation.parameter(on: curve)
    self.t = t
    if let rational = record.subpaths[0].rationalSegment(0, controlPoints: curve.controlPoints) {
      point = rational.eval(t)
      speed = rational.derivative(at: t).length
      curvature = rational.curvature(at: t)
      lengthToT = rational.arcLength(from: 0, to: t)
      length = rational.arcLength()
      return
    }
    point = curve.eval(t)
    speed = curve.derivative(at: t).length
    curvature = curve.curvature(at: t)
    lengthToT = curve.arcLength(from: 0, to: t)
    length = curve.arcLength(from: 0, to: 1)
  }
}
