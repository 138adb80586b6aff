import CurveGeometry
import SeededRandom
import Testing

/// `BoxSweep.meetingPairCount` counts what `meetingPairs` finds, without keeping the pairs;
/// stopped at a limit it extrapolates from the share swept.
struct BoxSweepCountTests {
  static func boxes(_ count: Int, seed: UInt64, size: Double) -> [Rect] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      let x = Double.random(in: 0...1000, using: &generator), y = Double.random(in: 0...1000, using: &generator)
      let width = Double.random(in: 0...size, using: &generator), height = Double.random(in: 0...size, using: &generator)
      return Rect(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }
  }

  @Test(arguments: [(0, 10.0), (1, 60.0), (2, 300.0), (3, 1000.0)])
  func theCountIsThePairsFound(seed: UInt64, size: Double) {
    let boxes = Self.boxes(700, seed: seed, size: size)
    let counted = BoxSweep.meetingPairCount(boxes)
    #expect(counted.count == BoxSweep.meetingPairs(boxes).count && !counted.isEstimate)
  }

  @Test func pastTheLimitTheCountIsAnEstimateOfTheRightSize() {
    let boxes = Self.boxes(6000, seed: 7, size: 400)
    let exact = BoxSweep.meetingPairCount(boxes).count
    let estimate = BoxSweep.meetingPairCount(boxes, limit: exact / 10)
    #expect(estimate.isEstimate)
    #expect(abs(Double(estimate.count) / Double(exact) - 1) < 0.5, "\(estimate.count) for \(exact)")
    #expect(BoxSweep.meetingPairCount(boxes, limit: exact) == (exact, false), "at the limit, exact")
  }
}
