import CSDL2
import CurveFeature
@testable import CurveApp
import Testing

/// Keys are read by the character the user's layout types, not by a US keyboard's positions:
/// what SDL gives for a key on German, French and US layouts (its symbol, its position and
/// the text the layout typed with it, as X11 sends them) becomes the chord the shortcut
/// table binds.
@MainActor
struct KeyboardLayoutTests {
  nonisolated static let shift = UInt32(KMOD_LSHIFT.rawValue), control = UInt32(KMOD_LCTRL.rawValue), altGr = UInt32(KMOD_MODE.rawValue)

  static func command(_ symbol: Character, scancode: SDL_Scancode = SDL_SCANCODE_UNKNOWN, _ modifiers: UInt32 = 0, typed: String?) -> ShortcutCommand? {
    let code = SDL_Keycode(symbol.unicodeScalars.first!.value)
    return SDLInput.chord(code: code, scancode: scancode, modifiers: modifiers, typed: typed).flatMap(Shortcut.command)
  }

  @Test func germanShiftedKeysAreTheCharactersTheyType() {
    // Shift + the + key types *: the star tool, not zoom in.
    #expect(Self.command("+", scancode: SDL_SCANCODE_RIGHTBRACKET, Self.shift, typed: "*") == .editor(.tools(.choose(.star))))
    // Ctrl+Shift+8 types ( there: inset, not the intersection a US keyboard's Ctrl+* is.
    #expect(Self.command("8", scancode: SDL_SCANCODE_8, Self.control | Self.shift, typed: "(") == .editor(.pathOperations(.offset(outward: false))))
    #expect(Self.command("9", scancode: SDL_SCANCODE_9, Self.control | Self.shift, typed: ")") == .editor(.pathOperations(.offset(outward: true))))
    #expect(Self.command("+", scancode: SDL_SCANCODE_RIGHTBRACKET, Self.control | Self.shift, typed: "*") == .editor(.pathOperations(.apply(.intersection))))
    // < and > are one key there (Shift for >), ? is Shift+ß.
    #expect(Self.command("<", scancode: SDL_SCANCODE_NONUSBACKSLASH, typed: "<") == .editor(.objects(.scale(larger: false, doubling: false))))
    #expect(Self.command("<", scancode: SDL_SCANCODE_NONUSBACKSLASH, Self.shift, typed: ">") == .editor(.objects(.scale(larger: true, doubling: false))))
    #expect(Self.command("ß", scancode: SDL_SCANCODE_MINUS, Self.shift, typed: "?") == .commandPalette)
    // AltGr+8 types [: a 15° turn.
    #expect(Self.command("8", scancode: SDL_SCANCODE_8, Self.altGr, typed: "[") == .editor(.objects(.rotate(degrees: -15))))
    // The + key alone zooms in, as = does on a US keyboard.
    #expect(Self.command("+", scancode: SDL_SCANCODE_RIGHTBRACKET, typed: "+") == .editor(.viewport(.zoomIn)))
  }

  @Test func frenchDigitRowKeysAreTheirDigitsWithCtrl() {
    // Ctrl + the key printed & 1 types nothing: by its position, Ctrl+1 (zoom 100%).
    #expect(Self.command("&", scancode: SDL_SCANCODE_1, Self.control, typed: nil) == .editor(.viewport(.actualSize)))
    // ( and ) are unshifted there.
    #expect(Self.command("(", scancode: SDL_SCANCODE_5, Self.control, typed: "(") == .editor(.pathOperations(.offset(outward: false))))
    #expect(Self.command("*", scancode: SDL_SCANCODE_BACKSLASH, typed: "*") == .editor(.tools(.choose(.star))))
  }

  @Test func aUSKeyboardStillWorksWithOrWithoutText() {
    #expect(Self.command("8", scancode: SDL_SCANCODE_8, Self.shift, typed: "*") == .editor(.tools(.choose(.star))))
    #expect(Self.command("/", scancode: SDL_SCANCODE_SLASH, Self.shift, typed: nil) == .commandPalette, "no text: the US table")
    #expect(Self.command("=", scancode: SDL_SCANCODE_EQUALS, Self.control | Self.shift, typed: "+") == .editor(.pathOperations(.apply(.union))))
    #expect(Self.command("s", scancode: SDL_SCANCODE_S, Self.control, typed: nil) == .editor(.documents(.saveOrSaveAs)))
    #expect(Self.command("s", scancode: SDL_SCANCODE_S, typed: "s") == .editor(.tools(.choose(.selector))))
    #expect(Self.command("1", scancode: SDL_SCANCODE_1, Self.shift, typed: "!") == nil, "! binds nothing")
  }
}
