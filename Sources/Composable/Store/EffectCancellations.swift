import Foundation

/// A store's cancellable effects by id: what `.cancel(id:)` and `Task.cancel(id:)` cancel.
///
/// Locked, not main-actor state, because `Task.cancel(id:)` is synchronous and runs on the
/// effect's own executor, and TCA's effects rely on it cancelling before it returns
/// (`Task.cancel(id:)` then `try Task.checkCancellation()`). Only stores that start
/// cancellable asynchronous effects touch it; `.none` and `.send` never do.
final class EffectCancellations: @unchecked Sendable {
  private let lock = NSLock()
  private var tasks: [AnyHashable: [Int: Task<Void, Never>]] = [:]

  /// Adds effects that run under `id`, dropping the entries `isRunning` says have finished.
  func register(_ started: [(Int, Task<Void, Never>)], under id: AnyHashable, isRunning: (Int) -> Bool) {
    lock.withLock {
      var entries = tasks[id, default: [:]].filter { isRunning($0.key) }
      for (token, task) in started { entries[token] = task }
      tasks[id] = entries
    }
  }

  /// Removes and returns the effects under `id`, to be cancelled.
  func remove(_ id: AnyHashable) -> [Int: Task<Void, Never>] {
    lock.withLock { tasks.removeValue(forKey: id) ?? [:] }
  }

  func removeAll() {
    lock.withLock { tasks.removeAll() }
  }
}

/// What a running effect knows of the store that runs it, for `Task.cancel(id:)`.
struct EffectContext: @unchecked Sendable {
  @TaskLocal static var current: EffectContext?

  let cancellations: EffectCancellations
  /// The ids of the `.cancellable` wrappers the effect runs under.
  let enclosingIDs: [AnyHashable]
}
