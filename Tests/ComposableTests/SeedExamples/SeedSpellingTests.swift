import Composable
import Foundation
import XCTest

// The seed articles' features in their own spelling, TCA 0.47's ("Interactive SwiftUI View
// Using TCA" and the bindings article beside it): `ReducerProtocol`, `EffectTask`, an
// `(ID, Action)` case reached by `/Action.joinReducerAction`, `@BindableState`, `TaskResult`,
// `ViewStore`, and the `reducer:` initializers. Only the import is changed; the SwiftUI
// views are replaced by the `ViewStore` calls they make. Deprecation warnings are expected.

// MARK: Single view: one draggable point

struct TCAPointViewReducer: ReducerProtocol {
  struct State: Equatable, Identifiable {
    var id: UUID
    var pt: CGPoint
  }
  enum Action: Equatable {
    case movePoint(CGPoint)
  }
  func reduce(into state: inout State, action: Action) -> EffectTask<Action> {
    switch action {
    case .movePoint(let pt):
      state.pt = pt
      return .none
    }
  }
}

// MARK: Collective views: a parent of identified points

struct TCAMultiPointsViewReducer: ReducerProtocol {
  struct State: Equatable {
    var points: IdentifiedArrayOf<TCAPointViewReducer.State>
  }
  enum Action: Equatable {
    case joinReducerAction(TCAPointViewReducer.State.ID, TCAPointViewReducer.Action)
    case addPoint(CGPoint)
  }
  @Dependency(\.uuid) var uuid
  var body: some ReducerProtocol<State, Action> {
    Reduce { state, action in
      switch action {
      case .joinReducerAction:
        return .none
      case .addPoint(let pt):
        state.points.append(TCAPointViewReducer.State(id: uuid(), pt: pt))
        return .none
      }
    }
    .forEach(\.points, action: /Action.joinReducerAction) {
      TCAPointViewReducer()
    }
  }
}

// MARK: Bindings: a control panel with bindable fields and a loading effect

struct PointsClient {
  var load: @Sendable () async throws -> [CGPoint]
}

extension PointsClient: DependencyKey {
  static let liveValue = PointsClient(load: { [] })
}

extension DependencyValues {
  var pointsClient: PointsClient {
    get { self[PointsClient.self] }
    set { self[PointsClient.self] = newValue }
  }
}

struct ControlPanelReducer: ReducerProtocol {
  struct State: Equatable {
    @BindableState var t: Double = 0.5
    @BindableState var showsControlPolygon = true
    var multiPoints = TCAMultiPointsViewReducer.State(points: [])
    var loadError: String?
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case multiPoints(TCAMultiPointsViewReducer.Action)
    case loadButtonTapped
    case pointsLoaded(TaskResult<[CGPoint]>)
  }
  struct LoadError: Error, Equatable {}
  @Dependency(\.pointsClient) var pointsClient

  var body: some ReducerProtocol<State, Action> {
    BindingReducer()
    Scope(state: \.multiPoints, action: /Action.multiPoints) {
      TCAMultiPointsViewReducer()
    }
    Reduce { state, action in
      switch action {
      case .binding(\.$t):
        state.t = min(max(state.t, 0), 1)
        return .none
      case .binding:
        return .none
      case .multiPoints:
        return .none
      case .loadButtonTapped:
        state.loadError = nil
        return .run { send in
          await send(.pointsLoaded(TaskResult { try await pointsClient.load() }))
        }
      case .pointsLoaded(.success(let points)):
        return .merge(points.map { .send(.multiPoints(.addPoint($0))) })
      case .pointsLoaded(.failure(let error)):
        state.loadError = "\(error)"
        return .none
      }
    }
  }
}

// MARK: The seeds' tests

private let a = UUID(0)
private let b = UUID(1)

@MainActor
final class SeedSpellingTests: XCTestCase {
  func testMovePoint() async {
    let store = TestStore(
      initialState: TCAPointViewReducer.State(id: a, pt: .zero),
      reducer: TCAPointViewReducer()
    )
    await store.send(.movePoint(CGPoint(x: 10, y: 20))) {
      $0.pt = CGPoint(x: 10, y: 20)
    }
  }

  /// The single view and the slider view share one store, each through its own view store.
  func testTwoViewsShareOneStore() {
    let store = Store(initialState: TCAPointViewReducer.State(id: a, pt: .zero), reducer: TCAPointViewReducer())
    let pointView = ViewStore(store, observe: { $0 })
    let sliderView = ViewStore(store, observe: { $0 })

    pointView.send(.movePoint(CGPoint(x: 5, y: 6)))
    XCTAssertEqual(sliderView.pt, CGPoint(x: 5, y: 6))

    let x = sliderView.binding(
      get: \.pt.x,
      send: { TCAPointViewReducer.Action.movePoint(CGPoint(x: $0, y: sliderView.pt.y)) }
    )
    x.wrappedValue = 30
    XCTAssertEqual(pointView.state.pt, CGPoint(x: 30, y: 6))
    XCTAssertEqual(x.wrappedValue, 30)

    // A send that bypasses both view stores is seen too.
    store.send(.movePoint(CGPoint(x: 1, y: 1)))
    XCTAssertEqual(pointView.pt, CGPoint(x: 1, y: 1))
  }

  func testForEachReachesTheElementByID() async {
    let store = TestStore(
      initialState: TCAMultiPointsViewReducer.State(points: [
        .init(id: a, pt: .zero), .init(id: b, pt: CGPoint(x: 100, y: 100)),
      ]),
      reducer: TCAMultiPointsViewReducer()
    )
    await store.send(.joinReducerAction(b, .movePoint(CGPoint(x: 50, y: 60)))) {
      $0.points[id: b]?.pt = CGPoint(x: 50, y: 60)
    }
    await store.send(.joinReducerAction(a, .movePoint(CGPoint(x: -1, y: 2)))) {
      $0.points[id: a]?.pt = CGPoint(x: -1, y: 2)
    }
  }

  /// `ForEachStore(store.scope(state: \.points, action: …joinReducerAction))`, by hand: a store
  /// of the collection whose actions are `(id, action)`, and one store per point.
  func testScopedCollectionStore() {
    let store = Store(
      initialState: TCAMultiPointsViewReducer.State(points: [.init(id: a, pt: .zero), .init(id: b, pt: .zero)]),
      reducer: TCAMultiPointsViewReducer()
    )
    let points = store.scope(state: \.points, action: TCAMultiPointsViewReducer.Action.joinReducerAction)
    let pointsView = ViewStore(points, observe: { $0 })
    XCTAssertEqual(pointsView.ids, [a, b])

    points.send((b, .movePoint(CGPoint(x: 7, y: 8))))
    XCTAssertEqual(pointsView.state[id: b]?.pt, CGPoint(x: 7, y: 8))

    for id in pointsView.ids {
      let point = points.scope(state: { $0[id: id]! }, action: { (id, $0) })
      ViewStore(point, observe: { $0 }).send(.movePoint(CGPoint(x: 1, y: 1)))
    }
    XCTAssertEqual(store.state.points.map(\.pt), [CGPoint(x: 1, y: 1), CGPoint(x: 1, y: 1)])
  }

  func testBindableStateIsWrittenThroughTheBinding() async {
    let store = Store(initialState: ControlPanelReducer.State(), reducer: ControlPanelReducer())
    let viewStore = ViewStore(store, observe: { $0 })

    viewStore.binding(\.$showsControlPolygon).wrappedValue = false
    XCTAssertFalse(viewStore.showsControlPolygon)

    // `case .binding(\.$t)` clamps what the slider writes.
    viewStore.$t.wrappedValue = 1.5
    XCTAssertEqual(viewStore.t, 1)
    XCTAssertEqual(store.t, 1)
  }

  func testBindingActionsInATestStore() async {
    let store = TestStore(initialState: ControlPanelReducer.State(), reducer: ControlPanelReducer())
    await store.send(.set(\.$t, 0.25)) {
      $0.t = 0.25
    }
    await store.send(.binding(.set(\.$t, -3))) {
      $0.t = 0
    }
    await store.send(.binding(.set(\.$showsControlPolygon, false))) {
      $0.showsControlPolygon = false
    }
  }

  func testTaskResultSuccessAddsThePoints() async {
    let store = TestStore(
      initialState: ControlPanelReducer.State(),
      reducer: ControlPanelReducer(),
      prepareDependencies: {
        $0.pointsClient.load = { [CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4)] }
        $0.uuid = .incrementing
      }
    )
    await store.send(.loadButtonTapped)
    await store.receive(.pointsLoaded(.success([CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4)])))
    await store.receive(.multiPoints(.addPoint(CGPoint(x: 1, y: 2)))) {
      $0.multiPoints.points = [.init(id: a, pt: CGPoint(x: 1, y: 2))]
    }
    await store.receive(.multiPoints(.addPoint(CGPoint(x: 3, y: 4)))) {
      $0.multiPoints.points.append(.init(id: b, pt: CGPoint(x: 3, y: 4)))
    }
    await store.send(.multiPoints(.joinReducerAction(b, .movePoint(.zero)))) {
      $0.multiPoints.points[id: b]?.pt = .zero
    }
  }

  func testTaskResultFailureIsKept() async {
    let store = TestStore(
      initialState: ControlPanelReducer.State(),
      reducer: ControlPanelReducer(),
      prepareDependencies: { $0.pointsClient.load = { throw ControlPanelReducer.LoadError() } }
    )
    await store.send(.loadButtonTapped)
    await store.receive(.pointsLoaded(.failure(ControlPanelReducer.LoadError()))) {
      $0.loadError = "LoadError()"
    }
  }

  func testTaskResultValueAndEquality() async throws {
    let success = await TaskResult { 42 }
    XCTAssertEqual(try success.value, 42)
    XCTAssertEqual(success.map { $0 + 1 }, .success(43))
    XCTAssertNotEqual(TaskResult<Int>.failure(ControlPanelReducer.LoadError()), .success(0))
    XCTAssertEqual(TaskResult<Int>.failure(ControlPanelReducer.LoadError()), .failure(ControlPanelReducer.LoadError()))
  }
}
