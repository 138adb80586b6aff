import Composable
import Testing

@MainActor
struct PrintChangesReducerTests {
  @Test func printsTheActionAndADiffOfTheState() {
    var reports: [String] = []
    let reducer = Counter()._printChanges(.customDump { reports.append($0) })
    var state = Counter.State()
    _ = reducer.reduce(into: &state, action: .increment)
    _ = reducer.reduce(into: &state, action: .setCount("x"))
    #expect(reports.count == 2, "\(reports)")
    #expect(reports[0].contains("received action:"))
    #expect(reports[0].contains("Counter.Action.increment"))
    #expect(reports[0].contains("- Counter.State(count: 0)"))
    #expect(reports[0].contains("+ Counter.State(count: 1)"))
    #expect(reports[1].contains("(No state changes)"))
  }
}
