/// A reducer that changes nothing and starts nothing: the body of an empty builder.
///
/// ```swift
/// @Reducer
/// struct Placeholder {
///   struct State: Equatable {}
///   enum Action { case appeared }
///   var body: some ReducerOf<Self> {
///     EmptyReducer()
///   }
/// }
/// ```
public struct EmptyReducer<State, Action>: Reducer {
  @inlinable public init() {}

  @inlinable public func reduce(into _: inout State, action _: Action) -> Effect<Action> { .none }
}
