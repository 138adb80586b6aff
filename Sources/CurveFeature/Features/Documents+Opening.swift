import Composable
import CurveSVG
import Foundation
import SeededRandom

extension Documents {
  /// The editor's first state for `curves edit [FILE]`: FILE, else the last autosave, else a
  /// new document. A file that cannot be opened is never written over: the editor starts on
  /// a new, unsaved document and says why.
  ///
  /// ```swift
  /// let state = Documents.initialState(opening: URL(fileURLWithPath: "arches.svg"), autosave: autosaveURL)
  /// ```
  ///
  /// - An SVG FILE (`.svg`, or `.svgz` compressed) is the document's file: Ctrl+S writes it
  ///   back in place, changing only the edited objects' elements; it is never autosaved.
  /// - A FILE that does not exist yet is created by the first save.
  /// - An unreadable autosave is kept aside as `autosave.unreadable.json`, and the new
  ///   document autosaves in its place.
  /// - An SVG drawing's unsaved edits are kept in `recoveryFolder` (`$XDG_STATE_HOME/curves`
  ///   for the window; the autosave's folder when nil); edits newer than the drawing are
  ///   offered back (`FileQuestion.recovery`).
  public static func initialState(opening file: URL?, autosave: URL, recoveryFolder: URL? = nil) -> Editor.State {
    let recoveryFolder = recoveryFolder ?? autosave.deletingLastPathComponent()
    var state = startingState(opening: file, autosave: autosave, recoveryFolder: recoveryFolder)
    state.file.untitledFolder = autosave.deletingLastPathComponent()
    state.file.recoveryFolder = recoveryFolder
    return state
  }

  private static func startingState(opening file: URL?, autosave: URL, recoveryFolder: URL) -> Editor.State {
    @Dependency(\.fileSystem) var fileSystem
    if let file, SVGImport.isDrawing(file) { return importedDrawing(file, recoveringFrom: recoveryFolder, fileSystem) }
    let url = file ?? autosave
    let isAutosave = file == nil
    guard fileSystem.stamp(url) != nil else { return newDocument(savedTo: url, isAutosave: isAutosave) }
    do {
      var state = Editor.State(document: try Document.read(url, fileSystem), url: url)
      state.file.diskStamp = fileSystem.stamp(url)
      state.file.isAutosave = isAutosave
      return state
    } catch where isAutosave {
      let kept = autosave.deletingPathExtension().appendingPathExtension("unreadable.json")
      try? fileSystem.move(autosave, kept)
      return newDocument(
        savedTo: autosave, isAutosave: true,
        error: "The autosave could not be read (\(error.description)); it was kept as \(kept.lastPathComponent)."
      )
    } catch {
      let reason = error.naming(url).hasSuffix(".") ? error.naming(url) : error.naming(url) + "."
      return newDocument(savedTo: nil, error: "\(reason) Editing a new document, which is not saved.")
    }
  }

  /// The drawing `svg` as the file has it; when its recovery file in `folder` is newer (a
  /// session ended before its edits were saved), the window offers to restore them.
  private static func importedDrawing(_ svg: URL, recoveringFrom folder: URL, _ fileSystem: FileSystemClient) -> Editor.State {
    switch importSVG(svg, fileSystem) {
    case let .success(drawing):
      var state = openedDrawing(drawing, at: svg, stamp: fileSystem.stamp(svg))
      let recovery = recoveryURL(for: svg, in: folder)
      if let saved = fileSystem.stamp(recovery), saved.modified > fileSystem.stamp(svg)?.modified ?? .max {
        state.file.question = .recovery(recovery)
      }
      return state
    case let .failure(error):
      let reason = error.description.hasSuffix(".") ? error.description : error.description + "."
      return newDocument(savedTo: nil, error: "\(reason) Editing a new document, which is not saved.")
    }
  }

  /// The editor on an SVG drawing opened as its own file: saved back to `svg` by Ctrl+S only
  /// (never autosaved), with what was read kept for writing it back (`FileStatus.svgSource`).
  package static func openedDrawing(_ drawing: SVGDrop, at svg: URL, stamp: FileStamp?) -> Editor.State {
    var state = Editor.State(document: drawing.document, url: nil)
    state.file.url = svg
    state.file.importedFrom = svg
    state.file.svgSource = drawing.source
    state.file.diskStamp = stamp
    // What is on disk is what was opened.
    state.file.savedRevision = state.drawing.revision
    state.file.autosaveRevision = state.drawing.revision
    state.interaction.notice = importNotice(drawing, from: svg)
    return state
  }

  /// What the status line says of an SVG opened.
  static func importNotice(_ drawing: SVGDrop, from svg: URL) -> String {
    let document = drawing.document
    return "Opened \(document.curves.count) curve\(document.curves.count == 1 ? "" : "s") from \(svg.lastPathComponent)"
      + SVGImport.repairSummary(drawing.repairs) + (KeptElement.summary(document.kept).isEmpty ? "" : "; " + KeptElement.summary(document.kept))
      + "; Ctrl+S writes it back."
  }

  /// The drawing as its SVG file: the file as it was read with the edited objects' elements
  /// rewritten (`SVGWriteBack`), else, for edits it cannot write so, the whole drawing
  /// exported; compressed for an `.svgz`. The revision becomes the saved one.
  package static func drawingData(_ state: inout State, for url: URL) -> Data {
    let document = Document(state)
    var text: Data
    if let source = state.file.svgSource, let saved = SVGWriteBack.write(document, over: source) {
      text = saved.data
      state.file.svgSource = saved.source
    } else {
      text = Data(SVGExport.svg(for: document, pointLook: .editorHandle, animated: true, settings: true).utf8)
      // The file is now the export's: the next save writes it whole again.
      state.file.svgSource = nil
    }
    if url.pathExtension.lowercased() == "svgz" { text = Gzip.compress(text) }
    state.file.savedRevision = state.drawing.revision
    state.file.autosaveRevision = state.drawing.revision
    return text
  }

  /// `$XDG_STATE_HOME/curves` (by default `~/.local/state/curves`): the recent files, and
  /// the recovery files of SVG drawings' unsaved edits.
  public static var stateFolder: URL {
    let environment = ProcessInfo.processInfo.environment
    let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/state")
    return state.appendingPathComponent("curves")
  }

  /// Where an SVG drawing's unsaved edits are kept (`recovery-NAME-HASH.json` in `folder`,
  /// `FileStatus.recoveryFolder`), the hash naming its full path.
  public static func recoveryURL(for svg: URL, in folder: URL) -> URL {
    let hash = FNV1a.hash(svg.standardizedFileURL.path.utf8)
    return folder.appendingPathComponent("recovery-\(svg.lastPathComponent)-\(String(hash, radix: 16)).json")
  }

  /// `NAME.json` beside `file`, or `NAME-2.json`, `NAME-3.json`… if taken.
  public static func unusedDocumentURL(beside file: URL, _ fileSystem: FileSystemClient) -> URL {
    let directory = file.deletingLastPathComponent(), name = file.deletingPathExtension().lastPathComponent
    var candidate = directory.appendingPathComponent("\(name).json")
    var number = 2
    while fileSystem.stamp(candidate) != nil {
      candidate = directory.appendingPathComponent("\(name)-\(number).json")
      number += 1
    }
    return candidate
  }

  private static func newDocument(savedTo url: URL?, isAutosave: Bool = false, error: String? = nil) -> Editor.State {
    var state = Editor.State.makeDefault()
    state.file.url = url
    state.file.isAutosave = isAutosave
    state.file.errorMessage = error
    return state
  }
}
