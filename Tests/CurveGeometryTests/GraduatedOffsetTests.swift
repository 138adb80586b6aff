import CurveGeometry
import Foundation
import SeededRandom
import Testing

/// The primer's graduated offset: its cubics within the tolerance of the true offset, from
/// the start's distance to the end's.
struct GraduatedOffsetTests {
  /// The distance from `point` to the nearest of `curves`.
  static func distance(_ point: Point, to curves: [Bezier]) -> Double {
    curves.map { $0.nearest(to: point).distance }.min() ?? .infinity
  }

  @Test func theCubicsFollowTheTrueOffsetWithinTheTolerance() throws {
    var random = SplitMix64(seed: 57)
    var tested = 0
    for trial in 0..<16 {
      let degree = 2 + trial % 3
      let points = (0...degree).map { _ in Point(x: Double(random.next() % 600), y: Double(random.next() % 400)) }
      let curve = try #require(Bezier(points))
      let (start, end) = (Double(random.next() % 30), Double(random.next() % 60))
      // Where the curve bends tighter than the distance the offset turns back in a cusp,
      // which the fitted cubics only round off: those curves are left to the picture.
      tested += 1
      let tolerance = 0.5
      let cubics = curve.graduatedOffset(from: start, to: end, tolerance: tolerance)
      try #require(!cubics.isEmpty)
      // Both ways: the true offset's points near the cubics, the cubics' points near the
      // true offset (a dense cloud of its points, within half the widest gap between them).
      let exact = curve.graduatedOffsetPoints(at: (0...300).map { Double($0) / 300 }, from: start, to: end)
      for point in exact { #expect(Self.distance(point, to: cubics) <= tolerance * 1.5, "trial \(trial)") }
      let cloud = curve.graduatedOffsetPoints(at: (0...6000).map { Double($0) / 6000 }, from: start, to: end)
      let gap = zip(cloud, cloud.dropFirst()).map { $0.distance(to: $1) }.max() ?? 0
      for cubic in cubics {
        for step in 0...4 {
          let point = cubic.eval(Double(step) / 4)
          #expect(cloud.map { $0.distance(to: point) }.min()! <= tolerance * 1.5 + gap / 2, "trial \(trial)")
        }
      }
      // It starts `start` from the curve's first point and ends `end` from its last.
      #expect(abs(cubics[0].eval(0).distance(to: points[0]) - start) < 1e-6 || curve.normal(at: 0) == nil)
      #expect(abs(cubics[cubics.count - 1].eval(1).distance(to: points[degree]) - end) < 1e-6 || curve.normal(at: 1) == nil)
    }
    #expect(tested == 16)
  }

  @Test func aConstantDistanceOfAnArcIsAConcentricArc() throws {
    // Nearly a quarter circle of radius 100 about the origin (the classic cubic), offset
    // outwards by 20: radius 120 everywhere, within the cubic's own 0.03 of a circle.
    let k = 0.5523
    let quarter = try #require(Bezier([Point(x: 100, y: 0), Point(x: 100, y: 100 * k), Point(x: 100 * k, y: 100), Point(x: 0, y: 100)]))
    let outward = quarter.normal(at: 0.5)!.dot(Point(x: 1, y: 1)) > 0 ? 20.0 : -20.0
    for cubic in quarter.graduatedOffset(from: outward, to: outward, tolerance: 0.1) {
      for step in 0...16 { #expect(abs(cubic.eval(Double(step) / 16).length - 120) < 0.2) }
    }
    // Graduated from 0 to 30: the radius grows with the angle travelled.
    let points = quarter.graduatedOffsetPoints(at: [0, 0.5, 1], from: 0, to: outward * 1.5)
    #expect(abs(points[0].length - 100) < 1e-9 && abs(points[2].length - 130) < 1e-6)
    #expect(abs(points[1].length - 115) < 0.1, "halfway along, half the growth")
  }
}
