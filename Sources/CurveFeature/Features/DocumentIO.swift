import Composable
import Foundation

/// Opening and saving the document, and the errors a user is shown when either fails.
///
/// ```swift
/// Scope(state: \.self, action: \.file) { DocumentIO() }
/// store.send(.file(.open(url)))
/// store.send(.file(.save))
/// ```
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
  }

  @Dependency(\.fileSystem) var fileSystem

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
    }
  }
}
