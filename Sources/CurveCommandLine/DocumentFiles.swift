import CurveDocument
import CurveRender
import CurveSVG
import FoundationEssentials
import Glibc

/// Opening documents and choosing where outputs go, with one-line errors for the CLI.
package enum DocumentFiles {
  /// Where the editor keeps its autosave: `$XDG_DATA_HOME/curves/autosave.json`, by default
  /// `~/.local/share/curves/autosave.json`.
  package static var autosaveURL: URL {
    let environment = ProcessInfo.processInfo.environment
    let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
      ?? URL(fileURLWithPath: environment["HOME"] ?? String(cString: getpwuid(getuid()).pointee.pw_dir)).appendingPathComponent(".local/share")
    return dataHome.appendingPathComponent("curves/autosave.json")
  }

  /// A Curves document, its kept texts laid out again (`SVGImport.layOutKeptTexts`).
  package static func load(_ url: URL) throws(FileError) -> Document {
    do {
      var document = try Document.read(url)
      SVGImport.layOutKeptTexts(in: &document)
      return document
    } catch {
      throw .document(error, url)
    }
  }

  /// An SVG drawing as a document, as `curves import-svg` makes it.
  package static func importSVG(_ url: URL) throws -> Document {
    try importSVG(path: url.filePath)
  }

  /// The same, by path, as `curves render` has it: no `URL` is made unless something fails
  /// (the message names the file by its absolute path, as a URL's).
  package static func importSVG(path: String) throws -> Document {
    let data = try read(path: path)
    do {
      return try SVGImport.import(from: data, folder: FilePaths.folder(of: path)).document
    } catch {
      throw FileError.invalid(path: shownPath(path), reason: error.description)
    }
  }

  /// An SVG drawing opened as the window opens one: the document, and the file as read for
  /// writing it back in place.
  package static func openSVG(_ url: URL) throws -> (document: Document, source: SVGSource) {
    let data = try read(url)
    do {
      let (document, _, source) = try SVGImport.importForEditing(from: data, baseURL: url)
      return (document, source)
    } catch {
      throw FileError.invalid(path: url.path, reason: error.description)
    }
  }

  /// A file's bytes; a file too large is a `DocumentError`, one that cannot be read a
  /// `FileError` saying why.
  package static func read(_ url: URL) throws -> Data {
    try read(path: url.filePath)
  }

  /// The same, by path.
  package static func read(path: String) throws -> Data {
    do {
      return try DiskFiles.read(path: path)
    } catch let error as DocumentError {
      throw error
    } catch {
      let reason = FileManager.default.fileExists(atPath: path) ? "permission denied or not a file" : "no such file"
      throw FileError.cannotRead(path: shownPath(path), reason: reason)
    }
  }

  /// Writes `data` to `url` atomically (`DiskFiles.writeAtomically`), saying why when it
  /// cannot.
  package static func write(_ data: Data, to url: URL, durable: Bool = true) throws(FileError) {
    try write(data, path: url.filePath, durable: durable)
  }

  /// The same, by path.
  package static func write(_ data: Data, path: String, durable: Bool = true) throws(FileError) {
    do {
      try DiskFiles.writeAtomically(data, path: path, durable: durable)
    } catch {
      throw .cannotWrite(path: shownPath(path), reason: (error as? DiskFiles.Failure)?.reason ?? "\(error)")
    }
  }

  /// Writes `document` as SVG when `url` ends in `.svg` or `.svgz` (compressed), else as a
  /// document.
  package static func writeDocumentOrSVG(_ document: Document, to url: URL) throws {
    let svg = { Data(SVGExport.svg(for: document, pointLook: DrawingLook.exportedPoint).utf8) }
    switch url.pathExtension.lowercased() {
    case "svg": try write(svg(), to: url)
    case "svgz": try write(Gzip.compress(svg()), to: url)
    default: try write(document.encoded(), to: url)
    }
  }

  /// `path` as a message names it: absolute, as a file URL's `path` was. A URL is made only
  /// here, when something failed, so that a render that succeeds maps none of its code.
  package static func shownPath(_ path: String) -> String {
    URL(fileURLWithPath: path).path
  }

  /// Refuses to write `output` over any of `inputs` (the same file by any path).
  package static func checkOutput(_ output: URL, isNotAnyOf inputs: [URL]) throws(CommandLineError) {
    try checkOutput(path: output.filePath, isNotAnyOf: inputs.map(\.filePath))
  }

  /// The same, by paths.
  package static func checkOutput(path output: String, isNotAnyOf inputs: [String]) throws(CommandLineError) {
    for input in inputs where isSameFile(output, input) {
      throw .outputIsInput(path: shownPath(input))
    }
  }

  /// Two files that exist are the same when they are one inode; a path that exists is never
  /// one that does not; two that do not are compared as paths. (Paths are resolved only then:
  /// `resolvingSymlinksInPath` is a fiftieth of a headless icon render.)
  private static func isSameFile(_ a: String, _ b: String) -> Bool {
    var statA = stat(), statB = stat()
    let aExists = stat(a, &statA) == 0, bExists = stat(b, &statB) == 0
    if aExists, bExists { return statA.st_dev == statB.st_dev && statA.st_ino == statB.st_ino }
    if aExists != bExists { return false }
    func resolved(_ path: String) -> URL { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath() }
    return resolved(a) == resolved(b)
  }

  /// The smallest frame with the panel and the status line.
  package static let smallestFrame = (width: 100, height: 100)
  /// The smallest canvas drawn alone: an icon.
  package static let smallestCanvasFrame = (width: 16, height: 16)

  /// Parses `--size 1280x800`, at least `minimum` (a frame with the panel needs
  /// `smallestFrame`; the canvas alone, an icon, can be smaller).
  package static func parseSize(
    _ text: String, minimum: (width: Int, height: Int) = smallestFrame
  ) throws(CommandLineError) -> (width: Int, height: Int) {
    let maximum = RenderError.largestFrame
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
      (minimum.width...maximum.width).contains(width), (minimum.height...maximum.height).contains(height)
    else {
      throw .size(text, minimumWidth: minimum.width, minimumHeight: minimum.height)
    }
    return (width, height)
  }
}
