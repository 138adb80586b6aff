import Composable
import CurveFeature
import CurveGeometry
import Foundation
import SeededRandom
import Testing

/// The point index answers as a scan of every point would.
struct PointIndexTests {
  /// The reference: every point, topmost (last drawn) first.
  static func scan(_ curves: IdentifiedArrayOf<Curve.State>, at position: Point, radius: Double, unitsPerScreenUnit: Double) -> PointReference? {
    for curve in curves.reversed() {
      for point in curve.points.reversed() {
        let reach = point.size.map { max(radius, $0 / 2 * unitsPerScreenUnit) } ?? radius
        if point.position.distance(to: position) <= reach { return PointReference(curve: curve.id, point: point.id) }
      }
    }
    return nil
  }

  static func randomCurves(_ count: Int, _ random: inout SplitMix64) -> IdentifiedArrayOf<Curve.State> {
    IdentifiedArray(uniqueElements: (0..<count).map { _ in
      Curve.State(id: UUID(), points: IdentifiedArray(uniqueElements: (0..<4).map { _ in
        var point = ControlPoint.State(id: UUID(), position: Point(x: Double.random(in: 0...400, using: &random), y: Double.random(in: 0...300, using: &random)))
        if Double.random(in: 0...1, using: &random) < 0.1 { point.size = Double.random(in: 4...40, using: &random) }
        return point
      }))
    })
  }

  @Test func hitsAreThoseOfAScanOfEveryPoint() {
    var random = SplitMix64(seed: 9)
    let curves = Self.randomCurves(300, &random)
    var index = PointIndex()
    index.refresh(curves, revision: 1)
    for _ in 0..<2000 {
      let position = Point(x: Double.random(in: -20...420, using: &random), y: Double.random(in: -20...320, using: &random))
      let radius = Double.random(in: 1...30, using: &random), units = Double.random(in: 0.05...3, using: &random)
      #expect(index.point(at: position, radius: radius, unitsPerScreenUnit: units) == Self.scan(curves, at: position, radius: radius, unitsPerScreenUnit: units))
    }
  }

  @Test func aRubberBandFindsThePointsInsideInDrawingOrder() {
    var random = SplitMix64(seed: 10)
    let curves = Self.randomCurves(200, &random)
    var index = PointIndex()
    index.refresh(curves, revision: 1)
    for _ in 0..<200 {
      let a = Point(x: Double.random(in: -50...450, using: &random), y: Double.random(in: -50...350, using: &random))
      let b = Point(x: Double.random(in: -50...450, using: &random), y: Double.random(in: -50...350, using: &random))
      let rect = Rect(minX: min(a.x, b.x), minY: min(a.y, b.y), maxX: max(a.x, b.x), maxY: max(a.y, b.y))
      let expected = curves.flatMap { curve in curve.points.filter { rect.contains($0.position) }.map { PointReference(curve: curve.id, point: $0.id) } }
      #expect(index.points(in: rect) == expected)
    }
  }

  @Test func anEditMovesTheRevisionAndTheIndexFollows() {
    var random = SplitMix64(seed: 11)
    var curves = Self.randomCurves(3, &random)
    var index = PointIndex()
    index.refresh(curves, revision: 1)
    let moved = curves[0].points[0]
    curves[0].points[0].position = Point(x: 1000, y: 1000)
    index.refresh(curves, revision: 1)
    #expect(index.point(at: Point(x: 1000, y: 1000), radius: 5, unitsPerScreenUnit: 1) == nil, "same revision: still the old index")
    index.refresh(curves, revision: 2)
    #expect(index.point(at: Point(x: 1000, y: 1000), radius: 5, unitsPerScreenUnit: 1) == PointReference(curve: curves[0].id, point: moved.id))
  }

  @Test func farOffAndNonFiniteQueriesFindNothingAndDoNotTrap() {
    var random = SplitMix64(seed: 12)
    var index = PointIndex()
    index.refresh(Self.randomCurves(5, &random), revision: 1)
    #expect(index.point(at: Point(x: 1e300, y: -1e300), radius: 10, unitsPerScreenUnit: 1) == nil)
    #expect(index.point(at: Point(x: .nan, y: 0), radius: 10, unitsPerScreenUnit: 1) == nil)
    #expect(index.points(in: Rect(minX: -1e300, minY: -1e300, maxX: 1e300, maxY: 1e300)).count == 20)
  }
}
