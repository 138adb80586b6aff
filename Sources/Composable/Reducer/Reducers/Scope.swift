/// Runs a child reducer on a part of the parent's state, for the parent's actions that carry
/// a child action.
///
/// ```swift
/// @Reducer
/// struct App {
///   struct State: Equatable { var counter = Counter.State() }
///   enum Action { case counter(Counter.Action) }
///   var body: some ReducerOf<Self> {
///     Scope(state: \.counter, action: \.counter) { Counter() }
///     Reduce { state, action in .none }
///   }
/// }
/// ```
///
/// The child state is modified in place through the key path; nothing is copied. The state can
/// also be one case of an enum (`Scope(state: \.loggedIn, action: \.loggedIn)`): a child
/// action that arrives while the state is in another case is reported and ignored.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  /// Where the child's state lives in the parent's: a property, or else one case of the
  /// parent's enum. (Two optionals, not an enum of the two: switching over an enum payload cost
  /// a `Scope` chain a third more per action.)
  @usableFromInline let toChildState: WritableKeyPath<ParentState, Child.State>?
  @usableFromInline let toChildCase: ResolvedCasePath<ParentState, Child.State>?
  @usableFromInline let location: SourceLocation?
  @usableFromInline let toChildAction: ResolvedCasePath<ParentAction, Child.Action>
  @usableFromInline let child: (inout Child.State, Child.Action) -> Effect<Child.Action>

  @inlinable public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(toChildState, resolvedAction: ResolvedCasePath(toChildAction), child: child())
  }

  /// A child at a property, whatever spelling named its actions.
  @inlinable init(
    _ toChildState: WritableKeyPath<ParentState, Child.State>,
    resolvedAction toChildAction: ResolvedCasePath<ParentAction, Child.Action>,
    child: Child
  ) {
    self.toChildState = toChildState
    self.toChildCase = nil
    self.location = nil
    self.toChildAction = toChildAction
    self.child = child._resolvedReduce
  }

  /// TCA's unlabeled spelling of `init(state:action:child:)`.
  @inlinable public init<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> _ child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: toChildState, action: toChildAction, child: child)
  }

  /// TCA 0.47's spelling, with an `AnyCasePath` to the child's actions
  /// (`action: /Action.counter`), which needs no `@CasePathable` action enum.
  @available(*, deprecated, message: "Use a case key path (action: \\.child) instead of an AnyCasePath.")
  @inlinable public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(toChildState, resolvedAction: ResolvedCasePath(toChildAction), child: child())
  }

  @inlinable public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ParentState: CasePathable, ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = nil
    self.toChildCase = ResolvedCasePath(toChildState)
    self.location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.toChildAction = ResolvedCasePath(toChildAction)
    self.child = child()._resolvedReduce
  }

  @inlinable public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    // Unwrapped without binding: a bound copy of the key path costs a retain and a release.
    let effect =
      toChildCase == nil
      ? child(&state[keyPath: toChildState.unsafelyUnwrapped], childAction)
      : reduceCase(into: &state, childAction: childAction, action: action)
    if effect.isNone { return .none }
    let toChildAction = toChildAction
    return effect.map { toChildAction.embed($0) }
  }

  @usableFromInline func reduceCase(
    into state: inout ParentState, childAction: Child.Action, action: ParentAction
  ) -> Effect<Child.Action> {
    guard let toChildCase, var childState = toChildCase.extract(from: state) else {
      reportOtherCase(action: action, state: state)
      return .none
    }
    defer { state = toChildCase.embed(childState) }
    return child(&childState, childAction)
  }

  @usableFromInline func reportOtherCase(action: ParentAction, state: ParentState) {
    guard let location else { return }
    reportIssue(
      """
      A "Scope" at "\(location.fileID):\(location.line)" received a child action when child state was set to a \
      different case.

        Action:
          \(caseDescription(action))
        State:
          \(caseDescription(state))

      This is generally considered an application logic error, and can happen for a few \
      reasons:

      A parent reducer set "\(typeName(ParentState.self))" to a different case before the \
      scoped reducer ran. Child reducers must run before any parent reducer sets child state \
      to a different case. This ensures that child reducers can handle their actions while \
      their state is still available. Consider using "Reducer.ifCaseLet" to embed this \
      child reducer in the parent reducer that change its state to ensure the child reducer \
      runs first.

      An in-flight effect emitted this action when child state was unavailable. While it may \
      be perfectly reasonable to ignore this action, consider canceling the associated effect \
      before child state changes to another case, especially if it is a long-living effect.

      This action was sent to the store while state was another case. Make sure that actions \
      for this reducer can only be sent from a store when state is set to the appropriate \
      case. In SwiftUI applications, use "SwitchStore".
      """,
      fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column
    )
  }
}
