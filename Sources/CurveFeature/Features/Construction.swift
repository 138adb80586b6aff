import Composable

/// The de Casteljau construction swept along the curve: play and pause on the clock in steps or smoothly, loop,
/// ping-pong or once, step, scrub, and the panel's settings.
///
/// ```swift
/// Scope(state: \.animation, action: \.animation) { Construction() }
/// store.send(.animation(.togglePlaying))
/// let duration = store.scope(state: \.animation, action: \.animation).binding(\.duration)
/// ```
///
/// Time comes from the `continuousClock` dependency's timer, never from drawn frames: in steps
/// mode a tick every `tickInterval`; smoothly, `AnimationSettings.framesPerSecond` updates a
/// second, each advancing t by one update's share of `duration`. Changing the speed or the
/// mode while playing restarts the timer.
public struct Construction: Reducer {
  public typealias State = AnimationSettings

  @CasePathable
  public enum Action: Equatable, Sendable, BindableAction {
    /// The panel's settings: steps, speed, duration, mode, repetition, parametrization.
    case binding(BindingAction<State>)
    case togglePlaying
    /// Arrow keys with nothing selected: one step (1/totalSteps) back or on, wrapping around.
    case step(by: Int)
    /// The t slider: that t exactly when smooth, the nearest step in steps mode.
    case scrub(t: Double)
    /// Steps mode: the next step.
    case tick
    /// Smooth mode: `elapsed` of the clock's time has passed.
    case advance(by: Duration)
    /// M: steps ⇄ smooth, keeping t.
    case toggleMode
    /// Alt+R: loop → ping-pong → once.
    case cycleRepetition
    /// K: constant speed along the curve, or not.
    case toggleArcLength
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
        state.duration = state.duration.isFinite
          ? min(max(state.duration, State.durationRange.lowerBound), State.durationRange.upperBound) : State().duration
        state.step = min(state.step, state.totalSteps)
        return change.sets(\.speed) && state.isPlaying && state.mode == .steps ? timer(state) : .none

      case .togglePlaying:
        state.isPlaying.toggle()
        guard state.isPlaying else { return .cancel(id: CancelID.timer) }
        if state.repetition == .once, state.isAtEnd { state.rewind() }
        return timer(state)

      case let .step(delta):
        state.step(by: delta)
        return .none

      case let .scrub(t):
        guard t.isFinite else { return .none }
        let t = min(max(t, 0), 1)
        if state.mode == .steps {
          state.step = Int((t * Double(state.totalSteps)).rounded())
        } else {
          state.progress = t
        }
        return .none

      case .tick:
        let end = state.totalSteps
        switch state.repetition {
        case .loop:
          state.step = state.step >= end ? 0 : state.step + 1
        case .pingPong:
          if state.isReversing ? state.step <= 0 : state.step >= end { state.isReversing.toggle() }
          state.step = min(max(state.step + (state.isReversing ? -1 : 1), 0), end)
        case .once:
          state.step = min(state.step + 1, end)
          if state.step == end { return stop(&state) }
        }
        return .none

      case let .advance(elapsed):
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        guard seconds > 0, seconds.isFinite else { return .none }
        let delta = seconds / state.duration
        switch state.repetition {
        case .loop:
          state.progress = (state.progress + delta).truncatingRemainder(dividingBy: 1)
        case .pingPong:
          // Reflected at both ends, as many times as the elapsed time needs.
          var next = state.progress + (state.isReversing ? -delta : delta)
          while next > 1 || next < 0 {
            next = next > 1 ? 2 - next : -next
            state.isReversing.toggle()
          }
          state.progress = next
        case .once:
          state.progress = min(state.progress + delta, 1)
          if state.progress == 1 { return stop(&state) }
        }
        return .none

      case .toggleMode:
        let t = state.t
        state.mode = state.mode == .steps ? .smooth : .steps
        state.progress = t
        state.step = Int((t * Double(state.totalSteps)).rounded())
        return state.isPlaying ? timer(state) : .none

      case .cycleRepetition:
        let all = State.Repetition.allCases
        state.repetition = all[(all.firstIndex(of: state.repetition)! + 1) % all.count]
        if state.repetition != .pingPong { state.isReversing = false }
        return .none

      case .toggleArcLength:
        state.parametrization = state.parametrization == .t ? .arcLength : .t
        return .none
      }
    }
  }

  private func stop(_ state: inout State) -> Effect<Action> {
    state.isPlaying = false
    return .cancel(id: CancelID.timer)
  }

  private func timer(_ state: State) -> Effect<Action> {
    switch state.mode {
    case .steps:
      return .run { [clock, interval = state.tickInterval] send in
        for await _ in clock.timer(interval: interval) {
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .smooth:
      return .run { [clock] send in
        for await _ in clock.timer(interval: State.frameInterval) {
          await send(.advance(by: State.frameInterval))
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    }
  }
}
