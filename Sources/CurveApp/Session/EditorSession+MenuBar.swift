import CurveFeature

/// The menu bar (`MenuBar`, its menus from `MenuCatalog`): a click on a title drops its menu,
/// Alt pressed and released alone focuses the bar. While it is in use it takes the keyboard
/// and the pointer: the arrows move, Enter or a click runs, Escape closes the menu and then
/// leaves the bar, a click elsewhere leaves it; any other key leaves it and does what it
/// always does (Ctrl+S saves). Alt with another key is always that key's shortcut.
extension EditorSession {
  /// Nil when the event is handled as usual; else what the shell must do.
  func handleMenuBar(_ event: InputEvent) -> Request?? {
    guard layout.hasChrome else { return nil }
    guard store.state.menuBar != nil else {
      switch event {
      case .key(KeyChord.altTap):
        store.send(.menuBar(.focus(MenuCatalog.menus(for: store.state))))
        return .some(nil)
      case let .pointerDown(x, y, _, button, _) where layout.menuBar.contains(layout.unitPoint(x: x, y: y)):
        let point = layout.unitPoint(x: x, y: y), menus = MenuCatalog.menus(for: store.state)
        if button == .left, let title = layout.menuTitle(at: point, of: menus) { store.send(.menuBar(.open(menus, title: title))) }
        return .some(nil)
      default:
        return nil
      }
    }
    switch event {
    case let .key(chord):
      return handleMenuKey(chord)
    case .text, .wheel, .pointerMoved(_, _, .middle, _):
      return .some(nil)
    case let .pointerDown(x, y, _, .left, _):
      let point = layout.unitPoint(x: x, y: y)
      guard let bar = store.state.menuBar else { return .some(nil) }
      if let title = layout.menuTitle(at: point, of: bar.menus) {
        store.send(.menuBar(.open(bar.menus, title: title)))
      } else if bar.isOpen, let item = layout.menuItem(at: point, inMenu: bar.title, of: bar.menus) {
        return .some(runMenuItem(item, of: bar) { self.store.send(.menuBar(.choose(item))) })
      } else if !(bar.isOpen && layout.menuBox(bar.title, of: bar.menus).contains(point)) {
        store.send(.menuBar(.dismiss))
      }
      return .some(nil)
    case .pointerDown:
      store.send(.menuBar(.dismiss))
      return .some(nil)
    case let .pointerMoved(x, y, _, _):
      let point = layout.unitPoint(x: x, y: y)
      guard let bar = store.state.menuBar, bar.isOpen else { return .some(nil) }
      if let title = layout.menuTitle(at: point, of: bar.menus) {
        store.send(.menuBar(.hoverTitle(title)))
      } else if layout.menuBox(bar.title, of: bar.menus).contains(point) {
        store.send(.menuBar(.highlight(layout.menuItem(at: point, inMenu: bar.title, of: bar.menus))))
      }
      return .some(nil)
    case .pointerUp, .close, .resize, .wait, .drop:
      return nil
    }
  }

  private func handleMenuKey(_ chord: KeyChord) -> Request?? {
    guard let bar = store.state.menuBar else { return nil }
    switch (chord.key, chord.control, chord.shift, chord.alt) {
    case (KeyChord.altTap.key, false, false, false): store.send(.menuBar(.focus(bar.menus)))
    case ("left", false, false, false): store.send(.menuBar(.moveTitle(by: -1)))
    case ("right", false, false, false): store.send(.menuBar(.moveTitle(by: 1)))
    case ("up", false, false, false): store.send(.menuBar(.moveItem(by: -1)))
    case ("down", false, false, false): store.send(.menuBar(.moveItem(by: 1)))
    case ("escape", false, false, false): store.send(.menuBar(.close))
    case ("return", false, false, false), ("space", false, false, false):
      guard bar.isOpen, let item = bar.item else {
        store.send(.menuBar(.activate))
        break
      }
      return .some(runMenuItem(item, of: bar) { self.store.send(.menuBar(.activate)) })
    default:
      // Any other key leaves the bar and does what it always does.
      store.send(.menuBar(.dismiss))
      return nil
    }
    return .some(nil)
  }

  /// Sends `choose` (Enter or a click on `item`); when the bar ran the item (it can run
  /// now), runs its command as its keys would.
  private func runMenuItem(_ item: Int, of bar: MenuBar.Bar, choose: () -> Void) -> Request? {
    let command = MenuCatalog.command(menu: bar.title, item: item)
    choose()
    guard let command, store.state.menuBar == nil else { return nil }
    return run(command)
  }
}
