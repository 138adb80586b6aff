import CurveFeature
import CurveGeometry

/// Draws the command palette over the window: the typed field (with a caret and, empty, a
/// hint), how many commands match, and the matching lines, each summary on the left and its
/// keys on the right; the selected line highlighted, gestures (listed, not run) in grey.
@MainActor
struct CommandPalettePainter {
  let palette: CommandPalette.Palette
  let firstRow: Int
  let layout: Layout
  let painter: Painter

  func draw() {
    let matches = palette.matches
    let box = layout.paletteBox(rows: matches.count), inset = Layout.paletteInset
    painter.dimWindow(layout)
    painter.framed(box, inside: Theme.Palette.panel)

    let field = layout.paletteField
    painter.framed(field, inside: Theme.Palette.page)
    let textTop = field.minY + 6
    let typed = painter.text(palette.query, at: Point(x: field.minX + 8, y: textTop), size: Theme.FontSize.label, Theme.Palette.text)
    painter.fill(Rect(minX: field.minX + 9 + typed, minY: field.minY + 5, maxX: field.minX + 10.5 + typed, maxY: field.maxY - 5), Theme.Palette.selection)
    if palette.query.isEmpty {
      painter.text("Type to find a command; Enter runs it, Escape closes.", at: Point(x: field.minX + 16, y: textTop), size: Theme.FontSize.label, Theme.Palette.mutedText)
    }

    let count = matches.isEmpty ? "No command matches." : "\(matches.count) of \(palette.entries.count)"
    painter.text(count, at: Point(x: box.minX + inset, y: box.minY + Layout.paletteCountTop), size: Theme.FontSize.hint, Theme.Palette.mutedText)

    let first = min(firstRow, max(matches.count - 1, 0))
    for slot in 0..<max(min(layout.paletteVisibleRows, matches.count - first), 0) {
      let index = first + slot, entry = palette.entries[matches[index]], frame = layout.paletteRow(slot: slot)
      let isSelected = index == palette.selection
      if isSelected { painter.fill(frame, Theme.Palette.selection) }
      let colour = isSelected ? Theme.Palette.page : entry.isCommand ? Theme.Palette.text : Theme.Palette.mutedText
      let keysWidth = painter.textWidth(entry.keys, size: Theme.FontSize.label)
      let keysLeft = frame.maxX - 6 - keysWidth
      var summary = entry.summary
      while !summary.isEmpty, painter.textWidth(summary, size: Theme.FontSize.label) > keysLeft - frame.minX - 18 { summary.removeLast() }
      if summary != entry.summary { summary += "…" }
      painter.text(summary, at: Point(x: frame.minX + 6, y: frame.minY + 4), size: Theme.FontSize.label, colour)
      painter.text(entry.keys, at: Point(x: keysLeft, y: frame.minY + 4), size: Theme.FontSize.label, isSelected ? Theme.Palette.page : Theme.Palette.selection)
    }
  }
}
