import CurveGeometry
import SeededRandom
import Testing

struct BezierTests {
  @Test func needsAtLeastTwoPoints() {
    #expect(Bezier([]) == nil)
    #expect(Bezier([Point(x: 1, y: 1)]) == nil)
    #expect(Bezier([Point(x: 0, y: 0), Point(x: 1, y: 1)])?.degree == 1)
  }

  @Test func anyDegreeAgreesWithTheCubicFastPath() {
    var generator = SplitMix64(seed: 5)
    let cubic = generator.cubic()
    // Degree elevation of the cubic to a quartic traces the same curve.
    let p = [cubic.p0, cubic.p1, cubic.p2, cubic.p3]
    let quartic = Bezier([
      p[0], p[0] * 0.25 + p[1] * 0.75, p[1] * 0.5 + p[2] * 0.5, p[2] * 0.75 + p[3] * 0.25, p[3],
    ])!
    for t in stride(from: 0.0, through: 1.0, by: 0.125) {
      #expect((quartic.eval(t) - cubic.eval(t)).length < 1e-9)
      #expect((quartic.derivative(at: t) - cubic.derivative(at: t)).length < 1e-6)
    }
    #expect(abs(quartic.bounds.maxX - cubic.bounds.maxX) < 1e-6)
  }

  @Test func levelsOfASixteenPointCurve() {
    var generator = SplitMix64(seed: 6)
    let curve = Bezier((0..<16).map { _ in generator.point() })!
    let levels = curve.deCasteljauLevels(at: 0.4)
    #expect(levels.count == 16)
    #expect(levels.last!.count == 1)
    #expect((levels.last![0] - curve.eval(0.4)).length < 1e-9)
    let (left, right) = curve.split(at: 0.4)
    #expect(left.controlPoints.last == right.controlPoints.first)
    #expect((left.eval(0.5) - curve.eval(0.2)).length < 1e-9)
  }

  @Test func theBoundsOfAQuadraticIncludeItsPeakAtAnExactMidpoint() throws {
    // The derivative's root is t = 0.5 exactly, where the old root search missed it.
    let arch = try #require(Bezier([Point(x: 0, y: 0), Point(x: 50, y: 80), Point(x: 100, y: 0)]))
    #expect(arch.bounds == Rect(minX: 0, minY: 0, maxX: 100, maxY: 40))
  }
}
