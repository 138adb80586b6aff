import Composable
import Testing

/// A client that loads facts about numbers; tests replace it.
struct NumberFactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

extension NumberFactClient: TestDependencyKey {
  static let testValue = NumberFactClient(fetch: unimplemented("NumberFactClient.fetch", placeholder: ""))
}

extension DependencyValues {
  var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}

/// Seed (f): `onAppear` loads data through an injected client and sends a response.
struct FactScreen: Reducer {
  struct State: Equatable {
    var number = 7
    var isLoading = false
    var fact: String?
    var error: String?
  }
  @CasePathable enum Action: Equatable {
    case onAppear
    case factResponse(Result<String, FactError>)
  }
  struct FactError: Error, Equatable { let message: String }

  @Dependency(\.numberFact) var numberFact

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        state.isLoading = true
        return .run { [number = state.number] send in
          do {
            await send(.factResponse(.success(try await numberFact.fetch(number))))
          } catch {
            await send(.factResponse(.failure(FactError(message: "\(error)"))))
          }
        }
      case let .factResponse(.success(fact)):
        state.isLoading = false
        state.fact = fact
        return .none
      case let .factResponse(.failure(error)):
        state.isLoading = false
        state.error = error.message
        return .none
      }
    }
  }
}

@MainActor
struct OnAppearLoadingTests {
  @Test func onAppearLoadsTheFact() async {
    let store = TestStore(initialState: FactScreen.State()) { FactScreen() } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a lucky number." }
    }
    await store.send(.onAppear) { $0.isLoading = true }
    await store.receive(\.factResponse.success) {
      $0.isLoading = false
      $0.fact = "7 is a lucky number."
    }
  }

  @Test func aFailureIsShown() async {
    struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
    let store = TestStore(initialState: FactScreen.State()) { FactScreen() } withDependencies: {
      $0.numberFact.fetch = { _ in throw Offline() }
    }
    await store.send(.onAppear) { $0.isLoading = true }
    await store.receive(.factResponse(.failure(.init(message: "offline")))) {
      $0.isLoading = false
      $0.error = "offline"
    }
  }
}
