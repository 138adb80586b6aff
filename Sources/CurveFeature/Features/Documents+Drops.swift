import Composable
import CurveSVG
import CurveGeometry
import Foundation
import SeededRandom

/// Files dropped on the window. A dropped `.json` document replaces this one once this one's
/// unsaved changes are saved (if that save fails, or there is no file to save to, nothing is
/// opened and the banner says why); a dropped `.svg` or `.svgz` adds its shapes as curves at their own
/// coordinates (one undo step).
extension Documents {
  func drop(_ url: URL, _ state: inout State) -> Effect<Action> {
    switch url.pathExtension.lowercased() {
    case "json":
      guard state.hasUnsavedChanges else { return Self.open(url, fileSystem) }
      guard !asksBeforeLeaving(&state, for: .open(url)) else { return .none }
      guard state.file.url != nil else {
        // Only a document whose file could not be read has none; opening would lose it.
        if state.drawing.revision == 0 { return Self.open(url, fileSystem) }
        state.file.errorMessage = "This drawing has no file to be saved to, so \(url.lastPathComponent) was not opened; export it first (Ctrl+E)."
        return .none
      }
      return .merge(.cancel(id: Autosave.CancelID.save), save(&state, then: .open(url)))
    case "svg", "svgz":
      return .run { [fileSystem] send in await send(.importedSVG(url, Self.importSVG(url, fileSystem))) }
    default:
      state.file.errorMessage = "\(url.lastPathComponent) is neither a Curves document (.json) nor an SVG drawing (.svg, .svgz); drop one of those."
      return .none
    }
  }

  /// The SVG drawing at `url` as a document, or why it cannot be read, in a line.
  static func importSVG(_ url: URL, _ fileSystem: FileSystemClient) -> Result<SVGDrop, DropError> {
    do {
      let data = try fileSystem.read(url)
      // Ids that the same file always gets: a recovery file's edits then match the file's
      // objects when it is opened again (`Documents.recoveryURL`).
      let ids = RandomUUIDs(seed: FNV1a.hash(data.prefix(1 << 16), seed: UInt64(data.count)))
      let (document, repairs, source) = try SVGImport.importForEditing(from: data, makeID: ids.callAsFunction, baseURL: url)
      return .success(SVGDrop(document: document, repairs: repairs, source: source))
    } catch let error as SVGImportError {
      return .failure(DropError("\(url.lastPathComponent): \(error.description)"))
    } catch {
      return .failure(DropError((error as? DocumentError)?.description ?? DocumentError.unreadable(path: url.path, reason: error.localizedDescription).description))
    }
  }

  /// Adds a dropped drawing's curves, with new ids (it may be dropped twice), as one undo step.
  func add(_ drop: SVGDrop, from url: URL, _ state: inout State) {
    let drawing = drop.document
    guard state.drawing.curves.count + drawing.curves.count <= Document.maximumCurves else {
      state.file.errorMessage = DocumentError.tooManyCurves(state.drawing.curves.count + drawing.curves.count).description
      return
    }
    state.endGesture()
    state.history.record(state.undoSnapshot)
    let curves = drawing.inDrawingCoordinates().editorCurves.map { $0.copy(offsetBy: .zero, in: state.canvas, ids: uuid) }
    state.add(curves)
    let clamped = drawing.curves.contains { $0.points.contains { state.canvas.clamp(Point(x: $0.x, y: $0.y)) != Point(x: $0.x, y: $0.y) } }
    state.interaction.notice = "Added \(curves.count) curve\(curves.count == 1 ? "" : "s") from \(url.lastPathComponent)"
      + SVGImport.repairSummary(drop.repairs) + (clamped ? "; points outside this canvas were moved onto its edge." : ".")
  }
}
