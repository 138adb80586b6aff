import Composable
import SeededRandom
import Testing

/// Seed (e): a number-guessing game whose secret comes from the random-number dependency.
struct NumberGuessingGame: Reducer {
  struct State: Equatable {
    var secret: Int?
    var guesses = 0
    var hint = ""
  }
  @CasePathable enum Action: Equatable {
    case newGame
    case guess(Int)
  }

  @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .newGame:
        state.secret = withRandomNumberGenerator { Int.random(in: 1...100, using: &$0) }
        state.guesses = 0
        state.hint = "Guess a number from 1 to 100"
        return .none
      case let .guess(number):
        guard let secret = state.secret else { return .none }
        state.guesses += 1
        state.hint = number < secret ? "Higher" : number > secret ? "Lower" : "Correct!"
        return .none
      }
    }
  }
}

/// The secret a game seeded with `seed` picks.
func secretPicked(seed: UInt64) -> Int {
  var generator = SplitMix64(seed: seed)
  return Int.random(in: 1...100, using: &generator)
}

@MainActor
struct NumberGuessingGameTests {
  @Test func theSecretComesFromTheInjectedGenerator() async {
    let store = TestStore(initialState: NumberGuessingGame.State()) {
      NumberGuessingGame()
    } withDependencies: {
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SplitMix64(seed: 1))
    }
    let secret = secretPicked(seed: 1)
    await store.send(.newGame) {
      $0.secret = secret
      $0.hint = "Guess a number from 1 to 100"
    }
    await store.send(.guess(secret - 1)) {
      $0.guesses = 1
      $0.hint = "Higher"
    }
    await store.send(.guess(secret)) {
      $0.guesses = 2
      $0.hint = "Correct!"
    }
  }

  @Test func aReducerCanOverrideTheDependencyItself() async {
    let store = TestStore(initialState: NumberGuessingGame.State()) {
      NumberGuessingGame()
        .dependency(\.withRandomNumberGenerator, WithRandomNumberGenerator(SplitMix64(seed: 1)))
    }
    await store.send(.newGame) {
      $0.secret = secretPicked(seed: 1)
      $0.hint = "Guess a number from 1 to 100"
    }
  }
}
