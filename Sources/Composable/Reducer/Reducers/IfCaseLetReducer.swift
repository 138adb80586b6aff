extension Reducer where State: CasePathable, Action: CasePathable {
  /// Runs `case` on one case of enum state while the state is in that case.
  ///
  /// ```swift
  /// @Reducer
  /// struct App {
  ///   enum State: Equatable { case idle, counting(Counter.State) }
  ///   enum Action { case start, counting(Counter.Action) }
  ///   var body: some ReducerOf<Self> {
  ///     Reduce { state, action in
  ///       if case .start = action { state = .counting(Counter.State()) }
  ///       return .none
  ///     }
  ///     .ifCaseLet(\.counting, action: \.counting) { Counter() }
  ///   }
  /// }
  /// ```
  ///
  /// The child runs before this reducer. When this reducer moves the state out of the case,
  /// or (for identifiable child state) to a child of another id, the child's running effects
  /// are cancelled. A child action that arrives while the state is
  /// in another case is reported as an issue and otherwise ignored.
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case>
  where Case.State == CaseState, Case.Action == CaseAction {
    _IfCaseLetReducer(
      parent: self._resolvedReduce,
      toCaseState: toCaseState,
      toCaseAction: ResolvedCasePath(toCaseAction),
      child: `case`()._resolvedReduce,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer
where Parent.State: CasePathable, Parent.Action: CasePathable {
  let parent: (inout Parent.State, Parent.Action) -> Effect<Parent.Action>
  let toCaseState: CaseKeyPath<Parent.State, Child.State>
  let toCaseAction: ResolvedCasePath<Parent.Action, Child.Action>
  let child: (inout Child.State, Child.Action) -> Effect<Child.Action>
  let location: SourceLocation

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let childEffect = reduceChild(into: &state, action: action)
    guard let before = state[case: toCaseState] else { return childEffect.merge(with: parent(&state, action)) }
    let effect = childEffect.merge(with: parent(&state, action))
    if let after = state[case: toCaseState], childIdentity(of: after) == childIdentity(of: before) { return effect }
    return effect.merge(with: .cancel(id: IfLetCancelID(state: toCaseState)))
  }


  private func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let childAction = toCaseAction.extract(from: action) else { return .none }
    guard var childState = state[case: toCaseState] else {
      reportIssue(
        """
        An "ifCaseLet" received a child action when its state was in another case:

          Action: \(String(customDumping: action))
          State: \(String(customDumping: state))

        Send child actions only while the state is in the child's case; this action was ignored.
        """,
        fileID: location.fileID, filePath: location.filePath,
        line: location.line, column: location.column
      )
      return .none
    }
    let effect = child(&childState, childAction)
    state[case: toCaseState] = childState
    if effect.isNone { return .none }
    let toCaseAction = toCaseAction
    return effect
      .map { toCaseAction.embed($0) }
      .cancellable(id: IfLetCancelID(state: toCaseState))
  }
}

/// A child's id when its state is `Identifiable`: a new id is a new child, whose predecessor's
/// effects `ifLet` and `ifCaseLet` cancel.
func childIdentity<ChildState>(of childState: ChildState) -> AnyHashable? {
  func id<Identified: Identifiable>(_ value: Identified) -> AnyHashable { AnyHashable(value.id) }
  return (childState as? any Identifiable).map { id($0) }
}
