import Composable
import OrderedCollections

/// Selecting points from the keyboard: the next point (Tab), every point (Ctrl+A), none
/// (Escape, which also cancels a drag under way). In the selector the same keys pick
/// objects (`ObjectCommands`).
///
/// ```swift
/// Scope(state: \.self, action: \.selection) { Selection() }
/// store.send(.selection(.selectAll))
/// store.send(.selection(.clearSelection))
/// ```
public struct Selection: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    case selectNextPoint
    case selectAll
    /// Escape: a drag under way goes back to where it began; then nothing is selected.
    case clearSelection
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.interaction.notice = nil
    // In the selector the same keys pick whole objects.
    if state.interaction.tool == .selector {
      let commands = ObjectCommands()
      switch action {
      case .selectNextPoint: _ = commands.reduce(into: &state, action: .selectNext(backwards: false))
      case .selectAll: _ = commands.reduce(into: &state, action: .selectAll)
      case .clearSelection: _ = commands.reduce(into: &state, action: .deselect)
      }
      return .none
    }
    switch action {
    case .selectNextPoint:
      state.endGesture()
      let all = state.drawing.curves.allPointReferences
      guard !all.isEmpty else { break }
      let index = state.interaction.selection.last.flatMap { all.firstIndex(of: $0) }.map { ($0 + 1) % all.count } ?? 0
      state.interaction.selection = [all[index]]

    case .selectAll:
      state.endGesture()
      state.interaction.selection = OrderedSet(state.drawing.curves.allPointReferences)

    case .clearSelection:
      state.cancelGesture()
      state.interaction.selection = []
      state.interaction.splinePoint = nil
    }
    return .none
  }
}
