import Composable
import Testing

/// Appends to a log, so tests can see which reducers ran and in what order.
struct Logging: Reducer {
  let name: String
  func reduce(into state: inout [String], action: Int) -> Effect<Int> {
    state.append("\(name)\(action)")
    return .none
  }
}

struct Built: Reducer {
  var includeOptional: Bool
  var useFirstBranch: Bool
  var loop = 0
  var body: some Reducer<[String], Int> {
    Logging(name: "a")
    if includeOptional { Logging(name: "opt") }
    if useFirstBranch { Logging(name: "first") } else { Logging(name: "second") }
    for index in 0..<loop { Logging(name: "loop\(index)-") }
    Reduce { state, action in
      state.append("reduce\(action)")
      return .none
    }
  }
}

/// Counts how often its `body` is built.
struct CountsBodies: Reducer {
  nonisolated(unsafe) static var bodiesBuilt = 0
  var body: some Reducer<[String], Int> {
    Self.bodiesBuilt += 1
    return Logging(name: "c")
  }
}

@MainActor
struct ReducerBuilderTests {
  @Test func aStoreBuildsEveryBodyOnceWhereverItSits() {
    CountsBodies.bodiesBuilt = 0
    let store = Store(initialState: [String]()) {
      CombineReducers {
        Logging(name: "a")
        CountsBodies()
        if Bool.random() { CountsBodies() } else { CountsBodies() }
        for _ in 0..<2 { CountsBodies() }
        Optional(CountsBodies())
        Reduce(CountsBodies())
        CountsBodies().transformDependency { _ in }
      }
    }
    let built = CountsBodies.bodiesBuilt
    for action in 0..<5 { store.send(action) }
    #expect(store.state.count == 5 * 8)
    #expect(CountsBodies.bodiesBuilt == built, "bodies are built when the store is, not per action")
  }

  @Test func runsEveryReducerInOrderWithConditionsAndLoops() {
    var state: [String] = []
    _ = Built(includeOptional: true, useFirstBranch: true, loop: 2).reduce(into: &state, action: 1)
    #expect(state == ["a1", "opt1", "first1", "loop0-1", "loop1-1", "reduce1"])

    state = []
    _ = Built(includeOptional: false, useFirstBranch: false).reduce(into: &state, action: 2)
    #expect(state == ["a2", "second2", "reduce2"])
  }

  @Test func combineReducersAndEmptyReducerCompose() {
    let reducer = CombineReducers {
      EmptyReducer<[String], Int>()
      Logging(name: "x")
      Logging(name: "y")
    }
    var state: [String] = []
    let effect = reducer.reduce(into: &state, action: 3)
    #expect(state == ["x3", "y3"])
    #expect(effect.isNone)
  }

  @Test func anOptionalReducerRunsOnlyWhenPresent() {
    var state: [String] = []
    let present: Logging? = Logging(name: "p")
    let absent: Logging? = nil
    _ = present.reduce(into: &state, action: 1)
    _ = absent.reduce(into: &state, action: 2)
    #expect(state == ["p1"])
  }

  @Test func aReduceWrapsAnotherReducer() {
    var state: [String] = []
    _ = Reduce(Logging(name: "w")).reduce(into: &state, action: 9)
    #expect(state == ["w9"])
  }
}
