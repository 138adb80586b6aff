import Composable
import Testing

/// A feature written as in TCA 1.x, `@Reducer` and `@ObservableState`, with its tests: it
/// compiles against Composable by changing only the import.
@Reducer
struct Counter1x {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var text = ""
    var rows: IdentifiedArrayOf<Row1x.State> = []
  }

  enum Action: Equatable, BindableAction {
    case binding(BindingAction<State>)
    case incrementButtonTapped
    case addRowButtonTapped
    case rows(IdentifiedActionOf<Row1x>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.count += 1
        return .none
      case .addRowButtonTapped:
        state.rows.append(Row1x.State(id: state.rows.count + 1))
        return .none
      case .binding, .rows:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) { Row1x() }
  }
}

@Reducer
struct Row1x {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var value = 0
  }

  enum Action: Equatable {
    case tick
    case tickLater
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .tick:
        state.value += 1
        return .none
      case .tickLater:
        return .run { send in await send(.tick) }
      }
    }
  }
}

@MainActor
struct ModernSpellingTests {
  @Test func aFeatureInTheModernSpellingRunsAndTests() async {
    let store = TestStore(initialState: Counter1x.State()) { Counter1x() }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(\.binding.text, "hi") { $0.text = "hi" }
    await store.send(\.addRowButtonTapped) { $0.rows = [Row1x.State(id: 1)] }
    await store.send(\.rows[id: 1].tickLater)
    await store.receive(\.rows[id: 1].tick) { $0.rows[id: 1]?.value = 1 }
  }

  @Test func storeReadsGoThroughDynamicMembers() {
    let store = Store(initialState: Counter1x.State(rows: [Row1x.State(id: 2, value: 5)])) { Counter1x() }
    store.send(.incrementButtonTapped)
    #expect(store.count == 1)
    #expect(store.rows[id: 2]?.value == 5)
    #expect(store.scope(state: \.rows, action: \.rows).map(\.id) == [2])
  }

  /// Observation learns what a frame read: a change to `count` tells a reader of `count`, and
  /// a change to `text` does not.
  @Test func observationTracksWhatWasRead() {
    let store = Store(initialState: Counter1x.State()) { Counter1x() }
    let changed = LockIsolated(0)
    withObservationTracking { _ = store.count } onChange: { changed.withValue { $0 += 1 } }
    store.send(.binding(.set(\.text, "unread")))
    #expect(changed.value == 0)
    store.send(.incrementButtonTapped)
    #expect(changed.value == 1)
  }

  @Test func anElementsChangeTellsItsReaders() {
    let store = Store(initialState: Counter1x.State(rows: [Row1x.State(id: 1), Row1x.State(id: 2)])) { Counter1x() }
    let rows = Array(store.scope(state: \.rows, action: \.rows))
    let changed = LockIsolated<[Int]>([])
    for row in rows {
      let id = row.id
      withObservationTracking { _ = row.value } onChange: { changed.withValue { $0.append(id) } }
    }
    store.send(.rows(.element(id: 2, action: .tick)))
    #expect(changed.value == [2])
  }
}

/// A dependency client in TCA's spelling: `@DependencyClient` (from swift-dependencies'
/// macros, which Composable exports as TCA does).
@DependencyClient
struct FactClient: Sendable {
  var fetch: @Sendable (_ number: Int) async throws -> String
}

extension FactClient: TestDependencyKey {
  static let testValue = Self()
}

extension DependencyValues {
  var factClient: FactClient {
    get { self[FactClient.self] }
    set { self[FactClient.self] = newValue }
  }
}

@Reducer
struct NumberFact {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var fact: String?
  }
  enum Action: Equatable {
    case factButtonTapped
    case factResponse(String)
  }
  @Dependency(\.factClient) var factClient

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .factButtonTapped:
        return .run { [count = state.count] send in
          await send(.factResponse(try await factClient.fetch(count)))
        }
      case let .factResponse(fact):
        state.fact = fact
        return .none
      }
    }
  }
}

@MainActor
struct DependencyClientTests {
  @Test func anOverriddenEndpointAnswers() async {
    let store = TestStore(initialState: NumberFact.State(count: 3)) { NumberFact() } withDependencies: {
      $0.factClient.fetch = { "\($0) is a good number" }
    }
    await store.send(.factButtonTapped)
    await store.receive(\.factResponse) { $0.fact = "3 is a good number" }
  }

  @Test func anUnimplementedEndpointIsReported() async {
    let store = TestStore(initialState: NumberFact.State()) { NumberFact() }
    await withKnownIssue {
      await store.send(.factButtonTapped)
      await store.finish()
    } matching: { $0.description.contains("Unimplemented") }
  }
}
