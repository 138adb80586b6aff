import ArgumentParser
import Composable
import CurveFeature
import Foundation

/// `curves [edit] [FILE]`: the editor window.
struct EditCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract: "Open the editor window (the default command).",
    discussion: """
      Opens FILE (created on the first save if it does not exist), else the last autosave \
      ($XDG_DATA_HOME/curves/autosave.json, by default ~/.local/share/curves/autosave.json), \
      else a new document. An SVG FILE is imported as a new document, saved beside it as \
      NAME.json; the SVG is never written. Changes are saved 1 s after the last edit and on \
      quit. Press H in the window for the shortcuts.
      """
  )

  @Argument(help: "The document to open, or an SVG drawing to import as a new document.")
  var file: String?

  @Option(help: "UI scale on top of the display's own (1 = 100%, up to 4).")
  var scale: Double = 1

  @Option(help: "The window's initial size in points, WIDTHxHEIGHT.")
  var size: String = "\(Layout.defaultWindowSize.width)x\(Layout.defaultWindowSize.height)"

  @Flag(help: "Print every action and the state change it made.")
  var debug = false

  func validate() throws {
    guard scale.isFinite, (0.5...4).contains(scale) else { throw ValidationError("--scale must be between 0.5 and 4, not \(scale).") }
    do { _ = try DocumentFiles.parseSize(size) } catch { throw ValidationError(error.description) }
  }

  func run() throws {
    let state = Self.initialState(file: file.map { URL(fileURLWithPath: $0) })
    let size = try DocumentFiles.parseSize(size)
    try MainActor.assumeIsolated {
      let store = Store(initialState: state) { Editor(printsChanges: debug) } withDependencies: {
        $0.clipboard = .sdl
      }
      let window = try EditorWindow(store: store, scale: scale, size: size)
      window.run()
    }
  }

  /// The document to start with: FILE, else the autosave, else a new one. A file that cannot
  /// be opened is never written over: the editor starts on a new, unsaved document and shows why.
  static func initialState(file: URL?, autosave: URL = DocumentFiles.autosaveURL) -> Editor.State {
    if let file, file.pathExtension.lowercased() == "svg" { return importedDrawing(file) }
    let url = file ?? autosave
    guard FileManager.default.fileExists(atPath: url.path) else { return newDocument(savedTo: url) }
    do {
      var state = Editor.State(document: try DocumentFiles.load(url), url: url)
      state.diskStamp = FileSystemClient.liveValue.stamp(url)
      return state
    } catch where file == nil {
      // The unreadable autosave is kept aside; the new document autosaves in its place.
      let kept = autosave.deletingPathExtension().appendingPathExtension("unreadable.json")
      try? FileManager.default.removeItem(at: kept)
      try? FileManager.default.moveItem(at: autosave, to: kept)
      return newDocument(
        savedTo: autosave,
        error: "The autosave could not be read (\(error.description)); it was kept as \(kept.lastPathComponent)."
      )
    } catch {
      let reason = error.description.hasSuffix(".") ? error.description : error.description + "."
      return newDocument(savedTo: nil, error: "\(reason) Editing a new document, which is not saved.")
    }
  }

  /// An SVG drawing (what the desktop entry opens for `image/svg+xml`) as a new, unsaved
  /// document: the SVG is never written; the document is saved, on the first save, autosave
  /// or quit, to a document beside it that does not exist yet (`arches.json`, `arches-2.json`…).
  static func importedDrawing(_ svg: URL) -> Editor.State {
    let document: Document
    do {
      document = try SVGImport.document(from: try FileSystemClient.liveValue.read(svg))
    } catch let error as SVGImportError {
      return newDocument(savedTo: nil, error: "\(svg.lastPathComponent): \(error.description) Editing a new document, which is not saved.")
    } catch {
      let reason = (error as? DocumentError)?.description ?? error.localizedDescription
      return newDocument(savedTo: nil, error: "\(reason) Editing a new document, which is not saved.")
    }
    let target = unusedDocumentURL(beside: svg)
    var state = Editor.State(document: document, url: nil)
    state.documentURL = target
    state.notice = "Imported \(document.curves.count) curve\(document.curves.count == 1 ? "" : "s") from \(svg.lastPathComponent); "
      + "not saved yet (saves to \(target.lastPathComponent))."
    return state
  }

  /// `NAME.json` beside `file`, or `NAME-2.json`, `NAME-3.json`… if taken.
  static func unusedDocumentURL(beside file: URL) -> URL {
    let directory = file.deletingLastPathComponent(), name = file.deletingPathExtension().lastPathComponent
    var candidate = directory.appendingPathComponent("\(name).json")
    var number = 2
    while FileManager.default.fileExists(atPath: candidate.path) {
      candidate = directory.appendingPathComponent("\(name)-\(number).json")
      number += 1
    }
    return candidate
  }

  private static func newDocument(savedTo url: URL?, error: String? = nil) -> Editor.State {
    var state = Editor.State.makeDefault()
    state.documentURL = url
    state.errorMessage = error
    return state
  }
}
