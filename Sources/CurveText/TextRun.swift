import CurveGeometry

/// A run of text in one font at one size, shaped once and placed: its glyphs' outlines as
/// contours in document units (y down, as SVG has it), from a pen at the run's start on its
/// baseline, and how far the pen moves. A character the font lacks is set in the font
/// fontconfig falls back to for it (as librsvg's Pango does), each stretch of one font
/// shaped on its own.
///
/// ```swift
/// let run = TextRun("Curves", font: FontRequest(families: ["sans-serif"]), size: 24)
/// let contours = run?.contours(at: Point(x: 10, y: 40))   // the baseline at y 40
/// ```
public struct TextRun: Sendable {
  /// A glyph set: its face, which glyph, the character it came from (a UTF-8 offset into the
  /// run's text), and its pen position, offset and advance in document units.
  public struct Glyph: Sendable {
    public var face: FontFace
    public var glyph: UInt32
    public var cluster: Int
    public var x: Double
    public var y: Double
    public var advance: Double
  }

  /// The font asked for's match: its metrics place decorations.
  public let face: FontFace
  public let size: Double
  public let glyphs: [Glyph]
  /// Added after each character (CSS `letter-spacing`) and each space (`word-spacing`).
  public let letterSpacing: Double
  public let wordSpacing: Double
  public let text: String

  /// Nil when no font can be opened at all. `rightToLeft`: the paragraph's base direction
  /// (CSS `direction`), which orders the runs of mixed directions (FriBidi).
  public init?(
    _ text: String, font: FontRequest, size: Double, letterSpacing: Double = 0, wordSpacing: Double = 0, rightToLeft: Bool = false,
    features: [String] = []
  ) {
    guard let face = FontLibrary.shared.face(for: font) else { return nil }
    self.face = face
    self.size = size
    self.text = text
    self.letterSpacing = letterSpacing
    self.wordSpacing = wordSpacing
    // Each character's embedding level (FriBidi), from its first scalar's.
    let scalarLevels = Bidi.levels(of: Array(text.unicodeScalars), rightToLeft: rightToLeft)
    var levels: [UInt8] = [], scalarIndex = 0
    for character in text {
      levels.append(scalarLevels.isEmpty ? 0 : scalarLevels[scalarIndex])
      scalarIndex += character.unicodeScalars.count
    }
    // Stretches of one face and one level: the match's face where it has the character, else
    // the fallback's.
    var stretches: [(face: FontFace, level: UInt8, start: String.Index, end: String.Index)] = []
    var index = text.startIndex
    for (position, character) in text.enumerated() {
      let next = text.index(after: index)
      let scalar = character.unicodeScalars.first!
      let chosen = face.hasGlyph(for: scalar) || scalar.properties.isWhitespace ? face : FontLibrary.shared.face(for: font, covering: scalar) ?? face
      if let last = stretches.last, last.face === chosen, last.level == levels[position] {
        stretches[stretches.count - 1].end = next
      } else {
        stretches.append((chosen, levels[position], index, next))
      }
      index = next
    }
    // Shown left to right in the order the levels give (rule L2).
    var glyphs: [Glyph] = [], pen = 0.0
    for stretch in Bidi.visualOrder(stretches.map(\.level)).map({ stretches[$0] }) {
      let scale = size / stretch.face.unitsPerEm, base = text.utf8.distance(from: text.startIndex, to: stretch.start)
      for shaped in stretch.face.shape(String(text[stretch.start..<stretch.end]), rightToLeft: stretch.level % 2 == 1, features: features) {
        glyphs.append(Glyph(
          face: stretch.face, glyph: shaped.glyph, cluster: base + shaped.cluster, x: pen + shaped.x * scale, y: shaped.y * scale,
          advance: shaped.advance * scale
        ))
      }
      // The next stretch starts where this one's pen ends.
      pen = glyphs.reduce(0) { $0 + $1.advance }
    }
    self.glyphs = glyphs
  }

  /// Document units per font unit of the matched face.
  public var scale: Double { size / face.unitsPerEm }

  /// Each glyph's pen offset from the run's start, in document units, spacing included.
  public var offsets: [Double] {
    var extra = 0.0, offsets: [Double] = []
    let bytes = Array(text.utf8)
    for (index, glyph) in glyphs.enumerated() {
      offsets.append(glyph.x + extra)
      // Spacing goes after each character, not after each glyph of one (a ligature's parts).
      let next = index + 1 < glyphs.count ? glyphs[index + 1].cluster : bytes.count
      if next != glyph.cluster {
        if takesLetterSpacing(at: glyph.cluster) { extra += letterSpacing }
        if glyph.cluster < bytes.count, bytes[glyph.cluster] == 0x20 { extra += wordSpacing }
      }
    }
    return offsets
  }

  /// How far the pen moves over the run, in document units.
  public var advance: Double {
    let spaced = Set(glyphs.map(\.cluster)).filter(takesLetterSpacing(at:)).count
    let spaces = text.utf8.filter { $0 == 0x20 }.count
    return glyphs.reduce(0) { $0 + $1.advance } + Double(spaced) * letterSpacing + Double(spaces) * wordSpacing
  }

  /// Whether the character at UTF-8 offset `cluster` is spaced by `letter-spacing`: not one
  /// of a cursive script, whose letters join (CSS Text 3's cursive tracking: Arabic, Syriac,
  /// N'Ko, Mongolian, Phags-pa, as resvg has it).
  public func takesLetterSpacing(at cluster: Int) -> Bool {
    guard letterSpacing != 0 else { return false }
    let utf8 = text.utf8
    guard cluster >= 0, cluster < utf8.count else { return true }
    let scalar = text.unicodeScalars[utf8.index(utf8.startIndex, offsetBy: cluster)]
    switch scalar.value {
    case 0x0600...0x074F, 0x0750...0x077F, 0x07C0...0x07FF, 0x0860...0x08FF, 0x1800...0x18AF, 0xA840...0xA87F, 0xFB50...0xFDFF, 0xFE70...0xFEFF:
      return false
    default:
      return true
    }
  }

  /// The glyphs' outlines with the run's start on the baseline at `origin`: each contour
  /// closed, its segments of the degree the font has.
  public func contours(at origin: Point) -> [GlyphOutline.Contour] {
    glyphContours(at: origin).flatMap { $0 }
  }

  /// Each glyph's outline about its own origin on the baseline (y down), its pen offset
  /// from the run's start and its advance, in document units: what laying text along a path
  /// turns glyph by glyph.
  public func glyphOutlines() -> [(offset: Double, advance: Double, contours: [GlyphOutline.Contour])] {
    zip(glyphs, offsets).map { glyph, offset in
      let scale = size / glyph.face.unitsPerEm
      func place(_ point: Point) -> Point { Point(x: point.x * scale, y: -point.y * scale - glyph.y) }
      let contours = glyph.face.outline(of: glyph.glyph).contours.map { contour in
        GlyphOutline.Contour(start: place(contour.start), segments: contour.segments.compactMap { Bezier($0.controlPoints.map(place)) })
      }
      return (offset, glyph.advance, contours)
    }
  }

  /// Each glyph's outline, in order, placed as `contours(at:)` places them (a space's is empty).
  public func glyphContours(at origin: Point) -> [[GlyphOutline.Contour]] {
    glyphOutlines().map { glyph in
      let dx = origin.x + glyph.offset, dy = origin.y
      return glyph.contours.map { contour in
        GlyphOutline.Contour(
          start: Point(x: contour.start.x + dx, y: contour.start.y + dy),
          segments: contour.segments.compactMap { Bezier($0.controlPoints.map { Point(x: $0.x + dx, y: $0.y + dy) }) }
        )
      }
    }
  }
}
