import Composable
import Testing

struct Sheet: Reducer {
  struct State: Equatable {
    var row: Row.State?
  }
  @CasePathable enum Action: Equatable {
    case row(Row.Action)
    case present
    case dismiss
    case replace
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .present: state.row = Row.State(id: 0)
      case .dismiss: state.row = nil
      case .replace: state.row = Row.State(id: (state.row?.id ?? 0) + 1)
      case .row: break
      }
      return .none
    }
    .ifLet(\.row, action: \.row) { Row() }
  }
}

@MainActor
struct IfLetReducerTests {
  @Test func childEffectsAreCancelledWhenTheChildBecomesNil() async {
    let clock = TestClock()
    let store = TestStore(initialState: Sheet.State()) { Sheet() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.present) { $0.row = Row.State(id: 0) }
    await store.send(.row(.start))
    await clock.advance(by: .seconds(1))
    await store.receive(\.row.tick) { $0.row?.ticks = 1 }
    await store.send(.dismiss) { $0.row = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  /// A child of another id is a new child: the old one's effects end with it.
  @Test func childEffectsAreCancelledWhenAnIdentifiableChildIsReplaced() async {
    let clock = TestClock()
    let store = TestStore(initialState: Sheet.State(row: Row.State(id: 0))) { Sheet() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.row(.start))
    await store.send(.replace) { $0.row = Row.State(id: 1) }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aChildActionWhileNilIsReported() async {
    let store = TestStore(initialState: Sheet.State()) { Sheet() }
    await withKnownIssue {
      await store.send(.row(.tick))
    } matching: { $0.description.contains("child state was \"nil\"") }
  }
}
