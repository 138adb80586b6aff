import Composable
import Foundation

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
    /// The tool bar's − and +: the tension one `tensionStep` down or up, to a tenth.
    case stepTension(up: Bool)
    /// The star's corners, one fewer or one more.
    case stepCorners(up: Bool)
    /// The star's inner points' distance from its centre, one `spokeStep` less or more.
    case stepSpokes(up: Bool)
    /// The star's rounding, one `roundingStep` less or more, to a tenth.
    case stepRounding(up: Bool)
    /// The rectangle's corner radius, one `cornerRadiusStep` less or more.
    case stepCornerRadius(up: Bool)
    /// Escape: with a drawing tool, the stroke or box under way is dropped, or with none the
    /// tool gives way to the node tool; with the node tool, a drag is undone and the
    /// selection cleared.
    case escape
  }

  /// How far one press of the tool bar's − or + moves each setting.
  public static let tensionStep = 0.1
  public static let spokeStep = 0.05
  public static let roundingStep = 0.1
  public static let cornerRadiusStep = 5.0

  /// The through-points mode's tension for the next path and the one under way, within 0…1.
  private static func setPenTension(_ tension: Double, _ state: inout State) {
    let tension = min(max(tension, 0), 1)
    state.interaction.penTension = tension
    state.interaction.pen?.tension = tension
  }

  /// `value` one `step` up or down, rounded to `places` decimals: steps of a tenth add up to
  /// tenths, not to 0.30000000000000004.
  static func stepped(_ value: Double, by step: Double, up: Bool, places: Int) -> Double {
    let scale = pow(10, Double(places))
    return ((value + (up ? step : -step)) * scale).rounded() / scale
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .choose(tool):
      state.endGesture()
      // Another tool ends the pen's path as Enter does.
      state.finishPenPath(closed: false)
      if tool != .text { state.leaveText() }
      state.interaction.tool = tool
      state.interaction.notice = tool.hint
    case .finishPath:
      state.finishPenPath(closed: false)
    case let .setPenMode(mode):
      state.interaction.penMode = mode
      state.interaction.pen?.mode = mode
    case let .setPenTension(tension):
      Self.setPenTension(tension, &state)
    case let .setShapeSettings(settings):
      state.interaction.shapeSettings = settings.clamped
    case let .stepTension(up):
      Self.setPenTension(Self.stepped(state.interaction.penTension, by: Self.tensionStep, up: up, places: 1), &state)
    case let .stepCorners(up):
      state.interaction.shapeSettings.corners += up ? 1 : -1
      state.interaction.shapeSettings = state.interaction.shapeSettings.clamped
    case let .stepSpokes(up):
      state.interaction.shapeSettings.spokeRatio = Self.stepped(state.interaction.shapeSettings.spokeRatio, by: Self.spokeStep, up: up, places: 2)
      state.interaction.shapeSettings = state.interaction.shapeSettings.clamped
    case let .stepRounding(up):
      state.interaction.shapeSettings.rounding = Self.stepped(state.interaction.shapeSettings.rounding, by: Self.roundingStep, up: up, places: 1)
      state.interaction.shapeSettings = state.interaction.shapeSettings.clamped
    case let .stepCornerRadius(up):
      state.interaction.shapeSettings.cornerRadius += up ? Self.cornerRadiusStep : -Self.cornerRadiusStep
      state.interaction.shapeSettings = state.interaction.shapeSettings.clamped
    case .escape:
      // A drawing's tools come back to the selector, the curve lab's to the node tool.
      let home: Tool = state.drawing.display.handles == .selected ? .selector : .node
      if state.interaction.textCursor != nil {
        state.leaveText()
      } else if state.interaction.pen != nil {
        // The unfinished path is dropped.
        state.interaction.pen = nil
      } else if state.interaction.tool == .selector {
        _ = ObjectCommands().reduce(into: &state, action: .deselect)
      } else if state.interaction.tool == .node, state.interaction.gesture != nil || !state.interaction.selection.isEmpty || home == .node {
        // The node tool's Escape: a drag puts its points back; the selection is cleared.
        state.cancelGesture()
        state.interaction.selection = []
        state.interaction.splinePoint = nil
      } else if state.interaction.gesture != nil {
        state.cancelGesture()
      } else {
        state.interaction.tool = home
        state.interaction.notice = home.hint
      }
    }
    return .none
  }
}
