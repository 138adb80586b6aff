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
    let toCaseState = UncheckedSendable(toCaseState)
    return _IfCaseLetReducer(
      parent: self._resolvedReduce,
      extractState: { $0[case: toCaseState.value] },
      embedState: { toCaseState.value($0) },
      toCaseAction: ResolvedCasePath(toCaseAction),
      child: `case`()._resolvedReduce,
      cancelID: IfLetCancelID(state: toCaseState.value),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Reducer {
  /// `ifCaseLet` with TCA's older `AnyCasePath`s (`/State.child`, `/Action.child`), which
  /// need no `@CasePathable` enums; prefer case key paths.
  @available(*, deprecated, message: "Use case key paths (\\.child) instead of AnyCasePaths.")
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: AnyCasePath<State, CaseState>,
    action toCaseAction: AnyCasePath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case>
  where Case.State == CaseState, Case.Action == CaseAction {
    _IfCaseLetReducer(
      parent: self._resolvedReduce,
      extractState: toCaseState.extract(from:),
      embedState: toCaseState.embed,
      toCaseAction: ResolvedCasePath(toCaseAction),
      child: `case`()._resolvedReduce,
      cancelID: CaseIdentity(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: (inout Parent.State, Parent.Action) -> Effect<Parent.Action>
  let extractState: (Parent.State) -> Child.State?
  let embedState: (Child.State) -> Parent.State
  let toCaseAction: ResolvedCasePath<Parent.Action, Child.Action>
  let child: (inout Child.State, Child.Action) -> Effect<Child.Action>
  /// The id the child's effects run under: one per case, so siblings cancel separately.
  let cancelID: CaseCancelID
  let location: SourceLocation

  init(
    parent: @escaping (inout Parent.State, Parent.Action) -> Effect<Parent.Action>,
    extractState: @escaping (Parent.State) -> Child.State?,
    embedState: @escaping (Child.State) -> Parent.State,
    toCaseAction: ResolvedCasePath<Parent.Action, Child.Action>,
    child: @escaping (inout Child.State, Child.Action) -> Effect<Child.Action>,
    cancelID: some Hashable & Sendable,
    location: SourceLocation
  ) {
    self.parent = parent
    self.extractState = extractState
    self.embedState = embedState
    self.toCaseAction = toCaseAction
    self.child = child
    self.cancelID = CaseCancelID(cancelID)
    self.location = location
  }

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let childEffect = reduceChild(into: &state, action: action)
    guard let before = extractState(state) else { return childEffect.merge(with: parent(&state, action)) }
    let effect = childEffect.merge(with: parent(&state, action))
    if let after = extractState(state), childIdentity(of: after) == childIdentity(of: before) { return effect }
    return effect.merge(with: .cancel(id: cancelID))
  }


  private func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let childAction = toCaseAction.extract(from: action) else { return .none }
    guard var childState = extractState(state) else {
      reportIssue(
        """
        An "ifCaseLet" at "\(location.fileID):\(location.line)" received a child action when child state \
        was set to a different case.

          Action:
        \(indented(String(customDumping: action), by: 4))
          State:
        \(indented(String(customDumping: state), by: 4))

        This is generally considered an application logic error, and can happen for a few reasons:

        A parent reducer set "\(typeName(Parent.State.self))" to a different case before this \
        reducer ran. This reducer must run before any other reducer sets child state to a \
        different case. This ensures that child reducers can handle their actions while their \
        state is still available.

        An in-flight effect emitted this action when child state was unavailable. While it may \
        be perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state changes to another case, especially if it is a long-living effect.

        This action was sent to the store while state was another case. Make sure that actions \
        for this reducer can only be sent from a store when state is set to the appropriate \
        case. In SwiftUI applications, use "SwitchStore".
        """,
        fileID: location.fileID, filePath: location.filePath,
        line: location.line, column: location.column
      )
      return .none
    }
    let effect = child(&childState, childAction)
    state = embedState(childState)
    if effect.isNone { return .none }
    let toCaseAction = toCaseAction
    return effect
      .map { toCaseAction.embed($0) }
      .cancellable(id: cancelID)
  }
}

/// The id under which the effects of one `ifCaseLet`'s child run.
struct CaseCancelID: Hashable, @unchecked Sendable {
  let base: AnyHashable
  init(_ base: some Hashable & Sendable) { self.base = AnyHashable(base) }
}

/// The id of one `ifCaseLet` given by an `AnyCasePath`, which cannot be compared: each
/// operator's own object, alive as long as the reducer.
final class CaseIdentity: Hashable, Sendable {
  static func == (lhs: CaseIdentity, rhs: CaseIdentity) -> Bool { lhs === rhs }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A child's id when its state is `Identifiable`: a new id is a new child, whose predecessor's
/// effects `ifLet` and `ifCaseLet` cancel.
func childIdentity<ChildState>(of childState: ChildState) -> AnyHashable? {
  func id<Identified: Identifiable>(_ value: Identified) -> AnyHashable { AnyHashable(value.id) }
  return (childState as? any Identifiable).map { id($0) }
}
