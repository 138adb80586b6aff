import Foundation
import MallocInterposerSwift

/// What one benchmark measured.
struct Measurement {
  /// Median nanoseconds per operation over the runs.
  var nanosecondsPerOperation: Double
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
    mallocsPerOperation: Double(mallocs) / Double(operations)
  )
}

/// A deterministic generator (SplitMix64), so every run measures the same inputs.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

func format(_ value: Double, decimals: Int = 0) -> String {
  String(format: "%.\(decimals)f", value)
}
