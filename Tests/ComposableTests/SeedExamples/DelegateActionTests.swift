import Composable
import Testing

/// Seed (h): a child tells its parent what happened through a delegate action, and keeps
/// private state that no view reads.
struct ConfirmButton: Reducer {
  struct State: Equatable {
    var title = "Delete"
    /// Reducer-private: how many taps are still needed. Views only read `title`.
    fileprivate var tapsRemaining = 2
  }
  @CasePathable enum Action: Equatable {
    case tapped
    case delegate(Delegate)
    @CasePathable enum Delegate: Equatable { case confirmed }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .tapped:
        state.tapsRemaining -= 1
        state.title = state.tapsRemaining > 0 ? "Tap again to delete" : "Deleted"
        return state.tapsRemaining == 0 ? .send(.delegate(.confirmed)) : .none
      case .delegate:
        return .none
      }
    }
  }
}

struct ItemScreen: Reducer {
  struct State: Equatable {
    var button = ConfirmButton.State()
    var items = ["a", "b"]
  }
  @CasePathable enum Action: Equatable { case button(ConfirmButton.Action) }

  var body: some ReducerOf<Self> {
    Scope(state: \.button, action: \.button) { ConfirmButton() }
    Reduce { state, action in
      switch action {
      case .button(.delegate(.confirmed)):
        state.items.removeLast()
        return .none
      case .button:
        return .none
      }
    }
  }
}

@MainActor
struct DelegateActionTests {
  @Test func theParentReactsToTheChildsDelegateAction() async {
    let store = TestStore(initialState: ItemScreen.State()) { ItemScreen() }
    await store.send(.button(.tapped)) {
      $0.button.title = "Tap again to delete"
      $0.button.tapsRemaining = 1
    }
    await store.send(.button(.tapped)) {
      $0.button.title = "Deleted"
      $0.button.tapsRemaining = 0
    }
    await store.receive(\.button.delegate.confirmed) { $0.items = ["a"] }
  }
}
