import Composable
import Testing

/// Seed (d): a counter whose text field only accepts integers.
struct Counter: Reducer {
  struct State: Equatable { var count = 0 }
  @CasePathable enum Action: Equatable {
    case increment
    case setCount(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case let .setCount(text):
        if let count = Int(text) { state.count = count }
        return .none
      }
    }
  }
}

@MainActor
struct CounterTests {
  @Test func setCountIgnoresTextThatIsNotAnInteger() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.setCount("42")) { $0.count = 42 }
    await store.send(.setCount("forty-two"))
    await store.send(.setCount(""))
    await store.send(.setCount("-3")) { $0.count = -3 }
  }

  @Test func aBindingReadsTheStateAndSendsTheText() {
    let store = Store(initialState: Counter.State()) { Counter() }
    let text = store.binding(get: { String($0.count) }, send: { .setCount($0) })
    #expect(text.wrappedValue == "0")
    text.wrappedValue = "17"
    #expect(store.count == 17)
    #expect(text.wrappedValue == "17")
    text.wrappedValue = "seventeen"
    #expect(store.count == 17)
  }
}
