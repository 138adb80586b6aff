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
  let toChildState: WritableKeyPath<ParentState, Child.State>
  let toChildAction: CaseKeyPath<ParentAction, Child.Action>
  let child: Child

  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = child()
  }

  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = action[case: toChildAction] else { return .none }
    let effect = child.reduce(into: &state[keyPath: toChildState], action: childAction)
    if effect.isNone { return .none }
    let embed = UncheckedSendable(toChildAction)
    return effect.map { embed.value($0) }
  }
}
