extension CurveFitter {
  /// A subpath (its segments end to end) refitted with as few cubics as the fitter finds,
  /// within `tolerance` of the original, its corners kept: Inkscape's Simplify (Ctrl+L).
  ///
  /// ```swift
  /// let simpler = CurveFitter(tolerance: 1).simplify(segments, isClosed: true, corners: [0, 3])
  /// ```
  ///
  /// The segments are sampled (flattened within a tenth of the tolerance, chords cut to at most
  /// the tolerance) and the samples fitted within the rest; `corners` are the indices of the
  /// nodes (0 is the first segment's start, `segments.count` the last's end) that stay
  /// corner nodes whatever their angle. Other nodes are corners only where the path turns
  /// sharply.
  public func simplify(_ segments: [Bezier], isClosed: Bool, corners: Set<Int>) -> FittedStroke {
    guard let first = segments.first?.controlPoints.first else { return fit([]) }
    let flattening = tolerance * Self.flatteningShare
    var samples = [first], nodeSamples = [0]
    var chord: [Point] = []
    for segment in segments {
      chord.removeAll(keepingCapacity: true)
      segment.flatten(tolerance: flattening, into: &chord)
      for point in chord.dropFirst() {
        // Long chords get points along them, so the fit sees the whole of them.
        let previous = samples[samples.count - 1]
        let pieces = Int((previous.distance(to: point) / tolerance).rounded(.up))
        if pieces > 1 {
          for piece in 1..<pieces { samples.append(previous.lerp(to: point, Double(piece) / Double(pieces))) }
        }
        samples.append(point)
      }
      nodeSamples.append(samples.count - 1)
    }
    if isClosed, samples[samples.count - 1] != first { samples.append(first) }
    let fitter = CurveFitter(tolerance: tolerance - flattening, cornerAngle: cornerAngle)
    var forced = corners.filter { nodeSamples.indices.contains($0) }.map { nodeSamples[$0] }
    if !isClosed { forced += [0, samples.count - 1] }
    return fitter.fit(samples, corners: forced)
  }

  /// The share of the tolerance the sampling takes.
  static let flatteningShare = 0.1
}
