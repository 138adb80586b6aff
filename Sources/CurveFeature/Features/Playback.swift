import Composable

/// The de Casteljau animation: play and pause on the clock, step, scrub, and the steps and
/// speed sliders.
///
/// ```swift
/// Scope(state: \.animation, action: \.playback) { Playback() }
/// store.send(.playback(.togglePlaying))
/// let speed = store.scope(state: \.animation, action: \.playback).binding(\.speed)
/// ```
///
/// Ticks come from the `continuousClock` dependency every `tickInterval`, never from frames;
/// changing the speed while playing restarts the timer at the new interval.
public struct Playback: Reducer {
  public typealias State = AnimationSettings

  @CasePathable
  public enum Action: Equatable, BindableAction {
    /// The steps and speed sliders.
    case binding(BindingAction<State>)
    case togglePlaying
    /// Arrow keys with nothing selected: one step back or on, wrapping around.
    case step(by: Int)
    /// The t slider: the nearest step to `t`.
    case scrub(t: Double)
    case tick
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case let .binding(change):
        state.totalSteps = min(max(state.totalSteps, State.stepRange.lowerBound), State.stepRange.upperBound)
        state.speed = min(max(state.speed, State.speedRange.lowerBound), State.speedRange.upperBound)
        state.step = min(state.step, state.totalSteps)
        return change.sets(\.speed) && state.isPlaying ? timer(state.tickInterval) : .none

      case .togglePlaying:
        state.isPlaying.toggle()
        return state.isPlaying ? timer(state.tickInterval) : .cancel(id: CancelID.timer)

      case let .step(delta):
        let count = state.totalSteps + 1
        state.step = ((state.step + delta) % count + count) % count
        return .none

      case let .scrub(t):
        guard t.isFinite else { return .none }
        state.step = Int((min(max(t, 0), 1) * Double(state.totalSteps)).rounded())
        return .none

      case .tick:
        state.step = state.step >= state.totalSteps ? 0 : state.step + 1
        return .none
      }
    }
  }

  private func timer(_ interval: Duration) -> Effect<Action> {
    .run { [clock] send in
      for await _ in clock.timer(interval: interval) {
        await send(.tick)
      }
    }
    .cancellable(id: CancelID.timer, cancelInFlight: true)
  }
}
