/// What a SwiftUI view read of a store before `@ObservableState`: a view state derived from
/// the store's state, and sends.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) { Counter() }
/// let viewStore = ViewStore(store, observe: { $0 })
/// viewStore.send(.increment)
/// print(viewStore.count)  // 1
/// ```
///
/// It sees every change its store makes, however the action was sent (through it, the store,
/// another scope or an effect): its state is derived again whenever the root store has
/// reduced an action since it was last read. A new view state that `removeDuplicates` calls
/// equal to the last one is dropped, so the view keeps the value it drew.
@available(*, deprecated, message: "Read state and send actions through the Store, with @ObservableState, instead.")
@MainActor
@dynamicMemberLookup
public final class ViewStore<ViewState, ViewAction> {
  private let readViewState: @MainActor () -> ViewState
  private let sendAction: @MainActor (ViewAction) -> StoreTask
  private let readVersion: @MainActor () -> Int
  private let isDuplicate: (ViewState, ViewState) -> Bool
  private var lastState: ViewState
  private var lastVersion: Int

  public init<State, Action>(
    _ store: Store<State, Action>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action,
    removeDuplicates isDuplicate: @escaping (_ lhs: ViewState, _ rhs: ViewState) -> Bool
  ) {
    readViewState = { toViewState(store.state) }
    sendAction = { store.send(fromViewAction($0)) }
    readVersion = { store.version }
    self.isDuplicate = isDuplicate
    lastState = toViewState(store.state)
    lastVersion = store.version
  }

  public convenience init<State>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    removeDuplicates isDuplicate: @escaping (_ lhs: ViewState, _ rhs: ViewState) -> Bool
  ) {
    self.init(store, observe: toViewState, send: { $0 }, removeDuplicates: isDuplicate)
  }

  /// The view state, derived anew if the store has reduced an action since the last read.
  public var state: ViewState {
    let version = readVersion()
    guard version != lastVersion else { return lastState }
    lastVersion = version
    let state = readViewState()
    if !isDuplicate(lastState, state) { lastState = state }
    return lastState
  }

  public subscript<Value>(dynamicMember keyPath: KeyPath<ViewState, Value>) -> Value {
    state[keyPath: keyPath]
  }

  @discardableResult
  public func send(_ action: ViewAction) -> StoreTask {
    sendAction(action)
  }

  /// A binding that reads `get` from the view state and sends `valueToAction(newValue)`.
  public func binding<Value>(
    get: @escaping (_ state: ViewState) -> Value,
    send valueToAction: @escaping (_ value: Value) -> ViewAction
  ) -> StoreBinding<Value> {
    StoreBinding(get: { get(self.state) }, set: { self.send(valueToAction($0)) })
  }

  /// A binding that reads `get` from the view state and sends `action` whatever is written.
  public func binding<Value>(
    get: @escaping (_ state: ViewState) -> Value,
    send action: ViewAction
  ) -> StoreBinding<Value> {
    binding(get: get, send: { _ in action })
  }

  /// A binding to the whole view state that sends `valueToAction(newValue)`.
  public func binding(send valueToAction: @escaping (_ state: ViewState) -> ViewAction) -> StoreBinding<ViewState> {
    binding(get: { $0 }, send: valueToAction)
  }
}

@available(*, deprecated, message: "Read state and send actions through the Store, with @ObservableState, instead.")
extension ViewStore where ViewState: Equatable {
  /// A view store that drops view states equal to the last one.
  public convenience init<State>(_ store: Store<State, ViewAction>, observe toViewState: @escaping (_ state: State) -> ViewState) {
    self.init(store, observe: toViewState, removeDuplicates: ==)
  }

  public convenience init<State, Action>(
    _ store: Store<State, Action>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action
  ) {
    self.init(store, observe: toViewState, send: fromViewAction, removeDuplicates: ==)
  }

  /// TCA 0.47's `ViewStore(store)`: the whole state, duplicates dropped.
  public convenience init(_ store: Store<ViewState, ViewAction>) {
    self.init(store, observe: { $0 }, removeDuplicates: ==)
  }
}

@available(*, deprecated, message: "Read state and send actions through the Store, with @ObservableState, instead.")
extension ViewStore where ViewAction: BindableAction, ViewAction.State == ViewState {
  /// A binding to a `@BindingState` field (`\.$name`), written with a binding action.
  public func binding<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<ViewState, BindingState<Value>>
  ) -> StoreBinding<Value> {
    let keyPath = UncheckedSendable(keyPath)
    return StoreBinding(
      get: { self.state[keyPath: keyPath.value].wrappedValue },
      set: { self.send(.binding(.set(keyPath.value, $0))) }
    )
  }

  /// `viewStore.$name`: the binding to a `@BindingState` field, as `binding(\.$name)`.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<ViewState, BindingState<Value>>
  ) -> StoreBinding<Value> {
    binding(keyPath)
  }
}

@available(*, deprecated, message: "Read state and send actions through the Store, with @ObservableState, instead.")
extension ViewStore {
  /// A view state built from a ``BindingViewStore``, whose `$name` fields are
  /// `@BindingViewState` bindings: `ViewStore(store, observe: { ViewState(name: $0.$name) })`.
  @_disfavoredOverload
  public convenience init<State, Action>(
    _ store: Store<State, Action>,
    observe toViewState: @escaping (_ state: BindingViewStore<State>) -> ViewState,
    send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action,
    removeDuplicates isDuplicate: @escaping (_ lhs: ViewState, _ rhs: ViewState) -> Bool
  ) where ViewAction: BindableAction, ViewAction.State == State {
    let bindings = BindingViewStore<State>(
      readState: { store.state },
      send: { store.send(fromViewAction(.binding($0))) }
    )
    self.init(store, observe: { _ in toViewState(bindings) }, send: fromViewAction, removeDuplicates: isDuplicate)
  }

  @_disfavoredOverload
  public convenience init<State>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (_ state: BindingViewStore<State>) -> ViewState,
    removeDuplicates isDuplicate: @escaping (_ lhs: ViewState, _ rhs: ViewState) -> Bool
  ) where ViewAction: BindableAction, ViewAction.State == State {
    self.init(store, observe: toViewState, send: { $0 }, removeDuplicates: isDuplicate)
  }
}

@available(*, deprecated, message: "Read state and send actions through the Store, with @ObservableState, instead.")
extension ViewStore where ViewState: Equatable {
  @_disfavoredOverload
  public convenience init<State>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (_ state: BindingViewStore<State>) -> ViewState
  ) where ViewAction: BindableAction, ViewAction.State == State {
    self.init(store, observe: toViewState, send: { $0 }, removeDuplicates: ==)
  }

  @_disfavoredOverload
  public convenience init<State, Action>(
    _ store: Store<State, Action>,
    observe toViewState: @escaping (_ state: BindingViewStore<State>) -> ViewState,
    send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action
  ) where ViewAction: BindableAction, ViewAction.State == State {
    self.init(store, observe: toViewState, send: fromViewAction, removeDuplicates: ==)
  }
}

/// The view store of reducer `R`'s whole state and actions.
@available(*, deprecated, message: "Read state and send actions through the Store, with @ObservableState, instead.")
public typealias ViewStoreOf<R: Reducer> = ViewStore<R.State, R.Action>
