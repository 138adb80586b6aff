import CurveFeature
import CurveGeometry

/// One input event in window coordinates (points, origin at the window's top left), from
/// SDL or from a replay script: both go through the same `EditorSession.handle(_:)`.
package enum InputEvent: Equatable, Sendable {
  case pointerDown(x: Double, y: Double, clicks: Int, button: PointerButton = .left, modifiers: PointerModifiers = [])
  case pointerMoved(x: Double, y: Double, button: PointerButton = .left, modifiers: PointerModifiers = [])
  case pointerUp(x: Double, y: Double, button: PointerButton = .left, modifiers: PointerModifiers = [])
  /// The mouse wheel at (x, y): `notches` > 0 turned away from the user (zoom in).
  case wheel(x: Double, y: Double, notches: Double)
  case key(KeyChord)
  /// Text typed (SDL's text input, after the keyboard layout and input method): what the
  /// file browser's field takes. Keys that make text also come as `key`.
  case text(String)
  /// Time passing with no input: advances the animation clock (replay only).
  case wait(milliseconds: Int)
  case resize(width: Int, height: Int)
  /// The window's close button: as Ctrl+Q, unsaved changes are saved and the editor exits.
  case close
  /// A file dropped on the window.
  case drop(path: String)
}

extension InputEvent {
  /// The event with its pointer position (a press, a move, a release, the wheel) put where
  /// `place` takes it; other events as they are.
  func placed(_ place: (Point) -> Point) -> InputEvent {
    switch self {
    case let .pointerDown(x, y, clicks, button, modifiers):
      let point = place(Point(x: x, y: y))
      return .pointerDown(x: point.x, y: point.y, clicks: clicks, button: button, modifiers: modifiers)
    case let .pointerMoved(x, y, button, modifiers):
      let point = place(Point(x: x, y: y))
      return .pointerMoved(x: point.x, y: point.y, button: button, modifiers: modifiers)
    case let .pointerUp(x, y, button, modifiers):
      let point = place(Point(x: x, y: y))
      return .pointerUp(x: point.x, y: point.y, button: button, modifiers: modifiers)
    case let .wheel(x, y, notches):
      let point = place(Point(x: x, y: y))
      return .wheel(x: point.x, y: point.y, notches: notches)
    default:
      return self
    }
  }
}

/// A key with its modifiers, written as in replay scripts and the command palette:
/// `"ctrl+shift+z"`, `"space"`, `"left"`, `"f1"`, `"ctrl+="`.
package struct KeyChord: Hashable, Sendable, CustomStringConvertible {
  /// Names of the keys the editor knows besides letters, digits, `=` and `-`.
  static let namedKeys: Set<String> = [
    "space", "left", "right", "up", "down", "tab", "escape", "delete", "backspace", "return",
    "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10", "f11", "f12", "home", "end", "pageup", "pagedown", "alt",
  ]
  /// Alt pressed and released with no other key or click between (`"alt"` in a replay
  /// script): it focuses the menu bar. Alt with anything else is that thing's modifier.
  static let altTap = KeyChord("alt")
  /// Punctuation keys the editor knows (the zoom keys, the star tool's, the path operations',
  /// the timeline's previous and next keyframe, a morph's start and direction, the
  /// selector's rotate, scale and snapping keys, the help).
  static let symbolKeys: Set<String> = ["=", "-", "*", "/", "^", "(", ")", ",", ".", "[", "]", "\\", "<", ">", "?", "%"]

  var key: String
  var control = false
  var shift = false
  var alt = false

  package init(_ key: String, control: Bool = false, shift: Bool = false, alt: Bool = false) {
    self.key = key
    self.control = control
    self.shift = shift
    self.alt = alt
  }

  /// Parses `"ctrl+shift+z"`; modifiers in any order, names in any case.
  init(parsing text: String) throws(KeyChordError) {
    var parts = text.lowercased().split(separator: "+", omittingEmptySubsequences: false).map(String.init)
    guard let written = parts.popLast(), !written.isEmpty else { throw .emptyKey(in: text) }
    for modifier in parts {
      switch modifier {
      case "ctrl", "control": control = true
      case "shift": shift = true
      case "alt": alt = true
      default: throw .unknownModifier(modifier, in: text)
      }
    }
    let aliases = ["esc": "escape", "del": "delete", "enter": "return", "spacebar": "space", "equals": "=", "minus": "-", "plus": "=", "slash": "/", "asterisk": "*", "caret": "^", "comma": ",", "period": ".", "pgup": "pageup", "pgdn": "pagedown",
      "bracketleft": "[", "bracketright": "]", "backslash": "\\", "less": "<", "greater": ">", "question": "?", "percent": "%"]
    let key = aliases[written] ?? written
    let isCharacter = key.count == 1 && key.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    guard isCharacter || Self.namedKeys.contains(key) || Self.symbolKeys.contains(key) else {
      throw .unknownKey(key, in: text)
    }
    self.key = key
  }

  package var description: String {
    (control ? "ctrl+" : "") + (alt ? "alt+" : "") + (shift ? "shift+" : "") + key
  }
}
