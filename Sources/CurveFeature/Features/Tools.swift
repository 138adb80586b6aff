import Composable

/// Choosing what the pointer does: F2 the node tool, B or Shift+F6 the pen, P or F6 the
/// pencil, F4 the rectangle, F5 the ellipse, * the star; Escape, when nothing is under way,
/// goes back to the node tool. The pen's keys and settings: Enter ends its path, and its
/// mode and tension apply to the next path (and the one under way).
///
/// ```swift
/// store.send(.tools(.choose(.rectangle)))
/// store.send(.tools(.escape))   // back to the node tool
/// store.send(.tools(.setPenMode(.throughPoints)))
/// ```
public struct Tools: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    case choose(Tool)
    /// Enter: the pen's path under way becomes a curve.
    case finishPath
    case setPenMode(PenMode)
    /// The through-points mode's tension, clamped to 0…1.
    case setPenTension(Double)
    /// The rectangle's and the star's settings (each brought within its range).
    case setShapeSettings(ShapeSettings)
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
      // Another tool ends the pen's path as Enter does.
      state.finishPenPath(closed: false)
      state.interaction.tool = tool
      state.interaction.notice = tool.hint
    case .finishPath:
      state.finishPenPath(closed: false)
    case let .setPenMode(mode):
      state.interaction.penMode = mode
      state.interaction.pen?.mode = mode
    case let .setPenTension(tension):
      let tension = min(max(tension, 0), 1)
      state.interaction.penTension = tension
      state.interaction.pen?.tension = tension
    case let .setShapeSettings(settings):
      state.interaction.shapeSettings = settings.clamped
    case .escape:
      if state.interaction.pen != nil {
        // The unfinished path is dropped.
        state.interaction.pen = nil
      } else if state.interaction.tool == .node {
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
