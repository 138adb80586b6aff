import CurveGeometry
import CurveText
import Testing

/// Fonts found by fontconfig, text shaped by HarfBuzz and outlined by FreeType, checked
/// against `hb-shape`'s answers for the same strings and fonts (Debian's DejaVu fonts,
/// `hb-shape --no-glyph-names FONT TEXT`: glyph=cluster+advance).
struct TextRunTests {
  static let sans = FontRequest(families: ["DejaVu Sans"])

  @Test func fontconfigFindsTheFamilyWeightAndStyleAsked() throws {
    let bold = try #require(FontLibrary.shared.face(for: FontRequest(families: ["DejaVu Sans"], weight: 700)))
    #expect(bold.family == "DejaVu Sans")
    let serif = try #require(FontLibrary.shared.face(for: FontRequest(families: ["No Such Family", "serif"])))
    #expect(serif.family == "DejaVu Serif", "a missing family falls back through the list")
    #expect(FontLibrary.shared.face(for: Self.sans) === FontLibrary.shared.face(for: Self.sans), "loaded once")
  }

  @Test func shapingIsHarfBuzzsKerningAndLigaturesIncluded() throws {
    // hb-shape DejaVuSans.ttf "AVo fi": [36=0+1270|57=1+1242|82=2+1253|3=3+651|5042=4+1290]
    let face = try #require(FontLibrary.shared.face(for: Self.sans))
    let glyphs = face.shape("AVo fi")
    #expect(glyphs.map(\.glyph) == [36, 57, 82, 3, 5042])
    #expect(glyphs.map(\.cluster) == [0, 1, 2, 3, 4])
    #expect(glyphs.map(\.advance) == [1270, 1242, 1253, 651, 1290], "A is kerned against V")
    // hb-shape DejaVuSerif.ttf "office": [82=0+1233|3314=1+1455|76=3+655|70=4+1147|72=5+1212]
    let serif = try #require(FontLibrary.shared.face(for: FontRequest(families: ["DejaVu Serif"])))
    let office = serif.shape("office")
    #expect(office.map(\.glyph) == [82, 3314, 76, 70, 72] && office.map(\.cluster) == [0, 1, 3, 4, 5], "ffi is one glyph")
  }

  @Test func outlinesAreTheFontsOwnQuadraticsScaledAndPlacedOnTheBaseline() throws {
    let run = try #require(TextRun("o", font: Self.sans, size: 2048))
    let contours = run.contours(at: Point(x: 100, y: 1000))
    #expect(contours.count == 2, "an o: its outside and its hole")
    #expect(contours.allSatisfy { $0.segments.allSatisfy { $0.controlPoints.count <= 3 } }, "TrueType: lines and quadratics")
    #expect(contours.contains { $0.segments.contains { $0.controlPoints.count == 3 } })
    // At 2048 units to the em, one unit a font unit: the o sits on the baseline (y 1000,
    // down in SVG) and rises about its x-height, 1120 units.
    let ys = contours.flatMap { $0.segments.flatMap(\.controlPoints).map(\.y) }
    #expect(abs(ys.max()! - 1000) < 30 && abs((1000 - ys.min()!) - 1120) < 40, "\(ys.min()!)…\(ys.max()!)")
    #expect(run.advance == 1253)
  }

  @Test func spacingGoesAfterEachCharacterAndEachSpace() throws {
    let plain = try #require(TextRun("a b", font: Self.sans, size: 20))
    let spaced = try #require(TextRun("a b", font: Self.sans, size: 20, letterSpacing: 2, wordSpacing: 5))
    #expect(abs(spaced.advance - plain.advance - (3 * 2 + 5)) < 1e-9)
    #expect(zip(spaced.offsets, plain.offsets).map { $0 - $1 } == [0, 2, 9])
  }

  /// A character the font lacks is set in fontconfig's fallback that has it: Arabic asked
  /// of DejaVu Serif (which has none) comes from DejaVu Sans, shaped there (joined forms, lam
  /// and alef one glyph).
  /// Letters of a cursive script join: letter-spacing leaves them alone (CSS Text 3, as
  /// resvg has it), and spaces the Latin ones beside them.
  @Test func cursiveScriptsTakeNoLetterSpacing() throws {
    let arabic = "سلام", mixed = "ab سلام"
    let plain = try #require(TextRun(arabic, font: Self.sans, size: 20))
    let spaced = try #require(TextRun(arabic, font: Self.sans, size: 20, letterSpacing: 3))
    #expect(abs(spaced.advance - plain.advance) < 1e-9)
    let plainMixed = try #require(TextRun(mixed, font: Self.sans, size: 20))
    let spacedMixed = try #require(TextRun(mixed, font: Self.sans, size: 20, letterSpacing: 3))
    // a, b and the space: three characters spaced.
    #expect(abs(spacedMixed.advance - plainMixed.advance - 9) < 1e-9)
  }

  @Test func aCharacterTheFontLacksFallsBackAsFontconfigSays() throws {
    let run = try #require(TextRun("Aسلام", font: FontRequest(families: ["DejaVu Serif"]), size: 20))
    #expect(run.face.family == "DejaVu Serif")
    #expect(run.glyphs.first?.face.family == "DejaVu Serif", "the Latin A from the font asked for")
    let arabic = run.glyphs.dropFirst()
    #expect((3...4).contains(arabic.count) && arabic.allSatisfy { $0.face.family == "DejaVu Sans" && $0.glyph != 0 })
    // Shaped right to left as one stretch: its pen runs on from the A's advance.
    #expect(abs(arabic.map(\.x).min()! - run.glyphs[0].advance) < 1e-9)
  }
}
