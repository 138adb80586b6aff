extension Store {
  /// TCA 0.47's `Store(initialState:reducer:)`, with the reducer as a value.
  ///
  /// ```swift
  /// let store = Store(initialState: Counter.State(), reducer: Counter())
  /// store.send(.increment)  // store.count is 1
  /// ```
  @available(*, deprecated, message: "Pass the reducer in a trailing closure: Store(initialState:) { Feature() }.")
  public convenience init<R: Reducer>(initialState: R.State, reducer: R)
  where R.State == State, R.Action == Action {
    self.init(initialState: initialState) { reducer }
  }
}

extension TestStore {
  /// TCA 0.47's `TestStore(initialState:reducer:prepareDependencies:)`, with the reducer as
  /// a value.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Counter.State(), reducer: Counter())
  /// await store.send(.increment) { $0.count = 1 }
  /// ```
  @available(*, deprecated, message: "Pass the reducer in a trailing closure: TestStore(initialState:) { Feature() }.")
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> State,
    reducer: R,
    prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState(), reducer: { reducer }, withDependencies: prepareDependencies,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}
