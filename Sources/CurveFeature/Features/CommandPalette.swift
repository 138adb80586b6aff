import Composable

/// The command palette (`?` or Shift+F1, as Inkscape 1.x has one): every command with its
/// keys, and the mouse gestures under them; typing filters by words, the arrows move the
/// selection, Enter runs the selected command, Escape closes. The window gives it the
/// commands (its shortcut table) and runs the one chosen (`Delegate.run`), so the palette
/// lists exactly what the keys do.
///
/// ```swift
/// store.send(.palette(.present(entries)))
/// store.send(.palette(.type("union")))   // only the commands whose words start so
/// store.send(.palette(.activate))        // Enter: .delegate(.run(index)), and it closes
/// ```
public struct CommandPalette: Reducer {
  public typealias State = Editor.State

  /// One line of the palette.
  public struct Entry: Equatable, Sendable {
    /// The keys, as the window writes them ("Ctrl+Shift+S"); for a gesture, the gesture.
    public var keys: String
    public var summary: String
    /// A command the palette runs; a mouse gesture is listed (under Help) but not run.
    public var isCommand: Bool

    public init(keys: String, summary: String, isCommand: Bool = true) {
      self.keys = keys
      self.summary = summary
      self.isCommand = isCommand
    }

    /// Whether every word of `query` starts a word of the entry's summary or keys.
    func matches(_ words: [Substring]) -> Bool {
      let own = Self.words(of: summary + " " + keys)
      return words.allSatisfy { word in own.contains { $0.hasPrefix(word) } }
    }

    static func words(of text: String) -> [Substring] {
      text.lowercased().split { !$0.isLetter && !$0.isNumber }
    }
  }

  /// What choosing a line does: run a command, or (the text tool bar's Family) set the
  /// text's font family to the line's.
  public enum Purpose: Equatable, Sendable {
    case commands
    case fontFamily
  }

  /// The palette while it is open.
  public struct Palette: Equatable, Sendable {
    public var entries: [Entry]
    public var purpose: Purpose
    public var query = ""
    /// The selected line of `matches`.
    public var selection = 0

    public init(entries: [Entry], purpose: Purpose = .commands) {
      self.entries = entries
      self.purpose = purpose
    }

    /// The entries `query` keeps, by their index in `entries`, in the table's order.
    public var matches: [Int] {
      let words = Entry.words(of: query)
      return entries.indices.filter { words.isEmpty || entries[$0].matches(words) }
    }

    /// The entry of the selected line, if any.
    public var selectedEntry: Int? {
      let matches = matches
      return matches.indices.contains(selection) ? matches[selection] : nil
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// `?` or Shift+F1: opens with every entry, the first selected (the text tool bar's
    /// Family: with the font families, to choose one).
    case present([Entry], purpose: Purpose = .commands)
    case type(String)
    /// Backspace.
    case deleteBackward
    /// Up and Down (Page Up and Page Down by a page).
    case moveSelection(by: Int)
    /// A click on a line of `matches`.
    case select(Int)
    /// Enter, or a double click: runs the selected command and closes.
    case activate
    /// Escape.
    case close
    case delegate(Delegate)
  }

  public enum Delegate: Equatable, Sendable {
    /// Run the command at this index of the entries given.
    case run(Int)
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case let .present(entries, purpose) = action {
      state.endGesture()
      state.palette = Palette(entries: entries, purpose: purpose)
      return .none
    }
    guard var palette = state.palette else { return .none }
    switch action {
    case .present, .delegate:
      return .none
    case let .type(text):
      palette.query += text
      palette.selection = 0
    case .deleteBackward:
      guard !palette.query.isEmpty else { return .none }
      palette.query.removeLast()
      palette.selection = 0
    case let .moveSelection(step):
      let count = palette.matches.count
      guard count > 0 else { return .none }
      palette.selection = min(max(palette.selection + step, 0), count - 1)
    case let .select(index):
      guard palette.matches.indices.contains(index) else { return .none }
      palette.selection = index
    case .activate:
      guard let entry = palette.selectedEntry, palette.entries[entry].isCommand else { return .none }
      state.palette = nil
      return .send(.delegate(.run(entry)))
    case .close:
      state.palette = nil
      return .none
    }
    state.palette = palette
    return .none
  }
}
