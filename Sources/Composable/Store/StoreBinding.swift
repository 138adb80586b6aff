/// A value a widget reads and writes, backed by a store: reading gets from the state,
/// writing sends an action.
///
/// ```swift
/// @Reducer
/// struct Player {
///   struct State: Equatable { var speed = 1.0 }
///   enum Action { case speedChanged(Double) }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case let .speedChanged(speed): state.speed = speed
///       }
///       return .none
///     }
///   }
/// }
///
/// let store = Store(initialState: Player.State()) { Player() }
/// let speed = store.binding(get: \.speed, send: { .speedChanged($0) })
/// speed.wrappedValue = 2  // sends .speedChanged(2)
/// ```
@MainActor
@dynamicMemberLookup
public struct StoreBinding<Value> {
  private let get: @MainActor () -> Value
  private let set: @MainActor (Value) -> Void

  public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.get = get
    self.set = set
  }

  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }

  /// A binding to a part of this value.
  public subscript<Part>(dynamicMember keyPath: WritableKeyPath<Value, Part>) -> StoreBinding<Part> {
    StoreBinding<Part>(
      get: { self.wrappedValue[keyPath: keyPath] },
      set: { part in
        var value = self.wrappedValue
        value[keyPath: keyPath] = part
        self.wrappedValue = value
      }
    )
  }
}

extension Store {
  /// A binding that reads `get` from the state and sends `send(newValue)` when written.
  public func binding<Value>(
    get: @escaping (State) -> Value,
    send: @escaping (Value) -> Action
  ) -> StoreBinding<Value> {
    StoreBinding(get: { get(self.state) }, set: { self.send(send($0)) })
  }
}

extension Store where Action: BindableAction, Action.State == State {
  /// A binding to one field, written with `BindingAction.set` through `BindingReducer`.
  ///
  /// ```swift
  /// @Reducer
  /// struct Player {
  ///   struct State: Equatable { var speed = 1.0 }
  ///   enum Action: BindableAction { case binding(BindingAction<State>) }
  ///   var body: some ReducerOf<Self> { BindingReducer() }
  /// }
  ///
  /// let store = Store(initialState: Player.State()) { Player() }
  /// let speed = store.binding(\.speed)
  /// speed.wrappedValue = 2  // sends .binding(.set(\.speed, 2))
  /// ```
  public func binding<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>
  ) -> StoreBinding<Value> {
    let field = UncheckedSendable(keyPath)
    return StoreBinding(
      get: { self.state[keyPath: field.value] },
      set: { self.send(.binding(.set(field.value, $0))) }
    )
  }
}
