import CurveFeature
import CurveGeometry

/// Draws the file browser over the canvas: its title, the folder and what was typed (with a
/// caret), the hint or the last error, and the list (recent files and folders marked, the
/// selected line highlighted).
@MainActor
struct FileBrowserPainter {
  let browsing: FileBrowser.Browsing
  /// The first line shown (the session keeps the selection in view).
  let firstRow: Int
  let layout: Layout
  let painter: Painter

  func draw() {
    let box = layout.browserBox, inset = Layout.browserInset
    painter.dimWindow(layout)
    painter.fill(box, Theme.Palette.panel)
    painter.text(browsing.purpose.title, at: Point(x: box.minX + inset, y: box.minY + Layout.browserTitleTop), size: Theme.FontSize.helpTitle, Theme.Palette.text)

    let field = layout.browserField
    painter.fill(field, Theme.Palette.panelEdge)
    painter.fill(Rect(minX: field.minX + 1, minY: field.minY + 1, maxX: field.maxX - 1, maxY: field.maxY - 1), Theme.Palette.page)
    let folder = browsing.folder.path.hasSuffix("/") ? browsing.folder.path : browsing.folder.path + "/"
    let textTop = field.minY + 5
    var x = field.minX + 6
    if !browsing.fieldIsPath || !browsing.field.hasPrefix("/") && !browsing.field.hasPrefix("~") {
      x += painter.text(folder, at: Point(x: x, y: textTop), size: Theme.FontSize.label, Theme.Palette.polygon)
    }
    x += painter.text(browsing.field, at: Point(x: x, y: textTop), size: Theme.FontSize.label, Theme.Palette.text)
    painter.fill(Rect(minX: x + 1, minY: field.minY + 4, maxX: x + 2.5, maxY: field.maxY - 4), Theme.Palette.selection)

    let hint = browsing.message ?? Self.hint(for: browsing.purpose)
    painter.text(hint, at: Point(x: box.minX + inset, y: box.minY + Layout.browserMessageTop), size: Theme.FontSize.hint,
                 browsing.message == nil ? Theme.Palette.polygon : Theme.Palette.error)

    let rows = browsing.rows
    let first = min(firstRow, max(rows.count - 1, 0))
    for slot in 0..<min(layout.browserVisibleRows, rows.count - first) {
      let index = first + slot, row = rows[index], frame = layout.browserRow(slot: slot)
      let isSelected = index == browsing.selection
      if isSelected { painter.fill(frame, Theme.Palette.selection) }
      let colour = isSelected ? Theme.Palette.page : Theme.Palette.text
      let name = row.isFolder && row.name != ".." ? row.name + "/" : row.name
      let width = painter.text(name, at: Point(x: frame.minX + 6, y: frame.minY + 4), size: Theme.FontSize.label, colour)
      if row.isRecent {
        let detail = row.isFolder ? "recent folder  " + row.url.path : "recent  " + row.url.deletingLastPathComponent().path
        painter.text(detail, at: Point(x: frame.minX + 6 + width + 14, y: frame.minY + 5), size: Theme.FontSize.hint, isSelected ? Theme.Palette.page : Theme.Palette.polygon)
      }
    }
  }

  static func hint(for purpose: FileBrowser.Purpose) -> String {
    switch purpose {
    case .saveAs: "Type a name (or a path) and press Enter: .svg unless it ends in .svgz or .json; Escape cancels."
    case .open, .importSVG: "Type to filter, or a path; arrows and Enter (or a double click) open; Escape cancels."
    }
  }
}
