import Composable

/// Choosing what the pointer does: F2 the node tool, P or F6 the pencil, F4 the rectangle,
/// F5 the ellipse, * the star; Escape, when nothing is under way, goes back to the node tool.
///
/// ```swift
/// store.send(.tools(.choose(.rectangle)))
/// store.send(.tools(.escape))   // back to the node tool
/// ```
public struct Tools: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    case choose(Tool)
    /// Escape: with a drawing tool, the stroke or box under way is dropped, or with none the
    /// tool gives way to the node tool; with the node tool, a drag is undone and the
    /// selection cleared.
    case escape
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .choose(tool):
      state.endGesture()
      state.interaction.tool = tool
      state.interaction.notice = tool.hint
    case .escape:
      if state.interaction.tool == .node {
        // The node tool's Escape: a drag puts its points back; the selection is cleared.
        state.cancelGesture()
        state.interaction.selection = []
      } else if state.interaction.gesture != nil {
        state.cancelGesture()
      } else {
        state.interaction.tool = .node
        state.interaction.notice = Tool.node.hint
      }
    }
    return .none
  }
}
