import CurveGeometry

/// A run of text in one font at one size, shaped once and placed: its glyphs' outlines as
/// contours in document units (y down, as SVG has it), from a pen at the run's start on its
/// baseline, and how far the pen moves.
///
/// ```swift
/// let run = TextRun("Curves", font: FontRequest(families: ["sans-serif"]), size: 24)
/// let contours = run?.contours(at: Point(x: 10, y: 40))   // the baseline at y 40
/// ```
public struct TextRun: Sendable {
  public let face: FontFace
  public let size: Double
  public let glyphs: [ShapedGlyph]
  /// Added after each character (CSS `letter-spacing`) and each space (`word-spacing`).
  public let letterSpacing: Double
  public let wordSpacing: Double
  let text: String

  /// Nil when no font can be opened at all.
  public init?(_ text: String, font: FontRequest, size: Double, letterSpacing: Double = 0, wordSpacing: Double = 0) {
    guard let face = FontLibrary.shared.face(for: font) else { return nil }
    self.face = face
    self.size = size
    self.text = text
    self.letterSpacing = letterSpacing
    self.wordSpacing = wordSpacing
    glyphs = face.shape(text)
  }

  /// Document units per font unit.
  public var scale: Double { size / face.unitsPerEm }

  /// Each glyph's pen offset from the run's start, in document units, spacing included.
  public var offsets: [Double] {
    var extra = 0.0, offsets: [Double] = []
    let bytes = Array(text.utf8)
    for (index, glyph) in glyphs.enumerated() {
      offsets.append(glyph.x * scale + extra)
      // Spacing goes after each character, not after each glyph of one (a ligature's parts).
      let next = index + 1 < glyphs.count ? glyphs[index + 1].cluster : bytes.count
      if next != glyph.cluster {
        extra += letterSpacing
        if glyph.cluster < bytes.count, bytes[glyph.cluster] == 0x20 { extra += wordSpacing }
      }
    }
    return offsets
  }

  /// How far the pen moves over the run, in document units.
  public var advance: Double {
    let characters = Set(glyphs.map(\.cluster)).count
    let spaces = text.utf8.filter { $0 == 0x20 }.count
    return glyphs.reduce(0) { $0 + $1.advance } * scale + Double(characters) * letterSpacing + Double(spaces) * wordSpacing
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
    let scale = scale
    return zip(glyphs, offsets).map { glyph, offset in
      func place(_ point: Point) -> Point { Point(x: point.x * scale, y: -(point.y + glyph.y) * scale) }
      let contours = face.outline(of: glyph.glyph).contours.map { contour in
        GlyphOutline.Contour(start: place(contour.start), segments: contour.segments.compactMap { Bezier($0.controlPoints.map(place)) })
      }
      return (offset, glyph.advance * scale, contours)
    }
  }

  /// Each glyph's outline, in order, placed as `contours(at:)` places them (a space's is empty).
  public func glyphContours(at origin: Point) -> [[GlyphOutline.Contour]] {
    let scale = scale
    return zip(glyphs, offsets).map { glyph, offset in
      let dx = origin.x + offset, dy = origin.y - glyph.y * scale
      func place(_ point: Point) -> Point { Point(x: dx + point.x * scale, y: dy - point.y * scale) }
      return face.outline(of: glyph.glyph).contours.map { contour in
        GlyphOutline.Contour(start: place(contour.start), segments: contour.segments.compactMap { Bezier($0.controlPoints.map(place)) })
      }
    }
  }
}
