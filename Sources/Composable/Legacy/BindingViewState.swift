/// A binding inside a view state, before `@ObservableState`: a view state lists the
/// `@BindingState` fields its view writes, and the view store hands out their bindings.
///
/// ```swift
/// struct Settings: Reducer {
///   struct State: Equatable { @BindingState var name = ""; var saved = false }
///   enum Action: BindableAction, Equatable { case binding(BindingAction<State>) }
///   var body: some ReducerOf<Self> { BindingReducer() }
/// }
/// struct SettingsView: Equatable { @BindingViewState var name: String }
///
/// let store = Store(initialState: Settings.State()) { Settings() }
/// let viewStore = ViewStore(store, observe: { SettingsView(name: $0.$name) })
/// viewStore.$name.wrappedValue = "Ada"  // sends .binding(.set(\.$name, "Ada"))
/// ```
///
/// Two such values are equal when they were made from equal values and read equal values
/// now, so a view state holding one changes when its field does.
@available(*, deprecated, message: "Use @ObservableState state and bindings to its fields (\\.name) instead.")
@propertyWrapper
@dynamicMemberLookup
public struct BindingViewState<Value> {
  let get: @MainActor () -> Value
  let set: @MainActor (Value) -> Void
  let initialValue: Value

  @MainActor init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.get = get
    self.set = set
    self.initialValue = get()
  }

  /// The field's current value in the store. Read and written on the main actor.
  public var wrappedValue: Value {
    get { MainActor.assumeIsolated { UncheckedSendable(get()) }.value }
    nonmutating set {
      let newValue = UncheckedSendable(newValue)
      MainActor.assumeIsolated { set(newValue.value) }
    }
  }

  /// The binding a view hands to a control.
  @MainActor public var projectedValue: StoreBinding<Value> {
    StoreBinding(get: get, set: set)
  }

  /// A binding to a part of the field: `$0.$nested.field`.
  @MainActor public subscript<Part>(dynamicMember keyPath: WritableKeyPath<Value, Part>) -> BindingViewState<Part> {
    let (get, set) = (self.get, self.set)
    let keyPath = UncheckedSendable(keyPath)
    return BindingViewState<Part>(
      get: { get()[keyPath: keyPath.value] },
      set: { part in
        var value = get()
        value[keyPath: keyPath.value] = part
        set(value)
      }
    )
  }
}

@available(*, deprecated)
extension BindingViewState: Equatable where Value: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.initialValue == rhs.initialValue && lhs.wrappedValue == rhs.wrappedValue
  }
}

@available(*, deprecated)
extension BindingViewState: CustomDumpRepresentable {
  public var customDumpValue: Any { wrappedValue }
}

/// The state a view store's `observe` closure sees when its view state holds
/// `@BindingViewState` fields: reads as the state, and `$name` of a `@BindingState` field
/// gives its binding.
@available(*, deprecated, message: "Use @ObservableState state and bindings to its fields (\\.name) instead.")
@MainActor
@dynamicMemberLookup
public struct BindingViewStore<State> {
  let readState: @MainActor () -> State
  let send: @MainActor (BindingAction<State>) -> Void

  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    readState()[keyPath: keyPath]
  }

  /// `$0.$name`: the binding of the `@BindingState` field `name`.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, BindingState<Value>>
  ) -> BindingViewState<Value> {
    let (readState, send) = (readState, send)
    let keyPath = UncheckedSendable(keyPath)
    return BindingViewState(
      get: { readState()[keyPath: keyPath.value].wrappedValue },
      set: { send(.set(keyPath.value, $0)) }
    )
  }
}

/// Its accessors run on the main actor only (`wrappedValue` asserts it), so it may be held
/// by any view state.
@available(*, deprecated)
extension BindingViewState: @unchecked Sendable {}
