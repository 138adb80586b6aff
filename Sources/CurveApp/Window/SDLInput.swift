import CSDL2

/// SDL events as the session's input events. Everything else (window management, focus)
/// is handled by the window itself.
enum SDLInput {
  static func event(from event: SDL_Event) -> InputEvent? {
    switch SDL_EventType(event.type) {
    case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
      return .pointerDown(x: Double(event.button.x), y: Double(event.button.y), clicks: max(Int(event.button.clicks), 1))
    case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
      return .pointerUp(x: Double(event.button.x), y: Double(event.button.y))
    case SDL_MOUSEMOTION:
      return .pointerMoved(x: Double(event.motion.x), y: Double(event.motion.y))
    case SDL_KEYDOWN:
      guard let key = keyName(event.key.keysym.sym) else { return nil }
      let modifiers = UInt32(event.key.keysym.mod)
      return .key(KeyChord(key, control: modifiers & UInt32(KMOD_CTRL.rawValue) != 0, shift: modifiers & UInt32(KMOD_SHIFT.rawValue) != 0))
    default:
      return nil
    }
  }

  /// The replay-script name of an SDL key code, for the keys the editor uses.
  static func keyName(_ code: SDL_Keycode) -> String? {
    switch code {
    case Int32(SDLK_a.rawValue)...Int32(SDLK_z.rawValue), Int32(SDLK_0.rawValue)...Int32(SDLK_9.rawValue):
      return String(UnicodeScalar(UInt8(code)))
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
    default: return nil
    }
  }
}
