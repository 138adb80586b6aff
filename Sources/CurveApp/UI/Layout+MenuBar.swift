import CurveFeature
import CurveGeometry

/// Where the menu bar's parts are, in units: the titles left to right along the window's
/// top, and a dropped menu under its title, one line per item (a thin one per separator),
/// each title on the left and its keys on the right. The painter and the session's clicks
/// both read it. Widths are reckoned from the text's length (`menuCharacterWidth`), so a
/// click needs no font.
extension Layout {
  static let menuTitlePadding = 10.0
  /// A generous average advance of the menu's font (DejaVu Sans at 13), per character.
  static let menuCharacterWidth = 7.6
  static let menuItemHeight = 22.0
  static let menuSeparatorHeight = 9.0
  static let menuInset = 4.0
  /// Between an item's title and its keys, at the least.
  static let menuKeysGap = 32.0
  static let menuMinimumWidth = 180.0

  static func menuTextWidth(_ text: String) -> Double { Double(text.count) * menuCharacterWidth }

  /// Title `index` of `menus` in the bar.
  func menuTitleFrame(_ index: Int, of menus: [MenuBar.Menu]) -> Rect {
    var left = 4.0
    for menu in menus.prefix(index) { left += Self.menuTextWidth(menu.title) + 2 * Self.menuTitlePadding }
    let width = Self.menuTextWidth(menus[index].title) + 2 * Self.menuTitlePadding
    return Rect(minX: left, minY: menuBar.minY, maxX: left + width, maxY: menuBar.maxY)
  }

  /// The title under `point`, if any.
  func menuTitle(at point: Point, of menus: [MenuBar.Menu]) -> Int? {
    guard menuBar.contains(point) else { return nil }
    return menus.indices.first { menuTitleFrame($0, of: menus).contains(point) }
  }

  /// The dropped box of menu `index`, under its title, kept inside the window.
  func menuBox(_ index: Int, of menus: [MenuBar.Menu]) -> Rect {
    let items = menus[index].items
    let widest = items.map { Self.menuTextWidth($0.title) + ($0.keys.isEmpty ? 0 : Self.menuKeysGap + Self.menuTextWidth($0.keys)) }.max() ?? 0
    let width = max(widest + 2 * Self.menuTitlePadding + 2 * Self.menuInset, Self.menuMinimumWidth)
    let height = items.reduce(2 * Self.menuInset) { $0 + ($1.isSeparator ? Self.menuSeparatorHeight : Self.menuItemHeight) }
    let left = max(min(menuTitleFrame(index, of: menus).minX, self.width - width), 0)
    return Rect(minX: left, minY: menuBar.maxY, maxX: left + width, maxY: menuBar.maxY + height)
  }

  /// The line of item `item` in menu `index`'s box.
  func menuItemFrame(_ item: Int, inMenu index: Int, of menus: [MenuBar.Menu]) -> Rect {
    let box = menuBox(index, of: menus), items = menus[index].items
    let top = items.prefix(item).reduce(box.minY + Self.menuInset) { $0 + ($1.isSeparator ? Self.menuSeparatorHeight : Self.menuItemHeight) }
    let height = items[item].isSeparator ? Self.menuSeparatorHeight : Self.menuItemHeight
    return Rect(minX: box.minX + Self.menuInset, minY: top, maxX: box.maxX - Self.menuInset, maxY: top + height)
  }

  /// The item of menu `index` under `point`, if any (separators included: they run nothing).
  func menuItem(at point: Point, inMenu index: Int, of menus: [MenuBar.Menu]) -> Int? {
    guard menuBox(index, of: menus).contains(point) else { return nil }
    return menus[index].items.indices.first { menuItemFrame($0, inMenu: index, of: menus).contains(point) }
  }
}
