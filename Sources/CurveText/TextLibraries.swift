internal import CDrawingLibraries

/// fontconfig's, FreeType's, HarfBuzz's and FriBidi's functions. Their libraries are opened
/// the first time a text is laid out, so a process that draws no text never maps them (nor
/// the libraries they bring in): `curves` drawing an icon starts without them.
enum TextLibraries {
  /// The functions, or why they could not be loaded (a library or a function not found).
  static let loading: Result<CurvesText, TextLibrariesMissing> = {
    var error = [CChar](repeating: 0, count: 512)
    guard let table = curves_text_load(&error, error.count) else {
      return .failure(TextLibrariesMissing(reason: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
    }
    return .success(table.pointee)
  }()

  /// The functions, or nil when the libraries are missing (then no text is drawn).
  static var functions: CurvesText? { try? loading.get() }

  /// The functions, where a font face exists: only loaded libraries make one.
  static var loaded: CurvesText {
    switch loading {
    case .success(let functions): functions
    case .failure(let missing): fatalError("a font face without its libraries: \(missing.reason)")
    }
  }
}

/// Why text cannot be drawn: one of the text libraries, or a function of one, is missing.
struct TextLibrariesMissing: Error {
  var reason: String
}
