import CurveFeature
import CurveGeometry
import CurveRaster

/// Draws the panel's Objects page: the selection's X, Y, W and H, its toggles, the align and
/// distribute buttons, and the drawing's objects as a tree (an eye and a lock a row, the
/// label indented by its depth, the selected rows lit, the row being renamed as typed).
@MainActor
struct ObjectsPagePainter {
  let session: EditorSession
  let painter: Painter

  private var layout: Layout { session.layout }

  func draw(toggle: (ToggleModel, Rect) -> Void, slider: (SliderKind) -> Void) {
    let state = session.store.state
    for kind in SliderKind.objectsColumn { slider(kind) }
    for kind in ObjectToggle.allCases { toggle(ToggleModel.model(for: kind, state: state), layout.frame(of: .objectToggle(kind))) }
    let hasSelection = !state.interaction.selectedObjects.isEmpty
    for edge in Arrange.Edge.allCases { drawButton(Self.title(of: edge), layout.frame(of: .align(edge)), isEnabled: hasSelection) }
    drawButton("To: " + Self.title(of: state.interaction.alignAnchor), layout.frame(of: .alignAnchor), isEnabled: true)
    drawButton("Spread ↔", layout.frame(of: .distribute(horizontally: true)), isEnabled: state.interaction.selectedObjects.count >= 3)
    drawButton("Spread ↕", layout.frame(of: .distribute(horizontally: false)), isEnabled: state.interaction.selectedObjects.count >= 3)
    drawTree()
  }

  static func title(of edge: Arrange.Edge) -> String {
    switch edge {
    case .left: "Left"
    case .centre: "Centre"
    case .right: "Right"
    case .top: "Top"
    case .middle: "Middle"
    case .bottom: "Bottom"
    }
  }

  static func title(of anchor: Arrange.Anchor) -> String {
    switch anchor {
    case .last: "last"
    case .first: "first"
    case .biggest: "biggest"
    case .page: "page"
    case .selection: "selection"
    }
  }

  private func drawButton(_ label: String, _ frame: Rect, isEnabled: Bool) {
    painter.fill(frame, Theme.Palette.handleBorder)
    painter.fill(frame.insetBy(dx: Layout.toggleBorder, dy: Layout.toggleBorder), Theme.Palette.page)
    let size = Theme.FontSize.hint
    let origin = Point(x: (frame.minX + frame.maxX - painter.textWidth(label, size: size)) / 2, y: (frame.minY + frame.maxY - size) / 2 - 1)
    painter.text(label, at: origin, size: size, isEnabled ? Theme.Palette.text : Theme.Palette.mutedText)
  }

  private func drawTree() {
    let rows = session.objectRows
    let list = layout.objectListFrame
    painter.fill(Rect(minX: list.minX, minY: list.minY - 1, maxX: list.maxX, maxY: list.minY), Theme.Palette.panelEdge)
    let first = session.objectListFirstRow
    for (offset, row) in rows.dropFirst(first).prefix(layout.objectRowCount).enumerated() {
      let frame = layout.frame(of: .objectRow(offset))
      if row.isSelected { painter.fill(frame, Theme.Palette.selection.withOpacity(0.25)) }
      let box = Layout.objectRowBox, top = frame.minY + (frame.height - box) / 2
      // The eye: open (a disc in a ring) when shown, a bar when hidden.
      let eye = Point(x: frame.minX + box / 2, y: top + box / 2)
      if row.isHidden {
        painter.line([Point(x: eye.x - 5, y: eye.y), Point(x: eye.x + 5, y: eye.y)], width: 2, Theme.Palette.mutedText)
      } else {
        painter.disc(eye, radius: 5, Theme.Palette.text)
        painter.disc(eye, radius: 3.5, Theme.Palette.page)
        painter.disc(eye, radius: 2, Theme.Palette.text)
      }
      // The lock: a closed shackle over a body when locked, a faint body when not.
      let lock = Rect(minX: frame.minX + box + 5, minY: top + box / 2 - 1, maxX: frame.minX + 2 * box - 1, maxY: top + box - 2)
      painter.fill(lock, row.isLocked ? Theme.Palette.text : Theme.Palette.track)
      if row.isLocked {
        painter.line(
          [Point(x: lock.minX + 2, y: lock.minY), Point(x: lock.minX + 2, y: lock.minY - 4), Point(x: lock.maxX - 2, y: lock.minY - 4), Point(x: lock.maxX - 2, y: lock.minY)],
          width: 1.5, Theme.Palette.text
        )
      }
      let indent = frame.minX + 2 * (box + 2) + 4 + Double(row.depth) * Layout.objectRowIndent
      let opener = row.isGroup ? (row.isExpanded ? "▾ " : "▸ ") : "  "
      let label = session.renaming?.object == row.object ? session.renaming!.text + "|" : row.label
      let size = Theme.FontSize.hint
      painter.text(opener + label, at: Point(x: indent, y: frame.minY + (frame.height - size) / 2 - 1), size: size, row.isHidden ? Theme.Palette.mutedText : Theme.Palette.text)
    }
    if rows.count > layout.objectRowCount {
      painter.text(
        "\(first + 1)–\(min(first + layout.objectRowCount, rows.count)) of \(rows.count)", at: Point(x: list.minX, y: list.maxY + 1),
        size: Theme.FontSize.hint, Theme.Palette.mutedText
      )
    }
  }
}
