/// One input event in window coordinates (points, origin at the window's top left), from
/// SDL or from a replay script: both go through the same `EditorSession.handle(_:)`.
enum InputEvent: Equatable, Sendable {
  case pointerDown(x: Double, y: Double, clicks: Int)
  case pointerMoved(x: Double, y: Double)
  case pointerUp(x: Double, y: Double)
  case key(KeyChord)
  /// Time passing with no input: advances the animation clock (replay only).
  case wait(milliseconds: Int)
  case resize(width: Int, height: Int)
}

/// A key with its modifiers, written as in replay scripts and the help overlay:
/// `"ctrl+shift+z"`, `"space"`, `"left"`, `"f1"`.
struct KeyChord: Hashable, Sendable, CustomStringConvertible {
  /// Names of the keys the editor knows besides letters and digits.
  static let namedKeys: Set<String> = [
    "space", "left", "right", "up", "down", "tab", "escape", "delete", "backspace", "return", "f1",
  ]

  var key: String
  var control = false
  var shift = false

  init(_ key: String, control: Bool = false, shift: Bool = false) {
    self.key = key
    self.control = control
    self.shift = shift
  }

  /// Parses `"ctrl+shift+z"`; modifiers in any order, names in any case.
  init(parsing text: String) throws(InputError) {
    var parts = text.lowercased().split(separator: "+", omittingEmptySubsequences: false).map(String.init)
    guard let written = parts.popLast(), !written.isEmpty else { throw InputError("empty key in '\(text)'") }
    for modifier in parts {
      switch modifier {
      case "ctrl", "control": control = true
      case "shift": shift = true
      default: throw InputError("unknown modifier '\(modifier)' in '\(text)'")
      }
    }
    let aliases = ["esc": "escape", "del": "delete", "enter": "return", "spacebar": "space"]
    let key = aliases[written] ?? written
    let isCharacter = key.count == 1 && key.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    guard isCharacter || Self.namedKeys.contains(key) else { throw InputError("unknown key '\(key)' in '\(text)'") }
    self.key = key
  }

  var description: String {
    (control ? "ctrl+" : "") + (shift ? "shift+" : "") + key
  }
}

/// Bad input from a replay script or the command line: a one-line reason.
struct InputError: Error, Equatable, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
