internal import CDrawingLibraries
import FoundationEssentials
import Synchronization

/// What a text asks of a font: CSS's family list (generic families included), weight and
/// style, as fontconfig matches them for librsvg.
public struct FontRequest: Hashable, Sendable {
  /// In order of preference: "DejaVu Serif", "serif".
  public var families: [String]
  /// CSS's 100…900 (400 normal, 700 bold).
  public var weight: Int
  public var isItalic: Bool
  /// CSS's `font-stretch` as a percentage of the normal width (75 condensed, 125 expanded).
  public var width: Int

  public init(families: [String], weight: Int = 400, isItalic: Bool = false, width: Int = 100) {
    self.families = families
    self.weight = weight
    self.isItalic = isItalic
    self.width = width
  }
}

/// The fonts a process has opened: fontconfig's match for each request, each file's face
/// loaded once (FreeType's face with HarfBuzz's font on it) and kept for the process's life,
/// and glyph outlines cached per face. Thread-safe: a lock guards the tables, and each face
/// is used under its own lock (FreeType's faces are not shared across threads).
public final class FontLibrary: Sendable {
  public static let shared = FontLibrary()

  /// FreeType's library handle, used only under the lock.
  private struct Tables: ~Copyable, @unchecked Sendable {
    var library: FT_Library?
    var matches: [FontRequest: FontFace?] = [:]
    var faces: [String: FontFace] = [:]
    /// fontconfig's fallback list for a request, best first: each font's file, index and
    /// character set.
    var fallbacks: [FontRequest: [(file: String, index: Int, characters: OpaquePointer)]] = [:]
    /// The face chosen for a request and a character it lacks.
    var covering: [FontRequest: [UInt32: FontFace?]] = [:]
  }

  private let tables = Mutex(Tables())

  private init() {
    tables.withLock { tables in
      var library: FT_Library?
      if let lib = TextLibraries.functions, lib.FT_Init_FreeType(&library) == 0 { tables.library = library }
    }
  }

  /// Why no text can be laid out on this machine (a text library, or a function of one,
  /// could not be loaded), or nil when the libraries are there.
  public static var missingLibraries: String? {
    if case .failure(let missing) = TextLibraries.loading { missing.reason } else { nil }
  }

  /// Every family fontconfig knows on this machine, sorted, once each: what the text tool's
  /// Family list offers.
  public func families() -> [String] {
    guard let lib = TextLibraries.functions else { return [] }
    guard let pattern = lib.FcPatternCreate() else { return [] }
    defer { lib.FcPatternDestroy(pattern) }
    guard let objects = lib.FcObjectSetCreate() else { return [] }
    defer { lib.FcObjectSetDestroy(objects) }
    _ = lib.FcObjectSetAdd(objects, FC_FAMILY)
    guard let list = lib.FcFontList(nil, pattern, objects) else { return [] }
    defer { lib.FcFontSetDestroy(list) }
    var families = Set<String>()
    for index in 0..<Int(list.pointee.nfont) {
      guard let font = list.pointee.fonts[index] else { continue }
      var value: UnsafeMutablePointer<FcChar8>?
      if lib.FcPatternGetString(font, FC_FAMILY, 0, &value) == FcResultMatch, let value {
        families.insert(String(cString: value))
      }
    }
    return families.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
  }

  /// The face fontconfig picks for `request` (its best match, as librsvg takes it), or nil
  /// when no font at all can be opened.
  public func face(for request: FontRequest) -> FontFace? {
    if let known = tables.withLock({ $0.matches[request] }) { return known }
    let found = Self.match(request).flatMap { file, index in face(file: file, index: index) }
    tables.withLock { $0.matches[request] = found }
    return found
  }

  /// The first face of fontconfig's fallback list for `request` that has `scalar` (as
  /// Pango, and so librsvg, falls back); nil when none has.
  public func face(for request: FontRequest, covering scalar: Unicode.Scalar) -> FontFace? {
    if let known = tables.withLock({ $0.covering[request]?[scalar.value] }) { return known }
    let list = tables.withLock { tables in
      if let list = tables.fallbacks[request] { return list }
      let list = Self.fallbacks(request)
      tables.fallbacks[request] = list
      return list
    }
    guard let lib = TextLibraries.functions else { return nil }
    let found = list.first { lib.FcCharSetHasChar($0.characters, FcChar32(scalar.value)) != 0 }.flatMap { face(file: $0.file, index: $0.index) }
    tables.withLock { $0.covering[request, default: [:]][scalar.value] = found }
    return found
  }

  /// The face of `file`'s `index`-th font, loaded once.
  private func face(file: String, index: Int) -> FontFace? {
    let key = "\(file)#\(index)"
    return tables.withLock { tables in
      if let face = tables.faces[key] { return face }
      guard let library = tables.library, let face = FontFace(library: library, file: file, index: index) else { return nil }
      tables.faces[key] = face
      return face
    }
  }

  /// fontconfig's sorted fallbacks for `request` (`FcFontSort`), each with its character
  /// set, kept for the process's life.
  static func fallbacks(_ request: FontRequest) -> [(file: String, index: Int, characters: OpaquePointer)] {
    guard let lib = TextLibraries.functions, let pattern = pattern(request) else { return [] }
    defer { lib.FcPatternDestroy(pattern) }
    var result = FcResultNoMatch
    guard let set = lib.FcFontSort(nil, pattern, FcTrue, nil, &result) else { return [] }
    defer { lib.FcFontSetDestroy(set) }
    var list: [(file: String, index: Int, characters: OpaquePointer)] = []
    for font in UnsafeBufferPointer(start: set.pointee.fonts, count: Int(set.pointee.nfont)) {
      var file: UnsafeMutablePointer<FcChar8>?, characters: OpaquePointer?, index: Int32 = 0
      guard let font, lib.FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file,
        lib.FcPatternGetCharSet(font, FC_CHARSET, 0, &characters) == FcResultMatch, let characters, let copy = lib.FcCharSetCopy(characters)
      else { continue }
      _ = lib.FcPatternGetInteger(font, FC_INDEX, 0, &index)
      list.append((String(cString: file), Int(index), copy))
    }
    return list
  }

  /// The pattern fontconfig matches `request` with, substituted as it does for every match.
  private static func pattern(_ request: FontRequest) -> OpaquePointer? {
    guard let lib = TextLibraries.functions, let pattern = lib.FcPatternCreate() else { return nil }
    for family in request.families where !family.isEmpty {
      _ = family.withCString { name in name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { lib.FcPatternAddString(pattern, FC_FAMILY, $0) } }
    }
    _ = lib.FcPatternAddInteger(pattern, FC_WEIGHT, Int32(lib.FcWeightFromOpenType(Int32(min(max(request.weight, 1), 1000)))))
    _ = lib.FcPatternAddInteger(pattern, FC_SLANT, request.isItalic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
    // fontconfig's widths are CSS's percentages (FC_WIDTH_CONDENSED is 75).
    _ = lib.FcPatternAddInteger(pattern, FC_WIDTH, Int32(min(max(request.width, 50), 200)))
    _ = lib.FcConfigSubstitute(nil, pattern, FcMatchPattern)
    lib.FcDefaultSubstitute(pattern)
    return pattern
  }

  /// fontconfig's best match for `request`: the file and its face index.
  static func match(_ request: FontRequest) -> (file: String, index: Int)? {
    guard let lib = TextLibraries.functions, let pattern = pattern(request) else { return nil }
    defer { lib.FcPatternDestroy(pattern) }
    var result = FcResultNoMatch
    guard let matched = lib.FcFontMatch(nil, pattern, &result) else { return nil }
    defer { lib.FcPatternDestroy(matched) }
    var file: UnsafeMutablePointer<FcChar8>?
    guard lib.FcPatternGetString(matched, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
    var index: Int32 = 0
    _ = lib.FcPatternGetInteger(matched, FC_INDEX, 0, &index)
    return (String(cString: file), Int(index))
  }
}
