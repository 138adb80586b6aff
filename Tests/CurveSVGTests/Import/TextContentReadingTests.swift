import CurveDocument
import CurveGeometry
import CurveSVG
import Testing
import Foundation

/// Texts read back as the text tool edits them (`TextContent(svg:namespaces:)`).
@Suite struct TextContentReadingTests {
  static let inkscape = ["sodipodi": TextContent.sodipodiNamespace.uri, "inkscape": "http://www.inkscape.org/namespaces/inkscape"]

  @Test func whatTheToolWritesReadsBackTheSame() throws {
    var content = TextContent(x: 10, y: 40, fill: "#336699")
    let end = content.insert("Hello, Curves\nline two", at: TextPosition(line: 0, offset: 0))
    content.apply(.bold(true), from: TextPosition(line: 0, offset: 7), to: TextPosition(line: 0, offset: 13))
    content.apply(.size(30), from: TextPosition(line: 1, offset: 0), to: end)
    let read = try #require(TextContent(svg: content.xml, namespaces: [:]))
    #expect(read == content)
    #expect(read.lines.map { $0.map(\.characters) } == [["Hello, ", "Curves"], ["line two"]])
  }

  @Test func anInkscapeLineTextWithEveryPropertyOnItsSpansIsEditable() throws {
    let xml = #"""
      <g inkscape:label="wrapper" transform="translate(5,6)"><text id="text1643" style="font-style:normal;font-variant:normal;font-weight:normal;font-size:25.6px;line-height:100%;font-family:'Bitstream Vera Sans';text-anchor:end;fill:#000000;stroke:none" xml:space="preserve" x="771.65" y="316.2" transform="rotate(90)"><tspan sodipodi:role="line" style="stroke:none;font-size:25.6px" x="771.65" y="316.2"> כל בני אדם</tspan><tspan sodipodi:role="line" x="771.65" y="341.8">second</tspan></text></g>
      """#
    let content = try #require(TextContent(svg: xml, namespaces: Self.inkscape))
    #expect(content.family == "Bitstream Vera Sans")
    #expect(content.size == 25.6)
    #expect(content.anchor == .end)
    #expect(content.lineSpacing == 1)
    #expect(content.lines.map { $0.map(\.characters) } == [[" כל בני אדם"], ["second"]])
    #expect(content.otherStyle.map(\.name) == ["font-variant", "stroke"])
    // Its own turn and its wrapper's move, in that order from the inside.
    let expected = Affine.translate(x: 5, y: 6) * Affine.rotate(degrees: 90)
    #expect(abs(content.transform.a - expected.a) < 1e-12 && abs(content.transform.e - expected.e) < 1e-12)
    // Written back inside the same wrapper.
    #expect(content.xml.hasPrefix(#"<g inkscape:label="wrapper" transform="translate(5,6)"><text "#))
    #expect(content.xml.hasSuffix("</text></g>"))
    #expect(TextContent(svg: content.xml, namespaces: Self.inkscape) == content)
  }

  @Test func textsTheToolCannotHoldAreLeftAsTheyAre() {
    for xml in [
      #"<text x="1 2 3" y="4">abc</text>"#, #"<text dx="2">abc</text>"#, #"<text>a<tspan fill="red">b</tspan></text>"#,
      ##"<text><textPath href="#p">abc</textPath></text>"##, #"<path d="M0 0"/>"#,
    ] {
      #expect(TextContent(svg: xml, namespaces: [:]) == nil, "\(xml)")
    }
  }

  @Test func aTextLaysOutAloneInItsOwnCoordinates() throws {
    let content = TextContent(x: 10, y: 40, lines: [[TextContent.Span("Hi")]])
    let text = try #require(SVGImport.layOutText(content.xml, namespaces: [:], canvas: Canvas(width: 200, height: 100)))
    #expect(text.characters == "Hi")
    #expect(text.curves.count == 2)
    let box = text.curves.reduce(Rect.empty) { box, curve in box.union(curve.subpaths.flatMap(\.points).reduce(Rect.empty) { $0.union(Rect(enclosing: [Point(x: $1.x, y: $1.y)])) }) }
    #expect(box.minX >= 10 && box.minX < 14)
    #expect(box.maxY <= 40.5 && box.minY > 40 - 24)
    // Laid out the same when the document declares XLink's prefix too, as most files do.
    let declared = SVGImport.layOutText(content.xml, namespaces: ["xlink": "http://www.w3.org/1999/xlink"], canvas: Canvas(width: 200, height: 100))
    #expect(declared?.curves.count == 2)
  }
}

