import CurveFeature
import CurveGeometry

/// The constructions of the point at t: de Casteljau's for a Bézier segment, de Boor's for a
/// B-spline.
extension CanvasPainter {
  /// Level 0 is the control polygon (drawn already); each later level gets its colour, its
  /// segments and its points, as its options say. The last level is the point on the curve,
  /// drawn separately. A level's trace: its point j sweeps the Bézier curve of the level's
  /// degree over control points j...j + level, so its path from 0 to t is drawn exactly.
  func drawConstruction(_ levels: [[Point]], controlPoints: [Point]?, at t: Double, _ display: DisplayOptions) {
    guard display.construction != .hidden, levels.count > 2 else { return }
    let shown = display.construction == .allLevels ? 1..<(levels.count - 1) : (levels.count - 2)..<(levels.count - 1)
    for level in shown {
      let options = display.options(ofLevel: level)
      guard options.isShown else { continue }
      let color = Theme.levelColor(level)
      if options.showsTrace, t > 0, let controlPoints {
        for start in 0..<levels[level].count {
          guard let path = Bezier(Array(controlPoints[start...(start + level)])) else { continue }
          var polyline: [Point] = []
          path.subsegment(0, t).flatten(tolerance: Theme.flatteningTolerance / painter.scale, into: &polyline)
          painter.line(polyline, width: Theme.constructionWidth, color.withOpacity(Theme.levelTraceOpacity))
        }
      }
      let points = options.showsOnlyLastSegment ? Array(levels[level].suffix(2)) : levels[level]
      painter.line(points, width: Theme.constructionWidth, color)
      for point in points { painter.disc(point, radius: Theme.constructionPointRadius, color) }
    }
  }

  /// De Boor's construction at the spline's parameter `u`: the degree + 1 control points
  /// whose span holds u, then each level's blends (divided by their weights when weighted),
  /// in the levels' colours, down to the point on the curve.
  func drawDeBoor(_ spline: Spline, at u: Double, _ display: DisplayOptions) {
    guard display.construction != .hidden, let bSpline = spline.bSpline else { return }
    let levels = bSpline.deBoorLevels(at: u).map { $0.map(viewport.screenPoint(atDocument:)) }
    guard levels.count > 2 else { return }
    painter.line(levels[0], width: Theme.constructionWidth, Theme.Palette.polygon)
    for level in 1..<(levels.count - 1) {
      let options = display.options(ofLevel: level)
      guard options.isShown, display.construction == .allLevels || level == levels.count - 2 else { continue }
      let color = Theme.levelColor(level)
      painter.line(levels[level], width: Theme.constructionWidth, color)
      for point in levels[level] { painter.disc(point, radius: Theme.constructionPointRadius, color) }
    }
  }
}
