import Composable
import Foundation
import Testing

/// Seed (a): a single draggable point.
struct DraggablePoint: Reducer {
  struct State: Equatable { var pt = CGPoint(x: 10, y: 20) }
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

@MainActor
struct DraggablePointTests {
  @Test func movePointSetsThePoint() async {
    let store = TestStore(initialState: DraggablePoint.State()) { DraggablePoint() }
    await store.send(.movePoint(CGPoint(x: 120, y: 80))) { $0.pt = CGPoint(x: 120, y: 80) }
    await store.send(.movePoint(CGPoint(x: -5, y: 3))) { $0.pt = CGPoint(x: -5, y: 3) }
  }
}
