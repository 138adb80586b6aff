import Dispatch
import FoundationEssentials

/// `(0..<count).map(body)` on every core: the indices dealt out in turn, the results in
/// order. Worth it only when each call does real work (a ray cast, a pair of segments
/// intersected) and there are many; below `serialBelow` calls it runs on this thread.
/// `body` must only read what it shares.
func concurrentMap<Result>(_ count: Int, serialBelow: Int = 64, _ body: (Int) -> Result) -> [Result] {
  let workers = min(Cores.available, 8, max(1, count / max(serialBelow, 1)))
  guard workers > 1 else { return (0..<count).map(body) }
  let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
  results.initialize(repeating: nil)
  defer {
    results.deinitialize()
    results.deallocate()
  }
  withoutActuallyEscaping(body) { body in
    let shared = SharedForWorkers((body, results))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      let (body, results) = shared.value
      for index in stride(from: worker, to: count, by: workers) { results[index] = body(index) }
    }
  }
  return results.map { $0! }
}

/// What the workers of `concurrentMap` share: the body, which only reads, and the results,
/// each slot written by one worker.
private struct SharedForWorkers<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
