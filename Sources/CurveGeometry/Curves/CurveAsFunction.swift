/// A curve read as a function y(x), as CSS easing and cubic-bezier.com read one: defined
/// when the curve's x never turns back.
///
/// ```swift
/// easing.xOnlyGrows          // true for cubic-bezier(.25, .1, .25, 1)
/// easing.y(atX: 0.5)         // 0.8024…
/// ```
extension Bezier {
  /// Whether x runs from the first point to the last without turning back: then each x in
  /// between has exactly one y.
  public var xOnlyGrows: Bool {
    controlPoints[degree].x > controlPoints[0].x && extremaParameters(along: \.x).isEmpty
  }

  /// The parameters in [0, 1] where the curve's x is `x`, ascending: roots of x(t) − x in
  /// Bernstein form, and an end exactly at `x`.
  public func parameters(atX x: Double) -> [Double] {
    let shifted = controlPoints.map { $0.x - x }
    var roots = BernsteinPolynomial(shifted).signChanges(noise: 8 * coordinateNoise)
    if shifted[0] == 0 { roots.insert(0, at: 0) }
    if shifted[degree] == 0 { roots.append(1) }
    return roots
  }

  /// y where the curve's x is `x`, for a curve whose x only grows (nil otherwise, or when
  /// `x` is outside the curve's ends).
  public func y(atX x: Double) -> Double? {
    guard xOnlyGrows, x >= controlPoints[0].x, x <= controlPoints[degree].x else { return nil }
    return parameters(atX: x).first.map { eval($0).y }
  }
}
