import Composable
import CurveFeature
import Testing

/// The command palette: every command with its keys, filtered by the words typed; Enter
/// hands the window the selected command to run and closes; gestures are listed, not run.
@MainActor
struct CommandPaletteTests {
  static let entries = [
    CommandPalette.Entry(keys: "Ctrl++", summary: "Union of the selected curves"),
    CommandPalette.Entry(keys: "Ctrl+-", summary: "Difference: bottom minus top"),
    CommandPalette.Entry(keys: "R, F4", summary: "Rectangle (Ctrl: square)"),
    CommandPalette.Entry(keys: "Ctrl+S", summary: "Save (a new document: Save as)"),
    CommandPalette.Entry(keys: "Drag on empty canvas", summary: "Select the objects in a rectangle", isCommand: false),
  ]

  static func opened(query: String = "", selection: Int = 0) -> CommandPalette.Palette {
    var palette = CommandPalette.Palette(entries: entries)
    palette.query = query
    palette.selection = selection
    return palette
  }

  @Test func wordsFilterByTheStartOfTheEntrysWords() {
    #expect(Self.opened().matches == [0, 1, 2, 3, 4])
    #expect(Self.opened(query: "rect").matches == [2, 4])
    #expect(Self.opened(query: "RECT sq").matches == [2], "every word, any case")
    #expect(Self.opened(query: "ctrl s").matches == [0, 2, 3], "keys count as words")
    #expect(Self.opened(query: "nion").matches == [], "a word's start, not its middle")
    #expect(Self.opened(query: "zzz").selectedEntry == nil)
  }

  @Test func typingSelectsTheFirstMatchAndEnterRunsIt() async {
    let store = makeStore { CommandPalette() }
    await store.send(.present(Self.entries)) { $0.palette = Self.opened() }
    await store.send(.type("s")) { $0.palette = Self.opened(query: "s") }
    await store.send(.moveSelection(by: 1)) { $0.palette?.selection = 1 }
    await store.send(.moveSelection(by: 10)) { $0.palette?.selection = 3 }
    await store.send(.type("a")) { $0.palette = Self.opened(query: "sa") }
    #expect(store.state.palette?.matches == [3])
    await store.send(.activate) { $0.palette = nil }
    await store.receive(.delegate(.run(3)))
  }

  @Test func aGestureIsListedButNotRunAndEscapeCloses() async {
    let store = makeStore { CommandPalette() }
    await store.send(.present(Self.entries)) { $0.palette = Self.opened() }
    await store.send(.type("objects")) { $0.palette = Self.opened(query: "objects") }
    await store.send(.activate)
    await store.send(.deleteBackward) { $0.palette = Self.opened(query: "object") }
    await store.send(.select(3))
    await store.send(.close) { $0.palette = nil }
    await store.send(.type("x"))
  }

  @Test func clickingALineSelectsItAndUpStopsAtTheTop() async {
    let store = makeStore { CommandPalette() }
    await store.send(.present(Self.entries)) { $0.palette = Self.opened() }
    await store.send(.select(2)) { $0.palette?.selection = 2 }
    await store.send(.moveSelection(by: -5)) { $0.palette?.selection = 0 }
    await store.send(.activate) { $0.palette = nil }
    await store.receive(.delegate(.run(0)))
  }
}
