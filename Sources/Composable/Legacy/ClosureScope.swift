extension Store {
  /// A child store through functions, as TCA 0.47 scoped: `state` reads the child's state
  /// from this store's, `action` embeds a child action in this store's.
  ///
  /// ```swift
  /// struct Row: Reducer {
  ///   struct State: Equatable, Identifiable { let id: Int; var isOn = false }
  ///   enum Action: Equatable { case toggled }
  ///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
  ///     state.isOn.toggle()
  ///     return .none
  ///   }
  /// }
  ///
  /// struct Rows: Reducer {
  ///   struct State: Equatable { var rows: IdentifiedArrayOf<Row.State> = [Row.State(id: 1)] }
  ///   enum Action: Equatable { case row(Int, Row.Action) }
  ///   var body: some ReducerOf<Self> {
  ///     EmptyReducer().forEach(\.rows, action: /Action.row) { Row() }
  ///   }
  /// }
  ///
  /// let store = Store(initialState: Rows.State()) { Rows() }
  /// let rows = store.scope(state: \.rows, action: Rows.Action.row)
  /// rows.send((1, .toggled))  // store.rows[id: 1]?.isOn is true
  /// ```
  ///
  /// An embedding with two values (`Rows.Action.row`, `(ID, Row.Action)`) gives a store of
  /// the collection whose actions are `(id, action)` pairs, as TCA 0.47's `ForEachStore` took.
  @available(*, deprecated, message: "Scope with a key path and a case key path (scope(state: \\.child, action: \\.child)) instead.")
  public func scope<ChildState, ChildAction>(
    state toChildState: @escaping (_ state: State) -> ChildState,
    action fromChildAction: @escaping (_ childAction: ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let readState = self.readState
    let sendAction = self.sendAction
    return Store<ChildState, ChildAction>(
      root: root,
      readState: { toChildState(readState()) },
      sendAction: { sendAction(fromChildAction($0)) },
      readVersion: readVersion
    )
  }
}
