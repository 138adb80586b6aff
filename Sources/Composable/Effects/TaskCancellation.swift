extension Task where Success == Never, Failure == Never {
  /// Cancels, from inside an effect, the effects running under `id` in the store that runs
  /// this effect, as TCA's `Task.cancel(id:)` does.
  ///
  /// ```swift
  /// enum CancelID { case load }
  /// let cancelling = Effect<Counter.Action>.run { send in
  ///   Task.cancel(id: CancelID.load)  // cancels this effect itself
  ///   try Task.checkCancellation()    // throws: nothing is sent
  ///   await send(.increment)
  /// }
  /// .cancellable(id: CancelID.load)
  /// ```
  ///
  /// The cancellation is done when it returns, so an effect that cancels its own id stops at
  /// its next cancellation check. Cancellation is per store: outside an effect there is no
  /// store to cancel in, and the call is reported as an issue; return `.cancel(id:)` from the
  /// reducer instead.
  public static func cancel<ID: Hashable & Sendable>(
    id: ID,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    guard let context = EffectContext.current else {
      reportIssue(
        """
        "Task.cancel(id:)" was called outside an effect, where no store's effects can be named; \
        nothing was cancelled. Return ".cancel(id:)" from the reducer instead.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return
    }
    let id = AnyHashable(id)
    for task in context.cancellations.remove(id).values { task.cancel() }
    // This effect's own task may not be registered yet: it can start before the store has
    // recorded it under its id.
    if context.enclosingIDs.contains(id) { withUnsafeCurrentTask { $0?.cancel() } }
  }
}
