/// How to turn a curve into a polyline. `adaptive` is the default and the one to use; the
/// others are textbook references kept for comparison (`curves flatten --method`).
///
/// ```swift
/// curve.flatten(tolerance: 0.25, method: .wang, into: &points)
/// FlatteningMethod(rawValue: "subdivision")
/// ```
public enum FlatteningMethod: String, CaseIterable, Sendable {
  /// Chords planned to deviate equally, each verified: near the fewest segments, never over
  /// the tolerance.
  case adaptive
  /// Uniform steps in t, as many as Wang's formula needs (what Skia and lyon do).
  case wang
  /// Recursive halving until the control points lie within the tolerance of the chord.
  case subdivision
}

/// The limits every flattener keeps, whatever its input.
public enum Flattening {
  /// Tolerances below this (and non-finite or non-positive ones) are raised to it: 1/10,000
  /// of a document unit is far below what any screen can show.
  public static let minimumTolerance = 1e-4

  /// The most points one curve may produce. A curve needs about √(L·κ / 8·tol) segments; at
  /// the minimum tolerance, a cubic 10⁵ units across needs under 2·10⁴ even by Wang's
  /// uniform bound (√(24·10⁵ / (8·10⁻⁴)) ≈ 5.5·10⁴ for the worst control polygon, and adaptive
  /// chords need far fewer), so only absurd coordinates reach the cap; those get a uniform
  /// polyline of this many points instead of exhausting memory.
  public static let maximumPointsPerCurve = 1 << 16

  /// The shortest parameter step a flattener takes: 1 / `maximumPointsPerCurve`.
  static let minimumStep = 1.0 / Double(maximumPointsPerCurve)

  /// Above this magnitude a control point is scaled down before flattening: a curve's
  /// differences and products of coordinates stay far from overflow below it.
  static let largestExactCoordinate = 0x1p500

  /// The power of two that brings `magnitude` under `largestExactCoordinate`.
  static func powerOfTwoScale(bringing magnitude: Double) -> Double {
    Double(sign: .plus, exponent: largestExactCoordinate.exponent - magnitude.exponent - 1, significand: 1)
  }

  static func clamp(_ tolerance: Double) -> Double {
    tolerance.isFinite && tolerance > minimumTolerance ? tolerance : minimumTolerance
  }
}

/// A curve as the flattener sees it: points on it, and a bound on how far a piece of it
/// strays from its chord.
protocol ChordMeasurable {
  func eval(_ t: Double) -> Point
  /// An upper bound on the two-sided Hausdorff distance between the curve on [t0, t1] and
  /// the segment from eval(t0) to eval(t1).
  func chordDeviation(_ t0: Double, _ t1: Double) -> Double
  /// A parameter step that is certain to be within `tolerance` from anywhere on the curve.
  func safeStep(tolerance: Double) -> Double
}

extension ChordMeasurable {
  /// Appends points on the curve from eval(0) to eval(1) whose chords each stay within
  /// `tolerance`, each chord close to the longest one that does. Curves of any degree use it,
  /// and cubics whose plan would be absurdly long (`appendPlannedPolyline`).
  ///
  /// Deviation grows with the square of the parameter step away from inflections, so a
  /// measured chord predicts the step that would deviate by a target just under the
  /// tolerance: √(target / deviation) times longer. Each chord is tried at the step predicted
  /// from the previous one, shrunk by that rule until its exact deviation (`chordDeviation`)
  /// fits, and grown once when it fits with much room to spare. Only verified chords are
  /// emitted, so the bound holds whatever the prediction does; the prediction only decides
  /// how close to the fewest segments the result gets.
  func appendAdaptivePolyline(tolerance: Double, into points: inout [Point]) {
    let start = points.count
    points.append(eval(0))
    let minimumStep = Flattening.minimumStep
    let target = 0.9 * tolerance
    var t0 = 0.0
    var step = max(safeStep(tolerance: tolerance), minimumStep)
    while t0 < 1 {
      if points.count - start >= Flattening.maximumPointsPerCurve - 1 {
        points.append(eval(1))
        return
      }
      var t1 = min(1, t0 + step)
      var deviation = chordDeviation(t0, t1)
      while deviation > tolerance {
        let factor = min(0.9, max(0.25, (target / deviation).squareRoot()))
        // Stop at the minimum step; t0 + minimumStep may round above it, so it is the step
        // getting no shorter that ends the search (`make fuzz` found it looping forever).
        let shorter = t0 + max((t1 - t0) * factor, minimumStep)
        guard shorter < t1 else { break }
        t1 = shorter
        deviation = chordDeviation(t0, t1)
      }
      if t1 < 1 && deviation < 0.5 * tolerance {
        let factor = deviation > 0 ? min(4, (target / deviation).squareRoot()) : 4
        let candidate = min(1, t0 + (t1 - t0) * factor)
        let candidateDeviation = chordDeviation(t0, candidate)
        if candidateDeviation <= tolerance { (t1, deviation) = (candidate, candidateDeviation) }
      }
      points.append(eval(t1))
      let predicted = deviation > 0 ? (target / deviation).squareRoot() : 4
      step = max((t1 - t0) * min(4, max(0.5, predicted)), minimumStep)
      t0 = t1
    }
  }
}

/// An upper bound on the distance from the curve with control points `controls` (first and
/// last on the chord) to its chord, by the convex hull property: the curve lies in the hull of
/// its control points, and distance to a segment is convex, so it peaks at a hull vertex.
func hullDeviation(_ controls: UnsafeBufferPointer<Point>) -> Double {
  let a = controls[0], b = controls[controls.count - 1]
  var deviation = 0.0
  for index in 1..<(controls.count - 1) {
    deviation = max(deviation, distance(from: controls[index], toSegment: a, b))
  }
  return deviation
}
