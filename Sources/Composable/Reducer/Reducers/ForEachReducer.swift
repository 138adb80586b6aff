/// The action of one element of a collection feature: which element, and what happened to it.
///
/// ```swift
/// @CasePathable enum Action {
///   case rows(IdentifiedActionOf<Row>)
/// }
/// store.send(.rows(.element(id: id, action: .tapped)))
/// ```
@CasePathable
public enum IdentifiedAction<ID: Hashable & Sendable, Action>: CasePathable {
  case element(id: ID, action: Action)
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}

/// The identified action of the elements of reducer `R`'s collection.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable

extension Reducer where Action: CasePathable {
  /// Runs `element` on one element of an identified collection, for actions addressed to it.
  ///
  /// ```swift
  /// Reduce { state, action in .none }
  ///   .forEach(\.rows, action: \.rows) { Row() }
  /// ```
  ///
  /// An action for one element costs O(1) in the size of the collection: the element is
  /// found by id and modified in place. The element reducer runs before this one. Effects of
  /// an element are cancelled when the element is removed. An action for an id that is not
  /// in the collection is reported as an issue and otherwise ignored.
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    _ForEachReducer(
      parent: self,
      toElementsState: toElementsState,
      toElementAction: toElementAction,
      element: element(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

public struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer
where Parent.Action: CasePathable {
  let parent: Parent
  let toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  let toElementAction: CaseKeyPath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  let element: Element
  let location: SourceLocation

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let elementEffect = reduceElement(into: &state, action: action)
    let idsBefore = state[keyPath: toElementsState].ids
    let parentEffect = parent.reduce(into: &state, action: action)
    // Same buffer means same ids: `==` on the ids checks identity first, so this is O(1)
    // unless the parent changed the collection's membership.
    let idsAfter = state[keyPath: toElementsState].ids
    let effect = elementEffect.merge(with: parentEffect)
    guard idsBefore != idsAfter else { return effect }
    let removed = idsBefore.subtracting(idsAfter)
    return removed.reduce(effect) { effect, id in
      effect.merge(with: .cancel(id: ForEachCancelID(elements: toElementsState, id: id)))
    }
  }

  private func reduceElement(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard case let .element(id, elementAction)? = action[case: toElementAction] else { return .none }
    let elementEffect = reduceElement(
      &state[keyPath: toElementsState][id: id], id: id, action: elementAction
    )
    guard let elementEffect, !elementEffect.isNone else { return .none }
    let embed = UncheckedSendable(toElementAction)
    return elementEffect
      .map { embed.value(.element(id: id, action: $0)) }
      .cancellable(id: ForEachCancelID(elements: toElementsState, id: id))
  }

  /// Returns `nil` when the element is missing.
  private func reduceElement(
    _ elementState: inout Element.State?, id: ID, action: Element.Action
  ) -> Effect<Element.Action>? {
    guard elementState != nil else {
      reportIssue(
        """
        A "forEach" received an action for an element that is not in its collection:

          Action: \(String(customDumping: action))
          ID: \(id)

        Send element actions only for ids that are in the collection; this action was ignored.
        """,
        fileID: location.fileID, filePath: location.filePath,
        line: location.line, column: location.column
      )
      return nil
    }
    return element.reduce(into: &elementState!, action: action)
  }
}

/// The id under which the effects of one element of one collection run.
struct ForEachCancelID<ID: Hashable & Sendable>: Hashable, @unchecked Sendable {
  let elements: AnyKeyPath
  let id: ID

  init(elements: AnyKeyPath, id: ID) {
    self.elements = elements
    self.id = id
  }
}

/// Where an operator was applied, for the issues it reports.
struct SourceLocation {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}
