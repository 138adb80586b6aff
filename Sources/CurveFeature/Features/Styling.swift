import Composable

/// The panel's style controls for the selected points: a colour swatch, the size slider.
///
/// ```swift
/// Scope(state: \.self, action: \.styling) { Styling() }
/// store.send(.styling(.setColor(RGBColor.palette[0])))
/// store.send(.styling(.setSize(12)))
/// ```
///
/// Each change reaches the points' `ControlPoint`s through their curves, in the same pass, and
/// is one undo step, unless a slider drag is under way (it is one step itself).
public struct Styling: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// The selected points' colour (nil: the default look).
    case setColor(RGBColor?)
    /// The selected points' size, within `PointSize.range` (nil: the default look).
    case setSize(Double?)
  }

  private let curve = Curve()._resolvedReduce

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.interaction.notice = nil
    switch action {
    case let .setColor(color): style(.setColor(color), &state)
    case let .setSize(size): style(.setSize(size), &state)
    }
    return .none
  }

  private func style(_ action: ControlPoint.Action, _ state: inout State) {
    guard !state.interaction.selection.isEmpty else { return }
    let before = state.drawing.curves
    for reference in state.interaction.selection {
      guard let index = state.drawing.curves.index(id: reference.curve),
        let subpath = state.drawing.curves[index].subpathID(holding: reference.point)
      else { continue }
      _ = curve(&state.drawing.curves[index], .point(reference.point, in: subpath, action))
    }
    guard state.drawing.curves != before else { return }
    if state.interaction.drag == nil { state.history.record(before) }
    state.drawing.markEdited()
  }
}
