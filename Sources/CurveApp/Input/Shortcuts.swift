import CurveFeature

/// What a key does: an editor action, or something only the app shell can do.
enum ShortcutCommand: Equatable {
  case editor(Editor.Action)
  /// Arrow keys: nudge the selected point, or step `t` when nothing is selected.
  case arrow(dx: Double, dy: Double)
  case toggleHelp
  case closeOverlays
  case exportSVG
  case screenshot
  case quit
}

/// Every keyboard shortcut, in the order the help overlay lists them. The overlay is drawn
/// from this table, so it cannot drift from what the keys do.
@MainActor
struct Shortcut {
  var keys: [KeyChord]
  /// How the help overlay writes the keys.
  var label: String
  var summary: String
  var command: ShortcutCommand

  static let all: [Shortcut] = [
    Shortcut(keys: [KeyChord("space")], label: "Space", summary: "Play / pause the construction", command: .editor(.togglePlaying)),
    Shortcut(
      keys: [KeyChord("left"), KeyChord("right"), KeyChord("up"), KeyChord("down")], label: "Arrows",
      summary: "Nudge the selected point by 1 (or step t with ← →)", command: .arrow(dx: 0, dy: 0)
    ),
    Shortcut(
      keys: [KeyChord("left", shift: true), KeyChord("right", shift: true), KeyChord("up", shift: true), KeyChord("down", shift: true)],
      label: "Shift+Arrows", summary: "Nudge the selected point by 10", command: .arrow(dx: 0, dy: 0)
    ),
    Shortcut(keys: [KeyChord("tab")], label: "Tab", summary: "Select the next point", command: .editor(.selectNextPoint)),
    Shortcut(keys: [KeyChord("escape")], label: "Escape", summary: "Deselect; close help", command: .closeOverlays),
    Shortcut(keys: [KeyChord("delete"), KeyChord("backspace")], label: "Delete", summary: "Remove the selected point", command: .editor(.deleteSelectedPoint)),
    Shortcut(keys: [KeyChord("n")], label: "N", summary: "New curve", command: .editor(.addCurve)),
    Shortcut(keys: [KeyChord("z", control: true)], label: "Ctrl+Z", summary: "Undo", command: .editor(.undo)),
    Shortcut(
      keys: [KeyChord("z", control: true, shift: true), KeyChord("y", control: true)], label: "Ctrl+Shift+Z, Ctrl+Y",
      summary: "Redo", command: .editor(.redo)
    ),
    Shortcut(keys: [KeyChord("s", control: true)], label: "Ctrl+S", summary: "Save", command: .editor(.save)),
    Shortcut(keys: [KeyChord("e", control: true)], label: "Ctrl+E", summary: "Export SVG", command: .exportSVG),
    Shortcut(keys: [KeyChord("p", control: true)], label: "Ctrl+P", summary: "Save a PNG screenshot", command: .screenshot),
    Shortcut(keys: [KeyChord("h"), KeyChord("f1")], label: "H, F1", summary: "Show / hide this help", command: .toggleHelp),
    Shortcut(keys: [KeyChord("q", control: true)], label: "Ctrl+Q", summary: "Quit (saves first)", command: .quit),
  ]

  /// Mouse gestures, listed in the help overlay below the keys.
  static let gestures: [(label: String, summary: String)] = [
    ("Drag", "Move a control point"),
    ("Double-click", "Insert a point into the selected curve"),
  ]

  private static let byChord: [KeyChord: ShortcutCommand] = {
    var table: [KeyChord: ShortcutCommand] = [:]
    for shortcut in all {
      for key in shortcut.keys { table[key] = shortcut.command }
    }
    return table
  }()

  /// The command for `chord`, with arrow keys resolved to their direction and step.
  static func command(for chord: KeyChord) -> ShortcutCommand? {
    guard let command = byChord[chord] else { return nil }
    guard case .arrow = command else { return command }
    let step = chord.shift ? 10.0 : 1.0
    switch chord.key {
    case "left": return .arrow(dx: -step, dy: 0)
    case "right": return .arrow(dx: step, dy: 0)
    case "up": return .arrow(dx: 0, dy: -step)
    default: return .arrow(dx: 0, dy: step)
    }
  }
}
