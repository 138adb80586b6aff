extension Reducer {
  /// Runs `wrapped` on optional child state while it is present.
  ///
  /// ```swift
  /// @Reducer
  /// struct App {
  ///   struct State: Equatable { var counter: Counter.State? }
  ///   enum Action { case showCounter, counter(Counter.Action) }
  ///   var body: some ReducerOf<Self> {
  ///     Reduce { state, action in
  ///       if case .showCounter = action { state.counter = Counter.State() }
  ///       return .none
  ///     }
  ///     .ifLet(\.counter, action: \.counter) { Counter() }
  ///   }
  /// }
  /// ```
  ///
  /// The child runs before this reducer. When this reducer sets the child state to `nil`, or
  /// (for identifiable child state) to a child of another id, the child's running effects are
  /// cancelled. A child action that arrives while the child
  /// state is `nil` is reported as an issue and otherwise ignored.
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped>
  where Wrapped.State == WrappedState, Wrapped.Action == WrappedAction {
    _IfLetReducer(
      parent: self._resolvedReduce,
      toWrappedState: toWrappedState,
      toWrappedAction: ResolvedCasePath(toWrappedAction),
      wrapped: wrapped()._resolvedReduce,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Reducer {
  /// `ifLet` with TCA's older `AnyCasePath` (`action: /Action.child`); prefer a case key path.
  @available(*, deprecated, message: "Use a case key path (action: \\.child) instead of an AnyCasePath.")
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: AnyCasePath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped>
  where Wrapped.State == WrappedState, Wrapped.Action == WrappedAction {
    _IfLetReducer(
      parent: self._resolvedReduce,
      toWrappedState: toWrappedState,
      toWrappedAction: ResolvedCasePath(toWrappedAction),
      wrapped: wrapped()._resolvedReduce,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

public struct _IfLetReducer<Parent: Reducer, Wrapped: Reducer>: Reducer {
  let parent: (inout Parent.State, Parent.Action) -> Effect<Parent.Action>
  let toWrappedState: WritableKeyPath<Parent.State, Wrapped.State?>
  let toWrappedAction: ResolvedCasePath<Parent.Action, Wrapped.Action>
  let wrapped: (inout Wrapped.State, Wrapped.Action) -> Effect<Wrapped.Action>
  let location: SourceLocation
  /// Applied to the child's effects once they send parent actions (presentation gives them
  /// the `dismiss` dependency this way).
  var decorateWrappedEffect: ((Effect<Parent.Action>) -> Effect<Parent.Action>)? = nil

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let wrappedEffect = reduceWrapped(into: &state, action: action)
    guard let before = state[keyPath: toWrappedState] else { return wrappedEffect.merge(with: parent(&state, action)) }
    let effect = wrappedEffect.merge(with: parent(&state, action))
    if let after = state[keyPath: toWrappedState], childIdentity(of: after) == childIdentity(of: before) { return effect }
    return effect.merge(with: .cancel(id: IfLetCancelID(state: toWrappedState)))
  }

  private func reduceWrapped(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let wrappedAction = toWrappedAction.extract(from: action) else { return .none }
    guard state[keyPath: toWrappedState] != nil else {
      reportIssue(
        """
        An "ifLet" at "\(location.fileID):\(location.line)" received a child action when child state was \
        "nil".

          Action:
        \(indented(String(customDumping: action), by: 4))

        This is generally considered an application logic error, and can happen for a few reasons:

        A parent reducer set child state to "nil" before this reducer ran. This reducer must run \
        before any other reducer sets child state to "nil". This ensures that child reducers can \
        handle their actions while their state is still available.

        An in-flight effect emitted this action when child state was "nil". While it may be \
        perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state becomes "nil", especially if it is a long-living effect.

        This action was sent to the store while state was "nil". Make sure that actions for this \
        reducer can only be sent from a store when state is non-"nil". In SwiftUI \
        applications, use "IfLetStore".
        """,
        fileID: location.fileID, filePath: location.filePath,
        line: location.line, column: location.column
      )
      return .none
    }
    let effect = wrapped(&state[keyPath: toWrappedState]!, wrappedAction)
    if effect.isNone { return .none }
    let toWrappedAction = toWrappedAction
    let parentEffect = effect.map { toWrappedAction.embed($0) }
    return (decorateWrappedEffect?(parentEffect) ?? parentEffect)
      .cancellable(id: IfLetCancelID(state: toWrappedState))
  }
}

/// The id under which the effects of an optional child run.
struct IfLetCancelID: Hashable, @unchecked Sendable {
  let state: AnyKeyPath
}
