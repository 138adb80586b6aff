import CurveFeature
import CurveGeometry
import CurveRaster

/// What the selector draws over the drawing: the hovered object's thin outline, the
/// selection's box with its eight scale handles (or, after a second click, the rotate and
/// skew arrows around the centre mark), the band being dragged and where a move snapped.
extension CanvasPainter {
  func drawObjectOverlays() {
    drawHoveredObject()
    if state.interaction.tool == .selector { drawSelectedObjects() }
    if case let .objectBand(band) = state.interaction.gesture { drawRubberBand(band.rect) }
    if case let .objects(drag) = state.interaction.gesture, let target = drag.snappedTo { drawSnapMark(at: target) }
  }

  /// Inside a group entered, the rest of the drawing is faded under a veil of the page's
  /// colour and the group's curves drawn again over it, as Inkscape shows a group entered.
  func drawContextFaded() {
    guard let context = state.interaction.context else { return }
    let tree = state.objectTree
    let inside = state.drawing.curves.filter { tree.isInside($0.group, context) && !$0.isHidden }
    // A group too large to draw again every frame is shown unfaded, and one that holds the
    // whole drawing has nothing to fade.
    guard inside.count <= Self.maximumCurvesDrawnAgain, inside.count < state.drawing.curves.count else { return }
    painter.fill(layout.canvasArea, Theme.Palette.page.withOpacity(Self.veilOpacity))
    let looks = LiveLooks(
      curves: Array(inside), looks: inside.indices.map { .curve($0, culled: false) }, groups: state.drawing.groups, viewport: viewport, reach: 0)
    painter.canvas.draw(looks.lists(width: painter.canvas.width, height: painter.canvas.height, scale: painter.scale))
  }

  /// How much the veil over the drawing outside a group entered hides it.
  static let veilOpacity = 0.6

  /// The hovered object outlined thinly: a curve where it runs, a group by its box (its
  /// curves' outlines would cross each other, as Inkscape shows a group).
  private func drawHoveredObject() {
    guard state.interaction.gesture == nil, let object = state.interaction.hoveredObject else { return }
    switch object {
    case let .curve(id):
      guard let curve = state.drawing.curves[id: id] else { return }
      let segments = curve.segments.compactMap { Bezier($0.controlPoints.map(viewport.screenPoint(atDocument:))) }
      painter.curves(segments, tolerance: Theme.flatteningTolerance / painter.scale, width: 1, Theme.Palette.selection)
    case .group:
      guard let box = state.box(of: [object]) else { return }
      let corners = [BoxHandle.topLeft, .topRight, .bottomRight, .bottomLeft, .topLeft].map { viewport.screenPoint(atDocument: $0.position(on: box)) }
      painter.line(corners, width: 1, Theme.Palette.selection.withOpacity(0.6))
    }
  }

  private func drawSelectedObjects() {
    guard let box = state.selectedObjectsBox else { return }
    let corners = [BoxHandle.topLeft, .topRight, .bottomRight, .bottomLeft, .topLeft].map { viewport.screenPoint(atDocument: $0.position(on: box)) }
    painter.line(corners, width: 1, Theme.Palette.selection.withOpacity(0.8))
    let rotating = state.interaction.showsRotateHandles
    for handle in BoxHandle.allCases {
      let centre = viewport.screenPoint(atDocument: handle.position(on: box))
      if !rotating {
        let half = Theme.objectHandleSize / 2
        painter.fill(Rect(minX: centre.x - half - 1, minY: centre.y - half - 1, maxX: centre.x + half + 1, maxY: centre.y + half + 1), Theme.Palette.selection)
        painter.fill(Rect(minX: centre.x - half + 1, minY: centre.y - half + 1, maxX: centre.x + half - 1, maxY: centre.y + half - 1), RGBA8(r: 255, g: 255, b: 255))
      } else if handle.isCorner {
        // Rotate: a ring at each corner.
        painter.disc(centre, radius: Theme.objectHandleSize / 2 + 1, Theme.Palette.selection)
        painter.disc(centre, radius: Theme.objectHandleSize / 2 - 1, RGBA8(r: 255, g: 255, b: 255))
      } else {
        // Skew: a diamond on each side.
        let r = Theme.objectHandleSize / 2 + 1
        painter.polygon([Point(x: centre.x, y: centre.y - r), Point(x: centre.x + r, y: centre.y), Point(x: centre.x, y: centre.y + r), Point(x: centre.x - r, y: centre.y)], Theme.Palette.selection)
      }
    }
    if rotating {
      let mark = viewport.screenPoint(atDocument: state.interaction.rotationCentre ?? Point(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2))
      let arm = Theme.objectHandleSize
      painter.line([Point(x: mark.x - arm, y: mark.y), Point(x: mark.x + arm, y: mark.y)], width: 1.5, Theme.Palette.selection)
      painter.line([Point(x: mark.x, y: mark.y - arm), Point(x: mark.x, y: mark.y + arm)], width: 1.5, Theme.Palette.selection)
    }
  }

  /// Where the moved box snapped: a small cross in the hover colour.
  private func drawSnapMark(at target: Point) {
    let mark = viewport.screenPoint(atDocument: target), arm = Theme.objectHandleSize
    painter.line([Point(x: mark.x - arm, y: mark.y - arm), Point(x: mark.x + arm, y: mark.y + arm)], width: 2, Theme.Palette.hover)
    painter.line([Point(x: mark.x - arm, y: mark.y + arm), Point(x: mark.x + arm, y: mark.y - arm)], width: 2, Theme.Palette.hover)
  }
}
