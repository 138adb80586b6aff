import CurveFeature
import CurveGeometry

/// The text tool's cursor: the selected characters' boxes, tinted, and the caret.
extension CanvasPainter {
  func drawTextCursor() {
    guard let cursor = state.interaction.textCursor else { return }
    for quad in state.selectionQuads(of: cursor) {
      painter.polygon(quad.map(viewport.screenPoint(atDocument:)), Theme.Palette.textSelection)
    }
    guard let caret = state.caret(of: cursor) else { return }
    painter.line([viewport.screenPoint(atDocument: caret.top), viewport.screenPoint(atDocument: caret.bottom)], width: Theme.caretWidth, Theme.Palette.selection)
  }
}
