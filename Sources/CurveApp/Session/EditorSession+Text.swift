import CurveFeature

/// While the text tool's cursor is in a text, the keyboard types into it (`TextEditing`):
/// text input inserts, Enter, Backspace, Delete, the arrows, Home and End edit and move
/// (Shift selects), Ctrl+A, Ctrl+C, Ctrl+X, Ctrl+V, Ctrl+B and Ctrl+I act on its characters,
/// Escape leaves it. Every other key goes to it too and does nothing, but Ctrl+S, Ctrl+Z,
/// Ctrl+Shift+Z and Ctrl+Q, which save, undo and quit (asking first) as always.
extension EditorSession {
  /// The keys a text with the cursor leaves to their shortcuts.
  static let keysWhileTyping: Set<KeyChord> = [
    KeyChord("s", control: true), KeyChord("z", control: true), KeyChord("z", control: true, shift: true), KeyChord("q", control: true),
  ]

  /// Nil when the event is handled as usual; else what the shell must do.
  func handleTextCursor(_ event: InputEvent) -> Request?? {
    guard store.state.interaction.textCursor != nil else { return nil }
    switch event {
    case let .text(text):
      store.send(.text(.type(text)))
      return .some(nil)
    case let .key(chord):
      if Self.keysWhileTyping.contains(chord) { return nil }
      if let action = Self.textAction(for: chord) { store.send(.text(action)) }
      return .some(nil)
    default:
      return nil
    }
  }

  /// What a key does in a text; nil for a key that does nothing there (a character comes as
  /// text input, not as its key).
  static func textAction(for chord: KeyChord) -> TextEditing.Action? {
    guard !chord.alt else { return nil }
    if chord.control {
      switch chord.key {
      case "a": return .selectAll
      case "c": return chord.shift ? nil : .copy
      case "x": return .cut
      case "v": return .paste
      case "b": return .toggleBold
      case "i": return .toggleItalic
      default: return nil
      }
    }
    switch chord.key {
    case "return": return .newLine
    case "backspace": return .deleteBackward
    case "delete": return .deleteForward
    case "escape": return .leave
    case "left": return .move(.left, extending: chord.shift)
    case "right": return .move(.right, extending: chord.shift)
    case "up": return .move(.up, extending: chord.shift)
    case "down": return .move(.down, extending: chord.shift)
    case "home": return .move(.lineStart, extending: chord.shift)
    case "end": return .move(.lineEnd, extending: chord.shift)
    default: return nil
    }
  }
}
