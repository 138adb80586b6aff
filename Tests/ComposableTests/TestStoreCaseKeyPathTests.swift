import Composable
import Testing

/// TCA 1.x's spelling in tests: sending and receiving by case key path, through bindings
/// (`\.binding.text`) and through identified elements (`\.rows[id: 2].tick`).
@MainActor
struct TestStoreCaseKeyPathTests {
  struct Row: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var ticks = 0
      var isOn = false
    }

    @CasePathable
    enum Action: Equatable {
      case tick
      case tickLater
      case toggle(Bool)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .tick:
          state.ticks += 1
          return .none
        case .tickLater:
          return .run { send in await send(.tick) }
        case let .toggle(isOn):
          state.isOn = isOn
          return .none
        }
      }
    }
  }

  struct Rows: Reducer {
    struct State: Equatable {
      var text = ""
      var rows: IdentifiedArrayOf<Row.State> = []
    }

    @CasePathable
    enum Action: Equatable, BindableAction {
      case addTapped
      case binding(BindingAction<State>)
      case rows(IdentifiedActionOf<Row>)
    }

    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        if case .addTapped = action { state.rows.append(Row.State(id: state.rows.count + 1)) }
        return .none
      }
      .forEach(\.rows, action: \.rows) { Row() }
    }
  }

  @Test func sendsAndReceivesByCaseKeyPath() async {
    let store = TestStore(initialState: Rows.State()) { Rows() }
    await store.send(\.binding.text, "hi") { $0.text = "hi" }
    await store.send(\.addTapped) { $0.rows = [Row.State(id: 1)] }
    await store.send(\.addTapped) { $0.rows.append(Row.State(id: 2)) }
    await store.send(\.rows[id: 2].toggle, true) { $0.rows[id: 2]?.isOn = true }
    await store.send(\.rows[id: 1].tickLater)
    await store.receive(\.rows[id: 1].tick) { $0.rows[id: 1]?.ticks = 1 }
    await store.send(\.rows[id: 2].tickLater)
    await store.receive(\.rows, .element(id: 2, action: .tick), timeout: .seconds(1)) { $0.rows[id: 2]?.ticks = 1 }
    await store.send(\.rows[id: 2].tickLater)
    await store.receive(\.rows[id: 2].tick, timeout: 1_000_000_000) { $0.rows[id: 2]?.ticks = 2 }
  }

  @Test func aCaseKeyPathEmbedsTheActionItNames() {
    #expect((\Rows.Action.Cases.binding.text)("hi") == .binding(.set(\.text, "hi")))
    #expect((\Rows.Action.Cases.rows[id: 2].toggle)(true) == .rows(.element(id: 2, action: .toggle(true))))
    #expect(Rows.Action.rows(.element(id: 2, action: .tick)).is(\.rows[id: 2].tick))
    #expect(!Rows.Action.rows(.element(id: 1, action: .tick)).is(\.rows[id: 2].tick))
    let binding = Rows.Action.binding(.set(\.text, "a"))
    let text: String? = binding[case: \.binding.text]
    #expect(text == "a")
  }

  @Test func receivingAnotherElementsActionFails() async {
    let store = TestStore(initialState: Rows.State(rows: [Row.State(id: 1), Row.State(id: 2)])) { Rows() }
    store.timeout = .milliseconds(100)
    await store.send(\.rows[id: 1].tickLater)
    await withKnownIssue {
      await store.receive(\.rows[id: 2].tick)
    } matching: { $0.description.contains("rows") || $0.description.contains("not expected to change") }
  }

  @Test func elementStoresAreIdentifiedByTheirState() {
    let store = Store(initialState: Rows.State(rows: [Row.State(id: 1), Row.State(id: 2)])) { Rows() }
    let rows = store.scope(state: \.rows, action: \.rows)
    #expect(rows.map(\.id) == [1, 2])
    rows.first { $0.id == 2 }?.send(.toggle(true))
    #expect(store.rows[id: 2]?.isOn == true)
  }
}
