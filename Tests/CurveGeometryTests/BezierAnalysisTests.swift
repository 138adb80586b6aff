import CurveGeometry
import Foundation
import SeededRandom
import Testing

/// `Bezier`'s analysis (BezierAnalysis.swift), each answer checked against an independent
/// measurement: arc length by `arcLength(accuracy:)` of a subsegment, curvature by the turning
/// of the tangent over a short arc, extrema and inflections by dense sampling. Random curves
/// of degrees 1...7 and 15, 1000 units across, plus the degenerate ones an editor produces.
struct BezierAnalysisTests {
  /// Dense sampling: fine enough to catch a missed extremum or inflection on these curves.
  static let samples = 4000

  /// Six random curves of each degree 1...7 and three of degree 15.
  func randomCurves(_ generator: inout SplitMix64, degrees: [Int] = Array(1...7)) -> [Bezier] {
    let counts = degrees.flatMap { Array(repeating: $0, count: 6) } + [15, 15, 15]
    return counts.map { degree in Bezier((0...degree).map { _ in generator.point() })! }
  }

  /// The diagonal of the control points' box, which holds the curve.
  func size(of curve: Bezier) -> Double {
    let box = Rect(enclosing: curve.controlPoints)
    return max(Point(x: box.width, y: box.height).length, 1)
  }

  /// The arc length from 0 to t by the existing quadrature of a subsegment, not the code under test.
  func referenceLength(_ curve: Bezier, to t: Double) -> Double {
    t > 0 ? curve.subsegment(0, t).arcLength(accuracy: 1e-9) : 0
  }

  static let cusp = Bezier([Point(x: 0, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100), Point(x: 100, y: 0)])!
  static let singlePoint = Bezier(Array(repeating: Point(x: 12, y: 34), count: 4))!
  /// Collinear control points off a representable direction: not exactly collinear in binary.
  static let line = Bezier([0, 0.3, 1.7, 2.2, 3.1].map { Point(x: 0.1 + 0.3 * $0, y: 0.7 + 0.7 * $0) })!

  // MARK: - Inverse arc length

  @Test func arcLengthToTheReturnedParameterIsTheRequestedFraction() {
    var generator = SplitMix64(seed: 301)
    var worst = 0.0
    for curve in randomCurves(&generator) + [Self.cusp] {
      let total = curve.arcLength(accuracy: 1e-9)
      for _ in 0..<8 {
        let u = Double.random(in: 0...1, using: &generator)
        let t = curve.parameter(atArcLengthFraction: u)
        let error = abs(referenceLength(curve, to: t) / total - u)
        worst = max(worst, error)
        #expect(error <= 1e-4, "degree \(curve.degree), u = \(u), t = \(t)")
      }
      #expect(curve.parameter(atArcLengthFraction: 0) == 0)
      #expect(curve.parameter(atArcLengthFraction: 1) == 1)
    }
    // It works to 1e-7 of the total, far inside the promised 1e-4.
    #expect(worst <= 1e-7)
  }

  /// A cubic with B′(tc) = 0 at a random tc, from random P0, P1, P3: with a = P1 − P0,
  /// b = P2 − P1, d = P3 − P1, B′(tc)/3 = (1 − tc)² a + 2(1 − tc) tc b + tc² (d − b) = 0 is
  /// linear in b. Raised to degrees 4...7 by exact elevation.
  func cuspCurves(_ generator: inout SplitMix64) -> [(curve: Bezier, cusp: Double)] {
    (0..<12).map { index in
      let (p0, p1, p3) = (generator.point(), generator.point(), generator.point())
      let tc = Double.random(in: 0.1...0.6, using: &generator)
      let b = ((p1 - p0) * ((1 - tc) * (1 - tc)) + (p3 - p1) * (tc * tc)) / (tc * tc - 2 * (1 - tc) * tc)
      var curve = Bezier([p0, p1, p1 + b, p3])!
      for _ in 0..<(index % 5) { curve = curve.elevated() }
      return (curve, tc)
    }
  }

  @Test func cuspsAtAnyParameterNeitherStopTheInverseNorGiveACurvature() {
    var generator = SplitMix64(seed: 309)
    for (curve, tc) in cuspCurves(&generator) {
      let size = size(of: curve)
      #expect(curve.derivative(at: tc).length <= 1e-9 * size)
      let total = curve.arcLength(accuracy: 1e-9)
      for u in [0.1, 0.3, 0.5, 0.7, 0.9, Double.random(in: 0...1, using: &generator)] {
        let t = curve.parameter(atArcLengthFraction: u)
        #expect(abs(referenceLength(curve, to: t) / total - u) <= 1e-4, "degree \(curve.degree), cusp at \(tc), u = \(u)")
      }
      let atCusp = curve.parameter(atArcLength: referenceLength(curve, to: tc))
      #expect(abs(atCusp - tc) <= 1e-4)
      #expect(curve.curvature(at: tc) == nil || abs(curve.curvature(at: tc)!) > 1e3 / size)
      // The tangent flips across the cusp, and at it is the direction leaving it.
      let (before, after) = (curve.tangent(at: tc - 1e-6)!, curve.tangent(at: tc + 1e-6)!)
      #expect(before.dot(after) < -0.99)
      #expect(curve.tangent(at: tc)!.dot(after) > 0.99)
    }
  }

  @Test func scaleAndPositionChangeNothingButTheUnits() {
    var generator = SplitMix64(seed: 310)
    for curve in randomCurves(&generator, degrees: [2, 3, 5]) {
      for (scale, offset) in [(1e6, 0.0), (1e-6, 0.0), (1.0, 1e6)] {
        let moved = Bezier(curve.controlPoints.map { $0 * scale + Point(x: offset, y: offset) })!
        let (extrema, movedExtrema) = (curve.extremaParameters(), moved.extremaParameters())
        #expect(extrema.count == movedExtrema.count)
        for (a, b) in zip(extrema, movedExtrema) { #expect(abs(a - b) <= 1e-7) }
        let (inflections, movedInflections) = (curve.inflectionParameters(), moved.inflectionParameters())
        #expect(inflections.count == movedInflections.count)
        for (a, b) in zip(inflections, movedInflections) { #expect(abs(a - b) <= 1e-7) }
        #expect(abs(moved.parameter(atArcLengthFraction: 0.4) - curve.parameter(atArcLengthFraction: 0.4)) <= 1e-6)
        if let curvature = curve.curvature(at: 0.3), let movedCurvature = moved.curvature(at: 0.3) {
          #expect(abs(movedCurvature * scale - curvature) <= 1e-6 * abs(curvature))
        }
      }
    }
  }

  @Test func nonFiniteCurvesAnswerNothing() {
    let curve = Bezier([Point(x: 0, y: 0), Point(x: .nan, y: 1), Point(x: 2, y: .infinity), Point(x: 3, y: 0)])!
    #expect(curve.tangent(at: 0.5) == nil && curve.curvature(at: 0.5) == nil && curve.osculatingCircle(at: 0.5) == nil)
    #expect(curve.extremaParameters().isEmpty && curve.inflectionParameters().isEmpty)
    #expect(curve.arcLength(from: 0, to: 1).isNaN)
    #expect(curve.parameter(atArcLengthFraction: 0.3) == 0.3)
  }

  @Test func parameterGrowsWithTheFraction() {
    var generator = SplitMix64(seed: 302)
    for curve in randomCurves(&generator, degrees: [2, 3, 5]) + [Self.cusp] {
      var previous = 0.0
      for index in 0...400 {
        let t = curve.parameter(atArcLengthFraction: Double(index) / 400)
        #expect(t >= previous, "degree \(curve.degree) at \(index)/400")
        previous = t
      }
    }
  }

  @Test func requestsOutsideTheCurveAreClamped() {
    let curve = Self.cusp
    let total = curve.arcLength()
    #expect(curve.parameter(atArcLength: -5) == 0)
    #expect(curve.parameter(atArcLength: total + 5) == 1)
    #expect(curve.parameter(atArcLengthFraction: 2) == 1)
    // By the cusp's symmetry the middle of the length is the cusp itself.
    #expect(abs(curve.parameter(atArcLength: total / 2) - 0.5) < 1e-9)
  }

  @Test func absoluteAccuracyIsMetWhenAskedForAndTheRangeVersionAgrees() {
    var generator = SplitMix64(seed: 303)
    for curve in randomCurves(&generator, degrees: [1, 3, 4, 6]) {
      let length = Double.random(in: 0...1, using: &generator) * curve.arcLength(accuracy: 1e-9)
      let t = curve.parameter(atArcLength: length, accuracy: 1e-7)
      #expect(abs(referenceLength(curve, to: t) - length) <= 1e-7)
      let (t0, t1) = (Double.random(in: 0...1, using: &generator), Double.random(in: 0...1, using: &generator))
      let reference = curve.subsegment(min(t0, t1), max(t0, t1)).arcLength(accuracy: 1e-9)
      #expect(abs(curve.arcLength(from: t0, to: t1, accuracy: 1e-9) - reference) <= 1e-8)
      #expect(curve.arcLength(from: t1, to: t0) == curve.arcLength(from: t0, to: t1))
    }
  }

  @Test func aCurveOfLengthZeroKeepsTheFraction() {
    let curve = Self.singlePoint
    for u in [0, 0.25, 0.5, 1] { #expect(curve.parameter(atArcLengthFraction: u) == u) }
    #expect(curve.parameter(atArcLength: 3) == 0)
    #expect(curve.arcLength(from: 0, to: 1) == 0)
    #expect(curve.tangent(at: 0.5) == nil && curve.normal(at: 0.5) == nil)
    #expect(curve.curvature(at: 0.5) == nil && curve.osculatingCircle(at: 0.5) == nil)
    #expect(curve.extremaParameters().isEmpty && curve.inflectionParameters().isEmpty)
    #expect(curve.tightBounds() == Rect(minX: 12, minY: 34, maxX: 12, maxY: 34))
  }

  // MARK: - Tangent, curvature, osculating circle

  @Test func curvatureIsTheTurningOfTheTangentPerArcLength() {
    var generator = SplitMix64(seed: 304)
    let h = 1e-4
    for curve in randomCurves(&generator, degrees: Array(2...7)) {
      let size = size(of: curve)
      for _ in 0..<10 {
        let t = Double.random(in: 0.01...0.99, using: &generator)
        // Near a cusp the curvature is unbounded and no finite difference resolves it.
        guard curve.derivative(at: t).length > 1e-2 * size,
          let curvature = curve.curvature(at: t),
          let before = curve.tangent(at: t - h), let after = curve.tangent(at: t + h)
        else { continue }
        let turning = atan2(before.cross(after), before.dot(after))
        let estimate = turning / curve.arcLength(from: t - h, to: t + h, accuracy: 1e-12)
        #expect(abs(estimate - curvature) <= 1e-3 * abs(curvature) + 1e-6 / size, "degree \(curve.degree), t = \(t)")
      }
    }
  }

  @Test func theOsculatingCircleTouchesTheCurveFromTheNormalSide() {
    var generator = SplitMix64(seed: 305)
    for curve in randomCurves(&generator, degrees: Array(2...7)) {
      for _ in 0..<10 {
        let t = Double.random(in: 0...1, using: &generator)
        guard let curvature = curve.curvature(at: t), let circle = curve.osculatingCircle(at: t),
          let normal = curve.normal(at: t), let tangent = curve.tangent(at: t)
        else { continue }
        let point = curve.eval(t), radius = 1 / abs(curvature)
        #expect(abs(circle.radius - radius) <= 1e-12 * radius)
        #expect(abs(circle.centre.distance(to: point) - radius) <= 1e-9 * radius)
        let towardsCentre = (circle.centre - point) / radius
        #expect((towardsCentre - normal * (curvature > 0 ? 1 : -1)).length <= 1e-9)
        #expect(abs(normal.length - 1) <= 1e-12 && abs(tangent.dot(normal)) <= 1e-12)
        #expect(abs(tangent.cross(normal) - 1) <= 1e-12)
      }
    }
  }

  @Test func aParabolaHasItsClosedFormCurvatureAtAnyDegree() {
    // B(t) = 100·(x, x²) with x = 2t − 1: κ = 2 / (100 (1 + 4x²)^(3/2)), positive because the
    // curve turns towards +y, clockwise on the y-down screen.
    let parabola = Bezier([Point(x: -100, y: 100), Point(x: 0, y: -100), Point(x: 100, y: 100)])!
    for curve in [parabola, parabola.elevated(), parabola.elevated().elevated().elevated()] {
      for t in stride(from: 0.0, through: 1.0, by: 0.05) {
        let x = 2 * t - 1
        let expected = 2 / (100 * pow(1 + 4 * x * x, 1.5))
        #expect(abs(curve.curvature(at: t)! - expected) <= 1e-12 * expected, "degree \(curve.degree), t = \(t)")
      }
      #expect((curve.normal(at: 0.5)! - Point(x: 0, y: 1)).length < 1e-12)
      #expect(curve.osculatingCircle(at: 0.5)!.centre.distance(to: Point(x: 0, y: 50)) < 1e-9)
      #expect(curve.inflectionParameters().isEmpty)
    }
  }

  @Test func theQuarterCircleCubicIsWithinItsOwnErrorOfACircle() {
    // k = 0.5523 puts the midpoint within 3e-4 r of the circle, but curvature is a second
    // derivative: it runs from (2/3)(1 − k)/k² = 0.9785 at the ends to 1.0079 at t ≈ 0.2, so
    // it matches 1/r within 2.2%, not 1e-3. 1e-3 holds only near t = 0.1 and t = 0.35.
    let (r, k) = (100.0, 0.5523)
    let arc = Bezier([Point(x: r, y: 0), Point(x: r, y: k * r), Point(x: k * r, y: r), Point(x: 0, y: r)])!
    for t in stride(from: 0.0, through: 1.0, by: 0.01) {
      #expect(abs(arc.curvature(at: t)! * r - 1) <= 0.022)
      #expect(arc.osculatingCircle(at: t)!.centre.length <= 0.025 * r)
    }
    #expect(abs(arc.curvature(at: 0)! * r - (2.0 / 3) * (1 - k) / (k * k)) <= 1e-12)
    #expect(abs(arc.curvature(at: 0.1)! * r - 1) <= 3e-3)
    // From (r, 0) to (0, r) is counter-clockwise in y-up maths, clockwise on the y-down
    // screen: towards the normal, so positive, and the centre is the origin side.
    #expect(arc.curvature(at: 0.5)! > 0)
    #expect(arc.normal(at: 0)! == Point(x: -1, y: 0))
  }

  @Test func aStraightLineHasCurvatureZeroAndNoCircle() {
    let curve = Self.line
    let direction = Point(x: 0.3, y: 0.7).normalized
    for t in stride(from: 0.0, through: 1.0, by: 0.01) {
      #expect(curve.curvature(at: t) == 0)
      #expect(curve.osculatingCircle(at: t) == nil)
      #expect((curve.tangent(at: t)! - direction).length <= 1e-12)
    }
    #expect(curve.inflectionParameters().isEmpty)
    #expect(Bezier([Point(x: 0, y: 0), Point(x: 30, y: 70)])!.curvature(at: 0.5) == 0)
  }

  @Test func atACuspTheTangentIsTheLimitAndTheCurvatureIsUndefined() {
    let curve = Self.cusp
    #expect(curve.curvature(at: 0.5) == nil && curve.osculatingCircle(at: 0.5) == nil)
    // Leaving the cusp the curve runs along +B″(0.5) = (0, −300); it arrived along −B″.
    #expect(curve.tangent(at: 0.5) == Point(x: 0, y: -1))
    #expect((curve.tangent(at: 0.5 + 1e-7)! - Point(x: 0, y: -1)).length < 1e-6)
    #expect((curve.tangent(at: 0.5 - 1e-7)! - Point(x: 0, y: 1)).length < 1e-6)
    #expect(curve.normal(at: 0.5) == Point(x: 1, y: 0))
    #expect(curve.curvature(at: 0.4) != nil)
  }

  @Test func handlesOnTheirAnchorsKeepTheEndTangents() {
    let curve = Bezier([Point(x: 0, y: 0), Point(x: 0, y: 0), Point(x: 100, y: 50), Point(x: 100, y: 50)])!
    let direction = Point(x: 2, y: 1).normalized
    #expect((curve.tangent(at: 0)! - direction).length <= 1e-12)
    #expect((curve.tangent(at: 1)! - direction).length <= 1e-12)
    #expect(curve.curvature(at: 0) == nil && curve.curvature(at: 1) == nil)
    // Three coincident points: the third derivative sets the direction.
    let late = Bezier([Point(x: 0, y: 0), Point(x: 0, y: 0), Point(x: 0, y: 0), Point(x: 30, y: 40)])!
    #expect((late.tangent(at: 0)! - Point(x: 0.6, y: 0.8)).length <= 1e-12)
  }

  @Test func secondDerivativeAgreesWithTheCubicAndWithDifferences() {
    var generator = SplitMix64(seed: 306)
    for curve in randomCurves(&generator) {
      let size = size(of: curve), h = 1e-4
      for _ in 0..<5 {
        let t = Double.random(in: h...(1 - h), using: &generator)
        let difference = (curve.derivative(at: t + h) - curve.derivative(at: t - h)) / (2 * h)
        let scale = Double(curve.degree * curve.degree * curve.degree) * size
        #expect((curve.secondDerivative(at: t) - difference).length <= 1e-5 * scale)
        if let cubic = curve.cubic { #expect(curve.secondDerivative(at: t) == cubic.secondDerivative(at: t)) }
      }
    }
    // Unevenly spaced points on a line: B″ is not zero but runs along the line.
    #expect(abs(Self.line.secondDerivative(at: 0.3).cross(Point(x: 0.3, y: 0.7).normalized)) < 1e-12)
    #expect(Bezier([Point(x: 0, y: 0), Point(x: 3, y: 4)])!.secondDerivative(at: 0.5) == .zero)
  }

  // MARK: - Extrema and tight bounds

  @Test func extremaAreZerosOfADerivativeComponentAndTheBoxHoldsTheCurve() {
    var generator = SplitMix64(seed: 307)
    for curve in randomCurves(&generator) {
      let size = size(of: curve)
      let extrema = curve.extremaParameters()
      #expect(extrema == extrema.sorted() && extrema.allSatisfy { $0 > 0 && $0 < 1 })
      for t in extrema {
        let velocity = curve.derivative(at: t)
        #expect(min(abs(velocity.x), abs(velocity.y)) <= 1e-9 * Double(curve.degree) * size, "degree \(curve.degree), t = \(t)")
      }
      let box = curve.tightBounds()
      var sampled = Rect(enclosing: [curve.start])
      for index in 0...Self.samples {
        let point = curve.eval(Double(index) / Double(Self.samples))
        #expect(box.contains(point, tolerance: 1e-9 * size), "degree \(curve.degree): \(point) outside \(box)")
        sampled.include(point)
      }
      // Touching on all four sides: the samples reach each side, up to the sag between
      // samples, max |B″| (1/samples)² / 8 <= n² size / samples².
      let sag = Double(curve.degree * curve.degree) * size / Double(Self.samples * Self.samples)
      #expect(sampled.minX - box.minX <= sag && box.maxX - sampled.maxX <= sag)
      #expect(sampled.minY - box.minY <= sag && box.maxY - sampled.maxY <= sag)
    }
  }

  @Test func extremaOnADyadicParameterAreFound() {
    // The apex of a symmetric arch is exactly t = 1/2, where subdivision splits.
    let arch = Bezier([Point(x: 0, y: 0), Point(x: 50, y: 80), Point(x: 100, y: 0)])!
    #expect(arch.extremaParameters() == [0.5])
    #expect(arch.tightBounds() == Rect(minX: 0, minY: 0, maxX: 100, maxY: 40))
    #expect(Self.cusp.extremaParameters() == [0.5])
    // x′ = 3(1 − 2t)² touches zero at the cusp without changing sign: not an x extremum.
    #expect(Self.cusp.tightBounds() == Rect(minX: 0, minY: 0, maxX: 100, maxY: 75))
    let vertical = Bezier([Point(x: 5, y: 0), Point(x: 5, y: 10), Point(x: 5, y: 20)])!
    #expect(vertical.extremaParameters().isEmpty)
  }

  // MARK: - Inflections

  @Test func theCrossProductChangesSignExactlyAtTheInflections() {
    var generator = SplitMix64(seed: 308)
    func cross(_ curve: Bezier, _ t: Double) -> Double {
      curve.derivative(at: t).cross(curve.secondDerivative(at: t))
    }
    for curve in randomCurves(&generator, degrees: Array(3...7)) {
      let inflections = curve.inflectionParameters()
      #expect(inflections == inflections.sorted() && inflections.allSatisfy { $0 > 0 && $0 < 1 })
      #expect(inflections.count <= 2 * curve.degree - 4)
      for (index, t) in inflections.enumerated() {
        let gap = min(index > 0 ? t - inflections[index - 1] : t, index + 1 < inflections.count ? inflections[index + 1] - t : 1 - t)
        let delta = min(1e-6, gap / 2)
        #expect((cross(curve, t - delta) > 0) != (cross(curve, t + delta) > 0), "degree \(curve.degree), t = \(t)")
      }
      // Every sign change between neighbouring samples has an inflection between them.
      var previous = cross(curve, 0)
      for index in 1...Self.samples {
        let (low, high) = (Double(index - 1) / Double(Self.samples), Double(index) / Double(Self.samples))
        let value = cross(curve, high)
        if value != 0 && previous != 0 && (value > 0) != (previous > 0) {
          #expect(inflections.contains { $0 >= low - 1e-9 && $0 <= high + 1e-9 }, "degree \(curve.degree) in [\(low), \(high)]")
        }
        if value != 0 { previous = value }
      }
      if let cubic = curve.cubic {
        #expect(inflections.count == cubic.inflections.count)
        for (a, b) in zip(inflections, cubic.inflections) { #expect(abs(a - b) <= 1e-9) }
      }
    }
  }

  @Test func anSCurveHasOneInflectionAndAnArchNone() {
    let sCurve = Bezier([Point(x: 0, y: 0), Point(x: 30, y: 90), Point(x: 70, y: -90), Point(x: 100, y: 0)])!
    #expect(sCurve.inflectionParameters() == [0.5])
    let arch = Bezier([Point(x: 0, y: 0), Point(x: 0, y: 100), Point(x: 100, y: 100), Point(x: 100, y: 0)])!
    #expect(arch.inflectionParameters().isEmpty)
    #expect(arch.elevated().elevated().inflectionParameters().isEmpty)
    #expect(sCurve.elevated().elevated().inflectionParameters().count == 1)
    #expect(Self.cusp.inflectionParameters().isEmpty)
  }
}
