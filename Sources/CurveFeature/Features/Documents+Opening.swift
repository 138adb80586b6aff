import Composable
import CurveSVG
import Foundation

extension Documents {
  /// The editor's first state for `curves edit [FILE]`: FILE, else the last autosave, else a
  /// new document. A file that cannot be opened is never written over: the editor starts on
  /// a new, unsaved document and says why.
  ///
  /// ```swift
  /// let state = Documents.initialState(opening: URL(fileURLWithPath: "arches.svg"), autosave: autosaveURL)
  /// ```
  ///
  /// - An SVG FILE (`.svg`, or `.svgz` compressed) is imported as a new, unsaved document, saved (on the first save, autosave
  ///   or quit) beside it as `NAME.json` (`NAME-2.json`… if taken); the SVG is never written.
  /// - A FILE that does not exist yet is created by the first save.
  /// - An unreadable autosave is kept aside as `autosave.unreadable.json`, and the new
  ///   document autosaves in its place.
  public static func initialState(opening file: URL?, autosave: URL) -> Editor.State {
    var state = startingState(opening: file, autosave: autosave)
    state.file.untitledFolder = autosave.deletingLastPathComponent()
    return state
  }

  private static func startingState(opening file: URL?, autosave: URL) -> Editor.State {
    @Dependency(\.fileSystem) var fileSystem
    if let file, SVGImport.isDrawing(file) { return importedDrawing(file, fileSystem) }
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

  private static func importedDrawing(_ svg: URL, _ fileSystem: FileSystemClient) -> Editor.State {
    let document: Document, repairs: [String]
    do {
      (document, repairs) = try SVGImport.import(from: try fileSystem.read(svg), baseURL: svg)
    } catch let error as SVGImportError {
      return newDocument(savedTo: nil, error: "\(svg.lastPathComponent): \(error.description) Editing a new document, which is not saved.")
    } catch {
      let reason = (error as? DocumentError)?.description ?? DocumentError.unreadable(path: svg.path, reason: "no such file or not readable").description
      return newDocument(savedTo: nil, error: "\(reason) Editing a new document, which is not saved.")
    }
    let target = unusedDocumentURL(beside: svg, fileSystem)
    var state = Editor.State(document: document, url: nil)
    state.file.url = target
    state.file.importedFrom = svg
    state.interaction.notice = importNotice(SVGDrop(document: document, repairs: repairs), from: svg, target: target)
    return state
  }

  /// What the status line says of an SVG opened as a new document.
  static func importNotice(_ drawing: SVGDrop, from svg: URL, target: URL) -> String {
    let document = drawing.document
    return "Imported \(document.curves.count) curve\(document.curves.count == 1 ? "" : "s") from \(svg.lastPathComponent)"
      + SVGImport.repairSummary(drawing.repairs) + (KeptElement.summary(document.kept).isEmpty ? "" : "; " + KeptElement.summary(document.kept))
      + "; not saved yet (saves to \(target.lastPathComponent))."
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
