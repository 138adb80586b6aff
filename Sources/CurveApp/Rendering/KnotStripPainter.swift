import CurveFeature
import CurveGeometry
import CurveRaster

/// The focused B-spline's knot vector along the canvas area's foot (`KnotStrip`): the knots
/// as discs on a line, repeated ones stacked, the curve's domain drawn thick, the spline's u
/// marked as the animation plays, and a caption with the knots' kind and the degree.
@MainActor
struct KnotStripPainter {
  let state: Editor.State
  let painter: Painter

  func draw() {
    guard let (curve, spline) = state.focusedSpline, let strip = state.knotStrip(for: spline) else { return }
    let positions = strip.positions(of: spline.knots)
    let stacked = positions.map(\.y).min() ?? strip.y
    painter.fill(
      Rect(minX: strip.left - 16, minY: stacked - 14, maxX: strip.right + 16, maxY: strip.y + 26), Theme.Palette.pane
    )
    painter.line([Point(x: strip.left, y: strip.y), Point(x: strip.right, y: strip.y)], width: 1.5, Theme.Palette.polygon)
    let domain = [spline.domain.lowerBound, spline.domain.upperBound].map { Point(x: strip.x(of: $0), y: strip.y) }
    painter.line(domain, width: 4, Theme.Palette.plot)
    let dragged = state.interaction.knotDrag?.curve == curve.id ? state.interaction.knotDrag?.index : nil
    for (index, centre) in positions.enumerated() {
      let inDomain = spline.domain.contains(spline.knots[index])
      painter.disc(centre, radius: Theme.handleRadius, index == dragged ? Theme.Palette.selection : Theme.Palette.handleBorder)
      painter.disc(centre, radius: Theme.handleRadius - Theme.handleBorder, inDomain ? Theme.Palette.handleFill : Theme.Palette.track)
    }
    var caption = "knots: \(spline.knotKind.rawValue) · degree \(spline.degree)"
    let segments = StaticScene.screenSegments(of: curve.subpaths[0], in: state.viewport)
    if state.drawing.animation.t > 0, let place = state.drawing.animation.place(on: segments) {
      let u = spline.parameter(segment: place.segment, t: place.t)
      painter.disc(Point(x: strip.x(of: u), y: strip.y), radius: Theme.pointAtTRadius, Theme.Palette.pointAtT)
      caption += String(format: " · u = %.3f", u)
    }
    _ = painter.text(caption, at: Point(x: strip.left, y: strip.y + 8), size: Theme.FontSize.hint, Theme.Palette.mutedText)
  }
}
