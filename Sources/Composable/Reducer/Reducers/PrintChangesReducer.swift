extension Reducer {
  /// Prints every action and a diff of the state it changed: a debugging aid.
  ///
  /// ```swift
  /// let store = Store(initialState: Counter.State()) { Counter()._printChanges() }
  /// store.send(.increment)
  /// // received action:
  /// //   Counter.Action.increment
  /// // - Counter.State(count: 0)
  /// // + Counter.State(count: 1)
  /// ```
  ///
  /// It copies the whole state for every action, so it is for debugging, not for builds
  /// that measure speed.
  @inlinable public func _printChanges(_ printer: _ReducerPrinter<State, Action>? = .customDump) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: self, printer: printer)
  }
}

/// How `_printChanges` reports a change.
public struct _ReducerPrinter<State, Action> {
  @usableFromInline let printChange: (_ action: Action, _ oldState: State, _ newState: State) -> Void

  public init(printChange: @escaping (_ action: Action, _ oldState: State, _ newState: State) -> Void) {
    self.printChange = printChange
  }

  /// Prints to standard output.
  public static var customDump: Self {
    customDump { print($0) }
  }

  /// Passes each report, as text, to `write`.
  public static func customDump(_ write: @escaping (String) -> Void) -> Self {
    Self { action, oldState, newState in
      var report = "received action:\n"
      CustomDump.customDump(action, to: &report, indent: 2)
      report += "\n"
      report += diff(oldState, newState).map { "\($0)\n" } ?? "  (No state changes)\n"
      write(report)
    }
  }

  /// Prints only the action, for states too large to diff.
  public static var actionLabels: Self {
    Self { action, _, _ in
      var report = "received action: "
      CustomDump.customDump(action, to: &report, maxDepth: 1)
      print(report)
    }
  }
}

public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: (inout Base.State, Base.Action) -> Effect<Base.Action>
  @usableFromInline let printer: _ReducerPrinter<Base.State, Base.Action>?

  @inlinable init(base: Base, printer: _ReducerPrinter<Base.State, Base.Action>?) {
    self.base = base._resolvedReduce
    self.printer = printer
  }

  /// Without a printer, the base reducer itself: no copy of the state per action.
  @inlinable public var _resolvedReduce: (inout Base.State, Base.Action) -> Effect<Base.Action> {
    printer == nil ? base : reduce(into:action:)
  }

  @inlinable public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard let printer else { return base(&state, action) }
    let oldState = state
    let effect = base(&state, action)
    printer.printChange(action, oldState, state)
    return effect
  }
}
