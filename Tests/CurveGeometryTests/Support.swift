import CurveGeometry
import SeededRandom

/// Random curves from a seeded generator, so every run tests the same curves.
extension SplitMix64 {
  mutating func point(in size: Double = 1000) -> Point {
    Point(x: Double.random(in: 0..<size, using: &self), y: Double.random(in: 0..<size, using: &self))
  }

  mutating func cubic(in size: Double = 1000) -> CubicBezier {
    CubicBezier(point(in: size), point(in: size), point(in: size), point(in: size))
  }
}

/// The two-sided Hausdorff distance between a curve and a polyline, measured by dense
/// sampling of both, with a golden-section refinement of each nearest curve sample.
func hausdorffDistance(_ curve: some ParametricCurve, _ polyline: [Point], samples: Int = 1500) -> Double {
  let curvePoints = (0...samples).map { curve.eval(Double($0) / Double(samples)) }
  var worst = 0.0
  // Curve to polyline: every curve sample's distance to the nearest segment.
  for point in curvePoints {
    var best = Double.infinity
    for index in 0..<(polyline.count - 1) {
      best = min(best, distance(from: point, toSegment: polyline[index], polyline[index + 1]))
    }
    worst = max(worst, best)
  }
  // Polyline to curve: points along each segment, their distance to the curve.
  for index in 0..<(polyline.count - 1) {
    for step in 0...4 {
      let point = polyline[index].lerp(to: polyline[index + 1], Double(step) / 4)
      // Refine every local minimum of the sampled distances: near a self-intersection the
      // nearest sample can lie on the wrong branch of the curve.
      let distances = curvePoints.map { ($0 - point).lengthSquared }
      var best = distances.min()!.squareRoot()
      for sample in distances.indices
      where (sample == 0 || distances[sample] <= distances[sample - 1])
        && (sample == samples || distances[sample] <= distances[sample + 1]) {
        var low = Double(max(0, sample - 1)) / Double(samples)
        var high = Double(min(samples, sample + 1)) / Double(samples)
        for _ in 0..<60 {
          let a = low + (high - low) / 3, b = high - (high - low) / 3
          if (curve.eval(a) - point).lengthSquared < (curve.eval(b) - point).lengthSquared { high = b } else { low = a }
        }
        best = min(best, curve.eval((low + high) / 2).distance(to: point))
      }
      worst = max(worst, best)
    }
  }
  return worst
}

/// Flattens `curve` with `method` and returns the polyline.
func flattened(_ curve: CubicBezier, tolerance: Double, method: FlatteningMethod = .adaptive) -> [Point] {
  var points: [Point] = []
  curve.flatten(tolerance: tolerance, method: method, into: &points)
  return points
}
