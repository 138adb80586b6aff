import CurveGeometry
import Foundation
import SeededRandom
import Testing

/// The curves that break other flatteners.
struct FlatteningHardCaseTests {
  static let hardCases: [(String, CubicBezier)] = {
    func c(_ v: [Double]) -> CubicBezier {
      CubicBezier(Point(x: v[0], y: v[1]), Point(x: v[2], y: v[3]), Point(x: v[4], y: v[5]), Point(x: v[6], y: v[7]))
    }
    let k = 4.0 / 3.0 * (2.0.squareRoot() - 1)  // quarter circle handle length
    return [
      ("exact cusp", c([0, 0, 300, 300, 0, 300, 300, 0])),
      ("near cusp", c([0, 0, 300, 300, 0.01, 300, 300, 0])),
      ("loop", c([100, 100, 500, 400, 0, 400, 400, 100])),
      ("inflection", c([0, 0, 100, 300, 200, -300, 300, 0])),
      ("fold-back, handles beyond the ends", c([100, 100, 0, 100, 400, 100, 300, 100])),
      ("fold-back, reversed handles", c([100, 100, 300, 100, 0, 100, 200, 100])),
      ("fold-back, all collinear, tiny end", c([0, 0, 500, 0, -200, 0, 1, 0])),
      ("coincident control points", c([50, 50, 50, 50, 50, 50, 400, 300])),
      ("all points coincident", c([7, 7, 7, 7, 7, 7, 7, 7])),
      ("huge", c([0, 0, 100_000, 0, 100_000, 100_000, 0, 100_000])),
      ("tiny", c([0, 0, 0.01, 0, 0.01, 0.01, 0, 0.01])),
      ("quarter circle r = 500", c([500, 0, 500, 500 * k, 500 * k, 500, 0, 500])),
      ("degree-elevated quadratic", QuadraticBezier(Point(x: 0, y: 0), Point(x: 400, y: 800), Point(x: 800, y: 0)).cubic),
      ("straight, handles on the chord", c([10, 20, 110, 70, 210, 120, 310, 170])),
      ("nearly straight, handles 0.099 off either side", c([0, 0, 100, 0.099, 200, -0.099, 300, 0])),
      ("nearly straight, handles 0.099 off one side, bunched at the ends", c([0, 0, 1, 0.099, 299, 0.099, 300, 0])),
    ]
  }()

  @Test(arguments: [0.1, 0.25])
  func everyHardCaseStaysWithinTolerance(tolerance: Double) {
    for (name, curve) in Self.hardCases {
      for method in FlatteningMethod.allCases {
        let polyline = flattened(curve, tolerance: tolerance, method: method)
        #expect(polyline.first == curve.p0 && polyline.last == curve.p3, "\(name), \(method)")
        #expect(polyline.count <= Flattening.maximumPointsPerCurve)
        let deviation = hausdorffDistance(curve, polyline, samples: 3000)
        #expect(deviation <= tolerance * (1 + 1e-6), "\(name) with \(method) deviates \(deviation)")
      }
    }
  }

  /// A cubic whose handles lie on its chord (a polygon's side made a cubic) is its chord;
  /// one whose handle strays from it by more than the tolerance, sideways or past an end
  /// (the curve runs beyond it and back), is not.
  @Test func aCubicWhoseHandlesLieOnItsChordIsTheChord() {
    let straight = CubicBezier(Point(x: 0, y: 0), Point(x: 100, y: 0.05), Point(x: 200, y: -0.05), Point(x: 300, y: 0))
    #expect(flattened(straight, tolerance: 0.1, method: .adaptive) == [straight.p0, straight.p3])
    let bent = CubicBezier(Point(x: 0, y: 0), Point(x: 100, y: 0.5), Point(x: 200, y: -0.5), Point(x: 300, y: 0))
    #expect(flattened(bent, tolerance: 0.1, method: .adaptive).count > 2)
    let overshooting = CubicBezier(Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 400, y: 0), Point(x: 300, y: 0))
    #expect(flattened(overshooting, tolerance: 0.1, method: .adaptive).count > 2)
  }

  @Test func nonFiniteControlPointsAppendNothing() {
    let bad = CubicBezier(Point(x: .nan, y: 0), Point(x: 1, y: 1), Point(x: 2, y: .infinity), Point(x: 3, y: 3))
    var points = [Point(x: 1, y: 2)]
    bad.flatten(tolerance: 0.25, into: &points)
    #expect(points == [Point(x: 1, y: 2)])
  }

  @Test func badTolerancesAreClampedNotFatal() {
    let curve = CubicBezier(Point(x: 0, y: 0), Point(x: 10, y: 20), Point(x: 20, y: 20), Point(x: 30, y: 0))
    for tolerance in [0, -1, .nan, .infinity, 1e-30] {
      let polyline = flattened(curve, tolerance: tolerance)
      #expect(polyline.count >= 2)
      #expect(polyline.count <= Flattening.maximumPointsPerCurve)
    }
  }

  @Test func absurdCoordinatesHitTheCapInsteadOfExhaustingMemory() {
    let curve = CubicBezier(Point(x: 0, y: 0), Point(x: 1e15, y: -1e15), Point(x: -1e15, y: 1e15), Point(x: 1, y: 1))
    for method in FlatteningMethod.allCases {
      let polyline = flattened(curve, tolerance: 0.1, method: method)
      #expect(polyline.count <= Flattening.maximumPointsPerCurve)
      #expect(polyline.last == curve.p3)
    }
  }

  @Test func coordinatesNearDoublesLimitGiveFinitePoints() {
    // Differences of these overflow to infinity: the curve is flattened scaled down exactly.
    var random = SplitMix64(seed: 15)
    var curves = [CubicBezier(Point(x: 0, y: 0), Point(x: 1e308, y: 1e308), Point(x: -1e308, y: 1e308), Point(x: 5, y: 5))]
    for _ in 0..<6 {
      let points = (0..<4).map { _ in Point(x: Double.random(in: -1...1, using: &random) * 1.7e308, y: Double.random(in: -1...1, using: &random) * 1.7e308) }
      curves.append(CubicBezier(points[0], points[1], points[2], points[3]))
    }
    for curve in curves {
      for method in FlatteningMethod.allCases {
        let polyline = flattened(curve, tolerance: 0.25, method: method)
        #expect(polyline.allSatisfy { $0.isFinite }, "\(method) of \(curve)")
        #expect(polyline.count <= Flattening.maximumPointsPerCurve)
        #expect(polyline.first == curve.p0 && polyline.last == curve.p3)
      }
      var quartic: [Point] = []
      Bezier([curve.p0, curve.p1, curve.p2, curve.p3, curve.p0])!.flatten(tolerance: 0.25, into: &quartic)
      #expect(quartic.allSatisfy { $0.isFinite } && quartic.last == curve.p0)
    }
  }

  /// Found by `make fuzz`: no chord of this curve fits, and the step search stopped at the
  /// minimum step only when t0 + minimumStep rounded exactly, so it looped forever.
  @Test func aCurveNoChordFitsStopsAtThePointCap() {
    let curve = CubicBezier(
      Point(x: 3.48092189549943e-310, y: 5), Point(x: 9.223372036854776e+19, y: 5.789604470492993e+77),
      Point(x: 2.7813423231340017e-308, y: 5.156737819314003), Point(x: 5, y: 5)
    )
    for method in FlatteningMethod.allCases {
      let polyline = flattened(curve, tolerance: 0.25, method: method)
      #expect(polyline.count <= Flattening.maximumPointsPerCurve, "\(method)")
      #expect(polyline.allSatisfy { $0.isFinite } && polyline.first == curve.p0 && polyline.last == curve.p3, "\(method)")
    }
  }
}
