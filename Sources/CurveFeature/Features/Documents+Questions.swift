import Composable
import CurveSVG
import Foundation

/// The file questions (`FileQuestion`): an SVG drawing is written only by Ctrl+S, so leaving
/// it with edits asks Save, Discard or Cancel, and edits a crash left in its recovery file
/// are offered back at the next start, not forced on the user.
extension Documents {
  /// Whether leaving the drawing for `leaving` must first ask (an SVG drawing with edits
  /// this editor may write); if so the question is asked and nothing else happens yet.
  func asksBeforeLeaving(_ state: inout State, for leaving: FileQuestion.Leaving) -> Bool {
    guard let url = state.file.url, SVGImport.isDrawing(url), state.hasUnsavedChanges, !state.file.isReadOnly else { return false }
    state.file.question = .unsavedChanges(before: leaving)
    return true
  }

  func answer(_ answer: FileAnswer, _ state: inout State) -> Effect<Action> {
    guard let question = state.file.question, question.answers.contains(answer) else { return .none }
    state.file.question = nil
    switch (question, answer) {
    case (_, .cancel):
      return .none
    case let (.unsavedChanges(leaving), .save):
      let next: AfterSave? = switch leaving {
      case .newDocument: .newDocument
      case let .open(url): SVGImport.isDrawing(url) ? .openSVG(url) : .open(url)
      case .quit: nil
      }
      // The recovery file goes once the drawing is written (`saveFinished`).
      return .merge(.cancel(id: Autosave.CancelID.save), save(&state, then: next))
    case let (.unsavedChanges(leaving), .discard):
      let removed = state.file.url.map { removeRecovery(of: $0, state) } ?? .none
      switch leaving {
      case .newDocument: return .merge(removed, .send(.startNewDocument))
      case let .open(url): return .merge(removed, SVGImport.isDrawing(url) ? Self.openSVG(url, fileSystem) : Self.open(url, fileSystem))
      case .quit: return .merge(.cancel(id: Autosave.CancelID.save), removed)
      }
    case let (.recovery(recovery), .restore):
      return .run { [fileSystem] send in
        await send(.recovered(Result { () throws(DocumentError) in try Document.read(recovery, fileSystem) }))
      }
    case let (.recovery(recovery), .discard):
      return .run { [fileSystem] _ in try? fileSystem.remove(recovery) }
    default:
      return .none
    }
  }

  /// The recovery file's edits in place of the drawing as it was opened: unsaved, the file as
  /// read still kept, so Ctrl+S writes back only what they changed.
  func restore(_ recovered: Document, _ state: inout State) {
    guard let svg = state.file.url else { return }
    var restored = Self.openedDrawing(
      SVGDrop(document: recovered, source: state.file.svgSource), at: svg, stamp: state.file.diskStamp)
    restored.file.savedRevision = nil
    restored.file.isReadOnly = state.file.isReadOnly
    restored.interaction.notice = "Restored the edits of \(svg.lastPathComponent) that a session ended before saving; Ctrl+S writes them."
    replaceDocument(&state, with: restored)
  }

  /// Deletes the recovery file of the drawing `url`: its edits are now saved in it, or discarded.
  func removeRecovery(of url: URL, _ state: State) -> Effect<Action> {
    guard SVGImport.isDrawing(url), let folder = state.file.recoveryFolder else { return .none }
    let recovery = Self.recoveryURL(for: url, in: folder)
    return .run { [fileSystem] _ in try? fileSystem.remove(recovery) }
  }
}
