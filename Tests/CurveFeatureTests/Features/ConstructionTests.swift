import Composable
import CurveFeature
import Foundation
import Testing

@MainActor
struct PlaybackTests {
  func makePlayback(_ settings: AnimationSettings, clock: TestClock<Duration>) -> TestStore<AnimationSettings, Construction.Action> {
    TestStore(initialState: settings) { Construction() } withDependencies: { $0.continuousClock = clock }
  }

  @Test func playTicksOnTheClockLoopsAndPauses() async {
    let clock = TestClock()
    let store = makePlayback(AnimationSettings(totalSteps: 2, speed: 95), clock: clock)  // a tick every 100 ms
    await store.send(.togglePlaying) { $0.isPlaying = true }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.tick) { $0.step = 1 }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.tick) { $0.step = 2 }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.tick) { $0.step = 0 }
    await store.send(.togglePlaying) { $0.isPlaying = false }
    await clock.advance(by: .seconds(1))
  }

  @Test func changingSpeedWhilePlayingRestartsTheTimer() async {
    let clock = TestClock()
    let store = makePlayback(AnimationSettings(totalSteps: 10, speed: 5), clock: clock)  // a tick every second
    await store.send(.togglePlaying) { $0.isPlaying = true }
    await clock.advance(by: .milliseconds(500))
    await store.send(.binding(.set(\.speed, 95))) { $0.speed = 95 }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.tick) { $0.step = 1 }
    await store.send(.togglePlaying) { $0.isPlaying = false }
  }

  @Test func theSlidersAreClamped() async {
    let store = makePlayback(AnimationSettings(), clock: TestClock())
    await store.send(.binding(.set(\.totalSteps, 20))) { $0.totalSteps = 20 }
    await store.send(.scrub(t: 1)) { $0.step = 20 }
    await store.send(.binding(.set(\.totalSteps, 500))) { $0.totalSteps = 100 }
    await store.send(.binding(.set(\.totalSteps, 4))) {
      $0.totalSteps = 4
      $0.step = 4
    }
    await store.send(.binding(.set(\.speed, -4))) { $0.speed = 0 }
  }

  @Test func stepsWrapAroundAndScrubbingRounds() async {
    let store = makePlayback(AnimationSettings(), clock: TestClock())
    await store.send(.step(by: -1)) { $0.step = 10 }
    await store.send(.step(by: 1)) { $0.step = 0 }
    await store.send(.scrub(t: 0.44)) { $0.step = 4 }
    await store.send(.scrub(t: 7)) { $0.step = 10 }
    await store.send(.scrub(t: .nan))
  }

  // MARK: Smooth motion and repetition

  /// Lets the clock run `duration`, a display frame at a time, receiving each update (until
  /// playing stops).
  func run(_ store: TestStore<AnimationSettings, Construction.Action>, _ clock: TestClock<Duration>, for duration: Duration) async {
    store.exhaustivity = .off
    for _ in 0..<Int((duration / AnimationSettings.frameInterval).rounded()) where store.state.isPlaying {
      await clock.advance(by: AnimationSettings.frameInterval)
      await store.receive(\.advance)
    }
    store.exhaustivity = .on
  }

  @Test func smoothMotionSweepsOnceInItsDurationAtSixtyUpdatesASecond() async {
    let clock = TestClock()
    let store = makePlayback(AnimationSettings(mode: .smooth, duration: 2), clock: clock)
    await store.send(.togglePlaying) { $0.isPlaying = true }
    await clock.advance(by: AnimationSettings.frameInterval)
    await store.receive(.advance(by: AnimationSettings.frameInterval)) { $0.progress = 1.0 / 120 }
    await run(store, clock, for: .seconds(1) - AnimationSettings.frameInterval)
    #expect(abs(store.state.progress - 0.5) < 1e-9)
    await run(store, clock, for: .milliseconds(1250))
    #expect(abs(store.state.progress - 0.125) < 1e-9, "looped past 1")
    await store.send(.togglePlaying) { $0.isPlaying = false }
    await clock.advance(by: .seconds(5))
  }

  @Test func pingPongComesBackFromOne() async {
    let clock = TestClock()
    let store = makePlayback(AnimationSettings(mode: .smooth, duration: 1, repetition: .pingPong), clock: clock)
    await store.send(.togglePlaying) { $0.isPlaying = true }
    await run(store, clock, for: .milliseconds(1250))
    #expect(abs(store.state.progress - 0.75) < 1e-9 && store.state.isReversing)
    await run(store, clock, for: .seconds(1))
    #expect(abs(store.state.progress - 0.25) < 1e-9 && !store.state.isReversing)
    await store.send(.togglePlaying) { $0.isPlaying = false }
  }

  @Test func onceStopsAtOneAndPlaysAgainFromZero() async {
    let clock = TestClock()
    let store = makePlayback(AnimationSettings(mode: .smooth, duration: 1, repetition: .once), clock: clock)
    await store.send(.togglePlaying) { $0.isPlaying = true }
    await run(store, clock, for: .seconds(2))
    #expect(store.state.progress == 1 && !store.state.isPlaying)
    await store.send(.togglePlaying) {
      $0.isPlaying = true
      $0.progress = 0
    }
    await store.send(.togglePlaying) { $0.isPlaying = false }
  }

  @Test func stepsPingPongAndOnce() async {
    let clock = TestClock()
    let store = makePlayback(AnimationSettings(totalSteps: 2, speed: 95, repetition: .pingPong), clock: clock)
    await store.send(.togglePlaying) { $0.isPlaying = true }
    for (step, reversing) in [(1, false), (2, false), (1, true), (0, true), (1, false)] {
      await clock.advance(by: .milliseconds(100))
      await store.receive(.tick) {
        $0.step = step
        $0.isReversing = reversing
      }
    }
    await store.send(.cycleRepetition) {
      $0.repetition = .once
      $0.isReversing = false
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.tick) {
      $0.step = 2
      $0.isPlaying = false
    }
    await clock.advance(by: .seconds(1))
  }

  @Test func switchingModesKeepsTAndScrubbingIsExactWhenSmooth() async {
    let store = makePlayback(AnimationSettings(totalSteps: 10), clock: TestClock())
    await store.send(.scrub(t: 0.3)) { $0.step = 3 }
    await store.send(.toggleMode) {
      $0.mode = .smooth
      $0.progress = 0.3
    }
    await store.send(.scrub(t: 0.333)) { $0.progress = 0.333 }
    await store.send(.toggleMode) {
      $0.mode = .steps
      $0.step = 3
    }
    await store.send(.toggleArcLength) { $0.parametrization = .arcLength }
    await store.send(.binding(.set(\.duration, 100))) { $0.duration = 30 }
  }
}
