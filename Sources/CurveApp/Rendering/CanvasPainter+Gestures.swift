import CurveFeature
import CurveGeometry
import CurveRender
import Foundation

/// What follows the pointer: a drawing tool's or the pen's gesture as it goes, the rubber
/// band, the hovered segment and the projection onto the curves.
extension CanvasPainter {
  /// A drawing tool's gesture as it goes: the pencil's trail, or the outline of the
  /// rectangle or ellipse that letting go makes.
  func drawSketch(_ sketch: Sketch) {
    var outline: [Point]
    switch sketch.tool {
    case .pencil, .selector, .node, .pen, .text:
      outline = sketch.points
    case .rectangle:
      let box = sketch.box
      outline = [Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY), Point(x: box.maxX, y: box.maxY),
                 Point(x: box.minX, y: box.maxY), Point(x: box.minX, y: box.minY)]
    case .star:
      outline = sketch.starPoints.map { $0 + [$0[0]] } ?? []
    case .ellipse:
      let box = sketch.box
      outline = (0...72).map { step in
        let angle = Double(step) / 72 * 2 * .pi
        return Point(x: (box.minX + box.maxX) / 2 + box.width / 2 * cos(angle), y: (box.minY + box.maxY) / 2 + box.height / 2 * sin(angle))
      }
    }
    guard outline.count >= 2 else { return }
    painter.line(outline.map(viewport.screenPoint(atDocument:)), width: Theme.rubberBandEdgeWidth, Theme.Palette.selection)
  }

  /// With projection shown (Shift+P), the line from the pointer to the nearest point of the
  /// curves, that point, and the distance in document units beside it.
  func drawProjection() {
    guard state.drawing.display.showsProjection, let projection = state.interaction.projection else { return }
    let pointer = viewport.screenPoint(atDocument: projection.pointer), point = viewport.screenPoint(atDocument: projection.point)
    painter.line([pointer, point], width: Theme.analysisWidth, Theme.Palette.projection)
    painter.disc(point, radius: Theme.analysisPointRadius, Theme.Palette.projection)
    let middle = (pointer + point) / 2
    painter.text(String(format: "%.2f", projection.distance), at: middle + Point(x: 6, y: 4), size: Theme.FontSize.hint, Theme.Palette.projection)
  }

  /// The pen's path as it would be made, with the live segment to the pointer while no
  /// button is held; its nodes, and the handles of the node being pulled.
  func drawPenPath(_ pen: PenPath) {
    let live = pen.isPressed ? nil : pen.pointer
    let width = Theme.rubberBandEdgeWidth * 1.5
    for segment in pen.segments(live: live) {
      guard let bezier = Bezier(segment.map(viewport.screenPoint(atDocument:))) else { continue }
      painter.curve(bezier, tolerance: 0.25, width: width, Theme.Palette.selection)
    }
    for node in pen.nodes {
      let centre = viewport.screenPoint(atDocument: node.point)
      for handle in [node.handleIn, node.handleOut].compactMap({ $0 }) where node == pen.nodes.last || node == pen.nodes.first {
        let end = viewport.screenPoint(atDocument: handle)
        painter.line([centre, end], width: Theme.handleBorder, Theme.Palette.handleBorder)
        painter.disc(end, radius: Theme.handleRadius * 0.6, Theme.Palette.selection)
      }
      let half = Theme.handleRadius * 0.7
      painter.fill(Rect(minX: centre.x - half, minY: centre.y - half, maxX: centre.x + half, maxY: centre.y + half), Theme.Palette.selection)
    }
    if let degree = pen.mode.threePointDegree, let made = PenPath.threePointSegments(pen.nodes.map(\.point) + (live.map { [$0] } ?? []), degree: degree).last?.made {
      drawABC(made)
    }
  }

  /// The primer's A, B and C of the three-point segment being made: the chord from start to
  /// end with C on it, and the line from A through B to C, each point named.
  private func drawABC(_ made: ThreePointCurve) {
    let a = viewport.screenPoint(atDocument: made.a), b = viewport.screenPoint(atDocument: made.point)
    let c = viewport.screenPoint(atDocument: made.c)
    painter.line([made.start, made.end].map(viewport.screenPoint(atDocument:)), width: Theme.analysisWidth, Theme.Palette.polygon)
    painter.line([a, c], width: Theme.analysisWidth, Theme.Palette.boundingBox)
    for (name, point, color) in [("A", a, Theme.levelColor(1)), ("B", b, Theme.Palette.pointAtT), ("C", c, Theme.Palette.boundingBox)] {
      painter.disc(point, radius: Theme.analysisPointRadius + 1, color)
      painter.text(name, at: point + Point(x: 7, y: -17), size: Theme.FontSize.label, color)
    }
  }

  /// The segment under the pointer (or being reshaped), a wide translucent stroke in the
  /// hover colour over the static layer and under the live curves: drawn live, so hovering
  /// never re-renders the layer.
  func drawHoveredSegment() {
    guard let segment = state.interaction.hoveredSegment, let bezier = state.drawing.curves[segment: segment] else { return }
    // A weighted segment is highlighted as the rational curve it is drawn as.
    let pieces = state.drawing.curves.rationalSegment(segment)?.cubics(tolerance: RationalBezier.drawingTolerance / viewport.zoom) ?? [bezier]
    var polyline: [Point] = []
    for piece in pieces {
      Bezier(piece.controlPoints.map(viewport.screenPoint(atDocument:)))?.flatten(tolerance: Theme.flatteningTolerance / painter.scale, into: &polyline)
    }
    painter.line(polyline, width: Theme.curveWidth + 2 * Theme.hoverHalo, Theme.Palette.hover.withOpacity(Theme.hoverHaloOpacity))
  }

  /// A translucent rectangle with an edge, on screen.
  func drawRubberBand(_ rect: Rect) {
    let topLeft = viewport.screenPoint(atDocument: Point(x: rect.minX, y: rect.minY))
    let bottomRight = viewport.screenPoint(atDocument: Point(x: rect.maxX, y: rect.maxY))
    let screen = Rect(minX: topLeft.x, minY: topLeft.y, maxX: bottomRight.x, maxY: bottomRight.y)
    painter.fill(screen, Theme.Palette.selection.withOpacity(Theme.rubberBandOpacity))
    let corners = [
      Point(x: screen.minX, y: screen.minY), Point(x: screen.maxX, y: screen.minY), Point(x: screen.maxX, y: screen.maxY),
      Point(x: screen.minX, y: screen.maxY), Point(x: screen.minX, y: screen.minY),
    ]
    painter.line(corners, width: Theme.rubberBandEdgeWidth, Theme.Palette.selection)
  }
}
