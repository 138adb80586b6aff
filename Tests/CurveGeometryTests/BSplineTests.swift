import CurveGeometry
import Foundation
import SeededRandom
import Testing

/// B-splines with knot vectors and weights: de Boor's construction, knot insertion, and the
/// Bézier segments they are exactly.
struct BSplineTests {
  @Test func aClampedSplineOfDegreePlusOnePointsIsItsBezierCurve() throws {
    var random = SplitMix64(seed: 41)
    for degree in 1...5 {
      let points = (0...degree).map { _ in random.point() }
      let spline = try #require(BSpline(degree: degree, controlPoints: points, knots: BSpline.openUniformKnots(count: degree + 1, degree: degree)))
      let bezier = try #require(Bezier(points))
      for t in [0, 0.1, 0.5, 0.77, 1] { #expect(spline.eval(t).distance(to: bezier.eval(t)) < 1e-9, "degree \(degree), t = \(t)") }
      let segments = spline.bezierSegments()
      #expect(segments.count == 1 && zip(segments[0].controlPoints, points).allSatisfy { $0.distance(to: $1) < 1e-9 })
    }
  }

  /// On uniform knots each span of a cubic is the blend of four control points by the
  /// uniform basis (1 − u)³/6, (3u³ − 6u² + 4)/6, (−3u³ + 3u² + 3u + 1)/6, u³/6.
  @Test func uniformCubicKnotsGiveTheUniformBasis() throws {
    var random = SplitMix64(seed: 42)
    let points = (0..<7).map { _ in random.point() }
    let spline = try #require(BSpline(degree: 3, controlPoints: points, knots: BSpline.uniformKnots(count: 7, degree: 3)))
    for span in 0..<4 {
      for step in 0...8 {
        let u = Double(step) / 8, v = 1 - u
        let basis = [v * v * v / 6, (3 * u * u * u - 6 * u * u + 4) / 6, (-3 * u * u * u + 3 * u * u + 3 * u + 1) / 6, u * u * u / 6]
        let expected = (0..<4).reduce(Point(x: 0, y: 0)) { $0 + points[span + $1] * basis[$1] }
        #expect(spline.eval(Double(span + 3) + u).distance(to: expected) < 1e-9, "span \(span), u = \(u)")
      }
    }
    let segments = spline.bezierSegments()
    #expect(segments.count == 4)
    // Each piece starts at (P0 + 4 P1 + P2)/6, its handles at the thirds of the middle leg.
    #expect(segments[0].controlPoints[0].distance(to: (points[0] + points[1] * 4 + points[2]) / 6) < 1e-9)
    #expect(segments[0].controlPoints[1].distance(to: (points[1] * 2 + points[2]) / 3) < 1e-9)
  }

  /// The textbook NURBS circle: degree 2, nine points round a square, weights 1 and √2/2.
  @Test func theNinePointNURBSCircleIsExact() throws {
    let r = 100.0, w = 0.5.squareRoot()
    let points = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1), (1, 0)].map { Point(x: Double($0.0) * r, y: Double($0.1) * r) }
    let weights = (0..<9).map { $0.isMultiple(of: 2) ? 1 : w }
    let knots = [0, 0, 0, 0.25, 0.25, 0.5, 0.5, 0.75, 0.75, 1, 1, 1]
    let circle = try #require(BSpline(degree: 2, controlPoints: points, knots: knots, weights: weights))
    for index in 0...200 { #expect(abs(circle.eval(Double(index) / 200).length - r) < 1e-9) }
    // Four rational quadratics, each a quarter.
    let segments = circle.bezierSegments()
    #expect(segments.count == 4)
    for segment in segments {
      let quarter = try #require(RationalBezier(segment.controlPoints, weights: segment.weights))
      for index in 0...20 { #expect(abs(quarter.eval(Double(index) / 20).length - r) < 1e-9) }
    }
  }

  @Test(arguments: [2, 3, 4])
  func insertingKnotsAndTheBezierSegmentsKeepTheCurve(degree: Int) throws {
    var random = SplitMix64(seed: UInt64(43 + degree))
    for _ in 0..<10 {
      let count = degree + 1 + Int.random(in: 0...5, using: &random)
      let points = (0..<count).map { _ in random.point() }
      let weights = (0..<count).map { _ in Double.random(in: 0.3...3, using: &random) }
      // Random non-decreasing knots, some repeated.
      var knots = (0..<(count + degree + 1)).map { _ in Double(Int.random(in: 0...6, using: &random)) }.sorted()
      if knots[degree] == knots[count] { knots[count] += 1; for i in (count + 1)..<knots.count { knots[i] = max(knots[i], knots[count]) } }
      let spline = try #require(BSpline(degree: degree, controlPoints: points, knots: knots, weights: weights), "\(knots)")
      let domain = spline.domain
      let inserted = spline.inserting(knot: (domain.lowerBound + domain.upperBound) / 2 + 0.1)
      for index in 0...40 {
        let u = domain.lowerBound + (domain.upperBound - domain.lowerBound) * Double(index) / 40
        #expect(inserted.eval(u).distance(to: spline.eval(u)) < 1e-8, "u = \(u) of \(knots)")
      }
      // Each Bézier segment is the spline over its span.
      let spans = Array(Set(knots.filter { domain.contains($0) })).sorted()
      let segments = spline.bezierSegments()
      #expect(segments.count == spans.count - 1)
      for (segment, (a, b)) in zip(segments, zip(spans, spans.dropFirst())) {
        let piece = try #require(RationalBezier(segment.controlPoints, weights: segment.weights))
        // Up to the span's end, not on it: a knot there more than `degree` times over breaks
        // the curve, and the spline takes the next span's value at it.
        for step in 0...10 {
          let s = min(Double(step) / 10, 0.999_999)
          #expect(piece.eval(s).distance(to: spline.eval(a + (b - a) * s)) < 1e-7, "span \(a)…\(b) at \(s)")
        }
      }
    }
  }

  @Test func splinesThatCannotBeAreRefused() {
    let points = [Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 2, y: 0)]
    #expect(BSpline(degree: 3, controlPoints: points, knots: [0, 0, 0, 0, 1, 1, 1]) == nil, "too few points for the degree")
    #expect(BSpline(degree: 2, controlPoints: points, knots: [0, 0, 1, 1, 1]) == nil, "one knot short")
    #expect(BSpline(degree: 2, controlPoints: points, knots: [0, 0, 1, 0, 1, 1]) == nil, "a knot going back")
    #expect(BSpline(degree: 2, controlPoints: points, knots: [0, 0, 0, 1, 1, 1], weights: [1, 0, 1]) == nil)
  }
}
