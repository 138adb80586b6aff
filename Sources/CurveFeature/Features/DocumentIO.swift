import Composable
import CurveGeometry
import Foundation
import OrderedCollections

/// Opening and saving the document, files dropped on the window, and the errors a user is
/// shown when any of it fails.
///
/// ```swift
/// Scope(state: \.self, action: \.file) { DocumentIO() }
/// store.send(.file(.open(url)))
/// store.send(.file(.save))
/// store.send(.file(.drop(URL(fileURLWithPath: "/home/ana/arches.svg"))))
/// ```
///
/// A dropped `.json` document replaces this one once this one's unsaved changes are saved
/// (if that save fails, or there is no file to save to, nothing is opened and the banner says
/// why); a dropped `.svg` adds its paths as curves at their own coordinates (one undo step).
///
/// A failed open leaves the current document as it was; a failed save keeps the document
/// marked unsaved, so it is saved again. Writes go through `FileSystemClient`, atomically.
public struct DocumentIO: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    case open(URL)
    case opened(URL, Result<Document, DocumentError>)
    case save
    case saveFinished(Result<URL, DocumentError>)
    /// Another editor holds the file's lock: this one becomes read-only and says so.
    case openedElsewhere(URL)
    /// This editor holds the file's lock: it writes the file again.
    case ownsFile
    /// The file's stamp after this editor read or wrote it.
    case stampRead(FileStamp?)
    /// The file had changed on disk since this editor read or wrote it: the document was
    /// written beside it, to `copy`, instead.
    case savedAside(original: URL, copy: URL)
    case dismissError
    /// A file dropped on the window.
    case drop(URL)
    case importedSVG(URL, Result<Document, DropError>)
  }

  /// Why a dropped drawing added nothing, in a line.
  public struct DropError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
  }

  @Dependency(\.fileSystem) var fileSystem
  private let editing = Editing()
  private let order = SaveOrder()

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .open(url):
      return .run { [fileSystem] send in
        let loaded = Self.load(url, fileSystem)
        await send(.opened(url, loaded))
        if case .success = loaded { await send(.stampRead(fileSystem.stamp(url))) }
      }

    case let .opened(url, .success(document)):
      let area = state.viewport.area
      state = State(document: document, url: url)
      state.viewport = Viewport.State(canvas: document.canvas, area: area)
      return .merge(.cancel(id: Playback.CancelID.timer), .cancel(id: Autosave.CancelID.save))

    case let .opened(_, .failure(error)):
      state.errorMessage = error.description
      return .none

    case .save:
      guard !state.isReadOnly else {
        state.notice = "Read-only: \(state.documentURL?.lastPathComponent ?? "the file") is open in another Curves window."
        return .cancel(id: Autosave.CancelID.save)
      }
      guard let (data, url) = prepareSave(&state) else { return .cancel(id: Autosave.CancelID.save) }
      let ticket = order.nextTicket()
      let known = state.diskStamp, diverted = state.conflictURL
      return .merge(
        .cancel(id: Autosave.CancelID.save),
        .run { [fileSystem, order] send in
          // Changed on disk since this editor read or wrote it (a deleted file is not): the
          // other program's version stays, and this one goes beside it.
          if let known, let found = fileSystem.stamp(url), found != known || diverted != nil {
            @Dependency(\.date.now) var now
            let copy = diverted ?? Self.conflictURL(for: url, at: now)
            switch Self.write(data, to: copy, ticket: ticket, order: order, fileSystem) {
            case .success: await send(.savedAside(original: url, copy: copy))
            case let .failure(error): await send(.saveFinished(.failure(error)))
            }
            return
          }
          let saved = Self.write(data, to: url, ticket: ticket, order: order, fileSystem)
          await send(.saveFinished(saved))
          if case .success = saved { await send(.stampRead(fileSystem.stamp(url))) }
        }
      )

    case let .openedElsewhere(url):
      state.isReadOnly = true
      state.errorMessage = DocumentError.openElsewhere(path: url.path).description
      return .cancel(id: Autosave.CancelID.save)

    case .ownsFile:
      state.isReadOnly = false
      return .none

    case let .stampRead(stamp):
      state.diskStamp = stamp
      return .none

    case let .savedAside(original, copy):
      state.conflictURL = copy
      state.errorMessage = DocumentError.changedOnDisk(path: original.path, savedTo: copy.path).description
      return .none

    case .saveFinished(.success):
      state.errorMessage = nil
      return .none

    case let .saveFinished(.failure(error)):
      // The file on disk is the old one: the document is unsaved, and saved again on exit.
      state.savedRevision = nil
      state.errorMessage = error.description
      return .none

    case .dismissError:
      state.errorMessage = nil
      return .none

    case let .drop(url):
      switch url.pathExtension.lowercased() {
      case "json":
        guard state.hasUnsavedChanges else { return reduce(into: &state, action: .open(url)) }
        guard state.documentURL != nil else {
          // Only a document whose file could not be read has none; opening would lose it.
          if state.revision == 0 { return reduce(into: &state, action: .open(url)) }
          state.errorMessage = "This drawing has no file to be saved to, so \(url.lastPathComponent) was not opened; export it first (Ctrl+E)."
          return .none
        }
        // One effect: the dropped document is opened only once this one is safely written.
        guard let (data, current) = prepareSave(&state) else { return .none }
        let ticket = order.nextTicket()
        return .merge(
          .cancel(id: Autosave.CancelID.save),
          .run { [fileSystem, order] send in
            let saved = Self.write(data, to: current, ticket: ticket, order: order, fileSystem)
            await send(.saveFinished(saved))
            guard case .success = saved else { return }
            let loaded = Self.load(url, fileSystem)
            await send(.opened(url, loaded))
            if case .success = loaded { await send(.stampRead(fileSystem.stamp(url))) }
          }
        )
      case "svg":
        return .run { [fileSystem] send in
          let result: Result<Document, DropError>
          do {
            result = .success(try SVGImport.document(from: try fileSystem.read(url)))
          } catch let error as SVGImportError {
            result = .failure(DropError("\(url.lastPathComponent): \(error.description)"))
          } catch {
            result = .failure(DropError(DocumentError.unreadable(path: url.path, reason: error.localizedDescription).description))
          }
          await send(.importedSVG(url, result))
        }
      default:
        state.errorMessage = "\(url.lastPathComponent) is neither a Curves document (.json) nor an SVG drawing (.svg); drop one of those."
        return .none
      }

    case let .importedSVG(url, .success(drawing)):
      guard state.curves.count + drawing.curves.count <= Document.maximumCurves else {
        state.errorMessage = DocumentError.tooManyCurves(state.curves.count + drawing.curves.count).description
        return .none
      }
      state.endDrag()
      state.history.record(state.curves)
      // New ids, as for a paste: the drawing may be dropped twice.
      let curves = drawing.editorCurves.map { editing.copy(of: $0, offsetBy: .zero, in: state.canvas) }
      editing.add(curves, &state)
      let clamped = drawing.curves.contains { $0.points.contains { state.canvas.clamp(Point(x: $0.x, y: $0.y)) != Point(x: $0.x, y: $0.y) } }
      state.notice = "Added \(curves.count) curve\(curves.count == 1 ? "" : "s") from \(url.lastPathComponent)"
        + (clamped ? "; points outside this canvas were moved onto its edge." : ".")
      return .none

    case let .importedSVG(_, .failure(error)):
      state.errorMessage = error.description
      return .none
    }
  }

  /// The document's bytes and where they go, marking this revision saved; nil (with the
  /// error shown) when there is nowhere to save or it cannot be encoded.
  private func prepareSave(_ state: inout State) -> (Data, URL)? {
    guard let url = state.documentURL else { return nil }
    do {
      let data = try Document(state).encoded()
      state.savedRevision = state.revision
      // A pending autosave would only write the same document again.
      state.autosaveRevision = state.revision
      return (data, url)
    } catch {
      state.errorMessage = DocumentError.unwritable(path: url.path, reason: "\(error)").description
      return nil
    }
  }

  private static func write(
    _ data: Data, to url: URL, ticket: Int, order: SaveOrder, _ fileSystem: FileSystemClient
  ) -> Result<URL, DocumentError> {
    do {
      try order.write(ticket: ticket, to: url) { try fileSystem.writeAtomically(data, url) }
      return .success(url)
    } catch {
      return .failure(.unwritable(path: url.path, reason: error.localizedDescription))
    }
  }

  /// `NAME.conflict-YYYYMMDD-HHMMSS.json` beside `url`, stamped with `date` in local time.
  public static func conflictURL(for url: URL, at date: Date) -> URL {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    let name = url.deletingPathExtension().lastPathComponent + ".conflict-" + formatter.string(from: date)
    return url.deletingLastPathComponent().appendingPathComponent(name).appendingPathExtension("json")
  }

  private static func load(_ url: URL, _ fileSystem: FileSystemClient) -> Result<Document, DocumentError> {
    do {
      let data = try fileSystem.read(url)
      return Result { () throws(DocumentError) in try Document.decode(data) }
    } catch let error as DocumentError {
      return .failure(error)
    } catch {
      return .failure(.unreadable(path: url.path, reason: error.localizedDescription))
    }
  }
}

/// Keeps saves in the order they were asked for. Each save is a task of its own, so an
/// autosave and Ctrl+S a moment apart could finish in either order; each takes a ticket when
/// it is reduced (in order, on the main actor), and a write whose ticket is older than one
/// already written to that file is skipped: the newer document is there.
final class SaveOrder: @unchecked Sendable {
  private let lock = NSLock()
  private var issued = 0
  private var written: [URL: Int] = [:]

  func nextTicket() -> Int {
    lock.withLock {
      issued += 1
      return issued
    }
  }

  /// Runs `write` unless a later ticket has been written to `url`; one write at a time.
  func write(ticket: Int, to url: URL, _ write: () throws -> Void) throws {
    try lock.withLock {
      if let newest = written[url], newest > ticket { return }
      try write()
      written[url] = ticket
    }
  }
}
