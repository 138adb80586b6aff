import Foundation
import Composable
import Testing

/// The test store must fail when a test is wrong; each test here is a wrong test.
@MainActor
struct TestStoreTests {
  @Test func aWrongStateAssertionFailsWithADiff() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      let text = issue.description
      return text.contains("does not match")
        && text.contains("− Counter.State(count: 2)") && text.contains("+ Counter.State(count: 1)")
    }
  }

  @Test func anUnassertedChangeFails() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.increment)
    } matching: { $0.description.contains("not expected to change") }
  }

  /// As in TCA: a trailing closure that changes nothing, in an exhaustive store, hides a
  /// missing assertion; `assert` and a non-exhaustive store are exempt.
  @Test func aTrailingClosureThatChangesNothingFails() async {
    let store = TestStore(initialState: Counter.State(count: 1)) { Counter() }
    // Text that is not a number changes nothing; a closure setting the same count says it did.
    await withKnownIssue {
      await store.send(.setCount("one")) { $0.count = 1 }
    } matching: { $0.description.contains("Expected state to change, but no change occurred.") }
    await store.send(.setCount("one"))
    store.assert { $0.count = 1 }
    store.exhaustivity = .off
    await store.send(.setCount("one")) { $0.count = 1 }
  }

  @Test func anUnreceivedActionFailsAtTheNextSend() async {
    let store = TestStore(initialState: Relay.State()) { Relay() }
    await store.send(.first) { $0.log = ["first begins", "first ends"] }
    await withKnownIssue {
      await store.send(.second) { $0.log.append("second") }
    } matching: { $0.description.contains("Must handle 2 received actions") }
  }

  @Test func anExpectedActionThatNeverArrivesFails() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.timeout = .milliseconds(50)
    await withKnownIssue {
      await store.receive(.increment)
    } matching: { $0.description.contains("Expected to receive the following action, but didn't") }
  }

  @Test func theWrongReceivedActionFails() async {
    let store = TestStore(initialState: Relay.State()) { Relay() }
    await store.send(.first) { $0.log = ["first begins", "first ends"] }
    await withKnownIssue {
      await store.receive(.third) { $0.log.append("second") }
    } matching: { $0.description.contains("unexpected action") }
    await store.skipReceivedActions()
  }

  @Test func effectsStillRunningWhenTheStoreIsReleasedFail() async {
    await withKnownIssue {
      let clock = TestClock()
      let store = TestStore(initialState: Relay.State()) { Relay() } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.slow)
    } matching: { $0.description.contains("still running") }
  }

  @Test func finishFailsWhileEffectsRun() async {
    let clock = TestClock()
    let store = TestStore(initialState: Relay.State()) { Relay() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.slow)
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: { $0.description.contains("still running") }
    await store.skipInFlightEffects()
  }

  @Test func aSendTaskThatNeverFinishesFailsInsteadOfHanging() async {
    let clock = TestClock()
    let store = TestStore(initialState: Relay.State()) { Relay() } withDependencies: {
      $0.continuousClock = clock
    }
    let task = await store.send(.slow)
    await withKnownIssue {
      await task.finish(timeout: .milliseconds(50))
    } matching: { $0.description.contains("still running after") }
    await store.skipInFlightEffects()
  }

  @Test func nonExhaustiveStoresCheckOnlyWhatIsAsserted() async {
    let store = TestStore(initialState: Relay.State()) { Relay() }
    store.exhaustivity = .off
    await store.send(.first)
    await store.receive(.third) { $0.log.removeAll { $0 == "nothing" } }
    #expect(store.state.log == ["first begins", "first ends", "second", "third"])
  }

  @Test func skipReceivedActionsAcceptsThem() async {
    let store = TestStore(initialState: Relay.State()) { Relay() }
    await store.send(.first) { $0.log = ["first begins", "first ends"] }
    await store.skipReceivedActions()
    #expect(store.state.log.count == 4)
  }

  @Test func dependenciesCanChangeMidTest() async {
    let store = TestStore(initialState: EffectsFeature.State()) { EffectsFeature() } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.readDependency)
    await store.receive(\.record) { $0.log = ["00000000-0000-0000-0000-000000000000"] }
    store.dependencies.uuid = .constant(UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!)
    await store.send(.readDependency)
    await store.receive(\.record) { $0.log.append("DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF") }
  }
}
