import CurveFeature
import CurveGeometry

/// Draws the export dialog over the window: its title, each field's name and value (the
/// focused one outlined, a choice with ‹ › to say ← and → change it, a typed one with a
/// caret), the hint or why Enter exported nothing, and its buttons.
@MainActor
struct ExportDialogPainter {
  let dialog: ExportDialog.Dialog
  let layout: Layout
  let painter: Painter

  func draw() {
    let fields = dialog.fields
    let box = layout.exportDialogBox(rows: fields.count), inset = Layout.exportDialogInset
    painter.dimWindow(layout)
    painter.framed(box, inside: Theme.Palette.panel)
    painter.text("Export", at: Point(x: box.minX + inset, y: box.minY + Layout.exportDialogTitleTop), size: Theme.FontSize.helpTitle, Theme.Palette.text)
    for (index, field) in fields.enumerated() {
      let value = layout.exportDialogValue(index, rows: fields.count), focused = field == dialog.focus
      painter.text(field.title, at: Point(x: box.minX + inset, y: value.minY + 6), size: Theme.FontSize.label, Theme.Palette.text)
      painter.framed(value, edge: focused ? Theme.Palette.selection : Theme.Palette.panelEdge, inside: Theme.Palette.page)
      var text = dialog.value(of: field)
      if !field.isText { text = "‹ " + text + " ›" }
      let shown = field.isText && dialog.text[field, default: ""].isEmpty ? Theme.Palette.mutedText : Theme.Palette.text
      let width = painter.text(text, at: Point(x: value.minX + 8, y: value.minY + 6), size: Theme.FontSize.label, shown)
      if focused, field.isText, !dialog.text[field, default: ""].isEmpty {
        painter.fill(Rect(minX: value.minX + 9 + width, minY: value.minY + 5, maxX: value.minX + 10.5 + width, maxY: value.maxY - 5), Theme.Palette.selection)
      }
    }
    let hintTop = layout.exportDialogValue(fields.count - 1, rows: fields.count).maxY + 8
    let hint = dialog.message ?? "Tab moves, ← → change, Enter exports in the background, Escape closes."
    painter.text(hint, at: Point(x: box.minX + inset, y: hintTop), size: Theme.FontSize.hint, dialog.message == nil ? Theme.Palette.mutedText : Theme.Palette.error)
    for (index, title) in ["Export", "Cancel"].enumerated() {
      let frame = layout.exportDialogButton(index, rows: fields.count)
      painter.framed(frame, edge: index == 0 ? Theme.Palette.selection : Theme.Palette.panelEdge, inside: index == 0 ? Theme.Palette.selection : Theme.Palette.page)
      let width = painter.textWidth(title, size: Theme.FontSize.button)
      painter.text(title, at: Point(x: frame.minX + (frame.width - width) / 2, y: frame.minY + 7), size: Theme.FontSize.button, index == 0 ? Theme.Palette.page : Theme.Palette.text)
    }
  }
}
