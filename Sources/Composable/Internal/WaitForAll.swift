/// Waits for `tasks`, cancelling them if the waiting task is cancelled.
@usableFromInline
func waitForAll(_ tasks: [Task<Void, Never>]) async {
  await withTaskCancellationHandler {
    for task in tasks { await task.value }
  } onCancel: {
    for task in tasks { task.cancel() }
  }
}

/// An operation for `Task(operation:)` that waits for `tasks`.
@usableFromInline
func waitingForAll(_ tasks: [Task<Void, Never>]) -> @Sendable () async -> Void {
  { await waitForAll(tasks) }
}
