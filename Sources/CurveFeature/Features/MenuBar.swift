import Composable

/// The window's menu bar while it is in use: a menu dropped from a clicked title, or the bar
/// focused by Alt pressed and released alone. The arrows move between titles and items,
/// Enter (or a click) runs an item, Escape closes the menu and then leaves the bar. As the
/// command palette, it is given its menus by the window, each item with its keys and, when
/// it cannot run now, why; the window runs the item chosen (`Delegate.run`).
///
/// ```swift
/// store.send(.menuBar(.focus(menus)))      // Alt: the first title highlighted
/// store.send(.menuBar(.moveItem(by: 1)))   // Down: the menu drops, its first item highlighted
/// store.send(.menuBar(.activate))          // Enter: .delegate(.run(menu: 0, item: 0)), closed
/// ```
public struct MenuBar: Reducer {
  public typealias State = Editor.State

  /// One line of a menu.
  public struct Item: Equatable, Sendable {
    public var title: String
    /// The keys that do the same ("Ctrl+Shift+S"), or empty.
    public var keys: String
    /// Why the item cannot run now ("Select two or more curves"); nil when it can.
    public var disabledReason: String?
    /// A line between groups of items: never highlighted, never run.
    public var isSeparator: Bool

    public init(title: String, keys: String = "", disabledReason: String? = nil) {
      self.title = title
      self.keys = keys
      self.disabledReason = disabledReason
      isSeparator = false
    }

    public static let separator: Item = {
      var line = Item(title: "")
      line.isSeparator = true
      return line
    }()

    public var isEnabled: Bool { disabledReason == nil && !isSeparator }
  }

  public struct Menu: Equatable, Sendable {
    public var title: String
    public var items: [Item]

    public init(title: String, items: [Item]) {
      self.title = title
      self.items = items
    }
  }

  /// The bar in use.
  public struct Bar: Equatable, Sendable {
    public var menus: [Menu]
    /// The highlighted title: its menu is the one dropped when `isOpen`.
    public var title: Int
    public var isOpen: Bool
    /// The highlighted item of the open menu (a disabled one shows why), if any.
    public var item: Int?

    public init(menus: [Menu], title: Int = 0, isOpen: Bool = false, item: Int? = nil) {
      self.menus = menus
      self.title = title
      self.isOpen = isOpen
      self.item = item
    }

    /// The open menu, if one is dropped.
    public var openMenu: Menu? { isOpen && menus.indices.contains(title) ? menus[title] : nil }

    /// The next item from `start` by `step` (±1), wrapping, past separators.
    func item(from start: Int?, by step: Int) -> Int? {
      guard let items = openMenu?.items, items.contains(where: { !$0.isSeparator }) else { return nil }
      var index = start ?? (step > 0 ? -1 : items.count)
      repeat {
        index = (index + step + items.count) % items.count
      } while items[index].isSeparator
      return index
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// Alt pressed and released alone: the bar takes the keyboard, its first title
    /// highlighted; again, it lets go.
    case focus([Menu])
    /// A click on title `index`: its menu drops (a click on the open one's title closes it).
    case open([Menu], title: Int)
    /// The pointer over title `index` while a menu is dropped: that menu drops instead.
    case hoverTitle(Int)
    /// Left and Right: the title before or after, wrapping; an open menu follows.
    case moveTitle(by: Int)
    /// Up and Down: the item before or after, wrapping; Down on a closed title drops its menu.
    case moveItem(by: Int)
    /// The pointer over an item (nil: over no item).
    case highlight(Int?)
    /// Enter: drops a closed menu, or runs the highlighted item if it can run.
    case activate
    /// A click on an item: runs it if it can run.
    case choose(Int)
    /// Escape: closes the open menu, then leaves the bar.
    case close
    /// A click outside the bar and its menu, or any other key: leaves the bar.
    case dismiss
    case delegate(Delegate)
  }

  public enum Delegate: Equatable, Sendable {
    /// Run item `item` of menu `menu` of the menus given.
    case run(menu: Int, item: Int)
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .focus(menus):
      if state.menuBar != nil {
        state.menuBar = nil
      } else if !menus.isEmpty {
        state.endGesture()
        state.menuBar = Bar(menus: menus)
      }
      return .none
    case let .open(menus, title):
      guard menus.indices.contains(title) else { return .none }
      if let bar = state.menuBar, bar.isOpen, bar.title == title {
        state.menuBar = nil
      } else {
        state.endGesture()
        state.menuBar = Bar(menus: menus, title: title, isOpen: true)
      }
      return .none
    case .delegate:
      return .none
    default:
      break
    }
    guard var bar = state.menuBar else { return .none }
    switch action {
    case .focus, .open, .delegate:
      return .none
    case let .hoverTitle(title):
      guard bar.isOpen, bar.menus.indices.contains(title), title != bar.title else { return .none }
      bar.title = title
      bar.item = nil
    case let .moveTitle(step):
      bar.title = (bar.title + step % bar.menus.count + bar.menus.count) % bar.menus.count
      bar.item = bar.isOpen ? bar.item(from: nil, by: 1) : nil
    case let .moveItem(step):
      if !bar.isOpen {
        guard step > 0 else { return .none }
        bar.isOpen = true
        bar.item = bar.item(from: nil, by: 1)
      } else {
        bar.item = bar.item(from: bar.item, by: step > 0 ? 1 : -1)
      }
    case let .highlight(item):
      guard bar.isOpen else { return .none }
      bar.item = item.flatMap { bar.openMenu?.items.indices.contains($0) == true && !bar.openMenu!.items[$0].isSeparator ? $0 : nil }
    case .activate:
      guard bar.isOpen else {
        bar.isOpen = true
        bar.item = bar.item(from: nil, by: 1)
        break
      }
      guard let item = bar.item else { return .none }
      return run(item, of: bar, in: &state)
    case let .choose(item):
      guard bar.isOpen, bar.openMenu?.items.indices.contains(item) == true else { return .none }
      bar.item = item
      state.menuBar = bar
      return run(item, of: bar, in: &state)
    case .close:
      guard bar.isOpen else {
        state.menuBar = nil
        return .none
      }
      bar.isOpen = false
      bar.item = nil
    case .dismiss:
      state.menuBar = nil
      return .none
    }
    state.menuBar = bar
    return .none
  }

  /// Runs `item` of the open menu if it can run: the bar closes and the window is asked.
  private func run(_ item: Int, of bar: Bar, in state: inout State) -> Effect<Action> {
    guard let menu = bar.openMenu, menu.items[item].isEnabled else { return .none }
    state.menuBar = nil
    return .send(.delegate(.run(menu: bar.title, item: item)))
  }
}
