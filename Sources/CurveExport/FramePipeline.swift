import CurveGeometry
import Dispatch
import Foundation

/// Frames made ahead on every core and handed over one at a time, in order: an export draws
/// the next frames while the one before is encoded.
///
/// ```swift
/// try FramePipeline.run(count: 300, make: { index in try render(index) }) { frame, index in
///   try writer.append(frame)
/// }
/// ```
///
/// `make` runs on up to `workers` threads at once, each frame once; `use` runs on the calling
/// thread, for frame 0, then 1, and so on. At most `lookahead` frames are made and not yet
/// used, which bounds the memory held. The first error, from either closure, stops the
/// making of new frames and is thrown once every worker has stopped, so nothing runs after
/// `run` returns.
package enum FramePipeline {
  package static func run<Frame>(
    count: Int,
    workers: Int = Cores.available,
    lookahead: Int? = nil,
    make: @escaping @Sendable (Int) throws -> Frame,
    use: (Frame, Int) throws -> Void
  ) throws {
    guard count > 0 else { return }
    let workers = max(1, min(workers, count))
    let state = Shared<Frame>(lookahead: max(lookahead ?? 2 * workers, 1))
    let finished = DispatchGroup()
    for _ in 0..<workers {
      DispatchQueue.global().async(group: finished) { state.work(count: count, make: make) }
    }
    defer {
      state.stop()
      finished.wait()
    }
    for index in 0..<count {
      try use(try state.take(index), index)
    }
  }

  /// What the workers and the user share, under one lock.
  private final class Shared<Frame>: @unchecked Sendable {
    private let condition = NSCondition()
    private let lookahead: Int
    /// Guarded by `condition`: the next frame to start, how many are used, the ones made
    /// and waiting, and whether to stop.
    private var next = 0
    private var used = 0
    private var made: [Int: Result<Frame, any Error>] = [:]
    private var stopped = false

    init(lookahead: Int) { self.lookahead = lookahead }

    /// A worker's loop: starts the next frame while fewer than `lookahead` wait unused.
    func work(count: Int, make: (Int) throws -> Frame) {
      condition.lock()
      while !stopped, next < count {
        if next - used >= lookahead {
          condition.wait()
          continue
        }
        let index = next
        next += 1
        condition.unlock()
        let frame = Result { try make(index) }
        condition.lock()
        made[index] = frame
        if case .failure = frame { stopped = true }
        condition.broadcast()
      }
      condition.unlock()
    }

    /// Frame `index` once it is made (or the error that made it fail).
    func take(_ index: Int) throws -> Frame {
      condition.lock()
      defer { condition.unlock() }
      while made[index] == nil {
        if stopped, index >= next { throw CancellationError() }
        condition.wait()
      }
      let frame = made.removeValue(forKey: index)!
      used = index + 1
      condition.broadcast()
      return try frame.get()
    }

    func stop() {
      condition.lock()
      stopped = true
      condition.broadcast()
      condition.unlock()
    }
  }
}
