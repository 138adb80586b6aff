/// The pairs of boxes that meet, found by sweeping them left to right: only boxes whose x
/// ranges overlap are ever compared, so n boxes scattered over a drawing cost about n log n,
/// not n². What finding every intersection among many segments starts from.
///
/// ```swift
/// for (i, j) in BoxSweep.meetingPairs(segments.map(\.bounds)) { … }   // i < j
/// ```
public enum BoxSweep {
  /// Each pair (i, j), i < j, of indices into `boxes` whose boxes share a point (touching
  /// edges count), in no particular order.
  public static func meetingPairs(_ boxes: [Rect]) -> [(Int, Int)] {
    let order = boxes.indices.sorted { boxes[$0].minX < boxes[$1].minX }
    var active: [Int] = []
    var pairs: [(Int, Int)] = []
    for index in order {
      let box = boxes[index]
      active.removeAll { boxes[$0].maxX < box.minX }
      for other in active where boxes[other].intersects(box) {
        pairs.append(other < index ? (other, index) : (index, other))
      }
      active.append(index)
    }
    return pairs
  }

  /// How many pairs of `boxes` meet, counted as `meetingPairs` finds them but without
  /// keeping them. Past `limit` the sweep stops; the count is then exact for up to
  /// `sampleSize` boxes, else estimated from an even sample of them (pairs scale with the
  /// square of the count), so a refusal costs little.
  public static func meetingPairCount(_ boxes: [Rect], limit: Int = .max) -> (count: Int, isEstimate: Bool) {
    let counted = sweptPairCount(boxes, stoppingAfter: limit)
    guard counted > limit else { return (counted, false) }
    let sampleSize = 2000
    guard boxes.count > sampleSize else { return (sweptPairCount(boxes, stoppingAfter: .max), false) }
    let step = Double(boxes.count) / Double(sampleSize)
    let sample = (0..<sampleSize).map { boxes[Int(Double($0) * step)] }
    let scale = Double(boxes.count) * Double(boxes.count - 1) / (Double(sampleSize) * Double(sampleSize - 1))
    return (max(Int((Double(sweptPairCount(sample, stoppingAfter: .max)) * scale).rounded()), counted), true)
  }

  /// The sweep of `meetingPairs`, counting; it stops once the count passes `limit`.
  private static func sweptPairCount(_ boxes: [Rect], stoppingAfter limit: Int) -> Int {
    let order = boxes.indices.sorted { boxes[$0].minX < boxes[$1].minX }
    var active: [Int] = []
    var count = 0
    for index in order {
      let box = boxes[index]
      active.removeAll { boxes[$0].maxX < box.minX }
      for other in active where boxes[other].intersects(box) { count += 1 }
      if count > limit { return count }
      active.append(index)
    }
    return count
  }
}
