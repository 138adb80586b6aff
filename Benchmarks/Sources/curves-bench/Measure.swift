import Foundation
import MallocInterposerSwift

/// What one benchmark measured.
struct Measurement {
  /// Median nanoseconds per operation over the runs.
  var nanosecondsPerOperation: Double
  /// The fastest run's nanoseconds per operation: the figure the anchors report for cairo and
  /// AGG, so flattening is compared with them by the same statistic.
  var bestNanosecondsPerOperation: Double
  /// Heap allocations per operation in one extra, counted run.
  var mallocsPerOperation: Double
}

/// Times `operations` calls of `body` (given the operation's index) in each of `runs` runs,
/// after a warm-up run, and counts heap allocations in one more run.
func measure(operations: Int, runs: Int = 7, _ body: (Int) -> Void) -> Measurement {
  for index in 0..<operations { body(index) }
  var samples: [Double] = []
  for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    for index in 0..<operations { body(index) }
    let end = DispatchTime.now().uptimeNanoseconds
    samples.append(Double(end - start) / Double(operations))
  }
  samples.sort()
  MallocInterposerSwift.reset()
  MallocInterposerSwift.hook()
  for index in 0..<operations { body(index) }
  MallocInterposerSwift.unhook()
  let mallocs = MallocInterposerSwift.getStatistics().mallocCount
  return Measurement(
    nanosecondsPerOperation: samples[samples.count / 2],
    bestNanosecondsPerOperation: samples[0],
    mallocsPerOperation: Double(mallocs) / Double(operations)
  )
}

func format(_ value: Double, decimals: Int = 0) -> String {
  String(format: "%.\(decimals)f", value)
}
