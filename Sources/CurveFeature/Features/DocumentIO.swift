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
/// A dropped `.json` document replaces this one, after this one's unsaved changes are saved;
/// a dropped `.svg` adds its paths as curves at their own coordinates (one undo step).
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
  @Dependency(\.uuid) var uuid

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .open(url):
      return .run { [fileSystem] send in
        let result: Result<Document, DocumentError>
        do {
          let data = try fileSystem.read(url)
          result = Result { () throws(DocumentError) in try Document.decode(data) }
        } catch {
          result = .failure(.unreadable(path: url.path, reason: error.localizedDescription))
        }
        await send(.opened(url, result))
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
      guard let url = state.documentURL else { return .cancel(id: Autosave.CancelID.save) }
      let data: Data
      do {
        data = try Document(state).encoded()
      } catch {
        state.errorMessage = DocumentError.unwritable(path: url.path, reason: "\(error)").description
        return .none
      }
      state.savedRevision = state.revision
      // A pending autosave would only write the same document again.
      state.autosaveRevision = state.revision
      return .merge(
        .cancel(id: Autosave.CancelID.save),
        .run { [fileSystem] send in
          do {
            try fileSystem.writeAtomically(data, url)
            await send(.saveFinished(.success(url)))
          } catch {
            await send(.saveFinished(.failure(.unwritable(path: url.path, reason: error.localizedDescription))))
          }
        }
      )

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
        let save = state.documentURL != nil && state.hasUnsavedChanges ? reduce(into: &state, action: .save) : .none
        return .concatenate(save, reduce(into: &state, action: .open(url)))
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
      state.history.record(state.curves)
      let curves = drawing.curves.map { curve in
        CurveReducer.State(id: uuid(), points: IdentifiedArray(uniqueElements: curve.points.map {
          PointFeature.State(id: uuid(), position: state.canvas.clamp(Point(x: $0.x, y: $0.y)))
        }))
      }
      state.curves.append(contentsOf: curves)
      state.selection = OrderedSet(curves.flatMap { curve in curve.points.map { PointReference(curve: curve.id, point: $0.id) } })
      state.notice = "Added \(curves.count) curve\(curves.count == 1 ? "" : "s") from \(url.lastPathComponent)."
      state.markCurvesEdited()
      return .none

    case let .importedSVG(_, .failure(error)):
      state.errorMessage = error.description
      return .none
    }
  }
}
