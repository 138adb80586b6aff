import CurveDocument
import CurveGeometry
import CurveText
@testable import CurveSVG
import Foundation
import Testing

/// `<text>` laid out as resvg lays it out where it and librsvg part: `dx` and `dy` lists move
/// glyphs without breaking the shaping, a text's paint server spans the whole text, and the
/// properties that SVG 1.1 gives their own rules (`baseline-shift` on spans only, spacing
/// percentages of the viewport, a `rotate` that is not a list ignored, `font-stretch`).
/// The font is Debian's DejaVu Sans, with its kerning: A before V moves V back 131 units.
struct SVGTextTests {
  /// The glyph curves of the drawing's first text (its body in a 200 × 200 viewBox).
  func glyphs(_ body: String) throws -> [Document.CurveRecord] {
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200">\#(body)</svg>"#
    let (document, _) = try SVGImport.import(from: Data(svg.utf8))
    return try #require(document.kept.first { $0.name == "text" }?.text?.curves)
  }

  /// The box of a curve's points (its control points included).
  func box(_ curve: Document.CurveRecord) -> Rect {
    var box = Rect.empty
    for subpath in curve.subpaths { for point in subpath.points { box.include(Point(x: point.x, y: point.y)) } }
    return box
  }

  @Test func dxAndDyListsMoveGlyphsAndKeepTheKerning() throws {
    let plain = try glyphs(#"<text x="10" y="100" font-family="DejaVu Sans" font-size="100">AV</text>"#)
    let moved = try glyphs(#"<text x="10" y="100" dx="0 5" dy="0 20" font-family="DejaVu Sans" font-size="100">AV</text>"#)
    #expect(plain.count == 2 && moved.count == 2)
    #expect(box(moved[0]) == box(plain[0]), "A has no shift of its own")
    // V: kerned against A as before (not placed after A's own 1401-unit advance), then 5
    // along and 20 down.
    let v = box(moved[1]), kerned = box(plain[1])
    #expect(abs(v.minX - (kerned.minX + 5)) < 1e-9 && abs(v.minY - (kerned.minY + 20)) < 1e-9, "\(v) against \(kerned)")
  }

  @Test func aListThatEndsEarlyMovesTheRestWithTheLastShiftedCharacter() throws {
    let plain = try glyphs(#"<text x="10" y="100" font-family="DejaVu Sans" font-size="40">abc</text>"#)
    let moved = try glyphs(#"<text x="10" y="100" dy="0 10" font-family="DejaVu Sans" font-size="40">abc</text>"#)
    // dy moves b down 10, and c with it: a shift carries on to the characters after.
    #expect(zip(moved, plain).map { box($0).minY - box($1).minY }.map { ($0 * 1e6).rounded() / 1e6 } == [0, 10, 10])
  }

  @Test func aTextsGradientSpansTheWholeTextNotEachGlyph() throws {
    let curves = try glyphs(#"""
      <linearGradient id="g"><stop offset="0" stop-color="white"/><stop offset="1" stop-color="green"/></linearGradient>
      <text x="20" y="100" fill="url(#g)" font-family="DejaVu Sans" font-size="48">T<tspan font-weight="bold">ext</tspan></text>
      """#)
    #expect(curves.count == 4)
    // One gradient in the document's units, across the text's box: from the T's left edge
    // to the t's right edge, the same for every glyph (bold span included).
    guard case .gradient(let gradient) = curves[0].style.fill else {
      Issue.record("\(curves[0].style.fill)")
      return
    }
    #expect(gradient.units == .userSpaceOnUse)
    #expect(curves.allSatisfy { $0.style.fill == curves[0].style.fill })
    let left = gradient.transform.apply(to: Point(x: 0, y: 0.5)), right = gradient.transform.apply(to: Point(x: 1, y: 0.5))
    let text = curves.map(box).reduce(Rect.empty) { $0.union($1) }
    #expect(abs(left.x - text.minX) < 0.5 && abs(right.x - text.maxX) < 0.5, "\(left) to \(right) across \(text)")
  }

  @Test func baselineShiftAppliesToSpansNotToTheTextItself() throws {
    let plain = try glyphs(#"<text x="10" y="100" font-family="DejaVu Sans" font-size="40">Ab</text>"#)
    let onText = try glyphs(#"<text x="10" y="100" baseline-shift="super" font-family="DejaVu Sans" font-size="40">Ab</text>"#)
    #expect(onText.map(box) == plain.map(box))
    let onSpan = try glyphs(#"<text x="10" y="100" font-family="DejaVu Sans" font-size="40">A<tspan baseline-shift="super">b</tspan></text>"#)
    // super: up 0.4 of the font's size.
    #expect(abs(box(onSpan[1]).minY - (box(plain[1]).minY - 16)) < 1e-9)
  }

  @Test func spacingPercentagesAreOfTheViewportAndABrokenRotateIsIgnored() throws {
    let plain = try glyphs(#"<text x="10" y="100" font-family="DejaVu Sans" font-size="40">ab</text>"#)
    let spaced = try glyphs(#"<text x="10" y="100" letter-spacing="5%" font-family="DejaVu Sans" font-size="40">ab</text>"#)
    // 5% of the 200-unit viewport (not of the 40-unit font).
    #expect(abs(box(spaced[1]).minX - box(plain[1]).minX - 10) < 1e-9)
    let turned = try glyphs(#"<text x="10" y="100" rotate="5mm" font-family="DejaVu Sans" font-size="40">ab</text>"#)
    #expect(turned.map(box) == plain.map(box), "5mm is not a number: the whole list is ignored")
  }

  @Test func fontStretchPicksTheCondensedFace() throws {
    let normal = try glyphs(#"<text x="10" y="100" font-family="DejaVu Sans" font-size="40">mm</text>"#)
    let condensed = try glyphs(#"<g font-stretch="condensed"><text x="10" y="100" font-family="DejaVu Sans" font-size="40" font-stretch="narrower">mm</text></g>"#)
    let semi = try glyphs(#"<text x="10" y="100" font-family="DejaVu Sans" font-size="40" font-stretch="semi-condensed">mm</text>"#)
    // DejaVu Sans Condensed (fonts-dejavu-extra) sets m 1795 units wide to Book's 1995
    // (`hb-shape`): the second m starts 90% as far along. narrower than condensed is extra-condensed, which
    // fontconfig matches with the condensed face too.
    let step = { (curves: [Document.CurveRecord]) in self.box(curves[1]).minX - self.box(curves[0]).minX }
    #expect(abs(step(condensed) / step(normal) - 1795 / 1995) < 0.01, "\(step(condensed)) against \(step(normal))")
    #expect(abs(step(semi) - step(condensed)) < 1e-9)
  }

  @Test func whatAKeptTextRefersToIsKeptWithItAndExported() throws {
    let svg = #"""
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 200 200">
        <defs><linearGradient id="g" xlink:href="#stops"/><linearGradient id="stops"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
          <text id="hidden">Hi</text><path id="arc" d="M 10 100 Q 100 0 190 100"/></defs>
        <rect width="50" height="50" fill="url(#g)"/>
        <text x="10" y="150" fill="url(#g)">Lo<tref xlink:href="#hidden"/></text>
        <text><textPath xlink:href="#arc">Along</textPath></text>
      </svg>
      """#
    let (document, _) = try SVGImport.import(from: Data(svg.utf8))
    // The gradient and the one it takes its stops from, the tref's text and the textPath's
    // path: one <defs> kept after the texts, in the order they were first met.
    #expect(document.kept.map(\.name) == ["text", "text", "defs"])
    #expect(document.kept[2].xml.hasPrefix("<defs>") && document.kept[2].before == nil)
    for id in ["g", "stops", "hidden", "arc"] { #expect(document.kept[2].xml.contains(#"id="\#(id)""#), "\(id)") }
    #expect(KeptElement.summary(document.kept) == "1 defs element kept, not drawn")
    // The rectangle's own gradient is written under another id: the kept one is "g".
    let look = SVGExport.PointLook(outline: RGBColor(r: 0, g: 0, b: 0), fill: RGBColor(r: 255, g: 255, b: 255), radius: 6)
    let written = SVGExport.svg(for: document, pointLook: look)
    #expect(written.components(separatedBy: #"id="g""#).count == 2, "\(written)")
    #expect(written.contains(#"fill="url(#g-2)""#) && written.contains(#"fill="url(#g)""#))
  }

  @Test func keptXMLsIDsAndReferencesAreFoundInItsBytes() {
    let xml = #"<g id="a" xml:id="b"><text grid="c" fill="url( '#d' )" style="stroke:url(#e)"><tref xlink:href='#f'/><a href="http://x#g">x</a></text></g>"#
    #expect(KeptReferences.definedIDs(in: xml) == ["a"], "xml:id and grid are other attributes")
    #expect(KeptReferences.referencedIDs(in: xml) == ["d", "e", "f"], "a link to another file is not a reference")
  }

  @Test func fontFeaturesKerningAndTheShorthandReachHarfBuzz() throws {
    let kerned = try glyphs(#"<text x="10" y="100" font-family="DejaVu Sans" font-size="100">AV</text>"#)
    let unkerned = try glyphs(#"<text x="10" y="100" font-family="DejaVu Sans" font-size="100" style="font-kerning: none">AV</text>"#)
    // Without kerning V moves on by the 131 units of the pair's kern: 6.4 at 100 to 2048.
    #expect(abs(box(unkerned[1]).minX - box(kerned[1]).minX - 131.0 * 100 / 2048) < 1e-9)
    let attribute = try glyphs(#"<text x="10" y="100" font-family="DejaVu Sans" font-size="100" font-kerning="none">AV</text>"#)
    #expect(attribute.map(box) == kerned.map(box), "font-kerning is CSS's alone: as an attribute it is ignored, as resvg has it")
    let reset = try glyphs(#"<g style="font-kerning: none"><text x="10" y="100" style="font: 100px 'DejaVu Sans'">AV</text></g>"#)
    #expect(reset.map(box) == kerned.map(box), "the font shorthand sets kerning back to auto")
    // DejaVu Serif's ff ligature: one glyph for two characters, unless liga is off.
    #expect(try glyphs(#"<text y="50" font-family="DejaVu Serif">office</text>"#).count == 5)
    #expect(try glyphs(#"<text y="50" font-family="DejaVu Serif" font-feature-settings="'liga' 0">office</text>"#).count == 6)
    #expect(SVGDrawing.fontFeatures(#""liga" 0, 'smcp', "ss01" on"#) == ["liga=0", "smcp=1", "ss01=1"])
    #expect(SVGDrawing.fontFeatures("normal") == [] && SVGDrawing.fontFeatures("liga") == nil && SVGDrawing.fontFeatures(#""lig" 1"#) == nil)
  }

  @Test func textLengthSpacesOrStretchesTheGlyphsToIt() throws {
    let plain = try glyphs(#"<text x="20" y="100" font-family="DejaVu Sans" font-size="40">Text</text>"#)
    let natural = try #require(TextRun("Text", font: FontRequest(families: ["DejaVu Sans"]), size: 40)).advance
    // Spacing: the four characters' advances evened out to 150, each after the first moved
    // on by the gap times its place.
    let spaced = try glyphs(#"<text x="20" y="100" textLength="150" font-family="DejaVu Sans" font-size="40">Text</text>"#)
    let gap = (150 - natural) / 3
    for index in 0..<4 { #expect(abs(box(spaced[index]).minX - box(plain[index]).minX - Double(index) * gap) < 1e-9, "\(index)") }
    // Spacing and glyphs: the whole run stretched from its start by 150 over its width.
    let stretched = try glyphs(#"<text x="20" y="100" textLength="150" lengthAdjust="spacingAndGlyphs" font-family="DejaVu Sans" font-size="40">Text</text>"#)
    let factor = 150 / natural
    for index in 0..<4 {
      #expect(abs(box(stretched[index]).minX - (20 + (box(plain[index]).minX - 20) * factor)) < 1e-9, "\(index)")
      #expect(abs(box(stretched[index]).width - box(plain[index]).width * factor) < 1e-9)
    }
    let negative = try glyphs(#"<text x="20" y="100" textLength="-5" font-family="DejaVu Sans" font-size="40">Text</text>"#)
    #expect(negative.map(box) == plain.map(box), "a negative length is ignored")
  }

  @Test func anUnderlineAlongATextPathFollowsItAGlyphAtATime() throws {
    /// The underline's pieces: the curves of one subpath (each glyph of "AB" has holes).
    func underline(_ curves: [Document.CurveRecord]) -> [Rect] { curves.filter { $0.subpaths.count == 1 }.map(box) }
    let plain = try #require(underline(try glyphs(
      #"<text x="10" y="100" font-family="DejaVu Sans" font-size="40" text-decoration="underline">A B</text>"#
    )).first)
    let path = ##"<path id="p" d="M 10 100 H 190"/><path id="down" d="M 100 10 V 190"/>"##
    // Along a straight line, a piece a character, the space's too, end to end where the
    // plain text's one line runs.
    let along = underline(try glyphs(
      ##"\##(path)<text font-family="DejaVu Sans" font-size="40" text-decoration="underline"><textPath href="#p">A B</textPath></text>"##
    ))
    try #require(along.count == 3)
    let joined = along.dropFirst().reduce(along[0]) { $0.union($1) }
    for (got, expected) in [(joined.minX, plain.minX), (joined.maxX, plain.maxX), (joined.minY, plain.minY), (joined.maxY, plain.maxY)] {
      #expect(abs(got - expected) < 1e-9, "\(joined) against \(plain)")
    }
    // Down a vertical line the glyphs turn a quarter clockwise: the line runs down the path,
    // on the glyphs' underside, which is its left (x 100 less the depth below the baseline).
    let turned = underline(try glyphs(
      ##"\##(path)<text font-family="DejaVu Sans" font-size="40" text-decoration="underline"><textPath href="#down">A B</textPath></text>"##
    ))
    try #require(turned.count == 3)
    let down = turned.dropFirst().reduce(turned[0]) { $0.union($1) }
    let depth = (plain.minY + plain.maxY) / 2 - 100
    #expect(abs(down.minY - 10) < 1e-9 && abs(down.height - plain.width) < 1e-9, "\(down)")
    #expect(abs((down.minX + down.maxX) / 2 - (100 - depth)) < 1e-9 && abs(down.width - plain.height) < 1e-9, "\(down)")
  }

  @Test func aHiddenSpansGlyphsStayUnpaintedAndAVisibleOneInsideIsPainted() throws {
    let curves = try glyphs(
      #"<text x="10" y="100" font-family="DejaVu Sans" font-size="40" visibility="hidden" text-decoration="underline">G<tspan visibility="visible">V</tspan></text>"#
    )
    // G's glyph, unpainted (it still counts in the text's box), with no underline; then V's
    // stretch of the underline the text hands down to its spans, and V, painted.
    try #require(curves.count == 3)
    #expect(curves[0].style.fill == CurveStyle.Paint.none && curves[0].style.stroke == CurveStyle.Paint.none && curves[0].isHidden)
    #expect(!curves[1].isHidden && !curves[2].isHidden)
    #expect(curves[1].subpaths.count == 1 && curves[1].style.fill != CurveStyle.Paint.none)
    #expect(box(curves[1]).minX >= box(curves[0]).maxX, "the line starts after G")
    #expect(curves[2].style.fill != CurveStyle.Paint.none)
  }

  @Test func aVerticalChunkStartedByYAloneStaysInTheColumn() throws {
    let curves = try glyphs(
      #"<text x="125" writing-mode="tb" font-family="DejaVu Sans" font-size="48"><tspan y="30">AB</tspan><tspan dx="-50" y="30">AB</tspan></text>"#
    )
    try #require(curves.count == 4)
    // The second chunk starts at y 30 again, in the first's column moved 50 left by its dx
    // (it was placed where the first chunk's line ended, turned off the canvas).
    for index in 0..<2 {
      let first = box(curves[index]), second = box(curves[index + 2])
      #expect(abs(second.minX - (first.minX - 50)) < 1e-9 && abs(second.minY - first.minY) < 1e-9, "\(first) \(second)")
    }
  }
}
