/// Sends actions from a `.run` effect back into the store, on the main actor.
///
/// ```swift
/// @Reducer
/// struct Ticker {
///   struct State: Equatable { var ticks = 0 }
///   enum Action { case start, tick }
///   @Dependency(\.continuousClock) var clock
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .start:
///         return .run { send in
///           for await _ in clock.timer(interval: .seconds(1)) {
///             await send(.tick)
///           }
///         }
///       case .tick:
///         state.ticks += 1
///         return .none
///       }
///     }
///   }
/// }
/// ```
///
/// Once the effect's task is cancelled, sending does nothing, so a cancelled timer cannot
/// deliver one last tick.
@MainActor
public struct Send<Action>: Sendable {
  let send: @MainActor @Sendable (Action) -> Void

  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }
}
