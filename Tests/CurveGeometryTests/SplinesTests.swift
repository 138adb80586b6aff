import CurveGeometry
import Foundation
import SeededRandom
import Testing

/// The pen's through-points and B-spline modes: their cubics against the splines' own
/// definitions, on random clicks.
struct SplinesTests {
  /// Random clicks, 2 to 12 of them.
  static func clicks(_ generator: inout SplitMix64) -> [Point] {
    (0..<Int.random(in: 2...12, using: &generator)).map { _ in generator.point() }
  }

  @Test func aCardinalSplinePassesThroughEveryPointWithTheSameTangentOnBothSides() {
    var generator = SplitMix64(seed: 350)
    for _ in 0..<500 {
      let points = Self.clicks(&generator), closed = Bool.random(using: &generator), tension = Double.random(in: 0...1, using: &generator)
      let cubics = CardinalSpline(points: points, isClosed: closed, tension: tension).cubics
      #expect(cubics.count == (closed ? points.count : points.count - 1))
      for (index, cubic) in cubics.enumerated() {
        #expect(cubic.p0 == points[index] && cubic.p3 == points[(index + 1) % points.count])
      }
      // Where two cubics meet, the handles mirror each other through the node.
      for (before, after) in zip(cubics, cubics.dropFirst() + (closed ? [cubics[0]] : [])) {
        let mirrored = before.p3 * 2 - before.p2
        #expect(mirrored.distance(to: after.p1) <= 1e-9 * 1000)
      }
    }
  }

  @Test func atTensionZeroItIsCatmullRom() {
    // Catmull-Rom's own form: p(u) = ½·[2P1 + (−P0 + P2)u + (2P0 − 5P1 + 4P2 − P3)u² + (−P0 + 3P1 − 3P2 + P3)u³].
    func catmullRom(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ u: Double) -> Point {
      let a = p1 * 2, b = p2 - p0, c = p0 * 2 - p1 * 5 + p2 * 4 - p3, d = p1 * 3 - p0 - p2 * 3 + p3
      return (a + b * u + c * (u * u) + d * (u * u * u)) * 0.5
    }
    var generator = SplitMix64(seed: 351)
    for _ in 0..<200 {
      let points = (0..<6).map { _ in generator.point() }
      let cubics = CardinalSpline(points: points, isClosed: true, tension: 0).cubics
      for index in points.indices {
        let p = { points[($0 + points.count) % points.count] }
        for step in 0...10 {
          let u = Double(step) / 10
          #expect(cubics[index].eval(u).distance(to: catmullRom(p(index - 1), p(index), p(index + 1), p(index + 2), u)) <= 1e-9)
        }
      }
    }
  }

  @Test func tensionOneIsStraightLines() {
    let cubics = CardinalSpline(points: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)], isClosed: false, tension: 1).cubics
    #expect(cubics == [
      CubicBezier(Point(x: 0, y: 0), Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 0)),
      CubicBezier(Point(x: 10, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 10, y: 10)),
    ])
  }
}
