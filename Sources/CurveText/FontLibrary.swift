internal import CDrawingLibraries
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

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
/// and glyph outlines cached per face. fontconfig's answers are also kept on disk for the
/// next process (`FontMatchCache`, at `keptAnswersPath`), which then draws its text without
/// reading fontconfig's configuration. Thread-safe: a lock guards the tables, and each face
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
    /// Whether the answers kept by earlier processes have been read (at the first request).
    var keptRead = false
    /// fontconfig's answers kept on disk, when there are any to trust.
    var kept: FontMatchCache?
    /// Whether `kept` holds answers its file does not have yet.
    var keptUnsaved = false
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
    let key = FontMatchCache.key(request)
    let answer: FontMatchCache.Font?
    if let kept = keptAnswer({ $0.matches[key] }) {
      answer = kept
    } else {
      answer = Self.match(request).map { FontMatchCache.Font(file: $0.file, index: $0.index) }
      keep { $0.matches[key] = .some(answer) }
    }
    let found = answer.flatMap { face(file: $0.file, index: $0.index) }
    tables.withLock { $0.matches[request] = found }
    return found
  }

  /// The first face of fontconfig's fallback list for `request` that has `scalar` (as
  /// Pango, and so librsvg, falls back); nil when none has.
  public func face(for request: FontRequest, covering scalar: Unicode.Scalar) -> FontFace? {
    if let known = tables.withLock({ $0.covering[request]?[scalar.value] }) { return known }
    let key = FontMatchCache.key(request, covering: scalar)
    let answer: FontMatchCache.Font?
    if let kept = keptAnswer({ $0.coverings[key] }) {
      answer = kept
    } else {
      let list = tables.withLock { tables in
        if let list = tables.fallbacks[request] { return list }
        let list = Self.fallbacks(request)
        tables.fallbacks[request] = list
        return list
      }
      guard let lib = TextLibraries.functions else { return nil }
      answer = list.first { lib.FcCharSetHasChar($0.characters, FcChar32(scalar.value)) != 0 }.map { FontMatchCache.Font(file: $0.file, index: $0.index) }
      keep { $0.coverings[key] = .some(answer) }
    }
    let found = answer.flatMap { face(file: $0.file, index: $0.index) }
    tables.withLock { $0.covering[request, default: [:]][scalar.value] = found }
    return found
  }

  /// An answer kept by an earlier process: the outer nil when there is none, the inner one
  /// when fontconfig had no font. The kept answers are read at the first request.
  private func keptAnswer(_ answer: (FontMatchCache) -> FontMatchCache.Font??) -> FontMatchCache.Font?? {
    guard let lib = TextLibraries.functions else { return nil }
    return tables.withLock { tables in
      if !tables.keptRead {
        tables.keptRead = true
        tables.kept = Self.keptAnswersPath.flatMap { FontMatchCache.load(from: $0, environment: Self.fontconfigEnvironment(lib)) }
      }
      return tables.kept.flatMap(answer)
    }
  }

  /// Adds an answer fontconfig has just given to those kept, which the process writes for the
  /// next one when it exits (`savesAtExit`): a text of 170 characters its font lacks wrote the
  /// growing file 170 times. Kept answers that were not to be trusted (or too many) are
  /// started again, watching the paths fontconfig read for this one.
  private func keep(_ add: (inout FontMatchCache) -> Void) {
    guard let lib = TextLibraries.functions, Self.keptAnswersPath != nil else { return }
    Self.savesAtExit
    tables.withLock { tables in
      var kept = tables.kept.flatMap { $0.isFull ? nil : $0 }
        ?? FontMatchCache(environment: Self.fontconfigEnvironment(lib), watching: Self.fontconfigPaths(lib))
      add(&kept)
      tables.kept = kept
      tables.keptUnsaved = true
    }
  }

  /// Writes the answers fontconfig gave this process, with those it was given, for the next
  /// one; nothing when there are none new, or when another thread holds the tables (a process
  /// leaving mid-drawing does not wait for it: the answers are asked again next time).
  func saveKeptAnswers() {
    guard let path = Self.keptAnswersPath else { return }
    _ = tables.withLockIfAvailable { tables in
      guard tables.keptUnsaved, let kept = tables.kept else { return }
      if kept.save(to: path) { tables.keptUnsaved = false }
    }
  }

  /// `saveKeptAnswers` registered to run when the process exits, once.
  private static let savesAtExit: Void = { atexit { FontLibrary.shared.saveKeptAnswers() } }()

  /// Where fontconfig's answers are kept between processes: `$CURVES_FONT_CACHE` (set but
  /// empty: nowhere), else `$XDG_CACHE_HOME/curves/font-matches`, else
  /// `~/.cache/curves/font-matches`; nil without a home.
  static let keptAnswersPath: String? = {
    if let path = variable("CURVES_FONT_CACHE") { return path.isEmpty ? nil : path }
    if let cache = variable("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/curves/font-matches" }
    if let home = variable("HOME"), home.hasPrefix("/") { return home + "/.cache/curves/font-matches" }
    return nil
  }()

  /// fontconfig's version and what it reads from the environment: where its configuration
  /// and fonts are (FONTCONFIG_FILE, FONTCONFIG_PATH, FONTCONFIG_SYSROOT, HOME and the XDG
  /// folders) and the languages matches prefer (FC_LANG, LC_ALL, LC_CTYPE, LANG). Not the
  /// program's name, which a rule may test (`prgname`): `curves` and `curves-editor` would
  /// then each set the other's answers aside.
  static func fontconfigEnvironment(_ lib: CurvesText) -> String {
    let names = ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "FC_LANG", "LC_ALL", "LC_CTYPE", "LANG"]
    let settings = names.compactMap { name in variable(name).map { "\(name)=\($0)" } }
    return (["fontconfig \(lib.FcGetVersion())"] + settings).joined(separator: " ")
  }

  /// Every path fontconfig's answers depend on: the configuration files it read and their
  /// folders (a file added to `conf.d` changes the folder), its font folders and those below
  /// them, and where a user's own configuration and fonts go, missing or not (making one
  /// changes the answers).
  static func fontconfigPaths(_ lib: CurvesText) -> [String] {
    var paths = Set<String>()
    func add(_ list: OpaquePointer?, withFolders: Bool) {
      guard let list else { return }
      defer { lib.FcStrListDone(list) }
      while let entry = lib.FcStrListNext(list) {
        let path = String(cString: entry)
        paths.insert(path)
        if withFolders, let slash = path.lastIndex(of: "/"), slash > path.startIndex { paths.insert(String(path[..<slash])) }
      }
    }
    add(lib.FcConfigGetConfigFiles(nil), withFolders: true)
    add(lib.FcConfigGetFontDirs(nil), withFolders: false)
    add(lib.FcConfigGetConfigDirs(nil), withFolders: false)
    let folder = { (name: String) in variable(name).flatMap { $0.hasPrefix("/") ? $0 : nil } }
    if let home = folder("HOME") {
      let config = folder("XDG_CONFIG_HOME") ?? home + "/.config"
      let data = folder("XDG_DATA_HOME") ?? home + "/.local/share"
      paths.formUnion([
        config + "/fontconfig", config + "/fontconfig/fonts.conf", config + "/fontconfig/conf.d",
        home + "/.fonts.conf", home + "/.fonts.conf.d", home + "/.fonts", data + "/fonts",
      ])
    }
    return paths.sorted()
  }

  /// An environment variable's value, or nil when it is not set.
  private static func variable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
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
