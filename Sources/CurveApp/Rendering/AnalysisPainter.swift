import CurveFeature
import CurveGeometry
import Foundation

/// Draws the analysis overlays the display options ask for on one curve, already mapped to
/// the screen (so lengths below are screen units, the same at every zoom): the tangent and
/// normal at t, the curvature comb, the osculating circle at t, the tight bounding box with
/// its extrema, the tight box aligned with the chord, the hodograph, and the inflection points.
@MainActor
struct AnalysisPainter {
  let painter: Painter
  let display: DisplayOptions
  /// The canvas's part of the window, on the screen: where the hodograph is put if it fits.
  let area: Rect

  /// Length of the tangent arrow, and of the normal, on screen.
  static let tangentLength = 70.0
  static let normalLength = 45.0
  /// Teeth of the comb: how many along the curve, and how long the tallest may be.
  static let combTeeth = 64
  static let combHeight = 60.0
  /// Circles larger than this are drawn as what they are near t, straight lines, so not at all.
  static let largestCircle = 20_000.0
  /// Sides of the polygon an osculating circle is drawn as.
  static let circleSegments = 96

  func draw(_ curve: Bezier, at t: Double) {
    if display.showsCurvatureComb { drawComb { t in curve.normal(at: t).flatMap { normal in curve.curvature(at: t).map { (curve.eval(t), normal, $0) } } } }
    if display.showsBoundingBox { drawBox(curve.tightBounds(), extrema: curve.extremaParameters().map(curve.eval)) }
    if display.showsAlignedBounds {
      let corners = curve.alignedBounds()
      painter.line(corners + [corners[0]], width: Theme.analysisWidth, Theme.Palette.alignedBounds)
    }
    if display.showsOsculatingCircle { drawCircle(curve.osculatingCircle(at: t)) }
    if display.showsTangent { drawTangent(at: curve.eval(t), curve.tangent(at: t), curve.normal(at: t)) }
    if display.showsHodograph { drawHodograph(curve, at: t) }
    if display.showsInflections { drawInflections(curve.inflectionParameters().map(curve.eval)) }
  }

  /// The overlays on a weighted segment, as its rational curve has them: the tangent and
  /// normal, the comb, the osculating circle, the tight box and the inflections. The aligned
  /// box and the hodograph are a polynomial curve's (its derivative's control points), so
  /// they are left off.
  func draw(_ curve: RationalBezier, at t: Double) {
    if display.showsCurvatureComb { drawComb { t in curve.normal(at: t).flatMap { normal in curve.curvature(at: t).map { (curve.eval(t), normal, $0) } } } }
    if display.showsBoundingBox { drawBox(curve.tightBounds(), extrema: []) }
    if display.showsOsculatingCircle { drawCircle(curve.osculatingCircle(at: t)) }
    if display.showsTangent { drawTangent(at: curve.eval(t), curve.tangent(at: t), curve.normal(at: t)) }
    if display.showsInflections { drawInflections(curve.inflectionParameters().map(curve.eval)) }
  }

  private func drawCircle(_ circle: (centre: Point, radius: Double)?) {
    guard let circle, circle.radius < Self.largestCircle else { return }
    let points = (0...Self.circleSegments).map { index -> Point in
      let angle = Double(index) / Double(Self.circleSegments) * 2 * Double.pi
      return circle.centre + Point(x: cos(angle), y: sin(angle)) * circle.radius
    }
    painter.line(points, width: Theme.analysisWidth, Theme.Palette.osculating)
    painter.disc(circle.centre, radius: Theme.analysisPointRadius, Theme.Palette.osculating)
  }

  private func drawTangent(at point: Point, _ tangent: Point?, _ normal: Point?) {
    guard let tangent, let normal else { return }
    painter.line([point, point + tangent * Self.tangentLength], width: Theme.tangentWidth, Theme.Palette.tangent)
    painter.line([point, point + normal * Self.normalLength], width: Theme.tangentWidth, Theme.Palette.normal)
  }

  private func drawInflections(_ points: [Point]) {
    for point in points { painter.disc(point, radius: Theme.inflectionRadius, Theme.Palette.inflection) }
  }

  /// Teeth along the normal, each as long as the curvature there, scaled so the tallest is
  /// `combHeight`; the line through their tips shows how the curvature changes. `sample`
  /// gives the point, normal and curvature at t (nil where there are none).
  private func drawComb(_ sample: (Double) -> (Point, Point, Double)?) {
    let samples = (0...Self.combTeeth).compactMap { sample(Double($0) / Double(Self.combTeeth)) }
    guard let tallest = samples.map({ abs($0.2) }).max(), tallest > 0 else { return }
    let scale = Self.combHeight / tallest
    // Teeth point away from the centre of curvature, the side the eye reads as "outside".
    let tips = samples.map { point, normal, curvature in point - normal * (curvature * scale) }
    for (sample, tip) in zip(samples, tips) { painter.line([sample.0, tip], width: Theme.analysisWidth, Theme.Palette.comb) }
    painter.line(tips, width: Theme.analysisWidth, Theme.Palette.comb)
  }

  /// Screen units between the curve's box and its hodograph's.
  static let hodographMargin = 40.0

  /// The hodograph (the primer's derivatives chapter): the Bézier curve of degree n − 1 whose
  /// control points are the differences P(i+1) − P(i), so it traces B′(t) / n, drawn with its
  /// control polygon from an origin of its own beside the curve's box (right of it, else left,
  /// below or above: the first side where it fits in the canvas area, else the area's middle); the derivative at t is
  /// the line from the origin to the hodograph's point at t.
  private func drawHodograph(_ curve: Bezier, at t: Double) {
    let differences = Self.hodographPoints(of: curve)
    let origin = Self.hodographOrigin(of: curve, in: area)
    let points = differences.map { origin + $0 }
    painter.line(points, width: Theme.analysisWidth, Theme.Palette.hodograph)
    if let hodograph = Bezier(points) { painter.curve(hodograph, tolerance: Theme.flatteningTolerance, width: Theme.analysisWidth * 2, Theme.Palette.hodograph) }
    for point in points { painter.disc(point, radius: Theme.analysisPointRadius * 0.7, Theme.Palette.hodograph) }
    painter.disc(origin, radius: Theme.analysisPointRadius, Theme.Palette.hodograph)
    painter.line([origin, origin + curve.derivative(at: t) / Double(curve.degree)], width: Theme.tangentWidth, Theme.Palette.tangent)
  }

  /// The hodograph's control points from its origin: the differences P(i+1) − P(i).
  static func hodographPoints(of curve: Bezier) -> [Point] {
    zip(curve.controlPoints.dropFirst(), curve.controlPoints).map { $0 - $1 }
  }

  /// Where the hodograph of `curve` has its origin: `hodographMargin` beside the curve's box,
  /// on the first side where it fits in `area`, else centred in `area`.
  static func hodographOrigin(of curve: Bezier, in area: Rect) -> Point {
    let differences = hodographPoints(of: curve)
    let box = curve.tightBounds(), own = Rect(enclosing: differences + [.zero]), margin = hodographMargin
    let middle = Point(x: (box.minX + box.maxX) / 2 - (own.minX + own.maxX) / 2, y: (box.minY + box.maxY) / 2 - (own.minY + own.maxY) / 2)
    let sides = [
      Point(x: box.maxX + margin - own.minX, y: middle.y), Point(x: box.minX - margin - own.maxX, y: middle.y),
      Point(x: middle.x, y: box.maxY + margin - own.minY), Point(x: middle.x, y: box.minY - margin - own.maxY),
    ]
    // As large as the curve, it fits beside it nowhere: then it is centred in the area, over
    // the drawing, rather than cut off by the area's edge.
    let centred = Point(x: (area.minX + area.maxX) / 2 - (own.minX + own.maxX) / 2, y: (area.minY + area.maxY) / 2 - (own.minY + own.maxY) / 2)
    return sides.first { origin in
      area.contains(origin + Point(x: own.minX, y: own.minY)) && area.contains(origin + Point(x: own.maxX, y: own.maxY))
    } ?? centred
  }

  /// The box and the extrema on it.
  private func drawBox(_ box: Rect, extrema: [Point]) {
    let corners = [
      Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY), Point(x: box.maxX, y: box.maxY),
      Point(x: box.minX, y: box.maxY), Point(x: box.minX, y: box.minY),
    ]
    painter.line(corners, width: Theme.analysisWidth, Theme.Palette.boundingBox)
    for point in extrema { painter.disc(point, radius: Theme.analysisPointRadius, Theme.Palette.boundingBox) }
  }
}
