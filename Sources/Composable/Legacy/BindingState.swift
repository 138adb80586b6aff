/// A field a view may write through a binding, as TCA marked it before `@ObservableState`:
/// `@BindingState var text = ""` (TCA 0.47 spelled it `@BindableState`).
///
/// ```swift
/// struct Settings: Reducer {
///   struct State: Equatable { @BindingState var name = "" }
///   enum Action: BindableAction, Equatable { case binding(BindingAction<State>) }
///   var body: some ReducerOf<Self> { BindingReducer() }
/// }
///
/// let store = Store(initialState: Settings.State()) { Settings() }
/// store.send(.binding(.set(\.$name, "Ada")))  // store.name is "Ada"
/// ```
///
/// Binding actions name such a field by its projection, `\.$name`: that is what
/// `.set(\.$name, value)` writes and what `case .binding(\.$name)` matches.
@available(*, deprecated, message: "Use @ObservableState state and bindings to its fields (\\.name) instead.")
@propertyWrapper
public struct BindingState<Value> {
  public var wrappedValue: Value

  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper itself, so `\.$name` is a key path binding actions can name.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

/// TCA 0.47's name for ``BindingState``.
@available(*, deprecated, renamed: "BindingState")
public typealias BindableState = BindingState

@available(*, deprecated)
extension BindingState: Equatable where Value: Equatable {}
@available(*, deprecated)
extension BindingState: Hashable where Value: Hashable {}
@available(*, deprecated)
extension BindingState: Sendable where Value: Sendable {}

@available(*, deprecated)
extension BindingState: CustomDumpRepresentable {
  public var customDumpValue: Any { wrappedValue }
}

@available(*, deprecated)
extension BindingState: CustomReflectable {
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

@available(*, deprecated)
extension BindingAction {
  /// Sets the `@BindingState` field at `keyPath` (`\.$name`) to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, BindingState<Value>>, _ value: Value
  ) -> Self {
    let keyPath = UncheckedSendable(keyPath)
    return Self(
      keyPath: keyPath.value,
      value: value,
      set: { $0[keyPath: keyPath.value].wrappedValue = value },
      isEqual: { ($0 as? Value) == value }
    )
  }

  /// `case .binding(\.$name)`: whether the action sets that `@BindingState` field.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, BindingState<Value>>, bindingAction: Self) -> Bool {
    bindingAction.keyPath == keyPath
  }
}

@available(*, deprecated)
extension BindingAction.AllCasePaths {
  /// `\Action.Cases.binding.$name`: the value a binding action sets a `@BindingState` field to.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<Root, BindingState<Value>>
  ) -> AnyCasePath<BindingAction, Value> {
    let keyPath = UncheckedSendable(keyPath)
    return AnyCasePath(
      embed: { .set(keyPath.value, $0) },
      extract: { $0.keyPath == keyPath.value ? $0.value as? Value : nil }
    )
  }
}

@available(*, deprecated)
extension BindableAction {
  /// Shorthand for `.binding(.set(\.$name, value))`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, BindingState<Value>>, _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}
