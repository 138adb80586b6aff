import CurveGeometry
import SeededRandom
import Testing

/// The primer's canonical form: the fourth point is kept by every affine map of the curve,
/// and the map's loop region is exactly where the segment crosses itself.
struct CanonicalFormTests {
  @Test func aCubicAlreadyInCanonicalPositionIsItsOwnFourthPoint() {
    let cubic = CubicBezier(Point(x: 0, y: 0), Point(x: 0, y: 1), Point(x: 1, y: 1), Point(x: -0.5, y: 0.4))
    let point = cubic.canonicalPoint!
    #expect(abs(point.x + 0.5) < 1e-15 && abs(point.y - 0.4) < 1e-15, "\(point)")
  }

  @Test func anAffineMapOfTheCurveKeepsItsFourthPoint() {
    var random = SplitMix64(seed: 38)
    for _ in 0..<50 {
      let cubic = random.cubic()
      guard let point = cubic.canonicalPoint else { continue }
      // x' = a x + b y + e, y' = c x + d y + f with a determinant well away from 0.
      let a = Double.random(in: 0.5...2, using: &random), b = Double.random(in: -1...1, using: &random)
      let c = Double.random(in: -1...1, using: &random), d = Double.random(in: 0.5...2, using: &random)
      guard abs(a * d - b * c) > 0.2 else { continue }
      let offset = random.point()
      func map(_ p: Point) -> Point { Point(x: a * p.x + b * p.y, y: c * p.x + d * p.y) + offset }
      let mapped = CubicBezier(map(cubic.p0), map(cubic.p1), map(cubic.p2), map(cubic.p3)).canonicalPoint!
      #expect((mapped - point).length < 1e-9 * max(1, point.length), "\(mapped) vs \(point)")
    }
  }

  @Test func threePointsOnALineHaveNoCanonicalForm() {
    let cubic = CubicBezier(Point(x: 0, y: 0), Point(x: 10, y: 10), Point(x: 30, y: 30), Point(x: 5, y: 90))
    #expect(cubic.canonicalPoint == nil)
  }

  @Test func theMapsRegionsAtKnownPoints() {
    #expect(CanonicalMap.region(of: Point(x: -0.5, y: 0.4)) == .loop)
    #expect(CanonicalMap.region(of: Point(x: 0.5, y: 1.5)) == .singleInflection)
    // The parabola at x = 0 is y = 3/4; between it and y = 1, two inflections.
    #expect(CanonicalMap.region(of: Point(x: 0, y: 0.75)) == .cusp)
    #expect(CanonicalMap.region(of: Point(x: 0, y: 0.9)) == .doubleInflection)
    // Below the loop's edge at x = -1, y = -4/3: the loop needs t below 0.
    #expect(CanonicalMap.region(of: Point(x: -1, y: -1.5)) == .arch)
    #expect(CanonicalMap.region(of: Point(x: 2, y: 0.5)) == .arch)
    #expect(CanonicalMap.loopEdgeY(atX: 1)! == 1, "the loop's edge meets the parabola's top at (1, 1)")
  }

  /// The loop region's edges are where the loop's crossing reaches t = 0 or t = 1: inside
  /// them the segment itself crosses itself, outside it does not.
  @Test func theLoopRegionIsWhereTheSegmentCrossesItself() {
    var random = SplitMix64(seed: 3838)
    var loops = 0, others = 0
    for _ in 0..<4000 {
      let point = Point(x: Double.random(in: -3...2, using: &random), y: Double.random(in: -3...2, using: &random))
      // Points near an edge are left out: there the crossing sits at an end, within rounding.
      let cusp = CanonicalMap.cuspY(atX: point.x), edge = CanonicalMap.loopEdgeY(atX: point.x)
      guard abs(point.y - cusp) > 0.02, edge.map({ abs(point.y - $0) > 0.02 }) ?? true, abs(point.x - 1) > 0.02 else { continue }
      let cubic = Bezier([Point(x: 0, y: 0), Point(x: 0, y: 1), Point(x: 1, y: 1), point])!
      let crosses = !cubic.selfIntersections().isEmpty
      if CanonicalMap.region(of: point) == .loop { loops += 1 } else { others += 1 }
      #expect(crosses == (CanonicalMap.region(of: point) == .loop), "\(point): region \(CanonicalMap.region(of: point))")
    }
    #expect(loops > 200 && others > 2000, "\(loops) loops, \(others) others sampled")
  }
}
