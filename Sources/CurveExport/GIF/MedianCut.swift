/// Median cut with variance-based cuts; see `GIFPalette` for the method and its sources.
enum MedianCut {
  /// A colour of the frames, or a bucket's mean colour, and how many pixels it stands for.
  struct Cluster {
    var mean: SIMD3<Double>
    var weight: Double
  }

  /// A run of `clusters` and its moments: Σw, Σw·x and Σw·x² per channel.
  struct Box {
    var range: Range<Int>
    var weight = 0.0
    var sum = SIMD3<Double>.zero
    var squares = SIMD3<Double>.zero

    init(range: Range<Int>, clusters: ArraySlice<Cluster>) {
      self.range = range
      for cluster in clusters { add(cluster) }
    }

    mutating func add(_ cluster: Cluster) {
      weight += cluster.weight
      sum += cluster.weight * cluster.mean
      squares += cluster.weight * cluster.mean * cluster.mean
    }

    /// Σw·(x - mean)² per channel; rounding can leave a tiny negative, read as 0.
    var errors: SIMD3<Double> {
      weight > 0 ? (squares - sum * sum / weight).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: .infinity)) : .zero
    }

    var mean: SIMD3<Double> { sum / weight }
  }

  /// Box means, at most `size` of them and one per cluster when there are no more clusters
  /// than that.
  static func palette(of clusters: [Cluster], size: Int) -> [SIMD3<Double>] {
    var clusters = clusters
    var boxes = [Box(range: clusters.indices, clusters: clusters[...])]
    while boxes.count < size {
      var chosen: Int?, chosenError = 0.0
      for (index, box) in boxes.enumerated() where box.range.count > 1 {
        let error = box.errors.sum()
        if error > chosenError { (chosen, chosenError) = (index, error) }
      }
      guard let chosen else { break }
      let (low, high) = cut(boxes[chosen], in: &clusters)
      boxes[chosen] = low
      boxes.append(high)
    }
    return boxes.map(\.mean)
  }

  /// Sorts the box's clusters along its channel of largest error and cuts where the two
  /// halves' summed error is least; both halves keep at least one cluster.
  private static func cut(_ box: Box, in clusters: inout [Cluster]) -> (Box, Box) {
    let errors = box.errors
    let channel = errors.x >= errors.y && errors.x >= errors.z ? 0 : (errors.y >= errors.z ? 1 : 2)
    clusters[box.range].sort { $0.mean[channel] < $1.mean[channel] }
    var low = Box(range: box.range.lowerBound..<box.range.lowerBound, clusters: [])
    var best = box.range.lowerBound + 1, bestError = Double.infinity
    for index in box.range.dropLast() {
      low.add(clusters[index])
      var high = box
      high.weight -= low.weight
      high.sum -= low.sum
      high.squares -= low.squares
      let error = low.errors.sum() + high.errors.sum()
      if error < bestError { (best, bestError) = (index + 1, error) }
    }
    let lowRange = box.range.lowerBound..<best, highRange = best..<box.range.upperBound
    return (Box(range: lowRange, clusters: clusters[lowRange]), Box(range: highRange, clusters: clusters[highRange]))
  }
}
