import Composable
import CurveSVG
import Foundation

/// What a save writes and where: the document's bytes (JSON, or the SVG drawing written back),
/// written atomically in order, and the name a conflicting copy gets.
extension Documents {
  /// The document's bytes and where they go, marking this revision saved; nil (with the
  /// error shown) when there is nowhere to save or it cannot be encoded.
  static func prepareSave(_ state: inout State) -> (Data, URL)? {
    guard let url = state.file.url else { return nil }
    if SVGImport.isDrawing(url) { return (drawingData(&state, for: url), url) }
    do {
      let data = try Document(state).encoded()
      state.file.savedRevision = state.drawing.revision
      // A pending autosave would only write the same document again.
      state.file.autosaveRevision = state.drawing.revision
      return (data, url)
    } catch {
      state.file.errorMessage = DocumentError.unwritable(path: url.path, reason: "\(error)").description
      return nil
    }
  }

  static func write(
    _ data: Data, to url: URL, ticket: Int, order: SaveOrder, _ fileSystem: FileSystemClient
  ) -> Result<URL, DocumentError> {
    do {
      try order.write(ticket: ticket, to: url, stamp: fileSystem.stamp) { try fileSystem.writeAtomically(data, url) }
      return .success(url)
    } catch {
      return .failure(.unwritable(path: url.path, reason: error.localizedDescription))
    }
  }

  /// `NAME.conflict-YYYYMMDD-HHMMSS.json` beside `url` (`.svg` or `.svgz` for a drawing),
  /// stamped with `date` in local time.
  public static func conflictURL(for url: URL, at date: Date) -> URL {
    let name = url.deletingPathExtension().lastPathComponent + ".conflict-" + timestamp(date)
    let kind = SVGImport.isDrawing(url) ? url.pathExtension : "json"
    return url.deletingLastPathComponent().appendingPathComponent(name).appendingPathExtension(kind)
  }

  /// `YYYYMMDD-HHMMSS` in local time: names that sort by when they were made.
  public static func timestamp(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    return formatter.string(from: date)
  }
}
