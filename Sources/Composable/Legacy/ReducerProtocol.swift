/// TCA 0.47's name for ``Reducer``, so features written against it compile unchanged.
///
/// ```swift
/// struct Point: ReducerProtocol {
///   struct State: Equatable { var x = 0.0 }
///   enum Action: Equatable { case moved(Double) }
///   func reduce(into state: inout State, action: Action) -> EffectTask<Action> {
///     switch action {
///     case let .moved(x): state.x = x
///     }
///     return .none
///   }
/// }
/// ```
@available(*, deprecated, renamed: "Reducer")
public typealias ReducerProtocol = Reducer

/// TCA 0.47's name for ``Effect``, as its reducers spell their return type.
@available(*, deprecated, renamed: "Effect")
public typealias EffectTask = Effect

