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
}
