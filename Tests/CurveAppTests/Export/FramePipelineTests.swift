import Foundation
import Testing

@testable import CurveApp
@testable import CurveExport

@Suite struct FramePipelineTests {
  /// What the workers and the user saw, under a lock.
  final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var madeCounts: [Int: Int] = [:]
    private var used = 0
    private var aheadMost = 0

    func made(_ index: Int) {
      lock.withLock {
        madeCounts[index, default: 0] += 1
        aheadMost = max(aheadMost, index - used)
      }
    }

    func use(_ index: Int) { lock.withLock { used = index + 1 } }

    var counts: [Int: Int] { lock.withLock { madeCounts } }
    /// The most frames a frame was ahead of the last one used when its making began.
    var mostAhead: Int { lock.withLock { aheadMost } }
  }

  struct Failure: Error, Equatable {
    let index: Int
  }

  @Test func framesAreMadeOnceEachAndUsedInOrder() throws {
    let log = Log()
    var used: [Int] = []
    try FramePipeline.run(count: 40, workers: 3, lookahead: 5, make: { index in
      log.made(index)
      // Later frames finish first now and then, so the order is the pipeline's doing.
      usleep(UInt32((40 - index) % 7) * 200)
      return index * 10
    }) { frame, index in
      #expect(frame == index * 10)
      used.append(index)
      log.use(index)
    }
    #expect(used == Array(0..<40))
    #expect(log.counts == Dictionary(uniqueKeysWithValues: (0..<40).map { ($0, 1) }))
    // The pipeline counts a frame used once it is handed over, the log once its use ends:
    // a frame may begin while the one before it is still in use, five ahead of the log.
    #expect(log.mostAhead <= 5, "a frame began \(log.mostAhead) ahead of the last one used")
  }

  @Test func aFrameThatFailsStopsTheRestAndItsErrorIsThrown() {
    let log = Log()
    var used: [Int] = []
    #expect(throws: Failure(index: 12)) {
      try FramePipeline.run(count: 100, workers: 2, lookahead: 4, make: { index in
        log.made(index)
        if index == 12 { throw Failure(index: 12) }
        return index
      }) { frame, index in
        used.append(frame)
        log.use(index)
      }
    }
    #expect(used == Array(0..<12))
    // Frames begun before the failure was seen may finish; none far beyond it are made.
    let made = log.counts.keys
    #expect(made.max()! < 12 + 4 + 2, "made up to \(made.max()!)")
    let afterwards = log.counts
    usleep(20_000)
    #expect(log.counts == afterwards, "nothing is made once run has returned")
  }

  @Test func anErrorUsingAFrameStopsTheWorkers() {
    let log = Log()
    #expect(throws: Failure(index: 3)) {
      try FramePipeline.run(count: 1000, workers: 2, lookahead: 3, make: { index in
        log.made(index)
        return index
      }) { _, index in
        if index == 3 { throw Failure(index: 3) }
        log.use(index)
      }
    }
    #expect(log.counts.keys.max()! < 3 + 3 + 2)
  }

  @Test func noFramesMakeNothing() throws {
    try FramePipeline.run(count: 0, make: { _ -> Int in Issue.record("made a frame of none"); return 0 }) { _, _ in
      Issue.record("used a frame of none")
    }
  }
}
