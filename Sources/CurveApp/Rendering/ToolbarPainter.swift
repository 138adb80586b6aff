import CurveFeature
import CurveGeometry
import CurveRaster

/// Draws the tool bar over the canvas (`Toolbar`): each button framed, the current tool's
/// and modes' filled; the settings' readouts; the hovered button's tooltip above it.
@MainActor
struct ToolbarPainter {
  let state: Editor.State
  let layout: Layout
  let painter: Painter
  /// The button under the pointer, whose tooltip shows.
  let hovered: ToolbarItem?

  func draw() {
    let slots = Toolbar.slots(for: state, in: layout)
    // Each row on a strip of its own.
    for frames in Dictionary(grouping: slots.map(\.frame), by: \.minY).values {
      let row = Rect(minX: frames.map(\.minX).min()!, minY: frames[0].minY, maxX: frames.map(\.maxX).max()!, maxY: frames[0].maxY)
      painter.fill(row.insetBy(dx: -3, dy: -3), Theme.Palette.panelEdge)
    }
    let size = Theme.FontSize.toggle
    for (slot, frame) in slots {
      switch slot {
      case let .button(item):
        let isOn = item.isOn(state)
        painter.fill(frame, Theme.Palette.handleBorder)
        painter.fill(frame.insetBy(dx: Layout.toggleBorder, dy: Layout.toggleBorder), isOn ? Theme.Palette.selection : item == hovered ? Theme.Palette.track : Theme.Palette.page)
        centre(item.label(state), in: frame, size: size, isOn ? Theme.Palette.page : Theme.Palette.text)
      case let .readout(setting):
        painter.fill(frame, Theme.Palette.panel)
        centre(setting.readout(state), in: frame, size: size, Theme.Palette.text)
      }
    }
    if let hovered, let frame = slots.first(where: { $0.slot == .button(hovered) })?.frame { drawTooltip(hovered.tooltip, above: frame) }
  }

  private func centre(_ text: String, in frame: Rect, size: Double, _ color: RGBA8) {
    let width = painter.textWidth(text, size: size)
    painter.text(text, at: Point(x: (frame.minX + frame.maxX - width) / 2, y: (frame.minY + frame.maxY - size) / 2 - 1), size: size, color)
  }

  /// The tooltip in a box just above the button, kept inside the canvas area.
  private func drawTooltip(_ text: String, above frame: Rect) {
    let size = Theme.FontSize.hint, padding = 5.0
    let width = painter.textWidth(text, size: size) + 2 * padding, height = size + 2 * padding
    let left = min(frame.minX, max(layout.canvasArea.maxX - width, layout.canvasArea.minX))
    let box = Rect(minX: left, minY: frame.minY - 8 - height, maxX: left + width, maxY: frame.minY - 8)
    painter.fill(box, Theme.Palette.status)
    painter.text(text, at: Point(x: box.minX + padding, y: box.minY + padding - 1), size: size, Theme.Palette.statusText)
  }
}
