import Foundation
import Composable
import Testing

/// Records the `uuid` dependency it runs with.
@Reducer
struct ReadsUUID {
  struct State: Equatable { var seen = "" }
  enum Action { case read }
  @Dependency(\.uuid) var uuid
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.seen = String(uuid().uuidString.suffix(1))
      return .none
    }
  }
}

@MainActor
struct DependencyKeyWritingReducerTests {
  static func constant(_ digit: Int) -> UUIDGenerator {
    .constant(UUID(uuidString: "00000000-0000-0000-0000-00000000000\(digit)")!)
  }

  /// Chained overrides fuse into one reducer, and the innermost wins, as in TCA.
  @Test func chainedOverridesFuseAndTheInnermostWins() async {
    let reducer: _DependencyKeyWritingReducer<ReadsUUID> = ReadsUUID()
      .dependency(\.uuid, Self.constant(1))
      .dependency(\.uuid, Self.constant(2))
      .transformDependency(\.uuid) { $0 = Self.constant(3) }
    let store = TestStore(initialState: ReadsUUID.State()) { reducer }
    await store.send(.read) { $0.seen = "1" }
  }

  @Test func anOuterOverrideDoesNotReachAnInnerOne() async {
    let store = TestStore(initialState: ReadsUUID.State()) {
      CombineReducers { ReadsUUID().transformDependency(\.uuid) { $0 = Self.constant(4) } }
        .dependency(\.uuid, Self.constant(5))
    }
    await store.send(.read) { $0.seen = "4" }
  }
}
