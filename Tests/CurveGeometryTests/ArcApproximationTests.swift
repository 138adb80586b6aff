import CurveGeometry
import Foundation
import SeededRandom
import Testing

/// The primer's arc approximation: arcs that chain from t = 0 to 1, each within its
/// tolerance of the curve.
struct ArcApproximationTests {
  /// The usual quarter circle of radius 100 as a cubic (handles 0.5523 of the radius): it
  /// strays at most 0.027 units from the circle.
  static let quarter = Bezier([
    Point(x: 100, y: 0), Point(x: 100, y: 55.22847498), Point(x: 55.22847498, y: 100), Point(x: 0, y: 100),
  ])!

  @Test func aQuarterCircleIsOneArcOfItsCircle() {
    let arcs = Self.quarter.arcs(tolerance: 0.1)
    #expect(arcs.count == 1)
    let arc = arcs[0]
    #expect(arc.centre.map { $0.length < 0.05 } == true, "\(String(describing: arc.centre))")
    #expect(abs(arc.radius - 100) < 0.05 && arc.error < 0.03, "\(arc.radius), \(arc.error)")
    #expect(abs(abs(arc.sweep) - .pi / 2) < 1e-3, "\(arc.sweep)")
  }

  @Test func aQuarterCircleAsOneCubicStraysAFractionOfAPercentOfItsRadius() throws {
    // The primer's figure: a quarter circle as one cubic strays 0.027% of its radius.
    let arc = try #require(Self.quarter.arcs(tolerance: 0.1).first)
    let cubic = try #require(arc.cubic)
    #expect(cubic.controlPoints.enumerated().allSatisfy { $0.element.distance(to: Self.quarter.controlPoints[$0.offset]) < 0.05 }, "\(cubic.controlPoints)")
    #expect(abs(arc.cubicError - 0.0273) < 0.002, "\(arc.cubicError)")
    // A half circle as one cubic is far worse: about 1.8% of its radius.
    let half = CurveArc(centre: .zero, radius: 100, start: Point(x: 100, y: 0), end: Point(x: -100, y: 0), startAngle: 0, sweep: .pi, parameters: 0...1, error: 0)
    #expect(abs(half.cubicError - 1.8) < 0.1, "\(half.cubicError)")
  }

  @Test func aTighterToleranceNeedsMoreArcs() {
    let loose = Self.quarter.arcs(tolerance: 0.1).count, tight = Self.quarter.arcs(tolerance: 0.001).count
    #expect(tight > loose, "\(tight) at 0.001, \(loose) at 0.1")
  }

  @Test func aLineIsOneStraightPiece() {
    let line = Bezier([Point(x: 0, y: 0), Point(x: 30, y: 30), Point(x: 60, y: 60), Point(x: 90, y: 90)])!
    let arcs = line.arcs(tolerance: 0.5)
    #expect(arcs.count == 1 && arcs[0].centre == nil && arcs[0].error < 1e-9)
  }

  @Test(arguments: [2, 3, 5, 8])
  func randomCurvesAreChainedArcsWithinTolerance(degree: Int) {
    var random = SplitMix64(seed: UInt64(380 + degree))
    for _ in 0..<10 {
      let curve = Bezier((0...degree).map { _ in random.point() })!
      let tolerance = 0.5
      let arcs = curve.arcs(tolerance: tolerance)
      #expect(arcs.first?.parameters.lowerBound == 0 && arcs.last?.parameters.upperBound == 1)
      for (before, after) in zip(arcs, arcs.dropFirst()) {
        #expect(before.parameters.upperBound == after.parameters.lowerBound && before.end == after.start)
      }
      for arc in arcs {
        #expect(arc.error <= tolerance)
        // Checked more densely than the fit was: 100 points of the curve's part.
        let part = arc.parameters
        let worst = (0...100).map { index -> Double in
          let point = curve.eval(part.lowerBound + (part.upperBound - part.lowerBound) * Double(index) / 100)
          guard let centre = arc.centre else { return distance(from: point, toSegment: arc.start, arc.end) }
          return abs(point.distance(to: centre) - arc.radius)
        }.max()!
        #expect(worst <= tolerance * 1.5, "\(worst) over \(part)")
        // The drawn arc runs from the part's start to its end.
        let drawn = arc.points(count: 32)
        #expect(drawn.first!.distance(to: arc.start) < 1e-6 && drawn.last!.distance(to: arc.end) < 1e-6)
      }
    }
  }
}
