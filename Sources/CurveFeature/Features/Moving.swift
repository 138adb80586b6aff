import Composable
import CurveGeometry

/// Moving the selection from the keyboard and the panel: arrow-key nudges and the x/y sliders,
/// always as a group kept on the canvas. With nothing selected, ← and → step t instead.
///
/// ```swift
/// Scope(state: \.self, action: \.moving) { Moving() }
/// store.send(.moving(.arrow(dx: 10, dy: 0)))             // one undo step
/// store.send(.moving(.grabSelection))                      // a slider pressed
/// store.send(.moving(.moveSelection(toTopLeft: Point(x: 40, y: 60))))
/// store.send(.moving(.releaseSelection))                   // released: one undo step
/// ```
public struct Moving: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// An arrow key: nudges the selection by (dx, dy); with nothing selected, ← and → step t
    /// back and on.
    case arrow(dx: Double, dy: Double)
    /// The x and y sliders: moves the selection so that its box's top-left corner is at the
    /// given point (for one point, the point itself).
    case moveSelection(toTopLeft: Point)
    /// An x or y slider pressed: its moves until `releaseSelection` are one undo step.
    case grabSelection
    /// The slider released.
    case releaseSelection
  }

  private let mover = PointMover()

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.interaction.notice = nil
    switch action {
    case let .arrow(dx, dy):
      state.endGesture()
      if state.interaction.tool == .selector, !state.interaction.selectedObjects.isEmpty {
        // The selector moves whole objects by its own step (2 units; Shift: 20).
        let scale = ObjectCommands.moveStep
        _ = ObjectCommands().reduce(into: &state, action: .move(dx: dx * scale, dy: dy * scale))
      } else if state.interaction.splinePoint != nil {
        state.nudgeSplinePoint(by: Point(x: dx, y: dy))
      } else if let bounds = state.selectionBounds {
        moveSelection(by: Point(x: dx, y: dy), bounds: bounds, &state)
      } else if dx != 0 {
        state.drawing.animation.step(by: dx > 0 ? 1 : -1)
      }

    case let .moveSelection(topLeft):
      if let drag = state.interaction.drag {
        // A slider drag: from where the selection was when it began (one undo step).
        mover.moveSelection(
          by: topLeft - Point(x: drag.bounds.minX, y: drag.bounds.minY), from: state.history.pending?.curves ?? state.drawing.curves,
          bounds: drag.bounds, in: &state
        )
      } else if let bounds = state.selectionBounds {
        moveSelection(by: topLeft - Point(x: bounds.minX, y: bounds.minY), bounds: bounds, &state)
      }

    case .grabSelection:
      guard state.interaction.gesture == nil, let first = state.interaction.selection.first,
        let point = state.drawing.curves[first]
      else { break }
      state.beginDrag(Drag(
        point: first, grabOffset: .zero, start: point.position, bounds: state.selectionBounds, startRevision: state.drawing.revision
      ))

    case .releaseSelection:
      if state.interaction.drag != nil { state.endGesture() }
    }
    return .none
  }

  /// One undo step.
  private func moveSelection(by offset: Point, bounds: Rect, _ state: inout State) {
    let applied = PointMover.clamp(offset, keeping: bounds, on: state.canvas)
    guard applied != .zero else { return }
    let before = state.drawing.curves
    state.history.record(state.undoSnapshot(of: before))
    mover.moveSelection(by: applied, from: before, bounds: bounds, in: &state)
  }
}
