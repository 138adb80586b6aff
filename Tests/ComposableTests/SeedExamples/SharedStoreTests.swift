import Composable
import Foundation
import Testing

/// Seed (b): one store shared by two "views"; what one sends, the other reads.
struct SharedPointScreen: Reducer {
  struct State: Equatable {
    var canvas = DraggablePoint.State()
    var inspectorIsOpen = true
  }
  @CasePathable enum Action: Equatable {
    case canvas(DraggablePoint.Action)
    case inspector(DraggablePoint.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.canvas, action: \.canvas) { DraggablePoint() }
    Scope(state: \.canvas, action: \.inspector) { DraggablePoint() }
  }
}

@MainActor
struct SharedStoreTests {
  @Test func aChangeThroughOneScopeIsReadByTheOther() {
    let store = Store(initialState: SharedPointScreen.State()) { SharedPointScreen() }
    let canvas = store.scope(state: \.canvas, action: \.canvas)
    let inspector = store.scope(state: \.canvas, action: \.inspector)

    canvas.send(.movePoint(CGPoint(x: 1, y: 2)))
    #expect(inspector.state.pt == CGPoint(x: 1, y: 2))

    inspector.send(.movePoint(CGPoint(x: 3, y: 4)))
    #expect(canvas.pt == CGPoint(x: 3, y: 4))
    #expect(store.withState(\.canvas.pt) == CGPoint(x: 3, y: 4))
  }

  @Test func bothScopesAreExhaustivelyTested() async {
    let store = TestStore(initialState: SharedPointScreen.State()) { SharedPointScreen() }
    await store.send(.canvas(.movePoint(CGPoint(x: 5, y: 6)))) { $0.canvas.pt = CGPoint(x: 5, y: 6) }
    await store.send(.inspector(.movePoint(CGPoint(x: 7, y: 8)))) { $0.canvas.pt = CGPoint(x: 7, y: 8) }
  }
}
