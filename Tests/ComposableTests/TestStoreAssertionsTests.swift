import Composable
import Foundation
import Testing
import XCTest

/// A relay whose `.start` effect waits, then sends `.tick`, which answers with two sends in a
/// concatenation.
@Reducer
struct Ticker {
  struct State: Equatable { var log: [String] = [] }
  enum Action: Equatable { case start, tick, first, second }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
          await send(.first)
        }
      case .tick:
        state.log.append("tick \(uuid().uuidString.prefix(8))")
        return .concatenate(.send(.first), .send(.second))
      case .first, .second:
        state.log.append("\(action)")
        return .none
      }
    }
  }
}

/// The TestStore assertions TCA's own tests lean on.
@MainActor
struct TestStoreAssertionsTests {
  /// Concatenated sends arrive at once and in order, before the effect that caused them goes on.
  @Test func concatenatedSendsArriveBeforeTheEffectResumes() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) { Ticker() } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }
    await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.log = ["tick 00000000"] }
    await store.receive(.first) { $0.log.append("first") }
    await store.receive(.second) { $0.log.append("second") }
    await store.receive(.first) { $0.log.append("first") }
  }

  @Test func aPredicateReceivesActionsThatAreNotEquatable() async {
    let store = TestStore(initialState: Ticker.State()) { Ticker() } withDependencies: {
      $0.continuousClock = ImmediateClock()
      $0.uuid = .incrementing
    }
    store.exhaustivity = .off
    await store.send(.start)
    await store.receive { $0 == .second } assert: { $0.log = ["tick 00000000", "first", "second"] }
    await withKnownIssue {
      await store.receive({ $0 == .start }, timeout: .milliseconds(50))
    } matching: { $0.description.contains("matching predicate") }
  }

  @Test func skippedEffectsKeepRunningAndTheirActionsAreStillReceived() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) { Ticker() } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }
    await store.send(.start)
    await store.skipInFlightEffects()
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.log = ["tick 00000000"] }
    await store.skipReceivedActions()
  }

  @Test func assertChecksTheStateWithoutSending() async {
    let store = TestStore(initialState: Ticker.State(log: ["a", "b"])) { Ticker() }
    store.assert { $0.log = ["a", "b"] }
    await withKnownIssue {
      store.assert { $0.log = ["a"] }
    } matching: { $0.description.contains("does not match") }
  }

  @Test func assertionsSeeTheStoresDependenciesWhichArePreparedOnce() async {
    var prepared = 0
    let store = TestStore(initialState: Ticker.State()) { Ticker() } withDependencies: {
      prepared += 1
      $0.continuousClock = ImmediateClock()
      $0.uuid = .constant(UUID(uuidString: "12345678-0000-0000-0000-000000000000")!)
    }
    #expect(prepared == 1)
    store.exhaustivity = .off
    await store.send(.start)
    await store.receive(.tick) {
      @Dependency(\.uuid) var uuid
      $0.log = ["tick \(uuid().uuidString.prefix(8))"]
    }
    await store.skipReceivedActions()
  }
}

/// TCA's own tests are nonisolated async XCTests: the store is created with `await` and
/// released off the main actor, where its end-of-test checks must still run.
final class NonisolatedTestStoreTests: XCTestCase {
  func testAStoreReleasedOffTheMainActorStillChecksItsEffects() async {
    let store = await TestStore(initialState: Ticker.State()) { Ticker() } withDependencies: {
      $0.continuousClock = ImmediateClock()
      $0.uuid = .incrementing
    }
    await store.send(.tick) { $0.log = ["tick 00000000"] }
    await store.receive(.first) { $0.log.append("first") }
    await store.receive(.second) { $0.log.append("second") }
  }
}
