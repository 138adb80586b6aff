/// An action that sets one field of the state: what a slider or a toggle sends.
///
/// ```swift
/// @Reducer
/// struct Player {
///   struct State: Equatable { var speed = 1.0 }
///   enum Action: BindableAction { case binding(BindingAction<State>) }
///   var body: some ReducerOf<Self> { BindingReducer() }
/// }
///
/// let store = TestStore(initialState: Player.State()) { Player() }
/// await store.send(.binding(.set(\.speed, 2))) { $0.speed = 2 }
/// ```
///
/// Two binding actions are equal when they set the same field to equal values.
public struct BindingAction<Root>: @unchecked Sendable {
  /// The field being set.
  public let keyPath: PartialKeyPath<Root>
  /// The new value, type-erased for printing and comparison.
  public let value: any Sendable
  @usableFromInline let set: @Sendable (inout Root) -> Void
  let isEqual: @Sendable (Any) -> Bool

  /// Sets the field at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>, _ value: Value
  ) -> Self {
    let keyPath = UncheckedSendable(keyPath)
    return Self(
      keyPath: keyPath.value,
      value: value,
      set: { $0[keyPath: keyPath.value] = value },
      isEqual: { ($0 as? Value) == value }
    )
  }

  /// Whether this action sets the field at `keyPath`.
  public func sets<Value>(_ keyPath: WritableKeyPath<Root, Value>) -> Bool {
    self.keyPath == keyPath
  }

  /// A binding action that changes nothing, to prime `BindingReducer`'s case path.
  @usableFromInline static var identity: Self {
    Self(keyPath: \Root.self, value: 0, set: { _ in }, isEqual: { _ in false })
  }

  /// Applies the change to `root`.
  @inlinable public func apply(to root: inout Root) { set(&root) }
}

extension BindingAction: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.isEqual(rhs.value)
  }
}

/// Case key paths into binding actions by the field they set, as in TCA:
/// `\Action.Cases.binding.text` embeds `.binding(.set(\.text, value))`, so tests write
/// `await store.send(\.binding.text, "hi")`.
extension BindingAction: CasePathable {
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<Root, Value>
    ) -> AnyCasePath<BindingAction, Value> {
      let keyPath = UncheckedSendable(keyPath)
      return AnyCasePath(
        embed: { .set(keyPath.value, $0) },
        extract: { $0.keyPath == keyPath.value ? $0.value as? Value : nil }
      )
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension BindingAction: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    Mirror(self, children: ["set": (keyPath, value)], displayStyle: .enum)
  }
}

/// An action type with a case that carries ``BindingAction``s, so `BindingReducer` can apply them.
///
/// ```swift
/// struct Player: Reducer {
///   struct State: Equatable { var speed = 1.0 }
///   @CasePathable enum Action: BindableAction {
///     case binding(BindingAction<State>)
///   }
///   var body: some ReducerOf<Self> { BindingReducer() }
/// }
/// ```
public protocol BindableAction {
  associatedtype State
  /// Embeds a binding action; the enum case `binding(_:)` satisfies this.
  static func binding(_ action: BindingAction<State>) -> Self
  /// The binding action this action carries, if any.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  public var binding: BindingAction<State>? {
    AnyCasePath(unsafe: { Self.binding($0) }).extract(from: self)
  }

  /// Shorthand for `.binding(.set(keyPath, value))`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>, _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}

/// Applies binding actions to the state, so a feature's reducer only reacts to the ones it
/// cares about.
///
/// ```swift
/// @Reducer
/// struct Player {
///   struct State: Equatable { var speed = 1.0; var position = 0.0 }
///   enum Action: BindableAction { case binding(BindingAction<State>), restart }
///   var body: some ReducerOf<Self> {
///     BindingReducer()
///     Reduce { state, action in
///       switch action {
///       case let .binding(change) where change.sets(\.speed): return .send(.restart)
///       case .binding: return .none
///       case .restart:
///         state.position = 0
///         return .none
///       }
///     }
///   }
/// }
/// ```
public struct BindingReducer<State, Action: BindableAction>: Reducer where Action.State == State {
  /// Built once per reducer, with the binding case's tag learned from a sample, so every
  /// action that is not a binding is told apart by its tag alone.
  @usableFromInline let toBindingAction: ResolvedCasePath<Action, BindingAction<State>>

  @inlinable public init() {
    toBindingAction = ResolvedCasePath(extract: { $0.binding }, embed: Action.binding, sample: .identity)
  }

  @inlinable public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toBindingAction.extract(from: action)?.apply(to: &state)
    return .none
  }
}
