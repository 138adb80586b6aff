/// Runs a child reducer on a part of the parent's state, for the parent's actions that carry
/// a child action.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.settings, action: \.settings) { Settings() }
///   Reduce { state, action in .none }
/// }
/// ```
///
/// The child state is modified in place through the key path; nothing is copied.
public struct Scope<ParentState, ParentAction: CasePathable, Child: Reducer>: Reducer {
  @usableFromInline let toChildState: WritableKeyPath<ParentState, Child.State>
  @usableFromInline let toChildAction: ResolvedCasePath<ParentAction, Child.Action>
  @usableFromInline let child: (inout Child.State, Child.Action) -> Effect<Child.Action>

  @inlinable public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = toChildState
    self.toChildAction = ResolvedCasePath(toChildAction)
    self.child = child()._resolvedReduce
  }

  @inlinable public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let effect = child(&state[keyPath: toChildState], childAction)
    if effect.isNone { return .none }
    let toChildAction = toChildAction
    return effect.map { toChildAction.embed($0) }
  }
}
