import Composable
import CurveFeature
import CurveGeometry
import CurveSVG
import Foundation
import Testing

@testable import CurveApp

/// The text tool through replayed input, as in the window: T or F8 chooses it, a click starts
/// a text, text input types into it, and while it has the cursor every key goes to it but
/// Ctrl+S, Ctrl+Z, Ctrl+Shift+Z and Escape.
@MainActor
struct TextToolSessionTests {
  let replay: Replay

  init() throws {
    let page = ##"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect x="200" y="20" width="60" height="40" fill="#cde"/></svg>"##
    replay = Replay(state: Editor.State(document: try SVGImport.import(from: Data(page.utf8)).document, url: nil))
    replay.alignDocumentWithWindow()
  }

  private var store: StoreOf<Editor> { replay.store }

  private func click(_ x: Double, _ y: Double, mods: PointerModifiers = []) -> [InputEvent] {
    [.pointerDown(x: x, y: y, clicks: 1, modifiers: mods), .pointerUp(x: x, y: y, modifiers: mods)]
  }

  private func key(_ text: String) throws -> InputEvent { .key(try KeyChord(parsing: text)) }

  private var content: TextContent? { store.editedText }

  @Test func typingGoesToTheTextAndLettersAreNotShortcuts() async throws {
    await replay.play([try key("f8")])
    #expect(EditorStateReport(store.state).tool == "text")
    await replay.play(click(40, 120) + [.text("Hello, "), try key("s"), .text("Curves")])
    // The S key of "Curves" came as text: the selector was not chosen.
    #expect(EditorStateReport(store.state).tool == "text")
    #expect(content?.characters == "Hello, Curves")
    await replay.play([try key("return"), .text("two"), try key("shift+left"), try key("shift+left"), try key("backspace")])
    #expect(content?.characters == "Hello, Curves\nt")
    // Ctrl+Z still undoes: the deletion, then the whole run of typing before it.
    await replay.play([try key("ctrl+z")])
    #expect(content?.characters == "Hello, Curves\ntwo")
    await replay.play([try key("ctrl+z")])
    #expect(content?.characters == "")
    await replay.play([try key("ctrl+shift+z"), try key("ctrl+shift+z")])
    #expect(content?.characters == "Hello, Curves\nt")
    // Escape leaves the text; keys are shortcuts again.
    await replay.play([try key("escape"), try key("s")])
    #expect(store.interaction.textCursor == nil)
    #expect(EditorStateReport(store.state).tool == "selector")
    #expect(EditorStateReport(store.state).selectedObjects == ["text1"])
  }

  @Test func ctrlShiftCTurnsTheTextIntoCurvesThatDrawTheSamePixels() async throws {
    await replay.play([try key("t")] + click(40, 120) + [.text("Curves"), try key("ctrl+a"), try key("ctrl+b"), try key("escape")])
    let before = Document(store.state)
    #expect(before.kept.count == 1 && before.kept[0].xml.contains("font-weight:bold"))
    let glyphs = store.drawing.curves.count
    await replay.play([try key("ctrl+shift+c")])
    let after = Document(store.state)
    #expect(after.kept.isEmpty)
    // Six glyphs and the page's rectangle.
    #expect(after.curves.count == glyphs && glyphs == 7)
    #expect(after.groups.map(\.label) == ["Curves"])
    let drawn = try TextRenderTests.drawn([before, after].map { SVGExport.svg(for: $0, pointLook: .editorHandle) })
    #expect(drawn[0].pixelsOff(from: drawn[1], by: 0) == 0)
    // And the text is there: dark pixels on the first letter.
    #expect((40..<60).contains { x in drawn[1].pixel(x: x, y: 112).r < 100 })
  }

  /// `file` opened by `curves replay`, `events` played (in document points), and saved as
  /// Ctrl+S writes it back: what the file then holds.
  static func saved(_ file: String, after events: String) throws -> String {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("drawing.svg"), saved = directory.appendingPathComponent("saved.svg")
    let script = directory.appendingPathComponent("events.jsonl")
    try file.write(to: url, atomically: true, encoding: .utf8)
    try events.write(to: script, atomically: true, encoding: .utf8)
    let outcome = try CurvesBinary.run(["replay", url.path, "--events", script.path, "--document-coordinates", "-o", saved.path])
    #expect(outcome.status == 0, "\(outcome.error)")
    return try String(contentsOf: saved, encoding: .utf8)
  }

  /// A text of an opened SVG edited with the tool is written back in its place: the rest of
  /// the file byte for byte, the text's element as the tool writes it.
  @Test func anEditedTextIsWrittenBackInPlace() throws {
    let file = """
      <?xml version="1.0"?>
      <!-- a comment the file keeps -->
      <svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">
        <rect x="10" y="10" width="50" height="30"   fill="#cde"/>
        <g transform="translate(5,0)">
          <text x="40" y="120" style="font-size:24px;font-family:'DejaVu Sans'">Hello</text>
        </g>
      </svg>

      """
    let written = try Self.saved(file, after: """
      {"type":"key","key":"t"}
      {"type":"down","x":50,"y":112}
      {"type":"up","x":50,"y":112}
      {"type":"key","key":"end"}
      {"type":"text","text":", Curves"}
      """)
    let element = #"<text xml:space="preserve" x="40" y="120" style="font-family:'DejaVu Sans';font-size:24px;font-weight:normal;font-style:normal;line-height:1.25;fill:#000000"><tspan sodipodi:role="line" x="40" y="120">Hello, Curves</tspan></text>"#
    // The root declares the prefix its lines use.
    let expected = file.replacingOccurrences(of: #"<text x="40" y="120" style="font-size:24px;font-family:'DejaVu Sans'">Hello</text>"#, with: element)
      .replacingOccurrences(of: #"height="200">"#, with: #"height="200" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd">"#)
    #expect(written == expected)
    #expect((try? SVGImport.import(from: Data(written.utf8))) != nil, "still XML")
  }

  /// A text of an opened SVG moved with the selector: the move goes into its own
  /// `transform`, before the turn it had; nothing else of the file changes.
  @Test func aMovedTextGainsTheMoveInItsTransform() throws {
    let file = """
      <svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">
        <text x="40" y="120" transform="rotate(10 40 120)" style="font-size:24px;font-family:'DejaVu Sans'">Hello</text>
      </svg>

      """
    let written = try Self.saved(file, after: """
      {"type":"key","key":"s"}
      {"type":"down","x":60,"y":118}
      {"type":"up","x":60,"y":118}
      {"type":"key","key":"shift+right"}
      """)
    let value = try #require(written.firstMatch(of: /transform="matrix\(([^)]*)\)"/)).1.split(separator: " ").compactMap { Double($0) }
    // Shift+→ moves 20 units: translate(20, 0) · rotate(10° about (40, 120)).
    let expected = Affine.translate(x: 20) * Affine.rotate(degrees: 10, around: Point(x: 40, y: 120))
    #expect(zip(value, [expected.a, expected.b, expected.c, expected.d, expected.e, expected.f]).allSatisfy { abs($0 - $1) < 1e-6 })
    let prefix = try #require(written.range(of: #"<text x="40" y="120" transform="matrix("#))
    #expect(written[..<prefix.lowerBound] == file[..<file.range(of: "<text")!.lowerBound], "the file before it as it was")
  }

  /// The tool bar's Family lists fontconfig's families in the palette; typing filters, Enter
  /// sets the selected characters' family.
  @Test func theFamilyButtonListsTheMachinesFamiliesAndSetsOne() async throws {
    await replay.play([try key("t")] + click(40, 120) + [.text("Hello"), try key("ctrl+a")])
    let layout = replay.session.layout
    let frame = try #require(Toolbar.slots(for: store.state, in: layout).first { $0.slot == .button(.textFamily) }?.frame)
    await replay.play(click((frame.minX + frame.maxX) / 2, (frame.minY + frame.maxY) / 2))
    let palette = try #require(store.palette)
    #expect(palette.purpose == .fontFamily)
    #expect(palette.entries.map(\.summary).contains("DejaVu Serif"))
    await replay.play([.text("dejavu serif"), try key("return")])
    #expect(store.palette == nil)
    #expect(content?.lines == [[TextContent.Span("Hello", family: "DejaVu Serif")]])
  }
}
