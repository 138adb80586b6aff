import Foundation
import Testing

/// `<text>` drawn by `curves render` as librsvg draws it: fontconfig's families (a named one,
/// a generic one), bold and italic spans, kerning, fill and stroke, `text-anchor`, `dy` and
/// a turned text, against `rsvg-convert`'s pixels of the same file.
struct TextRenderTests {
  static let drawing = """
    <svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200">
      <rect width="400" height="200" fill="white"/>
      <text x="20" y="60" font-family="DejaVu Sans" font-size="40" fill="#3465a4">Hello, Curves</text>
      <text x="200" y="130" font-family="serif" font-size="32" font-weight="bold" text-anchor="middle" fill="none"
        stroke="#cc0000" stroke-width="1.5">Fig. <tspan font-style="italic" fill="#000">AVo</tspan>!</text>
      <text x="380" y="180" font-size="20" text-anchor="end" transform="rotate(-5 380 180)">end <tspan dy="-5">up</tspan></text>
    </svg>
    """

  /// `svg` drawn by `curves render` and by rsvg-convert: ours, and how many pixels differ
  /// by more than 40/255; nil (an issue recorded) without rsvg-convert.
  static func drawnAgainstLibrsvg(_ svg: String) throws -> (ours: PNGImage, off: Int)? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert") else {
      Issue.record("rsvg-convert (librsvg2-bin) is missing: make test installs it")
      return nil
    }
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("text.svg")
    try svg.write(to: file, atomically: true, encoding: .utf8)
    let ours = directory.appendingPathComponent("ours.png"), theirs = directory.appendingPathComponent("librsvg.png")
    let outcome = try CurvesBinary.run(["render", file.path, "--drawing-only", "-o", ours.path])
    #expect(outcome.status == 0, "\(outcome.error)")
    let reference = try ChildProcess.run("/usr/bin/rsvg-convert", [file.path, "-o", theirs.path], timeout: .seconds(60))
    #expect(reference.status == 0)
    let a = try #require(PNGImage(contentsOf: ours)), b = try #require(PNGImage(contentsOf: theirs))
    return (a, a.pixelsOff(from: b))
  }

  /// Each of `drawings` drawn by `curves render`, in order.
  static func drawn(_ drawings: [String]) throws -> [PNGImage] {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    return try drawings.enumerated().map { index, svg in
      let file = directory.appendingPathComponent("\(index).svg"), png = directory.appendingPathComponent("\(index).png")
      try svg.write(to: file, atomically: true, encoding: .utf8)
      let outcome = try CurvesBinary.run(["render", file.path, "--drawing-only", "-o", png.path])
      #expect(outcome.status == 0, "\(outcome.error)")
      return try #require(PNGImage(contentsOf: png))
    }
  }

  @Test func textIsDrawnAsLibrsvgDrawsIt() throws {
    guard let (ours, off) = try Self.drawnAgainstLibrsvg(Self.drawing) else { return }
    #expect(ours.width == 400 && ours.height == 200)
    // Measured: 16 of 80,000 (0.02%), on the edges of the turned text.
    #expect(Double(off) / 80_000 <= 0.002, "\(off) pixels differ by more than 40/255")
    // The text is there: blue on the H's stem, not the page.
    let stem = ours.pixel(x: 25, y: 45)
    #expect(stem.b > 150 && stem.r < 100, "\(stem)")
  }

  /// `baseline-shift` (super up 0.4 em and sub down 0.2 em, as librsvg shifts them; lengths
  /// and percentages of the font's size; a span's added to its parent's) and CSS's `font`
  /// shorthand in a style. On the text itself it shifts nothing (`SVGTextTests`).
  @Test func baselineShiftsAndTheFontShorthandAsLibrsvgDrawsThem() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="300" height="150">
        <rect width="300" height="150" fill="white"/>
        <text x="10" y="60" font-family="DejaVu Sans" font-size="30">x<tspan baseline-shift="super">2<tspan baseline-shift="super">n</tspan></tspan>
          <tspan baseline-shift="sub">i</tspan><tspan baseline-shift="8">up</tspan><tspan baseline-shift="-30%">down</tspan></text>
        <text x="10" y="130" style="font: italic bold 30px 'DejaVu Serif', serif">Shorthand</text>
      </svg>
      """
    guard let (_, off) = try Self.drawnAgainstLibrsvg(svg) else { return }
    #expect(Double(off) / 45_000 <= 0.002, "\(off) pixels differ by more than 40/255")
  }

  /// `text-decoration`: underlines and overlines under the glyphs, line-throughs over them,
  /// at the font's own positions and thicknesses (FreeType's underline, OS/2's strikeout), in
  /// the decorating element's paint, under its spans' characters too (as CSS and resvg draw
  /// them; librsvg 2.54 leaves a span's out, the 0.27% of pixels this differs by).
  @Test func decorationsAreDrawnAtTheFontsPositions() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">
        <rect width="300" height="200" fill="white"/>
        <text x="10" y="50" font-family="DejaVu Sans" font-size="30" text-decoration="underline" fill="#204a87">Under <tspan fill="#cc0000">lined</tspan></text>
        <text x="10" y="110" font-family="DejaVu Serif" font-size="30" text-decoration="line-through" fill="green">Struck out</text>
        <text x="10" y="170" font-family="DejaVu Sans" font-size="30"><tspan text-decoration="overline" fill="orange">Over</tspan>line</text>
      </svg>
      """
    guard let (ours, off) = try Self.drawnAgainstLibrsvg(svg) else { return }
    #expect(Double(off) / 60_000 <= 0.005, "\(off) pixels differ by more than 40/255")
    // The underline runs on under the red span, in the text's blue (DejaVu Sans's underline:
    // its middle 130/2048 em below the baseline, 90/2048 em thick: y 51 at 30 px).
    let under = ours.pixel(x: 150, y: 51)
    #expect(under.b > 100 && under.r < 80, "\(under)")
  }

  /// `<textPath>`: each glyph turned to the path's direction at its middle, from the start
  /// offset. On straight paths that is the text placed and turned as a whole, which these
  /// drawings compare (librsvg 2.54 draws no textPath; resvg 0.44 draws resvg's curved
  /// simple-case.svg within 0.9% of these pixels, measured with resvg-cli).
  @Test func textOnAStraightPathIsTheTextTurnedAlongIt() throws {
    func drawing(_ texts: String) -> String {
      #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="300" height="300"><rect width="300" height="300" fill="white"/><path id="across" d="M 20 60 L 280 60" transform="translate(0 10)"/><path id="down" d="M 150 100 L 150 290" fill="none"/>\#(texts)</svg>"#
    }
    let onPaths = drawing(#"""
      <text font-family="DejaVu Sans" font-size="24"><textPath xlink:href="#across" startOffset="10%">Along a line</textPath></text>
      <text font-family="DejaVu Sans" font-size="24" fill="#204a87"><textPath href="#down">Down it</textPath></text>
      <text font-family="DejaVu Sans" font-size="24"><textPath href="#missing">Nothing</textPath></text>
      """#)
    let placed = drawing(#"""
      <text x="46" y="70" font-family="DejaVu Sans" font-size="24">Along a line</text>
      <text font-family="DejaVu Sans" font-size="24" fill="#204a87" transform="translate(150 100) rotate(90)">Down it</text>
      """#)
    let images = try Self.drawn([onPaths, placed])
    #expect(images[0].pixelsOff(from: images[1], by: 24) <= 20)
  }

  /// `rotate` turns each character about its own origin, the list's last value going on to
  /// the characters past its end (as SVG 2 and resvg 0.44 draw it: no pixel of
  /// `rotate="0 15 30 -20"` off, measured with resvg-cli; librsvg 2.54 draws none): the same
  /// as each character placed and turned alone.
  @Test func rotateTurnsEachCharacterAboutItsOrigin() throws {
    func drawing(_ texts: String) -> String {
      #"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="white"/><g font-family="DejaVu Sans" font-size="30">\#(texts)</g></svg>"#
    }
    let turned = drawing(#"<text x="20 80 140" y="60" rotate="0 30">ABC</text>"#)
    let placed = drawing(#"""
      <text x="20" y="60">A</text><text transform="translate(80 60) rotate(30)">B</text><text transform="translate(140 60) rotate(30)">C</text>
      """#)
    let images = try Self.drawn([turned, placed])
    #expect(images[0].pixelsOff(from: images[1], by: 8) == 0)
  }

  /// `writing-mode="tb"` sets the text top to bottom as resvg does: the line turned a quarter
  /// clockwise about its start, each Latin glyph lying on its side, centred on the line
  /// (moved by half its font's ascent less descent: DejaVu Sans's 0.928 and 0.236 em).
  @Test func verticalTextIsTheLineTurnedAboutItsStart() throws {
    func drawing(_ texts: String) -> String {
      #"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="white"/><g font-family="DejaVu Sans" font-size="30">\#(texts)</g></svg>"#
    }
    let middle = (0.928 - 0.236) / 2 * 30
    let vertical = drawing(#"<text x="120" y="30" writing-mode="tb">Text</text>"#)
    let turned = drawing(#"<text x="120" y="\#(30 + middle)" transform="rotate(90 120 30)">Text</text>"#)
    let images = try Self.drawn([vertical, turned])
    #expect(images[0].pixelsOff(from: images[1], by: 40) <= 10, "within rounding of the metrics above")
    // It runs down from its start: dark pixels below y = 30 in the column of x = 120 ± 15.
    #expect((40..<140).contains { y in images[0].pixel(x: 115, y: y).r < 100 })
  }

  /// Mixed directions in FriBidi's order (Hebrew inside Latin, digits after it), and a
  /// right-to-left text (`direction="rtl"`) whose start is its right end, as librsvg draws
  /// them (measured: no pixel off).
  @Test func mixedDirectionsAreOrderedAsLibrsvgOrdersThem() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="150"><rect width="400" height="150" fill="white"/>
        <text x="20" y="50" font-family="DejaVu Sans" font-size="24">Hello עולם 123 world.</text>
        <text x="380" y="110" font-family="DejaVu Sans" font-size="24" direction="rtl">שלום World!</text>
      </svg>
      """
    guard let (_, off) = try Self.drawnAgainstLibrsvg(svg) else { return }
    #expect(Double(off) / 60_000 <= 0.001, "\(off) pixels differ by more than 40/255")
  }

  /// A textPath on a basic shape (SVG 2) lays the text as on the same path; `side="right"`
  /// runs the path the other way (as SVG 2 says; resvg 0.44 ignores `side`).
  @Test func aTextPathOnABasicShapeOrItsOtherSideIsThePathsOwn() throws {
    func drawing(_ texts: String) -> String {
      #"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><rect width="300" height="120" fill="white"/><line id="line" x1="20" y1="50" x2="280" y2="50"/><path id="ahead" d="M 20 50 L 280 50"/><path id="back" d="M 280 90 L 20 90"/><path id="low" d="M 20 90 L 280 90"/><g font-family="DejaVu Sans" font-size="20">\#(texts)</g></svg>"#
    }
    let shapes = drawing(##"<text><textPath href="#line">On a line</textPath></text><text><textPath href="#low" side="right">Other side</textPath></text>"##)
    let paths = drawing(##"<text><textPath href="#ahead">On a line</textPath></text><text><textPath href="#back">Other side</textPath></text>"##)
    let images = try Self.drawn([shapes, paths])
    #expect(images[0].pixelsOff(from: images[1], by: 8) == 0)
    // The turned text is there: ink above the low line near its right end (upside down).
    #expect((250..<280).contains { x in (92..<106).contains { y in images[0].pixel(x: x, y: y).r < 128 } })
  }

  /// Position lists give each character its place: the innermost element's list that
  /// reaches it, counting that element's characters, as SVG 2 and resvg lay them out
  /// (librsvg 2.54 takes only each list's first value). The same as the characters placed
  /// one text each. Measured with resvg 0.44 (`resvg-cli` from PyPI) on this drawing with
  /// letter and word spacing too: no pixel off by more than 40/255.
  @Test func positionListsPlaceEachCharacterAsSVG2Says() throws {
    func drawing(_ texts: String) -> String {
      #"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect width="300" height="100" fill="white"/>\#(texts)</svg>"#
    }
    let lists = drawing(#"<text x="20 50 80" y="40 50" font-family="DejaVu Sans" font-size="24">ABCDE<tspan dx="10 10" dy="-8">fgh</tspan></text>"#)
    // A at (20, 40), B at (50, 50), CDE from (80, 50); f 10 further and 8 up, g 10 further
    // again, h after it.
    let placed = drawing(#"""
      <g font-family="DejaVu Sans" font-size="24"><text x="20" y="40">A</text><text x="50" y="50">B</text><text x="80" y="50">CDE<tspan dx="10" dy="-8">f</tspan><tspan dx="10">gh</tspan></text></g>
      """#)
    let images = try Self.drawn([lists, placed])
    #expect(images[0].pixelsOff(from: images[1], by: 8) == 0)
  }

  /// A text's glyphs are not saved in a JSON document: read back, it is laid out again from
  /// the element kept with what it inherited, and draws the same pixels.
  @Test func aSavedDocumentDrawsItsTextsAgain() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let svg = directory.appendingPathComponent("text.svg"), json = directory.appendingPathComponent("text.json")
    try Self.drawing.replacingOccurrences(of: "<text x=\"20\"", with: "<g transform=\"translate(5 5)\" font-family=\"DejaVu Serif\"><text x=\"20\"")
      .replacingOccurrences(of: "Curves</text>", with: "Curves</text></g>").write(to: svg, atomically: true, encoding: .utf8)
    let imported = try CurvesBinary.run(["import-svg", svg.path, "-o", json.path])
    #expect(imported.status == 0, "\(imported.error)")
    let fromSVG = directory.appendingPathComponent("svg.png"), fromJSON = directory.appendingPathComponent("json.png")
    for (file, png) in [(svg, fromSVG), (json, fromJSON)] {
      let outcome = try CurvesBinary.run(["render", file.path, "--drawing-only", "-o", png.path])
      #expect(outcome.status == 0, "\(outcome.error)")
    }
    let a = try #require(PNGImage(contentsOf: fromSVG)), b = try #require(PNGImage(contentsOf: fromJSON))
    #expect(a.pixelsOff(from: b, by: 8) == 0)
    // The first text moved and set in the group's serif: not where the plain drawing has it.
    let plain = directory.appendingPathComponent("plain.svg"), plainPNG = directory.appendingPathComponent("plain.png")
    try Self.drawing.write(to: plain, atomically: true, encoding: .utf8)
    _ = try CurvesBinary.run(["render", plain.path, "--drawing-only", "-o", plainPNG.path])
    #expect(try #require(PNGImage(contentsOf: plainPNG)).pixelsOff(from: b) > 100)
  }

  /// fontconfig's answers are kept for the next process (`CURVES_FONT_CACHE`), which draws
  /// the same pixels without reading fontconfig's configuration (fontconfig's `FC_DEBUG=1024`
  /// prints each configuration file it reads); set empty, nothing is kept.
  @Test func aSecondProcessDrawsTheSameTextWithoutReadingFontconfigsConfiguration() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("text.svg"), kept = directory.appendingPathComponent("cache/font-matches")
    try Self.drawing.write(to: file, atomically: true, encoding: .utf8)
    func draw(_ name: String, keptAt path: String) throws -> (png: Data, readConfiguration: Bool) {
      var environment = ProcessInfo.processInfo.environment
      environment["CURVES_FONT_CACHE"] = path
      environment["FC_DEBUG"] = "1024"
      let png = directory.appendingPathComponent(name)
      let outcome = try CurvesBinary.run(["render", file.path, "--drawing-only", "-o", png.path], environment: environment)
      #expect(outcome.status == 0, "\(outcome.error)")
      return (try Data(contentsOf: png), (outcome.output + outcome.error).contains("fonts.conf"))
    }
    let first = try draw("first.png", keptAt: kept.path)
    #expect(first.readConfiguration)
    let text = try String(contentsOf: kept, encoding: .utf8)
    #expect(text.hasPrefix("curves font matches 1\n"))
    #expect(text.contains("\nmatch\tDejaVu Sans\u{1E}400 0 100\t") && text.contains("\nwatch\t/etc/fonts/fonts.conf\t"))
    let second = try draw("second.png", keptAt: kept.path)
    #expect(!second.readConfiguration, "the kept answers were used")
    #expect(second.png == first.png)
    let unkept = try draw("unkept.png", keptAt: "")
    #expect(unkept.readConfiguration && unkept.png == first.png)
  }
}
