import Composable
import Foundation
import Testing

/// Seed (c): a parent `forEach` over identified draggable points.
struct MovablePoint: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var pt: CGPoint
  }
  @CasePathable enum Action: Equatable { case movePoint(CGPoint) }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .movePoint(point):
        state.pt = point
        return .none
      }
    }
  }
}

struct PointCollection: Reducer {
  struct State: Equatable {
    var points: IdentifiedArrayOf<MovablePoint.State> = [
      .init(id: 1, pt: CGPoint(x: 0, y: 0)),
      .init(id: 2, pt: CGPoint(x: 10, y: 10)),
    ]
  }
  @CasePathable enum Action: Equatable { case points(IdentifiedActionOf<MovablePoint>) }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .forEach(\.points, action: \.points) { MovablePoint() }
  }
}

@MainActor
struct PointCollectionTests {
  @Test func movingOnePointLeavesTheOthers() async {
    let store = TestStore(initialState: PointCollection.State()) { PointCollection() }
    await store.send(.points(.element(id: 2, action: .movePoint(CGPoint(x: 50, y: 60))))) {
      $0.points[id: 2]?.pt = CGPoint(x: 50, y: 60)
    }
  }

  @Test func eachChildStoreReadsAndSendsItsOwnElement() {
    let store = Store(initialState: PointCollection.State()) { PointCollection() }
    let children = store.scope(state: \.points, action: \.points)
    #expect(children.count == 2)
    #expect(children.ids == [1, 2])
    children[0].send(.movePoint(CGPoint(x: 7, y: 7)))
    #expect(store.points[id: 1]?.pt == CGPoint(x: 7, y: 7))
    #expect(children.map(\.state.pt) == [CGPoint(x: 7, y: 7), CGPoint(x: 10, y: 10)])
  }
}
