import Composable
import CurveDocument
import OrderedCollections

/// Inkscape's Path menu on the selected curves (`PathOperation`): Ctrl++ union, Ctrl+-
/// difference, Ctrl+* intersection, Ctrl+^ exclusion, Ctrl+/ division, Ctrl+Alt+/ cut path.
///
/// ```swift
/// Scope(state: \.self, action: \.pathOperations) { PathOperations() }
/// store.send(.pathOperations(.apply(.union)))
/// ```
///
/// The curves with a selected point are taken in painting order, the bottom one first; the
/// result takes the bottom curve's id, style and place in that order, is selected, and is one
/// undo step. An operation given a number of curves it cannot take says so in the notice and
/// changes nothing.
public struct PathOperations: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    case apply(PathOperation)
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.interaction.notice = nil
    state.endGesture()
    switch action {
    case let .apply(operation):
      apply(operation, &state)
    }
    return .none
  }

  private func apply(_ operation: PathOperation, _ state: inout State) {
    let selected = Set(state.selectedCurveIDs)
    let indices = state.drawing.curves.indices.filter { selected.contains(state.drawing.curves[$0].id) }
    if let refusal = operation.refusal(forCurveCount: indices.count) {
      state.interaction.notice = refusal
      return
    }
    let records = indices.map { Document.CurveRecord(state.drawing.curves[$0]) }
    let results = operation.apply(to: records, makeID: { uuid() }).map(Document.curveState)
    guard state.hasRoom(forCurves: results.count - indices.count) else { return }
    state.history.record(state.drawing.curves)
    let place = indices[0]
    for index in indices.reversed() { state.drawing.curves.remove(at: index) }
    for (offset, curve) in results.enumerated() { state.drawing.curves.insert(curve, at: place + offset) }
    state.interaction.selection = OrderedSet(results.allPointReferences)
    state.forgetMissingSelection()
    state.drawing.markCurvesEdited()
    state.interaction.notice = switch results.count {
    case 0: "\(operation.title): nothing is left."
    case 1: "\(operation.title) of \(indices.count) curves."
    default: "\(operation.title): \(results.count) curves."
    }
  }
}
