import CSDL2
import CurveFeature

/// SDL events as the session's input events. Everything else (window management, focus)
/// is handled by the window itself.
enum SDLInput {
  /// The modifiers as the last key event read had them (nil before the first): a click
  /// queued before Ctrl was let go is a Ctrl+click, however late a busy frame reads it.
  /// SDL's own state (`SDL_GetModState`) is already past every event it has queued.
  @MainActor private static var keyModifiers: UInt32?

  @MainActor static func event(from event: SDL_Event) -> InputEvent? {
    switch SDL_EventType(event.type) {
    case SDL_MOUSEBUTTONDOWN:
      guard let button = button(event.button.button) else { return nil }
      return .pointerDown(
        x: Double(event.button.x), y: Double(event.button.y), clicks: max(Int(event.button.clicks), 1),
        button: button, modifiers: pointerModifiers()
      )
    case SDL_MOUSEBUTTONUP:
      guard let button = button(event.button.button) else { return nil }
      return .pointerUp(x: Double(event.button.x), y: Double(event.button.y), button: button, modifiers: pointerModifiers())
    case SDL_MOUSEMOTION:
      let held = event.motion.state
      let button: PointerButton = held & UInt32(1 << (SDL_BUTTON_MIDDLE - 1)) != 0 ? .middle : held & UInt32(1 << (SDL_BUTTON_RIGHT - 1)) != 0 ? .right : .left
      return .pointerMoved(x: Double(event.motion.x), y: Double(event.motion.y), button: button, modifiers: pointerModifiers())
    case SDL_MOUSEWHEEL:
      let flipped = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue
      let notches = Double(event.wheel.preciseY) * (flipped ? -1 : 1)
      guard notches != 0 else { return nil }
      return .wheel(x: Double(event.wheel.mouseX), y: Double(event.wheel.mouseY), notches: notches)
    case SDL_DROPFILE:
      guard let file = event.drop.file else { return nil }
      defer { SDL_free(file) }
      return .drop(path: String(cString: file))
    case SDL_TEXTINPUT:
      let text = withUnsafeBytes(of: event.text.text) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
      return text.isEmpty ? nil : .text(text)
    case SDL_KEYUP:
      keyModifiers = UInt32(event.key.keysym.mod)
      return nil
    case SDL_KEYDOWN:
      let keysym = event.key.keysym
      keyModifiers = UInt32(keysym.mod)
      return chord(code: keysym.sym, scancode: keysym.scancode, modifiers: UInt32(keysym.mod), typed: textBehindKey()).map { .key($0) }
    default:
      return nil
    }
  }

  private static func button(_ code: UInt8) -> PointerButton? {
    switch Int32(code) {
    case SDL_BUTTON_LEFT: .left
    case SDL_BUTTON_MIDDLE: .middle
    case SDL_BUTTON_RIGHT: .right
    default: nil
    }
  }

  @MainActor private static func pointerModifiers() -> PointerModifiers {
    let state = keyModifiers ?? UInt32(SDL_GetModState().rawValue)
    var modifiers: PointerModifiers = []
    if state & UInt32(KMOD_SHIFT.rawValue) != 0 { modifiers.insert(.shift) }
    if state & UInt32(KMOD_CTRL.rawValue) != 0 { modifiers.insert(.control) }
    if state & UInt32(KMOD_ALT.rawValue) != 0 { modifiers.insert(.alt) }
    return modifiers
  }

  /// What Shift makes of a key on a US keyboard, for the keys bound by their character
  /// (`<`, `>`, `?`, `%`), when no text came with the key.
  static let shiftedCharacters = [",": "<", ".": ">", "/": "?", "5": "%"]

  /// The key as the user's layout types it. A punctuation key the editor binds by its
  /// character (`*`, `(`, `)`, `<`, `>`, `?`, `%`…) is read from the text the layout gave
  /// with it (`typed`, SDL's text input, which X11 gives even with Ctrl held), so German
  /// Shift+8 is `(` and Shift++ is `*`; letters go by their key symbol (also the layout's);
  /// the digit row by its position when the layout's symbol there is not a digit (French
  /// Ctrl+& is Ctrl+1).
  static func chord(code: SDL_Keycode, scancode: SDL_Scancode, modifiers: UInt32, typed: String?) -> KeyChord? {
    let control = modifiers & UInt32(KMOD_CTRL.rawValue) != 0, alt = modifiers & UInt32(KMOD_ALT.rawValue) != 0
    var shift = modifiers & UInt32(KMOD_SHIFT.rawValue) != 0
    if let typed, let character = symbolKey(typed) { return KeyChord(character, control: control, alt: alt) }
    guard var key = keyName(code) ?? digit(at: scancode) else { return nil }
    if shift, let typed = shiftedCharacters[key] {
      key = typed
      shift = false
    }
    return KeyChord(key, control: control, shift: shift, alt: alt)
  }

  /// `text` as a key the editor binds by its character (`+` is the table's `=`), if it is one.
  static func symbolKey(_ text: String) -> String? {
    guard text.count == 1 else { return nil }
    let key = text == "+" ? "=" : text
    return KeyChord.symbolKeys.contains(key) ? key : nil
  }

  /// The digit row's key at `scancode`, whatever the layout prints on it.
  static func digit(at scancode: SDL_Scancode) -> String? {
    let code = scancode.rawValue
    if (SDL_SCANCODE_1.rawValue...SDL_SCANCODE_9.rawValue).contains(code) { return String(Int(code - SDL_SCANCODE_1.rawValue) + 1) }
    return code == SDL_SCANCODE_0.rawValue ? "0" : nil
  }

  /// The text SDL queued right behind the key being read (the layout's character for it),
  /// left in the queue for whoever types text.
  private static func textBehindKey() -> String? {
    var next = SDL_Event()
    guard SDL_PeepEvents(&next, 1, SDL_PEEKEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == 1,
      SDL_EventType(next.type) == SDL_TEXTINPUT
    else { return nil }
    return withUnsafeBytes(of: next.text.text) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
  }

  /// The replay-script name of an SDL key code, for the keys the editor uses.
  static func keyName(_ code: SDL_Keycode) -> String? {
    switch code {
    case Int32(SDLK_a.rawValue)...Int32(SDLK_z.rawValue), Int32(SDLK_0.rawValue)...Int32(SDLK_9.rawValue):
      return String(UnicodeScalar(UInt8(code)))
    case Int32(SDLK_EQUALS.rawValue), Int32(SDLK_PLUS.rawValue), Int32(SDLK_KP_PLUS.rawValue): return "="
    case Int32(SDLK_MINUS.rawValue), Int32(SDLK_KP_MINUS.rawValue): return "-"
    case Int32(SDLK_KP_0.rawValue): return "0"
    case Int32(SDLK_KP_1.rawValue): return "1"
    case Int32(SDLK_SPACE.rawValue): return "space"
    case Int32(SDLK_LEFT.rawValue): return "left"
    case Int32(SDLK_RIGHT.rawValue): return "right"
    case Int32(SDLK_UP.rawValue): return "up"
    case Int32(SDLK_DOWN.rawValue): return "down"
    case Int32(SDLK_TAB.rawValue): return "tab"
    case Int32(SDLK_ESCAPE.rawValue): return "escape"
    case Int32(SDLK_DELETE.rawValue): return "delete"
    case Int32(SDLK_BACKSPACE.rawValue): return "backspace"
    case Int32(SDLK_RETURN.rawValue): return "return"
    case Int32(SDLK_F1.rawValue): return "f1"
    case Int32(SDLK_F2.rawValue)...Int32(SDLK_F12.rawValue): return "f\(Int(code) - Int(SDLK_F1.rawValue) + 1)"
    case Int32(SDLK_ASTERISK.rawValue), Int32(SDLK_KP_MULTIPLY.rawValue): return "*"
    case Int32(SDLK_SLASH.rawValue), Int32(SDLK_KP_DIVIDE.rawValue): return "/"
    case Int32(SDLK_CARET.rawValue): return "^"
    case Int32(SDLK_LEFTPAREN.rawValue): return "("
    case Int32(SDLK_RIGHTPAREN.rawValue): return ")"
    case Int32(SDLK_COMMA.rawValue): return ","
    case Int32(SDLK_PERIOD.rawValue), Int32(SDLK_KP_PERIOD.rawValue): return "."
    case Int32(SDLK_LEFTBRACKET.rawValue): return "["
    case Int32(SDLK_RIGHTBRACKET.rawValue): return "]"
    case Int32(SDLK_BACKSLASH.rawValue): return "\\"
    case Int32(SDLK_LESS.rawValue): return "<"
    case Int32(SDLK_GREATER.rawValue): return ">"
    case Int32(SDLK_QUESTION.rawValue): return "?"
    case Int32(SDLK_PERCENT.rawValue): return "%"
    case Int32(SDLK_HOME.rawValue): return "home"
    case Int32(SDLK_END.rawValue): return "end"
    case Int32(SDLK_PAGEUP.rawValue): return "pageup"
    case Int32(SDLK_PAGEDOWN.rawValue): return "pagedown"
    default: return nil
    }
  }
}

/// Tells Alt pressed and released alone (which focuses the menu bar) from Alt held for a
/// shortcut or an Alt+click: armed by Alt going down, disarmed by any other key or button.
struct AltTap {
  private var isArmed = false

  /// Whether `event` completes a tap.
  mutating func completes(with event: SDL_Event) -> Bool {
    switch SDL_EventType(event.type) {
    case SDL_KEYDOWN:
      let code = event.key.keysym.sym
      isArmed = (code == Int32(SDLK_LALT.rawValue) || code == Int32(SDLK_RALT.rawValue)) && event.key.repeat == 0
        && UInt32(event.key.keysym.mod) & UInt32(KMOD_CTRL.rawValue | KMOD_SHIFT.rawValue | KMOD_GUI.rawValue) == 0
        || (isArmed && event.key.repeat != 0)
      return false
    case SDL_KEYUP:
      let code = event.key.keysym.sym
      defer { isArmed = false }
      return isArmed && (code == Int32(SDLK_LALT.rawValue) || code == Int32(SDLK_RALT.rawValue))
    case SDL_MOUSEBUTTONDOWN, SDL_MOUSEWHEEL:
      isArmed = false
      return false
    default:
      return false
    }
  }
}

