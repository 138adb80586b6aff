import CurveFeature
import CurveGeometry

/// Draws the menu bar across the window's top (`MenuCatalog`'s titles; the focused or open
/// one highlighted) and, over everything else, the dropped menu: each item's title and keys,
/// a disabled one greyed, the highlighted one filled, and a highlighted disabled one's reason
/// in a tooltip beside the menu.
@MainActor
struct MenuBarPainter {
  let bar: MenuBar.Bar?
  let layout: Layout
  let painter: Painter

  /// The bar itself, drawn with the panel.
  func drawBar() {
    let frame = layout.menuBar
    guard frame.height > 0 else { return }
    painter.fill(frame, Theme.Palette.panel)
    painter.fill(Rect(minX: frame.minX, minY: frame.maxY - 1 / painter.scale, maxX: frame.maxX, maxY: frame.maxY), Theme.Palette.panelEdge)
    let menus = bar?.menus ?? MenuCatalog.titles
    for index in menus.indices {
      let title = layout.menuTitleFrame(index, of: menus)
      let isHighlighted = bar?.title == index
      if isHighlighted { painter.fill(title, Theme.Palette.selection) }
      painter.text(
        menus[index].title, at: Point(x: title.minX + Layout.menuTitlePadding, y: title.minY + 4), size: Theme.FontSize.label,
        isHighlighted ? Theme.Palette.page : Theme.Palette.text
      )
    }
  }

  /// The dropped menu, over the canvas, the panel and the dialogs.
  func drawOpenMenu() {
    guard let bar, let menu = bar.openMenu else { return }
    let box = layout.menuBox(bar.title, of: bar.menus)
    painter.framed(box, inside: Theme.Palette.panel)
    for (index, item) in menu.items.enumerated() {
      let frame = layout.menuItemFrame(index, inMenu: bar.title, of: bar.menus)
      if item.isSeparator {
        let middle = (frame.minY + frame.maxY) / 2
        painter.fill(Rect(minX: frame.minX + 4, minY: middle, maxX: frame.maxX - 4, maxY: middle + 1 / painter.scale), Theme.Palette.panelEdge)
        continue
      }
      let isHighlighted = bar.item == index
      if isHighlighted { painter.fill(frame, item.isEnabled ? Theme.Palette.selection : Theme.Palette.track) }
      let colour = !item.isEnabled ? Theme.Palette.mutedText : isHighlighted ? Theme.Palette.page : Theme.Palette.text
      let textTop = frame.minY + 4
      painter.text(item.title, at: Point(x: frame.minX + Layout.menuTitlePadding, y: textTop), size: Theme.FontSize.label, colour)
      if !item.keys.isEmpty {
        let width = painter.textWidth(item.keys, size: Theme.FontSize.label)
        let keysColour = isHighlighted && item.isEnabled ? Theme.Palette.page : Theme.Palette.mutedText
        painter.text(item.keys, at: Point(x: frame.maxX - Layout.menuTitlePadding - width, y: textTop), size: Theme.FontSize.label, keysColour)
      }
    }
    if let index = bar.item, let reason = menu.items[index].disabledReason {
      drawTooltip(reason, beside: layout.menuItemFrame(index, inMenu: bar.title, of: bar.menus), box: box)
    }
  }

  /// `text` in a dark box right of the menu (left of it when the window ends first).
  private func drawTooltip(_ text: String, beside item: Rect, box: Rect) {
    let size = Theme.FontSize.hint, padding = 5.0
    let width = painter.textWidth(text, size: size) + 2 * padding, height = size + 2 * padding
    let left = box.maxX + 4 + width <= layout.width ? box.maxX + 4 : max(box.minX - 4 - width, 0)
    let top = item.minY + (item.height - height) / 2
    let tip = Rect(minX: left, minY: top, maxX: left + width, maxY: top + height)
    painter.fill(tip, Theme.Palette.status)
    painter.text(text, at: Point(x: tip.minX + padding, y: tip.minY + padding - 1), size: size, Theme.Palette.statusText)
  }
}
