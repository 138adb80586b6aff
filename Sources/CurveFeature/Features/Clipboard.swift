import Composable
import CurveGeometry
import Foundation
import OrderedCollections

/// Copy, cut and paste of whole curves through the clipboard, as the document format's JSON,
/// so curves travel between windows and to any program that reads text.
///
/// ```swift
/// Scope(state: \.self, action: \.clipboard) { Clipboard() }
/// store.send(.clipboard(.copy))    // Ctrl+C: the curves that have a selected point
/// store.send(.clipboard(.paste))   // Ctrl+V: new curves, (16, 16) from where they were copied
/// ```
///
/// Text that is not a Curves document is refused with a notice; nothing changes. The
/// clipboard is read and written in the reducer, like `uuid()`: it is a quick call, and
/// Ctrl+C then Ctrl+V must see each other however fast they come.
public struct Clipboard: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    case copy
    case cut
    case paste
    /// Pastes `text` as if the clipboard held it.
    case pasted(String?)
  }

  @Dependency(\.clipboard) var clipboard
  @Dependency(\.uuid) var uuid

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.endGesture()
    switch action {
    case .copy, .cut:
      let curves = state.selectedCurveIDs.compactMap { state.drawing.curves[id: $0] }
      guard !curves.isEmpty else { return .none }
      var copied = state
      copied.drawing.curves = IdentifiedArray(uniqueElements: curves)
      guard let data = try? Document(copied).encoded(), let text = String(data: data, encoding: .utf8) else { return .none }
      if action == .cut { state.deleteSelectedCurves() }
      clipboard.write(text)
      state.interaction.notice = "\(action == .cut ? "Cut" : "Copied") \(curves.count) curve\(curves.count == 1 ? "" : "s")."
      return .none

    case .paste:
      return reduce(into: &state, action: .pasted(clipboard.read()))

    case let .pasted(text):
      guard let text, let document = try? Document.decode(Data(text.utf8)) else {
        state.interaction.notice = "The clipboard holds no Curves curves to paste."
        return .none
      }
      guard state.hasRoom(forCurves: document.curves.count) else { return .none }
      state.history.record(state.undoSnapshot)
      let copies = document.inDrawingCoordinates().editorCurves.map { $0.copy(offsetBy: CurveCommands.duplicateOffset, in: state.canvas, ids: uuid) }
      state.add(copies)
      state.interaction.notice = "Pasted \(copies.count) curve\(copies.count == 1 ? "" : "s")."
      return .none
    }
  }
}
