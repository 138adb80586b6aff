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
