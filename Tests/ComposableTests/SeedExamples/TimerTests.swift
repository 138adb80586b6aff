import Composable
import Testing

/// Seed (g): a timer on the clock dependency, cancelled by a stop action.
struct TickingTimer: Reducer {
  struct State: Equatable {
    var isRunning = false
    var seconds = 0
  }
  @CasePathable enum Action: Equatable { case start, stop, tick }
  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        state.isRunning = true
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
      case .stop:
        state.isRunning = false
        return .cancel(id: CancelID.timer)
      case .tick:
        state.seconds += 1
        return .none
      }
    }
  }
}

@MainActor
struct TimerTests {
  @Test func ticksFollowTheClockAndStopCancels() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickingTimer.State()) { TickingTimer() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(\.tick) { $0.seconds = 1 }
    for seconds in 2...3 {
      await clock.advance(by: .seconds(1))
      await store.receive(\.tick) { $0.seconds = seconds }
    }
    await store.send(.stop) { $0.isRunning = false }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func restartingCancelsTheTimerInFlight() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickingTimer.State()) { TickingTimer() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start) { $0.isRunning = true }
    await clock.advance(by: .milliseconds(500))
    await store.send(.start)
    await clock.advance(by: .milliseconds(500))
    await clock.advance(by: .milliseconds(500))
    await store.receive(\.tick) { $0.seconds = 1 }
    await store.send(.stop) { $0.isRunning = false }
  }
}
