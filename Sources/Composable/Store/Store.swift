/// The runtime of a feature: holds its state, reduces the actions sent to it, and runs the
/// effects they return.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) { Counter() }
/// let drawn = store.version
/// store.send(.increment)
/// if store.version != drawn { print(store.count) }  // changed: redraw, prints 1
/// ```
///
/// Sending is synchronous and in place: the reducer mutates the root state without copying
/// it, so an action to one element of a `forEach` costs O(1) in the collection's size.
/// Actions sent while another action is being reduced are queued and reduced in order.
/// A scoped store reads and sends through to the root; it holds no state of its own.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action> {
  @usableFromInline let root: AnyObject
  @usableFromInline let readState: @MainActor () -> State
  @usableFromInline let sendAction: @MainActor (Action) -> [Task<Void, Never>]
  @usableFromInline let readVersion: @MainActor () -> Int

  /// Creates a root store.
  ///
  /// - Parameter prepareDependencies: overrides dependencies for every reduce and effect of
  ///   this store. Without it, reducers see the ambient dependencies at no cost per action.
  @inlinable public init<R: Reducer>(
    initialState: R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) where R.State == State, R.Action == Action {
    let dependencies = prepareDependencies.map { prepare in
      withDependencies(prepare) { DependencyValues._current }
    }
    let core = StoreCore(initialState: initialState, reducer: reducer(), dependencies: dependencies)
    self.root = core
    self.readState = { core.state }
    self.sendAction = { core.send($0, origin: .outside) }
    self.readVersion = { core.version }
  }

  @usableFromInline init(
    root: AnyObject,
    readState: @escaping @MainActor () -> State,
    sendAction: @escaping @MainActor (Action) -> [Task<Void, Never>],
    readVersion: @escaping @MainActor () -> Int
  ) {
    self.root = root
    self.readState = readState
    self.sendAction = sendAction
    self.readVersion = readVersion
  }

  /// The current state (of this scope).
  @inlinable public var state: State { readState() }

  /// Reads the current state through `body`.
  @inlinable public func withState<Value>(_ body: (State) -> Value) -> Value { body(readState()) }

  @inlinable public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    readState()[keyPath: keyPath]
  }

  /// A number that changes whenever the root store reduces an action: a render loop
  /// redraws only when it differs from the one it last drew.
  @inlinable public var version: Int { readVersion() }

  /// Reduces `action` now and starts its effects; the returned task tracks those effects.
  @discardableResult
  @inlinable public func send(_ action: Action) -> StoreTask {
    StoreTask(tasks: sendAction(action))
  }

  /// A store for a child feature, reading and sending through this one.
  ///
  /// ```swift
  /// @Reducer
  /// struct App {
  ///   struct State: Equatable { var counter = Counter.State() }
  ///   enum Action { case counter(Counter.Action) }
  ///   var body: some ReducerOf<Self> {
  ///     Scope(state: \.counter, action: \.counter) { Counter() }
  ///   }
  /// }
  ///
  /// let store = Store(initialState: App.State()) { App() }
  /// let counter = store.scope(state: \.counter, action: \.counter)
  /// counter.send(.increment)  // store.counter.count is 1
  /// ```
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    let readState = self.readState
    let sendAction = self.sendAction
    return Store<ChildState, ChildAction>(
      root: root,
      readState: { readState()[keyPath: toChildState] },
      sendAction: { sendAction(toChildAction($0)) },
      readVersion: readVersion
    )
  }

  /// A store for each element of an identified collection, like TCA's
  /// `ForEach(store.scope(state: \.rows, action: \.rows))`.
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
  ///   struct State: Equatable { var rows: IdentifiedArrayOf<Row.State> = [Row.State(id: 1), Row.State(id: 2)] }
  ///   enum Action { case rows(IdentifiedActionOf<Row>) }
  ///   var body: some ReducerOf<Self> {
  ///     EmptyReducer().forEach(\.rows, action: \.rows) { Row() }
  ///   }
  /// }
  ///
  /// let store = Store(initialState: Rows.State()) { Rows() }
  /// for row in store.scope(state: \.rows, action: \.rows) {
  ///   print(row.id, row.isOn)
  /// }
  /// ```
  public func scope<ElementID: Hashable & Sendable, ElementState, ElementAction>(
    state toElementsState: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>
  ) -> IdentifiedStoreCollection<ElementID, ElementState, ElementAction> {
    let readState = self.readState
    let sendAction = self.sendAction
    return IdentifiedStoreCollection(elements: readState()[keyPath: toElementsState]) { id, snapshot in
      Store<ElementState, ElementAction>(
        root: self.root,
        readState: { readState()[keyPath: toElementsState][id: id] ?? snapshot },
        sendAction: { sendAction(toElementAction(.element(id: id, action: $0))) },
        readVersion: self.readVersion
      )
    }
  }
}

/// A store is identified by its state's id, so element stores iterate like TCA's `ForEach`.
extension Store: @MainActor Identifiable where State: Identifiable {
  public var id: State.ID { state.id }
}

/// The store of a feature built by reducer `R`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

/// One store per element of an identified collection, in the collection's order at the
/// time it was scoped. An element's store keeps its last state if the element is removed.
@MainActor
public struct IdentifiedStoreCollection<ID: Hashable & Sendable, State, Action>: @MainActor RandomAccessCollection {
  private let elements: IdentifiedArray<ID, State>
  private let makeStore: (ID, State) -> Store<State, Action>

  init(elements: IdentifiedArray<ID, State>, makeStore: @escaping (ID, State) -> Store<State, Action>) {
    self.elements = elements
    self.makeStore = makeStore
  }

  public var startIndex: Int { elements.startIndex }
  public var endIndex: Int { elements.endIndex }

  /// The ids of the elements, in order.
  public var ids: [ID] { elements.ids.elements }

  public subscript(position: Int) -> Store<State, Action> {
    makeStore(elements.ids[position], elements[position])
  }
}
