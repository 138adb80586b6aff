import Foundation

/// Runs async main-actor work from synchronous code on the main thread.
///
/// `curves` has a synchronous `main`, so the main thread stays the main actor's thread (an
/// async `main` parks it in `dispatchMain()` and main-actor jobs hop between worker threads,
/// which SDL's video calls must not). Main-actor jobs are queued on the main dispatch queue,
/// which `RunLoop.main` drains; spinning it is how the window's event loop, and everything
/// here, lets effects deliver their actions.
package enum MainRunLoop {
  @MainActor
  package static func run<T: Sendable>(_ operation: @escaping @MainActor () async throws -> T) throws -> T {
    let outcome = Outcome<T>()
    Task { @MainActor in
      do { outcome.result = .success(try await operation()) } catch { outcome.result = .failure(error) }
    }
    while outcome.result == nil {
      _ = RunLoop.main.run(mode: .default, before: .distantFuture)
    }
    return try outcome.result!.get()
  }

  @MainActor
  private final class Outcome<T> {
    var result: Result<T, any Error>?
  }
}
