import Composable
import Foundation
import SeededRandom

/// A draggable point, the child of the `forEach` benchmark.
struct BenchPoint: Reducer {
  struct State: Identifiable {
    let id: Int
    var x = 0.0
    var y = 0.0
  }
  @CasePathable enum Action { case movePoint(x: Double, y: Double) }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .movePoint(x, y):
        state.x = x
        state.y = y
        return .none
      }
    }
  }
}

struct BenchPoints: Reducer {
  struct State { var points: IdentifiedArrayOf<BenchPoint.State> }
  @CasePathable enum Action { case points(IdentifiedActionOf<BenchPoint>) }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.points, action: \.points) { BenchPoint() }
  }
}

/// The point in TCA 1.x's spelling: its reads and writes go through Observation.
@Reducer
struct ObservablePoint {
  @ObservableState
  struct State: Identifiable {
    let id: Int
    var x = 0.0
    var y = 0.0
  }
  enum Action { case movePoint(x: Double, y: Double) }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .movePoint(x, y):
        state.x = x
        state.y = y
        return .none
      }
    }
  }
}

@Reducer
struct ObservablePoints {
  @ObservableState
  struct State { var points: IdentifiedArrayOf<ObservablePoint.State> }
  enum Action { case points(IdentifiedActionOf<ObservablePoint>) }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.points, action: \.points) { ObservablePoint() }
  }
}

/// A counter at the bottom of a five-level `Scope` chain.
struct BenchCounter: Reducer {
  struct State { var count = 0 }
  @CasePathable enum Action { case increment }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count &+= 1
    return .none
  }
}

/// One level of the scope chain: scopes into `Child` and does nothing else.
struct BenchLevel<Child: Reducer>: Reducer where Child.Action: CasePathable {
  struct State { var child: Child.State }
  @CasePathable enum Action { case child(Child.Action) }
  let child: Child

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { child }
  }
}

@MainActor
func composableBenchmarks() -> String {
  var rows: [String] = []
  let actions = 50_000

  let counter = Store(initialState: BenchCounter.State()) { BenchCounter() }
  let root = measure(operations: actions) { _ in counter.send(.increment) }
  rows.append(row("root action, reducer returns `.none`", root))

  var oneChild: Double = 0
  for count in [10, 1_000, 10_000, 100_000] {
    let points = IdentifiedArray(uniqueElements: (0..<count).map { BenchPoint.State(id: $0) })
    let store = Store(initialState: BenchPoints.State(points: points)) { BenchPoints() }
    var generator = SplitMix64(seed: 42)
    let ids = (0..<actions).map { _ in Int.random(in: 0..<count, using: &generator) }
    let result = measure(operations: actions) { index in
      store.send(.points(.element(id: ids[index], action: .movePoint(x: Double(index), y: 1))))
    }
    if count == 10 { oneChild = result.nanosecondsPerOperation }
    rows.append(row("`movePoint` through `forEach`, N = \(count)", result, relativeTo: oneChild))
    guard count == 100_000 else { continue }
    // A drag: every action goes to the same child, as the editor's `movePoint`s do.
    let dragged = ids[0]
    let drag = measure(operations: actions) { index in
      store.send(.points(.element(id: dragged, action: .movePoint(x: Double(index), y: 1))))
    }
    rows.append(row("`movePoint` through `forEach`, N = \(count), one child (a drag)", drag, relativeTo: oneChild))
  }

  let observedCount = 10_000
  let observedPoints = IdentifiedArray(uniqueElements: (0..<observedCount).map { ObservablePoint.State(id: $0) })
  let observed = Store(initialState: ObservablePoints.State(points: observedPoints)) { ObservablePoints() }
  var generator = SplitMix64(seed: 42)
  let observedIDs = (0..<actions).map { _ in Int.random(in: 0..<observedCount, using: &generator) }
  let observable = measure(operations: actions) { index in
    observed.send(.points(.element(id: observedIDs[index], action: .movePoint(x: Double(index), y: 1))))
  }
  rows.append(row("`movePoint` through `forEach`, N = \(observedCount), `@ObservableState`", observable, relativeTo: oneChild))

  typealias Chain = BenchLevel<BenchLevel<BenchLevel<BenchLevel<BenchLevel<BenchCounter>>>>>
  let chain = Store(
    initialState: Chain.State(child: .init(child: .init(child: .init(child: .init(child: .init())))))
  ) {
    BenchLevel(child: BenchLevel(child: BenchLevel(child: BenchLevel(child: BenchLevel(child: BenchCounter())))))
  }
  let deep = measure(operations: actions) { _ in
    chain.send(.child(.child(.child(.child(.child(.increment))))))
  }
  rows.append(row("action through a `Scope` chain 5 levels deep", deep))

  return """
    ### Composable: one action through the store (release, \(actions) actions a run, median of 7 runs)

    | benchmark | ns/action | actions/s | mallocs/action | vs N = 10 |
    |---|---:|---:|---:|---:|
    \(rows.joined(separator: "\n"))
    """
}

private func row(_ name: String, _ result: Measurement, relativeTo base: Double? = nil) -> String {
  let perSecond = 1e9 / result.nanosecondsPerOperation
  let ratio = base.map { "\(format(result.nanosecondsPerOperation / $0, decimals: 2))x" } ?? ""
  return "| \(name) | \(format(result.nanosecondsPerOperation)) | \(format(perSecond / 1e6, decimals: 2))M "
    + "| \(format(result.mallocsPerOperation, decimals: 2)) | \(ratio) |"
}
