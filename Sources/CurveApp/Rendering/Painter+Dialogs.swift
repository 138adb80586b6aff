import CurveGeometry
import CurveRaster

/// What the window's dialogs share (the file question, the command palette, the export
/// dialog, the file browser): the window dimmed under them, and boxes drawn with an edge.
extension Painter {
  /// Dims the whole window of `layout`, for a dialog over it.
  func dimWindow(_ layout: Layout) {
    fill(Rect(minX: 0, minY: 0, maxX: layout.width, maxY: layout.height), Theme.Palette.overlay)
  }

  /// `rect` filled with `inside` within a one-unit `edge`.
  func framed(_ rect: Rect, edge: RGBA8 = Theme.Palette.panelEdge, inside: RGBA8) {
    fill(rect, edge)
    fill(Rect(minX: rect.minX + 1, minY: rect.minY + 1, maxX: rect.maxX - 1, maxY: rect.maxY - 1), inside)
  }
}
