import CSDL2
import CurveFeature
import Testing

@testable import CurveApp

struct KeyChordTests {
  @Test func parsesModifiersInAnyOrderAndCase() throws {
    #expect(try KeyChord(parsing: "ctrl+shift+z") == KeyChord("z", control: true, shift: true))
    #expect(try KeyChord(parsing: "Shift+Ctrl+Z") == KeyChord("z", control: true, shift: true))
    #expect(try KeyChord(parsing: "space") == KeyChord("space"))
    #expect(try KeyChord(parsing: "F1") == KeyChord("f1"))
    #expect(try KeyChord(parsing: "Esc") == KeyChord("escape"))
    #expect(try KeyChord(parsing: "del") == KeyChord("delete"))
    #expect(try KeyChord(parsing: "ctrl+=") == KeyChord("=", control: true))
    #expect(try KeyChord(parsing: "ctrl+-") == KeyChord("-", control: true))
    #expect(try KeyChord(parsing: "ctrl+0") == KeyChord("0", control: true))
  }

  @Test func rejectsUnknownKeysAndModifiers() {
    #expect(throws: KeyChordError.unknownKey("insert", in: "insert")) { try KeyChord(parsing: "insert") }
    #expect(throws: KeyChordError.unknownModifier("super", in: "super+x")) { try KeyChord(parsing: "super+x") }
    #expect(throws: KeyChordError.emptyKey(in: "ctrl+")) { try KeyChord(parsing: "ctrl+") }
    #expect(KeyChordError.unknownKey("insert", in: "insert").description == "unknown key 'insert' in 'insert'")
    #expect(KeyChordError.unknownModifier("super", in: "super+x").description == "unknown modifier 'super' in 'super+x'")
    #expect(KeyChordError.emptyKey(in: "ctrl+").description == "empty key in 'ctrl+'")
  }

  @Test func sdlKeyCodesMapToTheSameNames() {
    #expect(SDLInput.keyName(Int32(SDLK_z.rawValue)) == "z")
    #expect(SDLInput.keyName(Int32(SDLK_F1.rawValue)) == "f1")
    #expect(SDLInput.keyName(Int32(SDLK_LEFT.rawValue)) == "left")
    #expect(SDLInput.keyName(Int32(SDLK_EQUALS.rawValue)) == "=")
    #expect(SDLInput.keyName(Int32(SDLK_KP_PLUS.rawValue)) == "=")
    #expect(SDLInput.keyName(Int32(SDLK_MINUS.rawValue)) == "-")
    #expect(SDLInput.keyName(Int32(SDLK_F2.rawValue)) == "f2")
    #expect(SDLInput.keyName(Int32(SDLK_F12.rawValue)) == "f12")
    #expect(SDLInput.keyName(Int32(SDLK_KP_MULTIPLY.rawValue)) == "*")
    #expect(SDLInput.keyName(Int32(SDLK_PAGEDOWN.rawValue)) == "pagedown")
    #expect(SDLInput.keyName(Int32(SDLK_HOME.rawValue)) == "home")
    #expect(SDLInput.keyName(Int32(SDLK_COMMA.rawValue)) == ",")
    #expect(SDLInput.keyName(Int32(SDLK_PERIOD.rawValue)) == ".")
    #expect(SDLInput.keyName(Int32(SDLK_INSERT.rawValue)) == nil)
  }

  @Test func readsTheToolKeysAltAndTheStar() throws {
    #expect(try KeyChord(parsing: "f2") == KeyChord("f2"))
    #expect(try KeyChord(parsing: "F12") == KeyChord("f12"))
    #expect(try KeyChord(parsing: "*") == KeyChord("*"))
    #expect(try KeyChord(parsing: "ctrl+alt+x") == KeyChord("x", control: true, alt: true))
    #expect(try KeyChord(parsing: "alt+shift+f6").description == "alt+shift+f6")
  }
}

@MainActor
struct ShortcutTests {
  @Test func theIssueShortcutsDoWhatTheySay() {
    // The timeline's reducer hands Space to the construction when there is no timeline.
    #expect(Shortcut.command(for: KeyChord("space")) == .editor(.keyframes(.togglePlaying)))
    #expect(Shortcut.command(for: KeyChord("i")) == .editor(.keyframes(.addKeyframe)))
    #expect(Shortcut.command(for: KeyChord(",")) == .editor(.keyframes(.previousKeyframe)))
    #expect(Shortcut.command(for: KeyChord(".")) == .editor(.keyframes(.nextKeyframe)))
    #expect(Shortcut.command(for: KeyChord("home", control: true)) == .editor(.keyframes(.toStart)))
    #expect(Shortcut.command(for: KeyChord("end", control: true)) == .editor(.keyframes(.toEnd)))
    #expect(Shortcut.command(for: KeyChord("z", control: true)) == .editor(.history(.undo)))
    #expect(Shortcut.command(for: KeyChord("z", control: true, shift: true)) == .editor(.history(.redo)))
    #expect(Shortcut.command(for: KeyChord("y", control: true)) == .editor(.history(.redo)))
    #expect(Shortcut.command(for: KeyChord("s", control: true)) == .editor(.documents(.saveOrSaveAs)))
    // The picked keyframe, or with none picked the selected points.
    #expect(Shortcut.command(for: KeyChord("delete")) == .editor(.keyframes(.delete)))
    #expect(Shortcut.command(for: KeyChord("n", alt: true)) == .editor(.curveCommands(.addCurve)))
    #expect(Shortcut.command(for: KeyChord("tab")) == .editor(.selection(.selectNextPoint)))
    #expect(Shortcut.command(for: KeyChord("escape")) == .escape)
    #expect(Shortcut.command(for: KeyChord("0", control: true)) == .editor(.viewport(.fit)))
    #expect(Shortcut.command(for: KeyChord("1", control: true)) == .editor(.viewport(.actualSize)))
    // Inkscape's zoom keys, without Ctrl.
    #expect(Shortcut.command(for: KeyChord("=")) == .editor(.viewport(.zoomIn)))
    #expect(Shortcut.command(for: KeyChord("=", shift: true)) == .editor(.viewport(.zoomIn)))
    #expect(Shortcut.command(for: KeyChord("-")) == .editor(.viewport(.zoomOut)))
    // Inkscape's Path menu, with Ctrl.
    #expect(Shortcut.command(for: KeyChord("=", control: true, shift: true)) == .editor(.pathOperations(.apply(.union))))
    #expect(Shortcut.command(for: KeyChord("=", control: true)) == .editor(.pathOperations(.apply(.union))))
    #expect(Shortcut.command(for: KeyChord("-", control: true)) == .editor(.pathOperations(.apply(.difference))))
    #expect(Shortcut.command(for: KeyChord("8", control: true, shift: true)) == .editor(.pathOperations(.apply(.intersection))))
    #expect(Shortcut.command(for: KeyChord("*", control: true)) == .editor(.pathOperations(.apply(.intersection))))
    #expect(Shortcut.command(for: KeyChord("6", control: true, shift: true)) == .editor(.pathOperations(.apply(.exclusion))))
    #expect(Shortcut.command(for: KeyChord("/", control: true)) == .editor(.pathOperations(.apply(.division))))
    #expect(Shortcut.command(for: KeyChord("/", control: true, alt: true)) == .editor(.pathOperations(.apply(.cut))))
    #expect(Shortcut.command(for: KeyChord("?")) == .commandPalette)
    #expect(Shortcut.command(for: KeyChord("e", control: true)) == .editor(.exports(.export(.svg))))
    #expect(Shortcut.command(for: KeyChord("g", control: true, alt: true)) == .editor(.exports(.export(.gif))))
    #expect(Shortcut.command(for: KeyChord("m")) == .editor(.animation(.toggleMode)))
    #expect(Shortcut.command(for: KeyChord("r", alt: true)) == .editor(.animation(.cycleRepetition)))
    #expect(Shortcut.command(for: KeyChord("k")) == .editor(.animation(.toggleArcLength)))
    #expect(Shortcut.command(for: KeyChord("p", control: true)) == .editor(.exports(.export(.png))))
    #expect(Shortcut.command(for: KeyChord("q", control: true)) == .quit)
    #expect(Shortcut.command(for: KeyChord("x")) == nil)
  }

  @Test func theNodeAndPathKeysAreInkscapes() {
    #expect(Shortcut.command(for: KeyChord("c", shift: true)) == .editor(.nodes(.setType(.corner))))
    #expect(Shortcut.command(for: KeyChord("s", shift: true)) == .editor(.nodes(.setType(.smooth))))
    #expect(Shortcut.command(for: KeyChord("y", shift: true)) == .editor(.nodes(.setType(.symmetric))))
    #expect(Shortcut.command(for: KeyChord("b", shift: true)) == .editor(.nodes(.breakAtSelectedNodes)))
    #expect(Shortcut.command(for: KeyChord("j", shift: true)) == .editor(.nodes(.joinSelectedEnds)))
    #expect(Shortcut.command(for: KeyChord("l", shift: true)) == .editor(.nodes(.toggleClosedSelectedSubpaths)))
    #expect(Shortcut.command(for: KeyChord("k", control: true)) == .editor(.curveCommands(.combineSelectedCurves)))
    #expect(Shortcut.command(for: KeyChord("k", control: true, shift: true)) == .editor(.curveCommands(.breakApartSelectedCurves)))
    // Curves' own commands that gave their letters to Inkscape's tools are under Alt.
    #expect(Shortcut.command(for: KeyChord("s", alt: true)) == .editor(.curveCommands(.splitSelectedCurves)))
    #expect(Shortcut.command(for: KeyChord("k")) == .editor(.animation(.toggleArcLength)))
  }

  @Test func theSelectorsKeysAreInkscapesAndCurvesOwnMovedUnderAlt() throws {
    #expect(Shortcut.command(for: KeyChord("s")) == .editor(.tools(.choose(.selector))))
    #expect(Shortcut.command(for: KeyChord("f1")) == .editor(.tools(.choose(.selector))))
    #expect(Shortcut.command(for: KeyChord("n")) == .editor(.tools(.choose(.node))))
    #expect(Shortcut.command(for: KeyChord("e")) == .editor(.tools(.choose(.ellipse))))
    #expect(Shortcut.command(for: KeyChord("r")) == .editor(.tools(.choose(.rectangle))))
    #expect(Shortcut.command(for: KeyChord("h")) == .editor(.objects(.flip(horizontally: true))))
    #expect(Shortcut.command(for: KeyChord("v")) == .editor(.objects(.flip(horizontally: false))))
    #expect(Shortcut.command(for: KeyChord("g", control: true)) == .editor(.arrange(.group)))
    #expect(Shortcut.command(for: KeyChord("g", control: true, shift: true)) == .editor(.arrange(.ungroup)))
    #expect(Shortcut.command(for: KeyChord("pageup")) == .editor(.arrange(.raise)))
    #expect(Shortcut.command(for: KeyChord("pagedown")) == .editor(.arrange(.lower)))
    #expect(Shortcut.command(for: KeyChord("home")) == .editor(.arrange(.raiseToTop)))
    #expect(Shortcut.command(for: KeyChord("end")) == .editor(.arrange(.lowerToBottom)))
    #expect(Shortcut.command(for: KeyChord("[")) == .editor(.objects(.rotate(degrees: -15))))
    #expect(Shortcut.command(for: KeyChord("]", control: true)) == .editor(.objects(.rotate(degrees: 90))))
    #expect(Shortcut.command(for: try KeyChord(parsing: "<")) == .editor(.objects(.scale(larger: false, doubling: false))))
    #expect(Shortcut.command(for: try KeyChord(parsing: "ctrl+>")) == .editor(.objects(.scale(larger: true, doubling: true))))
    #expect(Shortcut.command(for: try KeyChord(parsing: "?")) == .commandPalette)
    #expect(Shortcut.command(for: try KeyChord(parsing: "%")) == .editor(.objects(.toggleSnapping)))
    #expect(Shortcut.command(for: KeyChord("[", alt: true)) == .editor(.keyframes(.moveSubpathStart(by: -1))))
    #expect(Shortcut.command(for: KeyChord("e", alt: true)) == .editor(.curveCommands(.elevateSelectedCurves)))
    #expect(Shortcut.command(for: KeyChord("e", shift: true, alt: true)) == .editor(.curveCommands(.lowerSelectedCurves)))
    #expect(Shortcut.command(for: KeyChord("backspace", control: true)) == .editor(.objects(.leaveGroup)))
    #expect(Shortcut.command(for: KeyChord("left", alt: true)) == .editor(.objects(.moveByPixels(dx: -1, dy: 0))))
  }

  @Test func arrowsStepByOneAndByTenWithShift() {
    #expect(Shortcut.command(for: KeyChord("left")) == .editor(.moving(.arrow(dx: -1, dy: 0))))
    #expect(Shortcut.command(for: KeyChord("down", shift: true)) == .editor(.moving(.arrow(dx: 0, dy: 10))))
    #expect(Shortcut.command(for: KeyChord("up", shift: true)) == .editor(.moving(.arrow(dx: 0, dy: -10))))
  }

  @Test func everyKeyHasOneMeaning() {
    let keys = Shortcut.all.flatMap { $0.bindings.map(\.key) }
    #expect(Set(keys).count == keys.count)
  }
}

struct ReplayScriptTests {
  @Test func parsesEveryEventType() throws {
    let events = try ReplayScript.parse("""
      {"type":"down","x":120,"y":80}
      {"type":"move","x":140.5,"y":90}

      {"type":"up","x":140,"y":90}
      {"type":"down","x":10,"y":20,"clicks":2}
      {"type":"key","key":"ctrl+z"}
      {"type":"wait","ms":500}
      {"type":"resize","width":900,"height":700}
      {"type":"wheel","x":300,"y":200,"dy":-2}
      {"type":"down","x":1,"y":2,"button":"middle","mods":"ctrl+shift"}
      {"type":"move","x":3,"y":4,"button":"middle","mods":"shift"}
      {"type":"up","x":3,"y":4,"button":"right","mods":"ctrl"}
      """)
    #expect(events == [
      .pointerDown(x: 120, y: 80, clicks: 1), .pointerMoved(x: 140.5, y: 90), .pointerUp(x: 140, y: 90),
      .pointerDown(x: 10, y: 20, clicks: 2), .key(KeyChord("z", control: true)), .wait(milliseconds: 500),
      .resize(width: 900, height: 700), .wheel(x: 300, y: 200, notches: -2),
      .pointerDown(x: 1, y: 2, clicks: 1, button: .middle, modifiers: [.control, .shift]),
      .pointerMoved(x: 3, y: 4, button: .middle, modifiers: .shift),
      .pointerUp(x: 3, y: 4, button: .right, modifiers: .control),
    ])
  }

  @Test func aMalformedLineIsAnErrorWithItsNumber() throws {
    #expect(ReplayScriptError(line: 3, reason: "coordinates must be finite").description == "line 3: coordinates must be finite")
    #expect(ReplayScriptError(file: "/tmp/e.jsonl", line: 1, reason: "x").description == "/tmp/e.jsonl: line 1: x")
    #expect(throws: ReplayScriptError(line: 2, reason: "not a JSON object with a string \"type\"")) {
      try ReplayScript.parse("{\"type\":\"up\",\"x\":1,\"y\":2}\n{oops\n")
    }
    #expect(throws: ReplayScriptError(line: 1, reason: "'move' needs numbers \"x\" and \"y\"")) { try ReplayScript.parse(#"{"type":"move","x":1}"#) }
    #expect(throws: ReplayScriptError(line: 1, reason: "unknown type 'jump'; expected down, move, up, wheel, key, text, wait, resize or drop")) {
      try ReplayScript.parse(#"{"type":"jump"}"#)
    }
    #expect(throws: ReplayScriptError(line: 3, reason: "unknown key 'hyper' in 'hyper'")) {
      try ReplayScript.parse("\n\n{\"type\":\"key\",\"key\":\"hyper\"}")
    }
    #expect(throws: ReplayScriptError(line: 1, reason: "'wait' needs \"ms\" between 0 and 3600000")) { try ReplayScript.parse(#"{"type":"wait","ms":-5}"#) }
    #expect(throws: (any Error).self) { try ReplayScript.parse(#"{"type":"resize","width":10,"height":10}"#) }
    #expect(throws: ReplayScriptError(line: 1, reason: "unknown button 'fourth'; expected left, middle or right")) {
      try ReplayScript.parse(#"{"type":"down","x":1,"y":2,"button":"fourth"}"#)
    }
    #expect(throws: ReplayScriptError(line: 1, reason: "unknown modifier 'meta' in \"mods\"; expected shift, ctrl, alt or a mix such as ctrl+alt")) {
      try ReplayScript.parse(#"{"type":"down","x":1,"y":2,"mods":"meta"}"#)
    }
    #expect(try ReplayScript.parse(#"{"type":"down","x":1,"y":2,"mods":"ctrl+alt"}"#) == [
      .pointerDown(x: 1, y: 2, clicks: 1, button: .left, modifiers: [.control, .alt]),
    ])
    #expect(throws: (any Error).self) { try ReplayScript.parse(#"{"type":"wheel","x":1,"y":2}"#) }
    #expect(throws: (any Error).self) { try ReplayScript.parse(#"{"type":"wheel","x":1,"y":2,"dy":1e9}"#) }
  }
}
