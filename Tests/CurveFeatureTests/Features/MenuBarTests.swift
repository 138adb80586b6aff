import Composable
import CurveFeature
import Testing

/// The menu bar: Alt focuses it, the arrows move between titles and items (past separators,
/// wrapping), Enter or a click runs an item that can run and hands it to the window, Escape
/// closes the menu and then leaves the bar; a disabled item is highlighted but never run.
@MainActor
struct MenuBarTests {
  static let menus = [
    MenuBar.Menu(title: "File", items: [
      MenuBar.Item(title: "New", keys: "Ctrl+N"), .separator, MenuBar.Item(title: "Save", keys: "Ctrl+S"),
    ]),
    MenuBar.Menu(title: "Edit", items: [
      MenuBar.Item(title: "Undo", keys: "Ctrl+Z", disabledReason: "Nothing to undo."), MenuBar.Item(title: "Paste", keys: "Ctrl+V"),
    ]),
    MenuBar.Menu(title: "Help", items: [MenuBar.Item(title: "Commands and Keys…", keys: "?")]),
  ]

  @Test func altFocusesTheBarAndTheArrowsWalkTitlesAndItems() async {
    let store = makeStore { MenuBar() }
    await store.send(.focus(Self.menus)) { $0.menuBar = MenuBar.Bar(menus: Self.menus) }
    await store.send(.moveTitle(by: -1)) { $0.menuBar?.title = 2 }
    await store.send(.moveTitle(by: 1)) { $0.menuBar?.title = 0 }
    await store.send(.moveItem(by: -1))
    await store.send(.moveItem(by: 1)) {
      $0.menuBar?.isOpen = true
      $0.menuBar?.item = 0
    }
    await store.send(.moveItem(by: 1)) { $0.menuBar?.item = 2 }
    await store.send(.moveItem(by: 1)) { $0.menuBar?.item = 0 }
    await store.send(.moveItem(by: -1)) { $0.menuBar?.item = 2 }
    // An open menu follows the title, its first item highlighted.
    await store.send(.moveTitle(by: 1)) {
      $0.menuBar?.title = 1
      $0.menuBar?.item = 0
    }
    await store.send(.close) {
      $0.menuBar?.isOpen = false
      $0.menuBar?.item = nil
    }
    await store.send(.close) { $0.menuBar = nil }
  }

  @Test func enterRunsAnEnabledItemAndNeverADisabledOne() async {
    let store = makeStore { MenuBar() }
    await store.send(.focus(Self.menus)) { $0.menuBar = MenuBar.Bar(menus: Self.menus) }
    await store.send(.moveTitle(by: 1)) { $0.menuBar?.title = 1 }
    await store.send(.activate) {
      $0.menuBar?.isOpen = true
      $0.menuBar?.item = 0
    }
    await store.send(.activate)
    #expect(store.state.menuBar?.openMenu?.items[0].isEnabled == false, "Undo stays highlighted with its reason")
    await store.send(.moveItem(by: 1)) { $0.menuBar?.item = 1 }
    await store.send(.activate) { $0.menuBar = nil }
    await store.receive(.delegate(.run(menu: 1, item: 1)))
  }

  @Test func aClickedTitleDropsItsMenuTheSameTitleClosesItAndItemsRunByClick() async {
    let store = makeStore { MenuBar() }
    await store.send(.open(Self.menus, title: 0)) { $0.menuBar = MenuBar.Bar(menus: Self.menus, title: 0, isOpen: true) }
    await store.send(.hoverTitle(2)) { $0.menuBar?.title = 2 }
    await store.send(.hoverTitle(0)) { $0.menuBar?.title = 0 }
    await store.send(.highlight(1))
    await store.send(.highlight(2)) { $0.menuBar?.item = 2 }
    await store.send(.highlight(nil)) { $0.menuBar?.item = nil }
    await store.send(.open(Self.menus, title: 0)) { $0.menuBar = nil }
    await store.send(.open(Self.menus, title: 1)) { $0.menuBar = MenuBar.Bar(menus: Self.menus, title: 1, isOpen: true) }
    await store.send(.choose(0)) { $0.menuBar?.item = 0 }
    await store.send(.choose(1)) { $0.menuBar = nil }
    await store.receive(.delegate(.run(menu: 1, item: 1)))
  }

  @Test func altAgainOrAClickElsewhereLeavesTheBar() async {
    let store = makeStore { MenuBar() }
    await store.send(.focus(Self.menus)) { $0.menuBar = MenuBar.Bar(menus: Self.menus) }
    await store.send(.focus(Self.menus)) { $0.menuBar = nil }
    await store.send(.moveItem(by: 1))
    await store.send(.open(Self.menus, title: 2)) { $0.menuBar = MenuBar.Bar(menus: Self.menus, title: 2, isOpen: true) }
    await store.send(.dismiss) { $0.menuBar = nil }
    await store.send(.focus([]))
  }
}
