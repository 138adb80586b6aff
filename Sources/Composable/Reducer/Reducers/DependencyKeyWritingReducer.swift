extension Reducer {
  /// Overrides one dependency for this reducer and the effects it creates.
  ///
  /// ```swift
  /// Scope(state: \.game, action: \.game) {
  ///   Game().dependency(\.withRandomNumberGenerator, .init(SplitMix64(seed: 1)))
  /// }
  /// ```
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { $0[keyPath: keyPath] = value }
  }

  /// Changes dependencies for this reducer and the effects it creates.
  public func transformDependency(
    _ update: @escaping (inout DependencyValues) -> Void
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self, update: update)
  }
}

public struct _DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  let base: Base
  let update: (inout DependencyValues) -> Void

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    withDependencies(update) {
      base.reduce(into: &state, action: action)
    }
  }

  public var _resolvedReduce: (inout Base.State, Base.Action) -> Effect<Base.Action> {
    let base = base._resolvedReduce, update = update
    return { state, action in withDependencies(update) { base(&state, action) } }
  }
}
