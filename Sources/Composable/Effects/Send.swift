/// Sends actions from a `.run` effect back into the store, on the main actor.
///
/// ```swift
/// return .run { send in
///   for await _ in clock.timer(interval: .seconds(1)) {
///     await send(.tick)
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
