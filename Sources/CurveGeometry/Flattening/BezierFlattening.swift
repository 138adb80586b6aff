extension Bezier {
  /// Flattens a curve of degree other than 3 with the adaptive chord search, bounding each
  /// chord's deviation by the convex hull of the piece's control points.
  func flattenAnyDegree(tolerance: Double, into points: inout [Point]) {
    guard isFinite else { return }
    let tolerance = Flattening.clamp(tolerance)
    if controlPoints.count == 2 {
      points.append(contentsOf: controlPoints)
      return
    }
    AnyDegreeChords(self).appendAdaptivePolyline(tolerance: tolerance, into: &points)
    points[points.count - 1] = controlPoints[controlPoints.count - 1]
  }
}

struct AnyDegreeChords: ChordMeasurable {
  let curve: Bezier

  init(_ curve: Bezier) { self.curve = curve }

  func eval(_ t: Double) -> Point { curve.eval(t) }

  /// Uniform steps this long keep chords within `tolerance`: for degree n the chord error is
  /// at most n(n-1)/8 · max|Δ²p| · step² (the generalisation of Wang's formula).
  func safeStep(tolerance: Double) -> Double {
    let points = curve.controlPoints
    let n = Double(points.count - 1)
    var bend = 0.0
    for index in 0..<(points.count - 2) {
      bend = max(bend, (points[index] - 2 * points[index + 1] + points[index + 2]).length)
    }
    return bend > 0 ? min(1, (8 * tolerance / (n * (n - 1) * bend)).squareRoot()) : 1
  }

  func chordDeviation(_ t0: Double, _ t1: Double) -> Double {
    curve.subsegment(t0, t1).controlPoints.withUnsafeBufferPointer(hullDeviation)
  }
}

extension Bezier {
  /// How many uniform chords Wang's formula asks for at `tolerance`: the count a renderer
  /// that steps t evenly (Skia, lyon) would draw, beside the adaptive flattening's own.
  public func uniformChordCount(tolerance: Double) -> Int {
    let step = AnyDegreeChords(self).safeStep(tolerance: Flattening.clamp(tolerance))
    return Int(min((1 / step).rounded(.up), Double(Flattening.maximumPointsPerCurve - 1)))
  }
}
