/// Waits for `tasks`, cancelling them if the waiting task is cancelled.
func waitForAll(_ tasks: [Task<Void, Never>]) async {
  await withTaskCancellationHandler {
    for task in tasks { await task.value }
  } onCancel: {
    for task in tasks { task.cancel() }
  }
}
