import Composable
import Foundation
import Testing

/// What an effect captures is released once it has run: a test store, its effects and their
/// captures leave nothing behind.
@MainActor
struct EffectLifetimeTests {
  final class Payload: Sendable {}

  /// Remembers the payloads it made, weakly.
  final class Made: @unchecked Sendable {
    weak var payload: Payload?
  }

  struct Saver: Reducer {
    struct State: Equatable {}
    enum Action: Equatable {
      case save
      case saved
    }
    let made: Made

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .save:
        let payload = Payload()
        made.payload = payload
        return .merge(.cancel(id: "save"), .run { send in
          _ = payload
          await send(.saved)
        })
      case .saved:
        return .none
      }
    }
  }

  @Test func aRunEffectsCapturesAreReleasedAfterItRuns() async {
    let made = Made()
    do {
      let store = TestStore(initialState: Saver.State()) { Saver(made: made) }
      await store.send(.save)
      await store.receive(.saved)
      await store.finish()
    }
    for _ in 0..<100 where made.payload != nil { try? await Task.sleep(for: .milliseconds(5)) }
    #expect(made.payload == nil, "the effect's capture outlived it")
  }

  @Test func aStoresEffectsCapturesAreReleasedToo() async {
    let made = Made()
    do {
      let store = Store(initialState: Saver.State()) { Saver(made: made) }
      await store.send(.save).finish()
    }
    for _ in 0..<100 where made.payload != nil { try? await Task.sleep(for: .milliseconds(5)) }
    #expect(made.payload == nil, "the effect's capture outlived it")
  }
}
