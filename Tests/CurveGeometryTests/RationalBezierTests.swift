import CurveGeometry
import Foundation
import SeededRandom
import Testing

/// Rational curves: the weighted construction, the circle a polynomial cannot draw, and the
/// cubics SVG export writes in its place.
struct RationalBezierTests {
  /// A quarter of the unit circle: weights 1, cos 45°, 1.
  static let quarter = RationalBezier([Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)], weights: [1, 0.5.squareRoot(), 1])!

  @Test func aQuadraticWithTheRightWeightIsAnExactCircularArc() {
    for index in 0...100 {
      let t = Double(index) / 100
      #expect(abs(Self.quarter.eval(t).length - 1) < 1e-15, "t = \(t)")
    }
    // The plain quadratic of the same points is not: at t = 1/2 it is at (0.75, 0.75).
    #expect(abs(Self.quarter.polynomial.eval(0.5).length - 1) > 0.06)
    #expect(Self.quarter.eval(0.5).distance(to: Point(x: 0.5.squareRoot(), y: 0.5.squareRoot())) < 1e-15)
  }

  @Test func theQuarterCirclesCurvatureIsOneAndItsLengthAQuarterTurn() {
    for t in [0.0, 0.25, 0.5, 0.9, 1] {
      #expect(abs(abs(Self.quarter.curvature(at: t)!) - 1) < 1e-12, "t = \(t)")
    }
    #expect(abs(Self.quarter.arcLength(accuracy: 1e-12) - .pi / 2) < 1e-10)
    #expect(abs(Self.quarter.arcLength(from: 0, to: 0.5, accuracy: 1e-12) - .pi / 4) < 1e-10, "halfway in t is halfway round: the arc is symmetric")
  }

  @Test func equalWeightsGiveThePlainCurveAndItsConstruction() {
    var random = SplitMix64(seed: 77)
    for degree in 1...6 {
      let points = (0...degree).map { _ in random.point() }
      let rational = RationalBezier(points, weights: Array(repeating: 2.5, count: degree + 1))!, plain = Bezier(points)!
      #expect(rational.isPolynomial)
      for t in [0, 0.2, 0.5, 0.9, 1] {
        #expect(rational.eval(t).distance(to: plain.eval(t)) < 1e-9)
        #expect(rational.derivative(at: t).distance(to: plain.derivative(at: t)) < 1e-7)
        #expect(rational.secondDerivative(at: t).distance(to: plain.secondDerivative(at: t)) < 1e-5)
        let levels = rational.deCasteljauLevels(at: t), plainLevels = plain.deCasteljauLevels(at: t)
        #expect(zip(levels, plainLevels).allSatisfy { zip($0, $1).allSatisfy { $0.distance(to: $1) < 1e-9 } })
      }
    }
  }

  @Test func theDerivativeIsTheSlopeOfTheCurve() {
    var random = SplitMix64(seed: 78)
    for _ in 0..<20 {
      let points = (0...3).map { _ in random.point() }
      let weights = (0...3).map { _ in Double.random(in: 0.2...5, using: &random) }
      let curve = RationalBezier(points, weights: weights)!
      for t in [0.1, 0.5, 0.8] {
        let h = 1e-6, slope = (curve.eval(t + h) - curve.eval(t - h)) / (2 * h)
        #expect((slope - curve.derivative(at: t)).length < 1e-4 * max(1, slope.length), "\(slope) vs \(curve.derivative(at: t))")
      }
    }
  }

  @Test func splitAndElevatedKeepTheCurve() {
    var random = SplitMix64(seed: 80)
    for degree in 1...5 {
      let points = (0...degree).map { _ in random.point() }
      let weights = (0...degree).map { _ in Double.random(in: 0.2...5, using: &random) }
      let curve = RationalBezier(points, weights: weights)!
      let (head, tail) = curve.split(at: 0.3)
      let raised = curve.elevated()
      #expect(head.controlPoints.first == points.first && tail.controlPoints.last == points.last && raised.degree == degree + 1)
      for index in 0...20 {
        let s = Double(index) / 20
        #expect(head.eval(s).distance(to: curve.eval(0.3 * s)) < 1e-9)
        #expect(tail.eval(s).distance(to: curve.eval(0.3 + 0.7 * s)) < 1e-9)
        #expect(raised.eval(s).distance(to: curve.eval(s)) < 1e-9)
      }
    }
  }

  @Test func weightsThatCannotBeUsedAreRefused() {
    let points = [Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 2, y: 0)]
    #expect(RationalBezier(points, weights: [1, 0, 1]) == nil)
    #expect(RationalBezier(points, weights: [1, -2, 1]) == nil)
    #expect(RationalBezier(points, weights: [1, .nan, 1]) == nil)
    #expect(RationalBezier(points, weights: [1, 1]) == nil)
  }

  @Test(arguments: [2, 3, 5])
  func theCubicsStayWithinTheirToleranceOfTheCurve(degree: Int) {
    var random = SplitMix64(seed: UInt64(790 + degree))
    for _ in 0..<10 {
      let points = (0...degree).map { _ in random.point() }
      let weights = (0...degree).map { _ in Double.random(in: 0.1...8, using: &random) }
      let curve = RationalBezier(points, weights: weights)!
      let cubics = curve.cubics(tolerance: 0.01)
      #expect(cubics.first?.controlPoints.first == curve.controlPoints.first && cubics.last?.controlPoints.last == curve.controlPoints.last)
      for (a, b) in zip(cubics, cubics.dropFirst()) { #expect(a.controlPoints.last == b.controlPoints.first) }
      // Every point of the curve, densely, is within the tolerance of the cubics' polyline
      // (flattened far finer than the tolerance).
      var polyline: [Point] = []
      for cubic in cubics { cubic.flatten(tolerance: 0.0005, into: &polyline) }
      var worst = 0.0
      for index in 0...400 {
        let point = curve.eval(Double(index) / 400)
        var best = Double.infinity
        for (a, b) in zip(polyline, polyline.dropFirst()) { best = min(best, distance(from: point, toSegment: a, b)) }
        worst = max(worst, best)
      }
      #expect(worst < 0.0105, "\(worst) with \(cubics.count) cubics")
    }
  }

  @Test func theQuarterCircleIsACubicOrTwoWithinAHundredthOfAUnitAtRadius100() {
    let arc = RationalBezier(Self.quarter.controlPoints.map { $0 * 100 }, weights: Self.quarter.weights)!
    let cubics = arc.cubics(tolerance: 0.01)
    // One cubic strays 0.027 from the circle; two halves are well within 0.01.
    #expect(cubics.count == 2, "\(cubics.count)")
    for cubic in cubics {
      for index in 0...50 { #expect(abs(cubic.eval(Double(index) / 50).length - 100) < 0.01) }
    }
  }

  @Test func theNearestPointOfAQuarterCircleIsAlongItsRadius() throws {
    let quarter = try #require(RationalBezier([Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100)], weights: [1, 0.5.squareRoot(), 1]))
    for angle in stride(from: 0.0, through: 90, by: 7.5) {
      let direction = Point(x: cos(angle * .pi / 180), y: sin(angle * .pi / 180))
      for radius in [40.0, 100, 170] {
        let nearest = quarter.nearest(to: direction * radius)
        // Pointer accuracy: comparing distances leaves t good to about 1e-8.
        #expect(nearest.point.distance(to: direction * 100) < 1e-5, "\(angle)°, radius \(radius)")
        #expect(abs(nearest.distance - abs(radius - 100)) < 1e-7)
      }
    }
    // Beyond an end, the end.
    #expect(quarter.nearest(to: Point(x: 150, y: -50)).t == 0)
  }

  @Test func aQuarterCirclesCircleBoxAndInflectionsAreTheCircles() throws {
    let quarter = try #require(RationalBezier([Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100)], weights: [1, 0.5.squareRoot(), 1]))
    for t in [0.1, 0.5, 0.9] {
      let circle = try #require(quarter.osculatingCircle(at: t))
      #expect(circle.centre.length < 1e-9 && abs(circle.radius - 100) < 1e-9)
      #expect(abs(try #require(quarter.tangent(at: t)).dot(quarter.eval(t))) < 1e-9, "the tangent is at right angles to the radius")
    }
    let box = quarter.tightBounds()
    #expect(abs(box.minX) < 0.1 && abs(box.maxX - 100) < 1e-9 && abs(box.minY) < 1e-9 && abs(box.maxY - 100) < 0.1)
    #expect(quarter.inflectionParameters().isEmpty)
    // An S: weights pull a cubic's two handles, its one inflection stays between them.
    let s = try #require(RationalBezier([Point(x: 0, y: 0), Point(x: 100, y: 100), Point(x: 200, y: -100), Point(x: 300, y: 0)], weights: [1, 3, 1, 1]))
    let inflections = s.inflectionParameters()
    #expect(inflections.count == 1)
    let at = try #require(inflections.first)
    #expect(abs(try #require(s.curvature(at: at))) < 1e-6, "the curvature is 0 there")
  }
}
