/// A reducer made from a closure: the leaf of every feature's `body`.
///
/// ```swift
/// @Reducer
/// struct Stepper {
///   struct State: Equatable { var value = 0 }
///   enum Action { case increment, decrement }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .increment: state.value += 1
///       case .decrement: state.value -= 1
///       }
///       return .none
///     }
///   }
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  @usableFromInline let reduce: (inout State, Action) -> Effect<Action>

  @inlinable public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Erases another reducer's type.
  public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.reduce = reducer._resolvedReduce
  }

  @inlinable public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }
}
