import Composable

/// Undo and redo of the curves and the timeline (`DrawingSnapshot`), up to `UndoHistory.limit`
/// steps.
///
/// ```swift
/// Scope(state: \.self, action: \.history) { History() }
/// store.send(.history(.undo))
/// ```
///
/// Restoring curves forgets a selection or hover whose point is gone and ends any drag.
public struct History: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    case undo
    case redo
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    // An open drag becomes its own step first, so undo takes it back.
    state.endGesture()
    let restored = switch action {
    case .undo: state.history.undo(from: state.undoSnapshot)
    case .redo: state.history.redo(from: state.undoSnapshot)
    }
    guard let restored else { return .none }
    state.restore(restored)
    state.forgetMissingSelection()
    state.drawing.markCurvesEdited()
    return .none
  }
}
