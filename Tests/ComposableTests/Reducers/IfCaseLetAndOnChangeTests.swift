import Composable
import Testing

@MainActor
struct IfCaseLetReducerTests {
  struct Failure: Error, Equatable {}

  @Test func runsTheChildInItsCase() async {
    let store = TestStore(initialState: Result<Int, Failure>.success(0)) {
      EmptyReducer<Result<Int, Failure>, Result<Int, Failure>>()
        .ifCaseLet(\.success, action: \.success) {
          Reduce { state, action in
            state = action
            return state < 0 ? .run { send in await send(0) } : .none
          }
        }
    }
    await store.send(.success(1)) { $0 = .success(1) }
    await store.send(.failure(Failure()))
    await store.send(.success(-1)) { $0 = .success(-1) }
    await store.receive(.success(0)) { $0 = .success(0) }
  }

  @Test func aChildActionInAnotherCaseIsReported() async {
    let store = TestStore(initialState: Result<Int, Failure>.failure(Failure())) {
      EmptyReducer<Result<Int, Failure>, Result<Int, Failure>>()
        .ifCaseLet(\.success, action: \.success) {}
    }
    await withKnownIssue {
      await store.send(.success(1))
    } matching: { $0.description.contains("received a child action when child state") }
  }

  /// The child: `Row` from the forEach tests, whose timer runs until it is cancelled.
  typealias Child = Row

  struct Parent: Reducer {
    @CasePathable enum State: Equatable {
      case first(Child.State)
      case second(Child.State)
    }
    @CasePathable enum Action: Equatable {
      case first(Child.Action)
      case second(Child.Action)
      case showSecond
      case replaceFirst
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .showSecond: state = .second(Child.State(id: 0))
        case .replaceFirst: state = .first(Child.State(id: 1))
        case .first, .second: break
        }
        return .none
      }
      .ifCaseLet(\.first, action: \.first) { Child() }
      .ifCaseLet(\.second, action: \.second) { Child() }
    }
  }

  @Test func leavingTheCaseCancelsTheChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State.first(Child.State(id: 0))) { Parent() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.first.start)
    await clock.advance(by: .seconds(1))
    await store.receive(\.first.tick) { $0 = .first(Child.State(id: 0, ticks: 1)) }
    await store.send(.showSecond) { $0 = .second(Child.State(id: 0)) }
    await clock.advance(by: .seconds(5))
  }

  @Test func aChildOfAnotherIdCancelsTheOldChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State.first(Child.State(id: 0))) { Parent() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.first.start)
    await store.send(.replaceFirst) { $0 = .first(Child.State(id: 1)) }
    await clock.advance(by: .seconds(5))
  }
}

@MainActor
struct OnChangeReducerTests {
  struct Feature: Reducer {
    struct State: Equatable {
      var count = 0
      var description = ""
    }
    enum Action: Equatable { case increment, decrement, unrelated }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .increment: state.count += 1
        case .decrement: state.count -= 1
        case .unrelated: break
        }
        return .none
      }
      .onChange(of: \.count) { oldValue, newValue in
        Reduce { state, _ in
          state.description = "\(oldValue)→\(newValue)"
          return newValue > 1 ? .send(.decrement) : .none
        }
      }
    }
  }

  @Test func runsWhenTheValueChangesWithTheOldAndNewValues() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.increment) {
      $0.count = 1
      $0.description = "0→1"
    }
    await store.send(.unrelated)
    await store.send(.increment) {
      $0.count = 2
      $0.description = "1→2"
    }
    await store.receive(.decrement) {
      $0.count = 1
      $0.description = "2→1"
    }
  }
}
