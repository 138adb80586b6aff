import CurveFeature
import CurveGeometry

/// The handles drawn live over the static layer: a point's, and the selected gradients'.
extension CanvasPainter {
  /// With `G` on, the selected curves' gradients' handles over everything: the line from
  /// start to end (or centre to radius), squares for the geometry's handles, a disc of each
  /// stop's colour on the line (ringed in the selection colour when chosen for the palette).
  func drawGradientHandles() {
    guard state.drawing.display.showsGradientHandles else { return }
    let radius = Theme.handleRadius, border = Theme.handleBorder
    for id in state.selectedCurveIDs {
      guard let curve = state.drawing.curves[id: id] else { continue }
      for (target, paint) in [(PaintTarget.fill, curve.style.fill), (.stroke, curve.style.stroke)] {
        guard let gradient = paint?.gradient else { continue }
        let handles = gradient.handles(bounds: curve.bounds).map { ($0.handle, viewport.screenPoint(atDocument: $0.position)) }
        guard handles.count >= 2 else { continue }
        painter.line([handles[0].1, handles[1].1], width: border, Theme.Palette.handleBorder)
        for (handle, centre) in handles {
          if case let .stop(index) = handle {
            let stop = gradient.stops[index]
            if state.interaction.selectedStop == GradientStopReference(curve: id, target: target, index: index) {
              painter.disc(centre, radius: radius * 0.8 + border * 1.5, Theme.Palette.selection)
            }
            painter.disc(centre, radius: radius * 0.8, Theme.Palette.handleBorder)
            painter.disc(centre, radius: radius * 0.8 - border / 2, Theme.color(stop.color))
          } else {
            let box = Rect(minX: centre.x - radius, minY: centre.y - radius, maxX: centre.x + radius, maxY: centre.y + radius)
            painter.fill(box, Theme.Palette.handleBorder)
            painter.fill(box.insetBy(dx: border / 2, dy: border / 2), handle == .focus ? Theme.Palette.selection : Theme.Palette.handleFill)
          }
        }
      }
    }
  }

  func drawHandle(_ point: ControlPoint.State, isNode: Bool, isSelected: Bool, isHovered: Bool) {
    var drawing = painter
    StaticScene.drawHandle(
      point, at: viewport.screenPoint(atDocument: point.position), isNode: isNode, isSelected: isSelected, isHovered: isHovered, into: &drawing
    )
  }

  /// Whether the referenced point is a node of its subpath (drawn square).
  func isNode(_ reference: PointReference) -> Bool {
    guard let curve = state.drawing.curves[id: reference.curve] else { return false }
    for subpath in curve.subpaths {
      if let index = subpath.points.index(id: reference.point) { return subpath.isNode(index) }
    }
    return false
  }
}
