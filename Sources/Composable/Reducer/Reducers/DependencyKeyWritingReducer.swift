extension Reducer {
  /// Overrides one dependency for this reducer and the effects it creates.
  ///
  /// ```swift
  /// @Reducer
  /// struct Toast {
  ///   struct State: Equatable { var message: String? }
  ///   enum Action { case show(String), hide }
  ///   @Dependency(\.continuousClock) var clock
  ///   var body: some ReducerOf<Self> {
  ///     Reduce { state, action in
  ///       switch action {
  ///       case let .show(message):
  ///         state.message = message
  ///         return .run { send in
  ///           try await clock.sleep(for: .seconds(3))
  ///           await send(.hide)
  ///         }
  ///       case .hide:
  ///         state.message = nil
  ///         return .none
  ///       }
  ///     }
  ///   }
  /// }
  ///
  /// // A demo that does not wait: the toast hides at once.
  /// let store = Store(initialState: Toast.State()) {
  ///   Toast().dependency(\.continuousClock, ImmediateClock())
  /// }
  /// await store.send(.show("Saved")).finish()
  /// ```
  @inlinable public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { $0[keyPath: keyPath] = value }
  }

  /// Changes one dependency for this reducer and the effects it creates, from its current value.
  @inlinable public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>, transform: @escaping (inout Value) -> Void
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }

  /// Changes dependencies for this reducer and the effects it creates.
  @inlinable public func transformDependency(
    _ update: @escaping (inout DependencyValues) -> Void
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self, update: update)
  }
}

/// A reducer run with changed dependencies. Chained overrides fuse into one reducer (as in TCA),
/// the innermost applied last so that it wins.
public struct _DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let update: (inout DependencyValues) -> Void

  @usableFromInline init(base: Base, update: @escaping (inout DependencyValues) -> Void) {
    self.base = base
    self.update = update
  }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    withDependencies(update) {
      base.reduce(into: &state, action: action)
    }
  }

  public var _resolvedReduce: (inout Base.State, Base.Action) -> Effect<Base.Action> {
    let base = base._resolvedReduce, update = update
    return { state, action in withDependencies(update) { base(&state, action) } }
  }

  @inlinable public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value
  ) -> Self {
    fused { $0[keyPath: keyPath] = value }
  }

  @inlinable public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>, transform: @escaping (inout Value) -> Void
  ) -> Self {
    fused { transform(&$0[keyPath: keyPath]) }
  }

  @inlinable public func transformDependency(_ outer: @escaping (inout DependencyValues) -> Void) -> Self {
    fused(outer)
  }

  @usableFromInline func fused(_ outer: @escaping (inout DependencyValues) -> Void) -> Self {
    let inner = update
    return Self(base: base) { values in
      outer(&values)
      inner(&values)
    }
  }
}
