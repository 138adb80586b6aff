import Composable
import CurveFeature
import Foundation
import Testing

@MainActor
struct PlaybackTests {
  func makePlayback(_ settings: AnimationSettings, clock: TestClock<Duration>) -> TestStore<AnimationSettings, Playback.Action> {
    TestStore(initialState: settings) { Playback() } withDependencies: { $0.continuousClock = clock }
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
}
