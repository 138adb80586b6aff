/// The one default look: what the window, the renderer, SVG and Lottie export draw where a
/// curve's style leaves a field unset.
extension CurveStyle {
  /// The stroke of a curve without a style: the editor's blue, 3 units wide (3 px on screen
  /// in the window, whatever the zoom).
  public static let unstyledStrokeColor = RGBColor(r: 30, g: 78, b: 168)
  public static let unstyledStrokeWidth = 3.0

  /// How the editor draws a curve whose style fields are unset: no fill, the blue stroke
  /// with round caps and joins (as in the window at 100%). SVG and Lottie export write it for
  /// what a style leaves unset; SVG import leaves a field unset again where a file Curves
  /// wrote still has this value.
  public static let unsetLook = CurveStyle(
    fill: CurveStyle.Paint.none, fillRule: .nonZero, fillOpacity: 1, stroke: .color(unstyledStrokeColor),
    strokeWidth: unstyledStrokeWidth, strokeOpacity: 1, opacity: 1, lineCap: .round, lineJoin: .round, miterLimit: 4
  )
}
