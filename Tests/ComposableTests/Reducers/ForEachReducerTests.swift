import Composable
import Testing

/// A row that can start a long-running effect, to test effect cancellation on removal.
struct Row: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var ticks = 0
  }
  @CasePathable enum Action: Equatable { case start, tick }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}

struct Rows: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row.State> = [.init(id: 1), .init(id: 2)]
  }
  @CasePathable enum Action: Equatable {
    case rows(IdentifiedActionOf<Row>)
    case remove(id: Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case let .remove(id) = action { state.rows.remove(id: id) }
      return .none
    }
    .forEach(\.rows, action: \.rows) { Row() }
  }
}

@MainActor
struct ForEachReducerTests {
  @Test func anElementsEffectsAreCancelledWhenItIsRemoved() async {
    let clock = TestClock()
    let store = TestStore(initialState: Rows.State()) { Rows() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 1, action: .start)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows) { $0.rows[id: 1]?.ticks = 1 }
    await store.send(.remove(id: 1)) { $0.rows.remove(id: 1) }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func removingAnotherElementKeepsTheEffectRunning() async {
    let clock = TestClock()
    let store = TestStore(initialState: Rows.State()) { Rows() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 1, action: .start)))
    await store.send(.remove(id: 2)) { $0.rows.remove(id: 2) }
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 1, action: .tick))) { $0.rows[id: 1]?.ticks = 1 }
    await store.skipInFlightEffects()
  }

  @Test func anActionForAMissingIdIsReportedAndIgnored() async {
    let store = TestStore(initialState: Rows.State()) { Rows() }
    await withKnownIssue {
      await store.send(.rows(.element(id: 99, action: .tick)))
    } matching: { issue in
      issue.description.contains("received an action for a missing element")
    }
  }

  @Test func anElementActionChangesOnlyThatElement() {
    let store = Store(initialState: Rows.State()) { Rows() }
    store.send(.rows(.element(id: 2, action: .tick)))
    #expect(store.rows[id: 2]?.ticks == 1)
    #expect(store.rows[id: 1]?.ticks == 0)
  }
}

/// Two collections whose actions have the same payload type: extraction by enum tag must
/// route each action to its own collection, whichever case is seen first.
struct TwoLists: Reducer {
  struct State: Equatable {
    var left: IdentifiedArrayOf<Row.State> = [.init(id: 1)]
    var right: IdentifiedArrayOf<Row.State> = [.init(id: 1)]
  }
  @CasePathable enum Action: Equatable {
    case left(IdentifiedActionOf<Row>)
    case right(IdentifiedActionOf<Row>)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.left, action: \.left) { Row() }
      .forEach(\.right, action: \.right) { Row() }
  }
}

@MainActor
struct SamePayloadCasesTests {
  @Test func eachCaseReachesOnlyItsOwnCollection() async {
    let store = TestStore(initialState: TwoLists.State()) { TwoLists() }
    await store.send(.right(.element(id: 1, action: .tick))) { $0.right[id: 1]?.ticks = 1 }
    await store.send(.left(.element(id: 1, action: .tick))) { $0.left[id: 1]?.ticks = 1 }
    await store.send(.right(.element(id: 1, action: .tick))) { $0.right[id: 1]?.ticks = 2 }
    await store.send(.left(.element(id: 1, action: .tick))) { $0.left[id: 1]?.ticks = 2 }
  }
}

/// A parent in TCA's older spelling: an `(id, action)` case, reached by an `AnyCasePath`.
struct LegacyRows: Reducer {
  struct State: Equatable { var rows: IdentifiedArrayOf<Row.State> = [.init(id: 1), .init(id: 2)] }
  enum Action: Equatable { case row(id: Int, action: Row.Action) }
  @available(*, deprecated)
  var body: some ReducerOf<Self> {
    EmptyReducer().forEach(\.rows, action: /Action.row(id:action:)) { Row() }
  }
}

@MainActor
struct LegacyForEachTests {
  @available(*, deprecated)
  @Test func anAnyCasePathReachesTheElement() async {
    let store = TestStore(initialState: LegacyRows.State()) { LegacyRows() }
    await store.send(.row(id: 2, action: .tick)) { $0.rows[id: 2]?.ticks = 1 }
  }
}
