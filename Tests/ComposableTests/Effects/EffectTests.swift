import Composable
import Testing

/// Exercises every kind of effect; each case returns one shape of effect.
struct EffectsFeature: Reducer {
  struct State: Equatable { var log: [String] = [] }
  @CasePathable enum Action: Equatable {
    case sendTwice
    case merged
    case concatenated
    case mapped
    case debounce(String)
    case cancelDebounce
    case failing
    case failingWithHandler
    case readDependency
    case record(String)
  }
  enum CancelID { case debounce }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .sendTwice:
        return .merge(.send(.record("1")), .send(.record("2")))
      case .merged:
        return .merge(
          .run { send in
            try await clock.sleep(for: .seconds(2))
            await send(.record("slow"))
          },
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.record("fast"))
          }
        )
      case .concatenated:
        return .concatenate(
          .run { send in
            try await clock.sleep(for: .seconds(2))
            await send(.record("first"))
          },
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.record("second"))
          }
        )
      case .mapped:
        return Effect<String>.send("mapped").map { Action.record($0) }
      case let .debounce(text):
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.record(text))
        }
        .cancellable(id: CancelID.debounce, cancelInFlight: true)
      case .cancelDebounce:
        return .cancel(id: CancelID.debounce)
      case .failing:
        return .run { _ in throw Failure() }
      case .failingWithHandler:
        return .run { _ in throw Failure() } catch: { error, send in
          await send(.record("caught \(error)"))
        }
      case .readDependency:
        return .run { send in await send(.record(uuid().uuidString)) }
      case let .record(entry):
        state.log.append(entry)
        return .none
      }
    }
  }

  struct Failure: Error, CustomStringConvertible { var description: String { "failure" } }
}

@MainActor
struct EffectTests {
  func makeStore(_ clock: TestClock<Duration> = TestClock()) -> TestStore<EffectsFeature.State, EffectsFeature.Action> {
    TestStore(initialState: EffectsFeature.State()) { EffectsFeature() } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }
  }

  @Test func sendEffectsArriveInOrderRightAway() async {
    let store = makeStore()
    await store.send(.sendTwice)
    await store.receive(.record("1")) { $0.log = ["1"] }
    await store.receive(.record("2")) { $0.log = ["1", "2"] }
  }

  @Test func mergedEffectsRunAtOnce() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.merged)
    await clock.advance(by: .seconds(2))
    await store.receive(.record("fast")) { $0.log = ["fast"] }
    await store.receive(.record("slow")) { $0.log = ["fast", "slow"] }
  }

  @Test func concatenatedEffectsRunOneAfterAnother() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.concatenated)
    await clock.advance(by: .seconds(2))
    await store.receive(.record("first")) { $0.log = ["first"] }
    await clock.advance(by: .seconds(1))
    await store.receive(.record("second")) { $0.log = ["first", "second"] }
  }

  @Test func mapTransformsTheActions() async {
    let store = makeStore()
    await store.send(.mapped)
    await store.receive(.record("mapped")) { $0.log = ["mapped"] }
  }

  @Test func cancelInFlightDebounces() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.debounce("a"))
    await clock.advance(by: .milliseconds(500))
    await store.send(.debounce("ab"))
    await clock.advance(by: .milliseconds(500))
    await store.send(.debounce("abc"))
    await clock.advance(by: .seconds(1))
    await store.receive(.record("abc")) { $0.log = ["abc"] }
  }

  @Test func cancelStopsTheEffect() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.debounce("a"))
    await store.send(.cancelDebounce)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func cancellingTheSendTaskCancelsTheEffect() async {
    let clock = TestClock()
    let store = makeStore(clock)
    let task = await store.send(.debounce("a"))
    await task.cancel()
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func anUnhandledErrorIsReported() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.failing).finish()
    } matching: { $0.description.contains("unhandled error") }
  }

  @Test func theCatchHandlerReceivesTheError() async {
    let store = makeStore()
    await store.send(.failingWithHandler)
    await store.receive(.record("caught failure")) { $0.log = ["caught failure"] }
  }

  @Test func dependenciesInScopeAtCreationAreInScopeWhileRunning() async {
    let store = makeStore()
    await store.send(.readDependency)
    await store.receive(\.record) { $0.log = ["00000000-0000-0000-0000-000000000000"] }
  }

  @Test func mergingNoneWithNoneIsNone() {
    #expect(Effect<Int>.none.merge(with: .none).isNone)
    #expect(Effect<Int>.merge(.none, .none, .none).isNone)
    #expect(Effect<Int>.concatenate(.none, .none).isNone)
    #expect(!Effect<Int>.send(1).merge(with: .none).isNone)
  }
}
