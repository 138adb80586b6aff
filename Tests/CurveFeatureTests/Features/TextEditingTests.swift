import Composable
import CurveFeature
import CurveGeometry
import CurveSVG
import Foundation
import OrderedCollections
import Testing

/// The text tool, exhaustively: the content each key makes, the cursor, the glyphs laid out
/// (a curve a glyph, in the text's group), and the undo steps.
@MainActor
struct TextEditingTests {
  static let sodipodi = [TextContent.sodipodiNamespace.prefix: TextContent.sodipodiNamespace.uri]

  /// An empty drawing with the text tool chosen.
  static func textTool() -> Editor.State {
    var state = Editor.State(curves: [])
    state.interaction.tool = .text
    return state
  }

  /// The glyph curves `content` lays out to in group `group`, their ids (curve, then its
  /// points) counted from `first` as the incrementing generator gives them.
  static func glyphs(_ content: TextContent, group: String = "text1", from first: Int) -> (curves: IdentifiedArrayOf<Curve.State>, next: Int) {
    var next = first
    func makeID() -> UUID {
      defer { next += 1 }
      return id(next)
    }
    let layout = SVGImport.layOutText(content.xml, namespaces: sodipodi, canvas: Editor.State(curves: []).canvas)
    let curves = (layout?.curves ?? []).map { record in
      var record = record
      record.id = makeID()
      record.group = group
      for subpath in record.subpaths.indices {
        for point in record.subpaths[subpath].points.indices { record.subpaths[subpath].points[point].id = makeID() }
      }
      return Document.curveState(record)
    }
    return (IdentifiedArray(uniqueElements: curves), next)
  }

  /// The glyphs of one line of `content` alone, as the tool lays out a line an edit changed.
  static func glyphs(_ content: TextContent, line: Int, from first: Int) -> (curves: IdentifiedArrayOf<Curve.State>, next: Int) {
    var alone = content
    alone.lines = [content.lines[line]]
    alone.y = content.baseline(ofLine: line)
    return glyphs(alone, from: first)
  }

  /// The group holding `content`, laid out a line at a time into `counts` glyphs a line.
  static func group(_ content: TextContent, id: String = "text1", counts: [Int]? = nil) -> Group {
    var group = Group(id: id)
    group.text = TextObject(content: content)
    group.text?.lineGlyphCounts = counts
    return group
  }

  @Test func aClickStartsATextAndTypingFillsItAsOneUndoStep() async {
    let store = makeStore(Self.textTool()) { Editor() }
    let empty = TextContent(x: 50, y: 80)
    await store.send(.text(.click(Point(x: 50, y: 80)))) {
      $0.drawing.groups = [Self.group(empty)]
      $0.drawing.namespaces = Self.sodipodi
      $0.interaction.textCursor = TextCursor(group: "text1", position: TextPosition(line: 0, offset: 0))
      $0.interaction.notice = "Type the text; Enter starts a new line, Escape leaves it."
    }
    var hi = empty
    hi.lines = [[TextContent.Span("Hi")]]
    let (hiGlyphs, next) = Self.glyphs(hi, from: 0)
    #expect(hiGlyphs.count == 2)
    await store.send(.text(.type("Hi"))) {
      $0.drawing.groups = [Self.group(hi, counts: [2])]
      $0.drawing.curves = hiGlyphs
      $0.drawing.revision = 1
      $0.history = undoHistory(undo: [[]], groups: [Self.group(empty)], handles: .all)
      $0.interaction.textCursor = TextCursor(group: "text1", position: TextPosition(line: 0, offset: 2))
      $0.interaction.textCursor?.isTyping = true
      $0.interaction.selectedObjects = [.group("text1")]
    }
    // Enter and more typing join the same undo step.
    var twoLines = hi
    twoLines.lines = [[TextContent.Span("Hi")], [TextContent.Span("yo")]]
    // The first line keeps its glyphs; the new one has none.
    await store.send(.text(.newLine)) {
      $0.drawing.groups = [Self.group(TextContent(x: 50, y: 80, lines: [[TextContent.Span("Hi")], []]), counts: [2, 0])]
      $0.drawing.revision = 2
      $0.interaction.textCursor = TextCursor(group: "text1", position: TextPosition(line: 1, offset: 0))
      $0.interaction.textCursor?.isTyping = true
    }
    // Only the second line is laid out: its glyphs are those of the whole text's second line.
    let (yoGlyphs, _) = Self.glyphs(twoLines, line: 1, from: next)
    var twoLineGlyphs = hiGlyphs
    twoLineGlyphs.append(contentsOf: yoGlyphs)
    let whole = Self.glyphs(twoLines, from: 0).curves
    #expect(twoLineGlyphs.count == 4 && zip(twoLineGlyphs, whole).allSatisfy { $0.points.map(\.position) == $1.points.map(\.position) })
    await store.send(.text(.type("yo"))) {
      $0.drawing.groups = [Self.group(twoLines, counts: [2, 2])]
      $0.drawing.curves = twoLineGlyphs
      $0.drawing.revision = 3
      $0.interaction.textCursor = TextCursor(group: "text1", position: TextPosition(line: 1, offset: 2))
      $0.interaction.textCursor?.isTyping = true
    }
    #expect(twoLines.xml == #"<text xml:space="preserve" x="50" y="80" style="font-family:'DejaVu Sans';font-size:24px;font-weight:normal;font-style:normal;line-height:1.25;fill:#000000"><tspan sodipodi:role="line" x="50" y="80">Hi</tspan><tspan sodipodi:role="line" x="50" y="110">yo</tspan></text>"#)
    // One undo takes the whole run of typing away.
    await store.send(.history(.undo)) {
      $0.drawing.groups = [Self.group(empty)]
      $0.drawing.curves = []
      $0.drawing.revision = 4
      $0.history = undoHistory(snapshots: [], redo: [DrawingSnapshot(curves: twoLineGlyphs, timeline: nil, groups: [Self.group(twoLines, counts: [2, 2])], handles: .all)])
    }
    // Escape leaves the text, now empty: it goes, and with it its selection.
    await store.send(.text(.leave)) {
      $0.drawing.groups = []
      $0.interaction.textCursor = nil
      $0.interaction.selectedObjects = []
    }
  }

  @Test func shiftHomeSelectsAndBoldAppliesToTheSelectedCharactersAsOneStep() async {
    var state = Self.textTool()
    let hello = TextContent(x: 10, y: 40, lines: [[TextContent.Span("Hello")]])
    state.drawing.groups = [Self.group(hello)]
    state.drawing.namespaces = Self.sodipodi
    state.interaction.textCursor = TextCursor(group: "text1", position: TextPosition(line: 0, offset: 5))
    let store = makeStore(state) { Editor() }
    await store.send(.text(.move(.left, extending: true)))  {
      $0.interaction.textCursor = TextCursor(group: "text1", position: TextPosition(line: 0, offset: 4), anchor: TextPosition(line: 0, offset: 5))
    }
    await store.send(.text(.move(.lineStart, extending: true))) {
      $0.interaction.textCursor = TextCursor(group: "text1", position: TextPosition(line: 0, offset: 0), anchor: TextPosition(line: 0, offset: 5))
    }
    await store.send(.text(.move(.right, extending: false))) {
      // Right without Shift goes to the selection's end.
      $0.interaction.textCursor = TextCursor(group: "text1", position: TextPosition(line: 0, offset: 5))
    }
    await store.send(.text(.move(.left, extending: true))) {
      $0.interaction.textCursor = TextCursor(group: "text1", position: TextPosition(line: 0, offset: 4), anchor: TextPosition(line: 0, offset: 5))
    }
    var bold = hello
    bold.lines = [[TextContent.Span("Hell"), TextContent.Span("o", isBold: true)]]
    let (glyphs, _) = Self.glyphs(bold, from: 0)
    await store.send(.text(.toggleBold)) {
      $0.drawing.groups = [Self.group(bold, counts: [5])]
      $0.drawing.curves = glyphs
      $0.drawing.revision = 1
      $0.history = undoHistory(undo: [[]], groups: [Self.group(hello)], handles: .all)
    }
    #expect(bold.xml.contains(#"<tspan sodipodi:role="line" x="10" y="40">Hell<tspan style="font-weight:bold">o</tspan></tspan>"#))
    // The tool bar's alignment: the whole text, one more step.
    var centred = bold
    centred.anchor = .middle
    let (centredGlyphs, _) = Self.glyphs(centred, from: glyphs.count + glyphs.reduce(0) { $0 + $1.points.count })
    await store.send(.text(.setAnchor(.middle))) {
      $0.drawing.groups = [Self.group(centred, counts: [5])]
      $0.drawing.curves = centredGlyphs
      $0.drawing.revision = 2
      $0.history = undoHistory(snapshots: [
        DrawingSnapshot(curves: [], timeline: nil, groups: [Self.group(hello)], handles: .all),
        DrawingSnapshot(curves: glyphs, timeline: nil, groups: [Self.group(bold, counts: [5])], handles: .all),
      ])
    }
  }

  @Test func objectToPathLeavesTheGlyphsAGroupLabelledWithTheText() async {
    var state = Editor.State(curves: [])
    state.interaction.tool = .selector
    let content = TextContent(x: 10, y: 40, lines: [[TextContent.Span("Hi")]])
    let (glyphs, _) = Self.glyphs(content, from: 500)
    state.drawing.groups = [Self.group(content)]
    state.drawing.curves = glyphs
    state.interaction.selectedObjects = [.group("text1")]
    let store = makeStore(state) { Editor() }
    await store.send(.objects(.objectToPath)) {
      $0.drawing.groups = [Group(id: "text1", label: "Hi")]
      $0.drawing.revision = 1
      $0.history = undoHistory(snapshots: [DrawingSnapshot(curves: glyphs, timeline: nil, groups: [Self.group(content)], handles: .all)])
      $0.interaction.notice = "Turned 1 text into curves."
    }
    // Curves are paths already: nothing to do.
    await store.send(.objects(.objectToPath)) {
      $0.interaction.notice = "Object to Path: select a text (curves are paths already)."
    }
  }

  @Test func aClickOnATextPutsTheCursorWhereItFallsAndCopyPastesItsCharacters() async {
    var state = Self.textTool()
    let content = TextContent(x: 10, y: 40, lines: [[TextContent.Span("Hello")]])
    let (glyphs, _) = Self.glyphs(content, from: 500)
    state.drawing.groups = [Self.group(content)]
    state.drawing.curves = glyphs
    state.drawing.namespaces = Self.sodipodi
    let store = makeStore(state) { Editor() }
    // Just left of the text's first letter: before it.
    await store.send(.text(.click(Point(x: 11, y: 35)))) {
      $0.interaction.textCursor = TextCursor(group: "text1", position: TextPosition(line: 0, offset: 0))
      $0.interaction.selectedObjects = [.group("text1")]
    }
    await store.send(.text(.selectAll)) {
      $0.interaction.textCursor = TextCursor(group: "text1", position: TextPosition(line: 0, offset: 5), anchor: TextPosition(line: 0, offset: 0))
    }
    await store.send(.text(.copy))
    await store.send(.text(.move(.lineEnd, extending: false))) {
      $0.interaction.textCursor = TextCursor(group: "text1", position: TextPosition(line: 0, offset: 5))
    }
    var twice = content
    twice.lines = [[TextContent.Span("HelloHello")]]
    let (twiceGlyphs, _) = Self.glyphs(twice, from: 0)
    await store.send(.text(.paste)) {
      $0.drawing.groups = [Self.group(twice, counts: [10])]
      $0.drawing.curves = twiceGlyphs
      $0.drawing.revision = 1
      $0.history = undoHistory(snapshots: [DrawingSnapshot(curves: glyphs, timeline: nil, groups: [Self.group(content)], handles: .all)])
      $0.interaction.textCursor = TextCursor(group: "text1", position: TextPosition(line: 0, offset: 10))
    }
  }

  /// Whatever the edits, the glyphs kept, moved and laid out a line at a time are where the
  /// whole text laid out afresh puts them.
  @Test func lineByLineLayoutAlwaysMatchesTheWholeText() async {
    var state = Self.textTool()
    state.drawing.namespaces = Self.sodipodi
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    await store.send(.text(.click(Point(x: 30, y: 60))))
    var generator = SystemRandomNumberGenerator()
    let edits: [TextEditing.Action] = [
      .type("ab"), .type("Wq"), .newLine, .deleteBackward, .deleteForward, .move(.up, extending: false), .move(.down, extending: false),
      .move(.left, extending: false), .move(.lineStart, extending: false), .move(.lineEnd, extending: true),
    ]
    for step in 0..<60 {
      let edit = edits.randomElement(using: &generator)!
      await store.send(.text(edit))
      guard let content = store.state.editedText else { continue }
      let glyphs = store.state.drawing.curves.filter { $0.group == "text1" }.map { $0.points.map(\.position) }
      let whole = Self.glyphs(content, from: 0).curves.map { $0.points.map(\.position) }
      #expect(glyphs.count == whole.count, "step \(step) \(edit): \(content.characters.debugDescription)")
      #expect(zip(glyphs, whole).allSatisfy { zip($0, $1).allSatisfy { $0.distance(to: $1) < 1e-9 } }, "step \(step) \(edit)")
    }
  }
}
