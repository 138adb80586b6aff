import Composable
import Testing

struct Settings: Reducer {
  struct State: Equatable {
    var speed = 50
    var showTrace = false
    var restarts = 0
  }
  @CasePathable enum Action: Equatable, BindableAction {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      if case let .binding(change) = action, change.sets(\.speed) { state.restarts += 1 }
      return .none
    }
  }
}

@MainActor
struct BindingReducerTests {
  @Test func bindingActionsSetTheirField() async {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.binding(.set(\.speed, 80))) {
      $0.speed = 80
      $0.restarts = 1
    }
    await store.send(.set(\.showTrace, true)) { $0.showTrace = true }
    await store.send(\.speed, 10) {
      $0.speed = 10
      $0.restarts = 2
    }
  }

  @Test func bindingActionsCompareByFieldAndValue() {
    let a = BindingAction<Settings.State>.set(\.speed, 1)
    #expect(a == .set(\.speed, 1))
    #expect(a != .set(\.speed, 2))
    #expect(a != .set(\.restarts, 1))
  }

  @Test func aStoreBindingReadsAndWritesThroughTheStore() {
    let store = Store(initialState: Settings.State()) { Settings() }
    let speed = store.binding(\.speed)
    speed.wrappedValue = 70
    #expect(store.speed == 70)
    #expect(speed.wrappedValue == 70)
    #expect(store.restarts == 1)
  }
}
