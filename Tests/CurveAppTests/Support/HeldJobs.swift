import Synchronization

@testable import CurveApp

/// A `LayerWorker` that holds the jobs it is given until `runAll`, which runs them on the
/// calling thread: a background drawing arrives exactly when a test lets it.
final class HeldJobs: Sendable {
  private let jobs = Mutex<[@Sendable () -> Void]>([])

  var worker: LayerWorker { LayerWorker { job in self.jobs.withLock { $0.append(job) } } }
  var count: Int { jobs.withLock { $0.count } }

  func runAll() {
    for job in jobs.withLock({ jobs in defer { jobs = [] }; return jobs }) { job() }
  }
}
