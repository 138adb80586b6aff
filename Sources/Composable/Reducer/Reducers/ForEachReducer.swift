import OrderedCollections

/// The action of one element of a collection feature: which element, and what happened to it.
///
/// ```swift
/// @Reducer
/// struct Row {
///   struct State: Equatable, Identifiable { let id: Int; var isOn = false }
///   enum Action { case toggled }
///   var body: some ReducerOf<Self> {
///     Reduce { state, _ in
///       state.isOn.toggle()
///       return .none
///     }
///   }
/// }
///
/// @Reducer
/// struct Rows {
///   struct State: Equatable { var rows: IdentifiedArrayOf<Row.State> = [Row.State(id: 1)] }
///   enum Action { case rows(IdentifiedActionOf<Row>) }
///   var body: some ReducerOf<Self> {
///     EmptyReducer().forEach(\.rows, action: \.rows) { Row() }
///   }
/// }
///
/// let store = Store(initialState: Rows.State()) { Rows() }
/// store.send(.rows(.element(id: 1, action: .toggled)))
/// ```
@CasePathable
public enum IdentifiedAction<ID: Hashable & Sendable, Action>: CasePathable {
  case element(id: ID, action: Action)
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}

extension IdentifiedAction.AllCasePaths {
  /// The actions of the element with this id: `\Action.Cases.rows[id: 2].tick`, as in TCA.
  public subscript(id id: ID) -> AnyCasePath<IdentifiedAction, Action> {
    AnyCasePath(
      embed: { .element(id: id, action: $0) },
      extract: { action in
        guard case let .element(elementID, elementAction) = action, elementID == id else { return nil }
        return elementAction
      }
    )
  }
}

/// The identified action of the elements of reducer `R`'s collection.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable

extension Reducer {
  /// Runs `element` on one element of an identified collection, for actions addressed to it.
  ///
  /// ```swift
  /// @Reducer
  /// struct Row {
  ///   struct State: Equatable, Identifiable { let id: Int; var isOn = false }
  ///   enum Action { case toggled }
  ///   var body: some ReducerOf<Self> {
  ///     Reduce { state, _ in
  ///       state.isOn.toggle()
  ///       return .none
  ///     }
  ///   }
  /// }
  ///
  /// @Reducer
  /// struct Rows {
  ///   struct State: Equatable { var rows: IdentifiedArrayOf<Row.State> = [] }
  ///   enum Action { case add, rows(IdentifiedActionOf<Row>) }
  ///   var body: some ReducerOf<Self> {
  ///     Reduce { state, action in
  ///       if case .add = action { state.rows.append(Row.State(id: state.rows.count)) }
  ///       return .none
  ///     }
  ///     .forEach(\.rows, action: \.rows) { Row() }
  ///   }
  /// }
  /// ```
  ///
  /// An action for one element costs O(1) in the size of the collection: the element is
  /// found by id and modified in place. The element reducer runs before this one. Effects of
  /// an element are cancelled when the element is removed. An action for an id that is not
  /// in the collection is reported as an issue and otherwise ignored.
  @inlinable public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
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
      toElementAction: ResolvedCasePath(toElementAction),
      element: element(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Reducer {
  /// `forEach` with TCA's older `AnyCasePath` to an `(id, action)` case
  /// (`action: /Action.row(id:action:)`); prefer `IdentifiedAction` and a case key path.
  @available(*, deprecated, message: "Use an IdentifiedAction case and a case key path instead of an AnyCasePath.")
  @inlinable public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, (ID, ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    let identified = AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>(
      embed: { identified in
        switch identified { case let .element(id, action): toElementAction.embed((id, action)) }
      },
      extract: { toElementAction.extract(from: $0).map { IdentifiedAction.element(id: $0, action: $1) } }
    )
    return _ForEachReducer(
      parent: self,
      toElementsState: toElementsState,
      toElementAction: ResolvedCasePath(identified),
      element: element(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

public struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  @usableFromInline let parent: (inout Parent.State, Parent.Action) -> Effect<Parent.Action>
  @usableFromInline let toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  /// `toElementsState`, or the stored property behind it when it is tracked observable state:
  /// an element's change keeps the collection's identity, so it notifies no reader of it.
  @usableFromInline let elementsStorage: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction: ResolvedCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let element: (inout Element.State, Element.Action) -> Effect<Element.Action>
  @usableFromInline let location: SourceLocation

  @inlinable init(
    parent: Parent,
    toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: ResolvedCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    element: Element,
    location: SourceLocation
  ) {
    self.parent = parent._resolvedReduce
    self.toElementsState = toElementsState
    self.elementsStorage = inPlaceStorage(of: toElementsState)
    self.toElementAction = toElementAction
    self.element = element._resolvedReduce
    self.location = location
  }

  @inlinable public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    // One access to the collection reduces the element and reads the ids the parent starts
    // from: key path projections are a large part of an action's cost.
    var idsBefore: OrderedSet<ID> = []
    let elementEffect = reduceElement(into: &state[keyPath: elementsStorage], action: action, idsBefore: &idsBefore)
    let parentEffect = parent(&state, action)
    // Same buffer means same ids: `==` on the ids checks identity first, so this is O(1)
    // unless the parent changed the collection's membership. They are read through an
    // in-place access, as above: a read-only key path projection instantiates generic
    // metadata on every call.
    let idsAfter = Self.ids(of: &state[keyPath: elementsStorage])
    let effect = elementEffect.merge(with: parentEffect)
    guard idsBefore != idsAfter else { return effect }
    let removed = idsBefore.subtracting(idsAfter)
    return removed.reduce(effect) { effect, id in
      effect.merge(with: .cancel(id: ForEachCancelID(elements: toElementsState, id: id)))
    }
  }

  @inlinable func reduceElement(
    into elements: inout IdentifiedArray<ID, Element.State>, action: Parent.Action, idsBefore: inout OrderedSet<ID>
  ) -> Effect<Parent.Action> {
    defer { idsBefore = elements.ids }
    guard case let .element(id, elementAction)? = toElementAction.extract(from: action) else { return .none }
    // By position: `elements[id:]` looks the id up a second time after every change.
    guard let index = elements.index(id: id) else {
      reportMissingElement(action: action)
      return .none
    }
    let elementEffect = element(&elements[index], elementAction)
    guard !elementEffect.isNone else { return .none }
    let toElementAction = toElementAction
    return elementEffect
      .map { toElementAction.embed(.element(id: id, action: $0)) }
      .cancellable(id: ForEachCancelID(elements: toElementsState, id: id))
  }

  @inlinable static func ids(of elements: inout IdentifiedArray<ID, Element.State>) -> OrderedSet<ID> {
    elements.ids
  }

  @usableFromInline func reportMissingElement(action: Parent.Action) {
    reportIssue(
      """
      A "forEach" at "\(location.fileID):\(location.line)" received an action for a missing element.

        Action:
          \(caseDescription(action))

      This is generally considered an application logic error, and can happen for a few reasons:

      A parent reducer removed an element with this ID before this reducer ran. This reducer \
      must run before any other reducer removes an element, which ensures that element reducers \
      can handle their actions while their state is still available.

      An in-flight effect emitted this action when state contained no element at this ID. \
      While it may be perfectly reasonable to ignore this action, consider canceling the \
      associated effect before an element is removed, especially if it is a long-living effect.

      This action was sent to the store while its state contained no element at this ID. To \
      fix this make sure that actions for this reducer can only be sent from a store when \
      its state contains an element at this id. In SwiftUI applications, use "ForEachStore".
      """,
      fileID: location.fileID, filePath: location.filePath,
      line: location.line, column: location.column
    )
  }
}

/// The id under which the effects of one element of one collection run.
@usableFromInline
struct ForEachCancelID<ID: Hashable & Sendable>: Hashable, @unchecked Sendable {
  @usableFromInline let elements: AnyKeyPath
  @usableFromInline let id: ID

  @inlinable init(elements: AnyKeyPath, id: ID) {
    self.elements = elements
    self.id = id
  }
}

/// Where an operator was applied, for the issues it reports.
@usableFromInline
struct SourceLocation {
  @usableFromInline let fileID: StaticString
  @usableFromInline let filePath: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt

  @inlinable init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}
