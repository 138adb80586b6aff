import CurveDocument
import Foundation
import Testing

/// A text's lines and spans as the text tool edits them.
struct TextContentTests {
  static func lines(_ content: TextContent) -> [[String]] { content.lines.map { $0.map(\.characters) } }

  @Test func insertingTakesTheStyleOfTheCharacterBefore() {
    var content = TextContent(x: 0, y: 0, lines: [[TextContent.Span("ab"), TextContent.Span("cd", isBold: true)]])
    // At the span boundary: the span before's style; inside the bold span: bold.
    #expect(content.insert("X", at: TextPosition(line: 0, offset: 2)) == TextPosition(line: 0, offset: 3))
    #expect(content.insert("Y", at: TextPosition(line: 0, offset: 4)) == TextPosition(line: 0, offset: 5))
    #expect(Self.lines(content) == [["abX", "cYd"]])
    #expect(content.lines[0][1].isBold == true)
    // At a line's start: the first span's.
    content.insert("Z", at: TextPosition(line: 0, offset: 0))
    #expect(content.text(ofLine: 0) == "ZabXcYd")
  }

  @Test func newlinesSplitLinesAndDeletingAcrossThemJoinsThem() {
    var content = TextContent(x: 0, y: 0)
    let end = content.insert("one\ntwo\nthree", at: TextPosition(line: 0, offset: 0))
    #expect(end == TextPosition(line: 2, offset: 5))
    #expect(content.characters == "one\ntwo\nthree")
    #expect(content.text(from: TextPosition(line: 0, offset: 1), to: TextPosition(line: 2, offset: 2)) == "ne\ntwo\nth")
    let at = content.delete(from: TextPosition(line: 2, offset: 2), to: TextPosition(line: 0, offset: 1))
    #expect(at == TextPosition(line: 0, offset: 1))
    #expect(content.characters == "oree")
    #expect(content.lines.count == 1)
    // Everything deleted leaves one empty line.
    content.delete(from: TextPosition(line: 0, offset: 0), to: content.end)
    #expect(content.isEmpty && content.lines == [[]])
  }

  @Test func applyingAStyleSplitsSpansAndMergesLikeNeighbours() {
    var content = TextContent(x: 0, y: 0, lines: [[TextContent.Span("Hello, Curves")]])
    content.apply(.bold(true), from: TextPosition(line: 0, offset: 7), to: TextPosition(line: 0, offset: 13))
    #expect(Self.lines(content) == [["Hello, ", "Curves"]])
    content.apply(.bold(true), from: TextPosition(line: 0, offset: 0), to: TextPosition(line: 0, offset: 7))
    #expect(Self.lines(content) == [["Hello, Curves"]])
    #expect(content.style(at: TextPosition(line: 0, offset: 3)).isBold)
    // The whole text: its own style, no span overriding it.
    content.applyToAll(.bold(false))
    #expect(content.lines == [[TextContent.Span("Hello, Curves")]] && !content.isBold)
    content.applyToAll(.size(5000))
    #expect(content.size == TextContent.sizeRange.upperBound)
  }

  @Test func graphemeClustersAreOneCharacter() {
    var content = TextContent(x: 0, y: 0)
    content.insert("e\u{301}👩‍👩‍👧", at: TextPosition(line: 0, offset: 0))
    #expect(content.length(ofLine: 0) == 2)
    content.delete(from: TextPosition(line: 0, offset: 1), to: TextPosition(line: 0, offset: 2))
    #expect(content.characters == "e\u{301}")
  }

  @Test func itIsWrittenAsInkscapeWritesLines() {
    var content = TextContent(x: 10, y: 20, size: 10, anchor: .middle, letterSpacing: 1.5, fill: "#ff0000")
    content.insert("a<b\n& \"c\"", at: TextPosition(line: 0, offset: 0))
    content.insert("\n", at: content.end)
    #expect(content.xml == #"<text xml:space="preserve" x="10" y="20" style="font-family:'DejaVu Sans';font-size:10px;font-weight:normal;font-style:normal;line-height:1.25;text-anchor:middle;letter-spacing:1.5px;fill:#ff0000"><tspan sodipodi:role="line" x="10" y="20">a&lt;b</tspan><tspan sodipodi:role="line" x="10" y="32.5">&amp; &quot;c&quot;</tspan><tspan sodipodi:role="line" x="10" y="45"/></text>"#)
    // On a path its lines run on in one textPath, without positions.
    content.path = TextContent.OnPath(curve: UUID(uuidString: "00000000-0000-0000-0000-00000000002A")!, startOffset: 4)
    #expect(content.xml.contains(##"<textPath xlink:href="#curve-00000000-0000-0000-0000-00000000002a" startOffset="4">a&lt;b &amp; &quot;c&quot; </textPath>"##))
    #expect(!content.xml.contains(#" x="10""#))
  }
}
