import Composable
import Testing

/// Sends a follow-up action from its reducer, to test that queued actions are not nested.
struct Relay: Reducer {
  struct State: Equatable { var log: [String] = [] }
  @CasePathable enum Action: Equatable { case first, second, third, slow }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .first:
        state.log.append("first begins")
        defer { state.log.append("first ends") }
        return .merge(.send(.second), .send(.third))
      case .second:
        state.log.append("second")
        return .none
      case .third:
        state.log.append("third")
        return .none
      case .slow:
        return .run { send in
          try await clock.sleep(for: .seconds(10))
          await send(.second)
        }
      }
    }
  }
}

@MainActor
struct StoreTests {
  @Test func actionsSentWhileReducingAreQueuedInOrder() {
    let store = Store(initialState: Relay.State()) { Relay() }
    store.send(.first)
    #expect(store.log == ["first begins", "first ends", "second", "third"])
  }

  @Test func theVersionChangesOncePerReducedAction() {
    let store = Store(initialState: Relay.State()) { Relay() }
    let before = store.version
    store.send(.second)
    #expect(store.version == before + 1)
    store.send(.first)
    #expect(store.version == before + 4)
  }

  @Test func cancellingTheSendTaskCancelsTheEffect() async {
    let clock = TestClock()
    let store = Store(initialState: Relay.State()) { Relay() } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store.send(.slow)
    #expect(!task.isCancelled)
    task.cancel()
    await task.finish()
    await clock.run()
    #expect(store.log.isEmpty)
  }

  /// An immediate clock, not a test clock: advancing a test clock before the effect's task
  /// has reached its `sleep` would leave that sleep pending forever, and the test hung.
  @Test func effectActionsComeBackThroughTheStore() async {
    let store = Store(initialState: Relay.State()) { Relay() } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.slow).finish()
    #expect(store.log == ["second"])
  }

  @Test func aSendWithoutEffectsHasNoTask() {
    let store = Store(initialState: Relay.State()) { Relay() }
    #expect(store.send(.second).isCancelled)
  }
}
