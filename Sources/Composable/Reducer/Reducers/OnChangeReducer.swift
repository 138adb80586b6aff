extension Reducer {
  /// Runs `reducer` after this one whenever an action changes the value `toValue` reads, with
  /// the value before and after, as TCA's `onChange(of:_:)`.
  ///
  /// ```swift
  /// @Reducer
  /// struct Player {
  ///   struct State: Equatable { var speed = 1.0; var position = 0.0 }
  ///   enum Action: BindableAction { case binding(BindingAction<State>) }
  ///   var body: some ReducerOf<Self> {
  ///     BindingReducer()
  ///       .onChange(of: \.speed) { oldValue, newValue in
  ///         Reduce { state, _ in
  ///           state.position = 0
  ///           return .none
  ///         }
  ///       }
  ///   }
  /// }
  /// ```
  public func onChange<Value: Equatable, Changed: Reducer>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: Value, _ newValue: Value) -> Changed
  ) -> _OnChangeReducer<Self, Value, Changed> where Changed.State == State, Changed.Action == Action {
    _OnChangeReducer(base: self._resolvedReduce, toValue: toValue, isDuplicate: ==, reducer: reducer)
  }

  /// `onChange(of:_:)` with the values compared by `isDuplicate`.
  public func onChange<Value, Changed: Reducer>(
    of toValue: @escaping (State) -> Value,
    removeDuplicates isDuplicate: @escaping (Value, Value) -> Bool,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: Value, _ newValue: Value) -> Changed
  ) -> _OnChangeReducer<Self, Value, Changed> where Changed.State == State, Changed.Action == Action {
    _OnChangeReducer(base: self._resolvedReduce, toValue: toValue, isDuplicate: isDuplicate, reducer: reducer)
  }
}

public struct _OnChangeReducer<Base: Reducer, Value, Changed: Reducer>: Reducer
where Changed.State == Base.State, Changed.Action == Base.Action {
  /// Resolved once, as every builder's children are.
  let base: (inout Base.State, Base.Action) -> Effect<Base.Action>
  let toValue: (Base.State) -> Value
  let isDuplicate: (Value, Value) -> Bool
  let reducer: (Value, Value) -> Changed

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let baseEffect = base(&state, action)
    let newValue = toValue(state)
    guard !isDuplicate(oldValue, newValue) else { return baseEffect }
    return baseEffect.merge(with: reducer(oldValue, newValue).reduce(into: &state, action: action))
  }
}
