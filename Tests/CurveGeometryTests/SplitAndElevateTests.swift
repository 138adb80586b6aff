import CurveGeometry
import SeededRandom
import Testing

/// `Bezier.split(at:)` and `Bezier.elevated()` trace the curve they came from, for random
/// curves of every degree the editor allows (2...16 points, 1000 units across).
struct SplitAndElevateTests {
  /// Sample agreement within this fraction of the curve's size: far above the rounding of
  /// de Casteljau on 16 points (~1e-14), far below anything a screen could show.
  static let relativeTolerance = 1e-9
  static let samplesPerPiece = 200

  /// A curve of 2...15 points and its size: the diagonal of its control points' box, which
  /// holds the curve (convex hull property).
  func randomCurve(_ generator: inout SplitMix64) -> (curve: Bezier, size: Double) {
    let count = Int.random(in: 2...15, using: &generator)
    let curve = Bezier((0..<count).map { _ in generator.point() })!
    let box = Rect(enclosing: curve.controlPoints)
    return (curve, max(Point(x: box.width, y: box.height).length, 1))
  }

  func parameters(_ count: Int = samplesPerPiece) -> [Double] {
    (0...count).map { Double($0) / Double(count) }
  }

  // MARK: - Split

  @Test func thePiecesMeetExactlyAtTheSplitPoint() {
    var generator = SplitMix64(seed: 41)
    for _ in 0..<300 {
      let (curve, _) = randomCurve(&generator)
      let t = Double.random(in: 0...1, using: &generator)
      let (first, second) = curve.split(at: t)
      #expect(first.controlPoints.last == curve.eval(t), "t = \(t), \(curve.controlPoints.count) points")
      #expect(second.controlPoints.first == curve.eval(t))
      #expect(first.controlPoints.first == curve.controlPoints.first)
      #expect(second.controlPoints.last == curve.controlPoints.last)
      #expect(first.degree == curve.degree && second.degree == curve.degree)
    }
  }

  @Test func cubicsMeetExactlyThoughTheirEvalTakesTheBernsteinForm() {
    var generator = SplitMix64(seed: 42)
    for _ in 0..<300 {
      let curve = Bezier(generator.cubic())
      let t = Double.random(in: 0...1, using: &generator)
      let (first, second) = curve.split(at: t)
      #expect(first.controlPoints.last == curve.eval(t))
      #expect(second.controlPoints.first == curve.eval(t))
    }
  }

  /// A cubic is split without the triangle's arrays, to the very same points.
  @Test func aCubicSplitsToTheEdgesOfItsDeCasteljauTriangle() {
    var generator = SplitMix64(seed: 43)
    for _ in 0..<300 {
      let curve = Bezier(generator.cubic())
      let t = Double.random(in: 0...1, using: &generator)
      let levels = curve.deCasteljauLevels(at: t)
      let (first, second) = curve.split(at: t)
      #expect(first.controlPoints == [levels[0][0], levels[1][0], levels[2][0], curve.eval(t)])
      #expect(second.controlPoints == [curve.eval(t), levels[2][1], levels[1][2], levels[0][3]])
    }
  }

  @Test func eachPieceTracesItsPartOfTheCurve() {
    var generator = SplitMix64(seed: 43)
    for trial in 0..<100 {
      let (curve, size) = randomCurve(&generator)
      // The ends of the range, where one piece collapses to a point, then random parameters.
      let edges = [0.0, 1.0, 0.5]
      let t = trial < edges.count ? edges[trial] : Double.random(in: 0...1, using: &generator)
      let (first, second) = curve.split(at: t)
      var worst = 0.0
      for u in parameters() {
        worst = max(worst, first.eval(u).distance(to: curve.eval(u * t)))
        worst = max(worst, second.eval(u).distance(to: curve.eval(t + u * (1 - t))))
      }
      #expect(worst <= Self.relativeTolerance * size, "t = \(t), \(curve.controlPoints.count) points: off by \(worst)")
    }
  }

  @Test func splittingALineKeepsItsEndsAndPutsTheJointOnIt() {
    let line = Bezier([Point(x: 0, y: 0), Point(x: 100, y: 50)])!
    let (first, second) = line.split(at: 0.25)
    #expect(first.controlPoints == [Point(x: 0, y: 0), Point(x: 25, y: 12.5)])
    #expect(second.controlPoints == [Point(x: 25, y: 12.5), Point(x: 100, y: 50)])
  }

  // MARK: - Elevation

  @Test func anElevatedCurveIsTheSameCurve() {
    var generator = SplitMix64(seed: 44)
    for _ in 0..<200 {
      let (curve, size) = randomCurve(&generator)
      let elevated = curve.elevated()
      #expect(elevated.controlPoints.count == curve.controlPoints.count + 1)
      #expect(elevated.controlPoints.first == curve.controlPoints.first)
      #expect(elevated.controlPoints.last == curve.controlPoints.last)
      let worst = parameters().map { elevated.eval($0).distance(to: curve.eval($0)) }.max()!
      #expect(worst <= Self.relativeTolerance * size, "\(curve.controlPoints.count) points: off by \(worst)")
    }
  }

  @Test func elevatingFromALineToSixteenPointsKeepsTheCurve() {
    var generator = SplitMix64(seed: 45)
    for _ in 0..<20 {
      let (curve, size) = randomCurve(&generator)
      var elevated = curve
      while elevated.controlPoints.count < 16 {
        elevated = elevated.elevated()
        let worst = parameters().map { elevated.eval($0).distance(to: curve.eval($0)) }.max()!
        #expect(worst <= Self.relativeTolerance * size, "\(elevated.controlPoints.count) points: off by \(worst)")
      }
    }
    let line = Bezier([Point(x: 0, y: 0), Point(x: 150, y: 300)])!
    var elevated = line
    for count in 3...16 {
      elevated = elevated.elevated()
      #expect(elevated.controlPoints.count == count)
    }
    // A line stays a line: its points spread evenly along it, at i / 15 of the way.
    for (index, point) in elevated.controlPoints.enumerated() {
      #expect(point.distance(to: line.eval(Double(index) / 15)) <= 1e-12 * 300)
    }
  }

  @Test func aLineElevatesToAQuadraticWithItsMiddlePointAtTheMidpoint() {
    let line = Bezier([Point(x: 10, y: 20), Point(x: 110, y: 220)])!
    #expect(line.elevated().controlPoints == [Point(x: 10, y: 20), Point(x: 60, y: 120), Point(x: 110, y: 220)])
  }

  @Test func aQuadraticElevatesToTheCubicWithHandlesTwoThirdsOfTheWay() {
    let quadratic = Bezier([Point(x: 0, y: 0), Point(x: 30, y: 90), Point(x: 90, y: 0)])!
    let cubic = quadratic.elevated()
    // Q1 = P0 + 2/3 (P1 - P0), Q2 = P2 + 2/3 (P1 - P2): the familiar quadratic-to-cubic rule.
    let expected = [Point(x: 0, y: 0), Point(x: 20, y: 60), Point(x: 50, y: 60), Point(x: 90, y: 0)]
    #expect(zip(cubic.controlPoints, expected).allSatisfy { $0.distance(to: $1) <= 1e-12 })
    #expect(cubic.cubic != nil)
  }
}
