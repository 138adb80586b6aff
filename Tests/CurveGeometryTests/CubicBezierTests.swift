import CurveGeometry
import SeededRandom
import Testing

struct CubicBezierTests {
  let arch = CubicBezier(Point(x: 0, y: 0), Point(x: 0, y: 100), Point(x: 100, y: 100), Point(x: 100, y: 0))

  @Test func evaluatesEndPointsAndMiddle() {
    #expect(arch.eval(0) == arch.p0)
    #expect(arch.eval(1) == arch.p3)
    #expect(arch.eval(0.5) == Point(x: 50, y: 75))
  }

  @Test func derivativeMatchesFiniteDifferences() {
    for t in stride(from: 0.05, through: 0.95, by: 0.1) {
      let h = 1e-6
      let numeric = (arch.eval(t + h) - arch.eval(t - h)) / (2 * h)
      #expect((arch.derivative(at: t) - numeric).length < 1e-4)
    }
  }

  @Test func splitHalvesMeetAndTraceTheCurve() {
    let (left, right) = arch.split(at: 0.3)
    #expect(left.p3 == right.p0)
    #expect((left.eval(0.5) - arch.eval(0.15)).length < 1e-9)
    #expect((right.eval(0.5) - arch.eval(0.65)).length < 1e-9)
    #expect((arch.subsegment(0.3, 1).p1 - right.p1).length < 1e-9)
  }

  @Test func deCasteljauLevelsShrinkToThePointOnTheCurve() {
    let levels = arch.deCasteljauLevels(at: 0.25)
    #expect(levels.map(\.count) == [4, 3, 2, 1])
    #expect(levels[0] == [arch.p0, arch.p1, arch.p2, arch.p3])
    #expect((levels[3][0] - arch.eval(0.25)).length < 1e-12)
  }

  @Test func boundsAreTightAroundDenseSamples() {
    var generator = SplitMix64(seed: 3)
    for _ in 0..<50 {
      let curve = generator.cubic()
      let box = curve.bounds
      let samples = Rect(enclosing: (0...4000).map { curve.eval(Double($0) / 4000) })
      #expect(box.contains(samples.minPoint, tolerance: 1e-9) && box.contains(samples.maxPoint, tolerance: 1e-9))
      #expect(abs(box.minX - samples.minX) < 1e-3 && abs(box.maxX - samples.maxX) < 1e-3)
      #expect(abs(box.minY - samples.minY) < 1e-3 && abs(box.maxY - samples.maxY) < 1e-3)
    }
  }

  @Test func nearestFindsTheClosestPoint() {
    let hit = arch.nearest(to: Point(x: 50, y: 90))
    #expect(abs(hit.t - 0.5) < 1e-6)
    #expect(abs(hit.distance - 15) < 1e-6)
    #expect(arch.nearest(to: Point(x: -10, y: -10)).t == 0)
  }

  @Test func arcLengthOfAStraightCubicIsItsLength() {
    let line = CubicBezier(Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 20, y: 0), Point(x: 30, y: 0))
    #expect(abs(line.arcLength() - 30) < 1e-9)
  }

  @Test func arcLengthOfAQuarterCircleIsCloseToPiROver2() {
    let k = 4.0 / 3.0 * (2.0.squareRoot() - 1)
    let quarter = CubicBezier(Point(x: 1, y: 0), Point(x: 1, y: k), Point(x: k, y: 1), Point(x: 0, y: 1))
    // The cubic approximation of a circle is within 2.7e-4 of the radius, so its length is
    // within about that fraction of π/2.
    #expect(abs(quarter.arcLength(accuracy: 1e-10) - Double.pi / 2) < 5e-4)
  }

  @Test func symmetricSCurveInflectsInTheMiddle() {
    let s = CubicBezier(Point(x: 0, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100), Point(x: 100, y: 200))
    let inflections = s.inflections
    #expect(inflections.count == 1)
    #expect(abs(inflections[0] - 0.5) < 1e-9)
    #expect(arch.inflections.isEmpty)
  }

  @Test func detectsCusps() {
    let cusp = CubicBezier(Point(x: 0, y: 0), Point(x: 300, y: 300), Point(x: 0, y: 300), Point(x: 300, y: 0))
    let t = cusp.cusp()
    #expect(t != nil)
    #expect(abs((t ?? 0) - 0.5) < 1e-4)
    #expect(arch.cusp() == nil)
  }
}

extension Rect {
  var minPoint: Point { Point(x: minX, y: minY) }
  var maxPoint: Point { Point(x: maxX, y: maxY) }
}
