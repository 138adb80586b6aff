internal import CDrawingLibraries
import CurveGeometry
import Synchronization

/// One glyph's outline in font units (y up, as fonts have it): its contours, each a start
/// and segments of degree 1, 2 (TrueType's quadratics) or 3 (CFF's cubics), as the font has
/// them, never flattened.
public struct GlyphOutline: Sendable {
  public struct Contour: Sendable {
    public var start: Point
    public var segments: [Bezier]

    public init(start: Point, segments: [Bezier]) {
      self.start = start
      self.segments = segments
    }
  }

  public var contours: [Contour]
}

/// A glyph shaped and placed: which glyph of the face, and its pen position and offset in
/// font units along the run.
public struct ShapedGlyph: Equatable, Sendable {
  public var glyph: UInt32
  /// The character (UTF-8 byte offset into the run's text) it came from.
  public var cluster: Int
  public var x: Double
  public var y: Double
  public var advance: Double
}

/// A font file's face: FreeType reads its outlines, HarfBuzz shapes text with it. Used under
/// its own lock, since a FreeType face is not to be shared across threads; outlines are
/// cached by glyph.
public final class FontFace: Sendable {
  /// The family fontconfig says the face is ("DejaVu Sans").
  public let family: String
  public let unitsPerEm: Double
  /// The ascent and descent (positive below), in font units, as the face's metrics give them.
  public let ascent: Double
  public let descent: Double
  /// Where an underline's middle lies (negative: below the baseline) and how thick it is,
  /// and likewise a line-through's (OS/2's strikeout, or half the x-height's guess), in
  /// font units, y up.
  public let underline: (position: Double, thickness: Double)
  public let strikeout: (position: Double, thickness: Double)

  /// FreeType's face and HarfBuzz's font: raw pointers, used only under the lock.
  private struct Handles: ~Copyable, @unchecked Sendable {
    var face: FT_Face
    var font: OpaquePointer
    var outlines: [UInt32: GlyphOutline] = [:]
  }

  private let handles: Mutex<Handles>

  init?(library: FT_Library, file: String, index: Int) {
    let lib = TextLibraries.loaded
    var face: FT_Face?
    guard lib.FT_New_Face(library, file, index, &face) == 0, let face else { return nil }
    // HarfBuzz reads the same file with its own OpenType tables (the same glyph ids), and
    // shapes in font units: positions come back unscaled, as the outlines are.
    let blob = lib.hb_blob_create_from_file(file)
    let hbFace = lib.hb_face_create(blob, UInt32(index))
    lib.hb_blob_destroy(blob)
    guard let font = lib.hb_font_create(hbFace) else {
      lib.hb_face_destroy(hbFace)
      _ = lib.FT_Done_Face(face)
      return nil
    }
    lib.hb_face_destroy(hbFace)
    let units = Int32(face.pointee.units_per_EM)
    lib.hb_font_set_scale(font, units, units)
    family = face.pointee.family_name.map { String(cString: $0) } ?? ""
    unitsPerEm = Double(max(units, 1))
    ascent = Double(face.pointee.ascender)
    descent = Double(-face.pointee.descender)
    let thickness = Double(face.pointee.underline_thickness)
    underline = (Double(face.pointee.underline_position), thickness > 0 ? thickness : Double(units) / 14)
    if let table = lib.FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self), table.pointee.yStrikeoutSize > 0 {
      // OS/2 gives the stroke's top.
      strikeout = (Double(table.pointee.yStrikeoutPosition) - Double(table.pointee.yStrikeoutSize) / 2, Double(table.pointee.yStrikeoutSize))
    } else {
      strikeout = (Double(units) * 0.25, underline.thickness)
    }
    handles = Mutex(Handles(face: face, font: font))
  }

  /// Whether the face has a glyph for `scalar` (its character map names one).
  public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
    let lib = TextLibraries.loaded
    return handles.withLock { lib.FT_Get_Char_Index($0.face, FT_ULong(scalar.value)) != 0 }
  }

  /// `text` shaped: HarfBuzz's glyphs (ligatures, kerning, marks) in the order they are
  /// shown, left to right (a right-to-left run's last character first), each at its pen
  /// position in font units. `features` are OpenType features in HarfBuzz's syntax
  /// (`smcp`, `kern=0`, `liga=0`), over its defaults.
  public func shape(_ text: String, language: String? = nil, rightToLeft: Bool? = nil, features: [String] = []) -> [ShapedGlyph] {
    let lib = TextLibraries.loaded
    return handles.withLock { handles in
      guard let buffer = lib.hb_buffer_create() else { return [] }
      defer { lib.hb_buffer_destroy(buffer) }
      lib.hb_buffer_add_utf8(buffer, text, Int32(text.utf8.count), 0, Int32(text.utf8.count))
      lib.hb_buffer_guess_segment_properties(buffer)
      // The direction the bidirectional algorithm gave the run, rather than the script's guess.
      if let rightToLeft { lib.hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR) }
      if let language { lib.hb_buffer_set_language(buffer, lib.hb_language_from_string(language, -1)) }
      var parsed = features.compactMap { text -> hb_feature_t? in
        var feature = hb_feature_t()
        return lib.hb_feature_from_string(text, Int32(text.utf8.count), &feature) != 0 ? feature : nil
      }
      lib.hb_shape(handles.font, buffer, &parsed, UInt32(parsed.count))
      var count: UInt32 = 0
      guard let infos = lib.hb_buffer_get_glyph_infos(buffer, &count), let positions = lib.hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
      var pen = 0.0, glyphs: [ShapedGlyph] = []
      glyphs.reserveCapacity(Int(count))
      for index in 0..<Int(count) {
        let info = infos[index], position = positions[index]
        glyphs.append(ShapedGlyph(
          glyph: info.codepoint, cluster: Int(info.cluster), x: pen + Double(position.x_offset), y: Double(position.y_offset),
          advance: Double(position.x_advance)
        ))
        pen += Double(position.x_advance)
      }
      return glyphs
    }
  }

  /// The outline of `glyph`, in font units, y up; loaded once.
  public func outline(of glyph: UInt32) -> GlyphOutline {
    let lib = TextLibraries.loaded
    return handles.withLock { handles in
      if let known = handles.outlines[glyph] { return known }
      var outline = GlyphOutline(contours: [])
      if lib.FT_Load_Glyph(handles.face, glyph, Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
        handles.face.pointee.glyph.pointee.format == FT_GLYPH_FORMAT_OUTLINE
      {
        outline = Self.decompose(&handles.face.pointee.glyph.pointee.outline)
      }
      handles.outlines[glyph] = outline
      return outline
    }
  }

  /// FreeType's outline as contours, through `FT_Outline_Decompose`.
  private static func decompose(_ outline: inout FT_Outline) -> GlyphOutline {
    final class Collector {
      var contours: [GlyphOutline.Contour] = []
      var current: Point = .zero
    }
    var functions = FT_Outline_Funcs(
      move_to: { to, user in
        let collector = Unmanaged<Collector>.fromOpaque(user!).takeUnretainedValue()
        let start = Point(x: Double(to!.pointee.x), y: Double(to!.pointee.y))
        collector.contours.append(GlyphOutline.Contour(start: start, segments: []))
        collector.current = start
        return 0
      },
      line_to: { to, user in
        let collector = Unmanaged<Collector>.fromOpaque(user!).takeUnretainedValue()
        let end = Point(x: Double(to!.pointee.x), y: Double(to!.pointee.y))
        if let segment = Bezier([collector.current, end]), !collector.contours.isEmpty { collector.contours[collector.contours.count - 1].segments.append(segment) }
        collector.current = end
        return 0
      },
      conic_to: { control, to, user in
        let collector = Unmanaged<Collector>.fromOpaque(user!).takeUnretainedValue()
        let c = Point(x: Double(control!.pointee.x), y: Double(control!.pointee.y)), end = Point(x: Double(to!.pointee.x), y: Double(to!.pointee.y))
        if let segment = Bezier([collector.current, c, end]), !collector.contours.isEmpty { collector.contours[collector.contours.count - 1].segments.append(segment) }
        collector.current = end
        return 0
      },
      cubic_to: { first, second, to, user in
        let collector = Unmanaged<Collector>.fromOpaque(user!).takeUnretainedValue()
        let a = Point(x: Double(first!.pointee.x), y: Double(first!.pointee.y)), b = Point(x: Double(second!.pointee.x), y: Double(second!.pointee.y))
        let end = Point(x: Double(to!.pointee.x), y: Double(to!.pointee.y))
        if let segment = Bezier([collector.current, a, b, end]), !collector.contours.isEmpty { collector.contours[collector.contours.count - 1].segments.append(segment) }
        collector.current = end
        return 0
      },
      shift: 0, delta: 0
    )
    let collector = Collector()
    let user = Unmanaged.passUnretained(collector).toOpaque()
    _ = withExtendedLifetime(collector) { TextLibraries.loaded.FT_Outline_Decompose(&outline, &functions, user) }
    // A segment that goes nowhere, and a contour of a lone point (some fonts have them, for
    // hinting), draw nothing.
    let contours = collector.contours.map { contour in
      GlyphOutline.Contour(start: contour.start, segments: contour.segments.filter { segment in
        segment.controlPoints.contains { $0 != segment.controlPoints[0] }
      })
    }
    return GlyphOutline(contours: contours.filter { !$0.segments.isEmpty })
  }
}
