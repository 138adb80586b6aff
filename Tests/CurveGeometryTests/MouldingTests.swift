import CurveGeometry
import SeededRandom
import Testing

/// `Bezier.moulded(at:to:)`: the grabbed point lands on the target, the ends stay.
struct MouldingTests {
  @Test func theGrabbedPointHitsTheTargetAndTheEndsStay() {
    var generator = SplitMix64(seed: 2701)
    for _ in 0..<500 {
      let count = Int.random(in: 3...16, using: &generator)
      let curve = Bezier((0..<count).map { _ in generator.point() })!
      let t = Double.random(in: 0.02...0.98, using: &generator)
      let target = generator.point()
      let moulded = curve.moulded(at: t, to: target)!
      // The handles' moves grow as 1 / (t (1 - t)): the error bound with them.
      let reach = (curve.eval(t) - target).length / (t * (1 - t)) + 1000
      #expect(moulded.eval(t).distance(to: target) <= 1e-11 * reach, "\(count) points, t = \(t)")
      #expect(moulded.controlPoints.first == curve.controlPoints.first)
      #expect(moulded.controlPoints.last == curve.controlPoints.last)
      #expect(moulded.degree == curve.degree)
    }
  }

  @Test func aCubicMovesAsInkscapeDragsACurve() {
    let curve = Bezier([Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 200, y: 0), Point(x: 300, y: 0)])!
    // Near an end, only the near handle moves; at the middle, both by as much.
    let nearStart = curve.moulded(at: 0.1, to: curve.eval(0.1) + Point(x: 0, y: 10))!
    #expect(nearStart.controlPoints[2] == Point(x: 200, y: 0))
    let nearEnd = curve.moulded(at: 0.9, to: curve.eval(0.9) + Point(x: 0, y: 10))!
    #expect(nearEnd.controlPoints[1] == Point(x: 100, y: 0))
    let middle = curve.moulded(at: 0.5, to: Point(x: 150, y: 30))!
    #expect(middle.controlPoints[1].distance(to: Point(x: 100, y: 40)) < 1e-12)
    #expect(middle.controlPoints[2].distance(to: Point(x: 200, y: 40)) < 1e-12)
  }

  @Test func aQuadraticMovesItsOneHandle() {
    let curve = Bezier([Point(x: 0, y: 0), Point(x: 50, y: 0), Point(x: 100, y: 0)])!
    let moulded = curve.moulded(at: 0.5, to: Point(x: 50, y: 20))!
    #expect(moulded.controlPoints == [Point(x: 0, y: 0), Point(x: 50, y: 40), Point(x: 100, y: 0)])
  }

  @Test func aLineAnEndOrANonFiniteTargetCannotBeMoulded() {
    let line = Bezier([Point(x: 0, y: 0), Point(x: 100, y: 0)])!
    #expect(line.moulded(at: 0.5, to: Point(x: 50, y: 10)) == nil)
    let cubic = Bezier([Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 200, y: 0), Point(x: 300, y: 0)])!
    #expect(cubic.moulded(at: 0, to: Point(x: 50, y: 10)) == nil)
    #expect(cubic.moulded(at: 1, to: Point(x: 50, y: 10)) == nil)
    #expect(cubic.moulded(at: 0.5, to: Point(x: .nan, y: 10)) == nil)
  }
}
