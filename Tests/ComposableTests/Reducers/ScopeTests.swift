import Composable
import Testing

struct ScopeParent: Reducer {
  struct State: Equatable {
    var child = Counter.State()
    var log: [String] = []
  }
  @CasePathable enum Action: Equatable {
    case child(Counter.Action)
    case other
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Counter() }
    Reduce { state, action in
      state.log.append(action == .other ? "other" : "child")
      return .none
    }
  }
}

@MainActor
struct ScopeTests {
  @Test func runsTheChildOnlyForChildActions() async {
    let store = TestStore(initialState: ScopeParent.State()) { ScopeParent() }
    await store.send(.child(.increment)) {
      $0.child.count = 1
      $0.log = ["child"]
    }
    await store.send(.other) { $0.log = ["child", "other"] }
  }
}

/// A parent whose state is one of two cases, each with its own child.
@Reducer
struct Session {
  @CasePathable
  enum State: Equatable {
    case loggedIn(Counter.State)
    case loggedOut
  }
  enum Action: Equatable {
    case loggedIn(Counter.Action)
    case logOut
  }
  var body: some ReducerOf<Self> {
    Scope(state: \State.Cases.loggedIn, action: \.loggedIn) { Counter() }
    Reduce { state, action in
      if action == .logOut { state = .loggedOut }
      return .none
    }
  }
}

@MainActor
struct ScopeCaseTests {
  @Test func runsTheChildOnItsCase() async {
    let store = TestStore(initialState: Session.State.loggedIn(Counter.State())) { Session() }
    await store.send(.loggedIn(.increment)) { $0 = .loggedIn(Counter.State(count: 1)) }
    await store.send(.logOut) { $0 = .loggedOut }
  }

  @Test func aChildActionInAnotherCaseIsReportedAndIgnored() async {
    let store = TestStore(initialState: Session.State.loggedOut) { Session() }
    await withKnownIssue {
      await store.send(.loggedIn(.increment))
    } matching: { $0.description.contains("state was set to a different case") }
  }

  @Test func theUnlabeledSpellingScopesByKeyPath() async {
    let reducer = Scope(\ScopeParent.State.child, action: \ScopeParent.Action.Cases.child) { Counter() }
    let store = TestStore(initialState: ScopeParent.State()) { reducer }
    await store.send(.child(.increment)) { $0.child.count = 1 }
  }
}
