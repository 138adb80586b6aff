import Composable
import Testing

/// The examples are compiled, not run; these run the one they all share.
@MainActor
struct CounterTests {
  @Test func incrementCounts() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.increment) { $0.count = 2 }
  }

  /// What `_printChanges`'s doc says it prints.
  @Test func printChangesReportsTheActionAndTheDiff() {
    var reports: [String] = []
    let store = Store(initialState: Counter.State()) { Counter()._printChanges(.customDump { reports.append($0) }) }
    store.send(.increment)
    #expect(
      reports == [
        """
        received action:
          Counter.Action.increment
        - Counter.State(count: 0)
        + Counter.State(count: 1)

        """
      ])
  }
}
