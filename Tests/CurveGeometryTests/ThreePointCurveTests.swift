import CurveGeometry
import SeededRandom
import Testing

/// The primer's curve from three points: through all three, with A, B and C on one line and
/// C on the chord where the projection identity puts it.
struct ThreePointCurveTests {
  @Test(arguments: [2, 3])
  func theCurvePassesThroughItsThreePoints(degree: Int) throws {
    var random = SplitMix64(seed: UInt64(30 + degree))
    for _ in 0..<50 {
      let s = random.point(), b = random.point(), e = random.point()
      let made = try #require(ThreePointCurve(start: s, point: b, end: e, degree: degree))
      #expect(made.curve.degree == degree)
      #expect(made.curve.controlPoints.first == s && made.curve.controlPoints.last == e)
      #expect(made.curve.eval(made.t).distance(to: b) < 1e-6 * 1000, "\(made.curve.eval(made.t)) vs \(b)")
      // A, B and C on one line; C on the chord.
      #expect(abs((made.a - b).cross(made.c - b)) < 1e-6 * max(1, (made.a - b).length * (made.c - b).length))
      #expect(abs((e - s).cross(made.c - s)) < 1e-6 * max(1, (e - s).length * (made.c - s).length))
      if degree == 3 {
        // The tangent at B runs along the chord.
        let tangent = made.curve.derivative(at: made.t)
        #expect(abs(tangent.normalized.cross((e - s).normalized)) < 1e-9)
      }
    }
  }

  @Test func aSymmetricQuadraticHasItsControlPointTwiceAsHighAsB() throws {
    // B over the chord's middle: t = 1/2, u = 1/2 so C is the chord's middle, and the ratio
    // |AB| / |BC| = |(1/4 + 1/4 − 1) / (1/2)| = 1: A is as far above B as B is above C.
    let made = try #require(ThreePointCurve(start: Point(x: 0, y: 0), point: Point(x: 50, y: 40), end: Point(x: 100, y: 0), degree: 2))
    #expect(made.t == 0.5 && made.c == Point(x: 50, y: 0) && made.a == Point(x: 50, y: 80))
    #expect(made.curve.controlPoints == [Point(x: 0, y: 0), Point(x: 50, y: 80), Point(x: 100, y: 0)])
  }

  @Test func aCubicThroughAPointOverTheChordsMiddleIsTheSquareArch() throws {
    // Handles straight up from each end, h high: the middle is at 3h/4, and the tangent there
    // is half the chord long.
    let made = try #require(ThreePointCurve(start: Point(x: 0, y: 0), point: Point(x: 50, y: 60), end: Point(x: 100, y: 0), degree: 3))
    let expected = [Point(x: 0, y: 0), Point(x: 0, y: 80), Point(x: 100, y: 80), Point(x: 100, y: 0)]
    #expect(zip(made.curve.controlPoints, expected).allSatisfy { $0.distance(to: $1) < 1e-9 }, "\(made.curve.controlPoints)")
  }

  @Test func aPointOnAnEndOrAnotherDegreeMakesNone() {
    #expect(ThreePointCurve(start: Point(x: 0, y: 0), point: Point(x: 0, y: 0), end: Point(x: 9, y: 0), degree: 2) == nil)
    #expect(ThreePointCurve(start: Point(x: 0, y: 0), point: Point(x: 5, y: 5), end: Point(x: 9, y: 0), degree: 4) == nil)
  }
}
