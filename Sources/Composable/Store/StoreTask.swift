/// The effects started by one `send`: await them, or cancel them.
///
/// ```swift
/// @Reducer
/// struct Feed {
///   struct State: Equatable { var items: [String] = [] }
///   enum Action { case refresh, loaded([String]) }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .refresh:
///         return .run { send in await send(.loaded(["news"])) }
///       case let .loaded(items):
///         state.items = items
///         return .none
///       }
///     }
///   }
/// }
///
/// let store = Store(initialState: Feed.State()) { Feed() }
/// let task = store.send(.refresh)
/// await task.finish()  // store.items is ["news"]
/// ```
public struct StoreTask: Hashable, Sendable {
  @usableFromInline let rawValue: Task<Void, Never>?

  @inlinable init(rawValue: Task<Void, Never>?) { self.rawValue = rawValue }

  @MainActor
  @inlinable init(tasks: [Task<Void, Never>]) {
    switch tasks.count {
    case 0: rawValue = nil
    case 1: rawValue = tasks[0]
    default: rawValue = Task(operation: waitingForAll(tasks))
    }
  }

  /// Cancels the effects.
  public func cancel() { rawValue?.cancel() }

  /// Waits until the effects have finished.
  public func finish() async { await rawValue?.value }

  /// Whether the effects were cancelled; `true` when there were none.
  public var isCancelled: Bool { rawValue?.isCancelled ?? true }
}
