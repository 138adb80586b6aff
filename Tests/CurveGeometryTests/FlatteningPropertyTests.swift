import CurveGeometry
import SeededRandom
import Testing

/// Properties every flattening must have, over seeded random cubics.
struct FlatteningPropertyTests {
  static let tolerances = [0.1, 0.25]

  @Test(arguments: tolerances, FlatteningMethod.allCases)
  func staysWithinTheToleranceOnRandomCubics(tolerance: Double, method: FlatteningMethod) {
    var generator = SplitMix64(seed: 7)
    for _ in 0..<40 {
      let curve = generator.cubic()
      let polyline = flattened(curve, tolerance: tolerance, method: method)
      let deviation = hausdorffDistance(curve, polyline)
      #expect(deviation <= tolerance * (1 + 1e-6), "\(method) deviates \(deviation) on \(curve)")
    }
  }

  /// The planner works in single precision; sizes and offsets far from a 1000-unit box must
  /// neither break the bound nor, short of the cap, waste segments.
  @Test(arguments: [0.05, 1.0, 40.0, 2_000.0, 100_000.0])
  func staysWithinTheToleranceAtEveryScale(size: Double) {
    var generator = SplitMix64(seed: 8)
    let offset = Point(x: 3e6, y: -7e5)
    for _ in 0..<20 {
      let random = generator.cubic(in: size)
      let curve = CubicBezier(random.p0 + offset, random.p1 + offset, random.p2 + offset, random.p3 + offset)
      let polyline = flattened(curve, tolerance: 0.25)
      let deviation = hausdorffDistance(curve, polyline)
      #expect(deviation <= 0.25 * (1 + 1e-6), "deviates \(deviation) on \(curve)")
      let uniform = flattened(curve, tolerance: 0.25, method: .wang)
      #expect(polyline.count <= uniform.count, "more segments than uniform steps on \(curve)")
    }
  }

  @Test func endsExactlyAtTheEndPoints() {
    var generator = SplitMix64(seed: 11)
    for _ in 0..<200 {
      let curve = generator.cubic()
      for method in FlatteningMethod.allCases {
        let polyline = flattened(curve, tolerance: 0.25, method: method)
        #expect(polyline.first == curve.p0)
        #expect(polyline.last == curve.p3)
      }
    }
  }

  @Test func appendsToTheCallersBufferAndIsDeterministic() {
    var generator = SplitMix64(seed: 12)
    let curves = (0..<50).map { _ in generator.cubic() }
    var first: [Point] = [Point(x: -1, y: -1)]
    var second: [Point] = [Point(x: -1, y: -1)]
    for curve in curves {
      curve.flatten(tolerance: 0.25, into: &first)
      curve.flatten(tolerance: 0.25, into: &second)
    }
    #expect(first == second)
    #expect(first[0] == Point(x: -1, y: -1))
  }

  @Test func usesCloseToTheFewestSegments() {
    // The adaptive method must beat both textbook methods on every curve it is given.
    var generator = SplitMix64(seed: 13)
    var adaptive = 0, wang = 0, subdivision = 0
    for _ in 0..<300 {
      let curve = generator.cubic()
      adaptive += flattened(curve, tolerance: 0.25).count - 1
      wang += flattened(curve, tolerance: 0.25, method: .wang).count - 1
      subdivision += flattened(curve, tolerance: 0.25, method: .subdivision).count - 1
    }
    #expect(Double(adaptive) < 0.8 * Double(subdivision))
    #expect(Double(adaptive) < 0.6 * Double(wang))
  }

  @Test func higherDegreeCurvesStayWithinTolerance() {
    var generator = SplitMix64(seed: 14)
    for degree in [1, 2, 4, 5, 8, 12, 15] {
      for _ in 0..<4 {
        let curve = Bezier((0...degree).map { _ in generator.point() })!
        var polyline: [Point] = []
        curve.flatten(tolerance: 0.25, into: &polyline)
        #expect(polyline.first == curve.controlPoints.first)
        #expect(polyline.last == curve.controlPoints.last)
        let deviation = hausdorffDistance(curve, polyline, samples: 800)
        #expect(deviation <= 0.25 * (1 + 1e-6), "degree \(degree) deviates \(deviation)")
      }
    }
  }
}
