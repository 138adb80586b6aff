/// Groups reducers so that an operator (`.ifLet`, `.forEach`, `._printChanges`) applies to all of them.
///
/// ```swift
/// @Reducer
/// struct App {
///   struct State: Equatable { var counter = Counter.State() }
///   enum Action { case counter(Counter.Action) }
///   var body: some ReducerOf<Self> {
///     CombineReducers {
///       Scope(state: \.counter, action: \.counter) { Counter() }
///       Reduce { state, action in .none }
///     }
///     ._printChanges()
///   }
/// }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  @usableFromInline let reducers: Reducers

  @inlinable public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  @inlinable public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }

  @inlinable public var _resolvedReduce: (inout State, Action) -> Effect<Action> { reducers._resolvedReduce }
}
