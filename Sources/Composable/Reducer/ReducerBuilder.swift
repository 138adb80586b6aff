/// Builds one reducer out of a list of reducers, run top to bottom, with `if`, `if/else`,
/// `for`, and optionals.
///
/// ```swift
/// @Reducer
/// struct Profile {
///   struct State: Equatable { var name = "" }
///   enum Action: BindableAction { case binding(BindingAction<State>) }
///   var isLogging = false
///
///   var body: some ReducerOf<Self> {
///     BindingReducer()
///     if isLogging {
///       Reduce { _, action in
///         print("profile:", action)
///         return .none
///       }
///     }
///     Reduce { state, action in .none }
///   }
/// }
/// ```
@resultBuilder
public enum ReducerBuilder<State, Action> {
  public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  public static func buildExpression<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action { reducer }

  /// A reducer known only by its protocol (`Feature() as any ReducerOf<Feature>`); disfavoured,
  /// so a reducer of a known type keeps it.
  @_disfavoredOverload
  public static func buildExpression(_ reducer: any Reducer<State, Action>) -> Reduce<State, Action> {
    Reduce(reducer)
  }

  public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.State == State, R.Action == Action { first }

  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: R0, next: R1
  ) -> _SequenceReducer<R0, R1>
  where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    _SequenceReducer(first: accumulated, second: next)
  }

  public static func buildOptional<R: Reducer>(_ reducer: R?) -> R?
  where R.State == State, R.Action == Action { reducer }

  public static func buildEither<First: Reducer, Second: Reducer>(
    first reducer: First
  ) -> _ConditionalReducer<First, Second>
  where First.State == State, First.Action == Action { .first(reducer) }

  public static func buildEither<First: Reducer, Second: Reducer>(
    second reducer: Second
  ) -> _ConditionalReducer<First, Second>
  where Second.State == State, Second.Action == Action { .second(reducer) }

  public static func buildArray<R: Reducer>(_ reducers: [R]) -> _ReducerArray<R>
  where R.State == State, R.Action == Action { _ReducerArray(reducers: reducers) }

  public static func buildLimitedAvailability<R: Reducer>(_ reducer: R) -> Reduce<State, Action>
  where R.State == State, R.Action == Action { Reduce(reducer) }

  public static func buildFinalResult<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action { reducer }
}

/// Two reducers run one after the other on the same action; their effects are merged.
public struct _SequenceReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  @usableFromInline let first: First
  @usableFromInline let second: Second

  @inlinable init(first: First, second: Second) {
    self.first = first
    self.second = second
  }

  @inlinable public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    let firstEffect = first.reduce(into: &state, action: action)
    return firstEffect.merge(with: second.reduce(into: &state, action: action))
  }

  // Each part resolved once: a part with a `body` would otherwise build it on every action.
  @inlinable public var _resolvedReduce: (inout First.State, First.Action) -> Effect<First.Action> {
    let first = first._resolvedReduce, second = second._resolvedReduce
    return { state, action in
      let firstEffect = first(&state, action)
      return firstEffect.merge(with: second(&state, action))
    }
  }
}

/// The reducer of one branch of an `if/else`.
public enum _ConditionalReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  case first(First)
  case second(Second)

  @inlinable public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch self {
    case let .first(reducer): reducer.reduce(into: &state, action: action)
    case let .second(reducer): reducer.reduce(into: &state, action: action)
    }
  }

  @inlinable public var _resolvedReduce: (inout First.State, First.Action) -> Effect<First.Action> {
    switch self {
    case let .first(reducer): reducer._resolvedReduce
    case let .second(reducer): reducer._resolvedReduce
    }
  }
}

/// Reducers built by a `for` loop, run in order.
public struct _ReducerArray<Element: Reducer>: Reducer {
  let reducers: [Element]

  public func reduce(into state: inout Element.State, action: Element.Action) -> Effect<Element.Action> {
    var effect = Effect<Element.Action>.none
    for reducer in reducers {
      effect = effect.merge(with: reducer.reduce(into: &state, action: action))
    }
    return effect
  }

  public var _resolvedReduce: (inout Element.State, Element.Action) -> Effect<Element.Action> {
    let reducers = reducers.map(\._resolvedReduce)
    return { state, action in
      reducers.reduce(Effect<Element.Action>.none) { $0.merge(with: $1(&state, action)) }
    }
  }
}

/// An optional reducer runs when present and does nothing when `nil` (an `if` without `else`).
extension Optional: Reducer where Wrapped: Reducer {
  public typealias State = Wrapped.State
  public typealias Action = Wrapped.Action

  @inlinable public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<Wrapped.Action> {
    self?.reduce(into: &state, action: action) ?? .none
  }

  @inlinable public var _resolvedReduce: (inout Wrapped.State, Wrapped.Action) -> Effect<Wrapped.Action> {
    self?._resolvedReduce ?? { _, _ in .none }
  }
}
