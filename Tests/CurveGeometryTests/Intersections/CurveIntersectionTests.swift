import CurveGeometry
import Foundation
import SeededRandom
import Testing

/// Segment–segment and self intersections: exact cases, tangent touches, overlaps, and
/// random pairs checked against a dense polyline count.
struct CurveIntersectionTests {
  static func bezier(_ points: [(Double, Double)]) -> Bezier {
    Bezier(points.map { Point(x: $0.0, y: $0.1) })!
  }

  @Test func twoLinesCrossOnce() throws {
    let hits = Self.bezier([(0, 0), (10, 10)]).intersections(with: Self.bezier([(0, 10), (10, 0)]))
    try #require(hits.count == 1)
    #expect(abs(hits[0].t1 - 0.5) < 1e-12 && abs(hits[0].t2 - 0.5) < 1e-12 && hits[0].kind == .cross)
    #expect(hits[0].point.distance(to: Point(x: 5, y: 5)) < 1e-12)
  }

  @Test func aCubicArchCrossesAHorizontalLineTwiceSymmetrically() throws {
    // y(t) = 300·t(1−t) for this arch: y = 30 at t = (1 ± √(1 − 4·30/300))/2.
    let arch = Self.bezier([(0, 0), (0, 100), (100, 100), (100, 0)])
    let line = Self.bezier([(-10, 30), (110, 30)])
    let hits = arch.intersections(with: line)
    let expected = (1 - (1 - 4 * 30.0 / 300).squareRoot()) / 2
    try #require(hits.count == 2, "\(hits)")
    #expect(abs(hits[0].t1 - expected) < 1e-9 && abs(hits[1].t1 - (1 - expected)) < 1e-9)
    #expect(hits.allSatisfy { $0.kind == .cross && abs($0.point.y - 30) < 1e-9 })
  }

  @Test func aParabolaTouchesItsTangentLine() throws {
    // The quadratic from (−1, 1) through its vertex at (0, 0) to (1, 1) touches y = 0 once.
    let parabola = Self.bezier([(-1, 1), (0, -1), (1, 1)])
    let hits = parabola.intersections(with: Self.bezier([(-2, 0), (2, 0)]))
    try #require(hits.count == 1, "\(hits)")
    #expect(hits[0].kind == .touch && abs(hits[0].t1 - 0.5) < 1e-9 && hits[0].point.distance(to: Point(x: 0, y: 0)) < 1e-9)
  }

  @Test func aLineThroughAnInflectionAlongItsTangentCrosses() throws {
    // An S whose inflection is at t = 1/2, (50, 0); the line along its tangent there.
    let s = Self.bezier([(0, 0), (50, 100), (50, -100), (100, 0)])
    let inflection = s.inflectionParameters()
    try #require(inflection.count >= 1)
    let t = inflection[0], point = s.eval(t), direction = s.derivative(at: t).normalized
    let tangent = Bezier([point - direction * 200, point + direction * 200])!
    let hits = s.intersections(with: tangent).filter { abs($0.t1 - t) < 1e-4 }
    try #require(hits.count == 1, "\(s.intersections(with: tangent))")
    #expect(hits[0].kind == .cross)
  }

  @Test func aSegmentOverlapsAPieceOfItselfAlongThePiece() throws {
    let cubic = Self.bezier([(0, 0), (30, 90), (70, -40), (100, 20)])
    let piece = cubic.subsegment(0.25, 0.75)
    let hits = cubic.intersections(with: piece)
    try #require(hits.count == 2, "\(hits)")
    #expect(hits.allSatisfy { $0.kind == .overlap })
    #expect(abs(hits[0].t1 - 0.25) < 1e-7 && abs(hits[0].t2 - 0) < 1e-7)
    #expect(abs(hits[1].t1 - 0.75) < 1e-7 && abs(hits[1].t2 - 1) < 1e-7)
  }

  @Test func anOverlapEndingAtAnyParameterHasOnlyItsTwoEnds() throws {
    let cubic = Self.bezier([(0, 0), (30, 90), (70, -40), (100, 20)])
    for (start, end) in [(0.3, 0.8), (0.1, 0.37), (0.0, 0.61), (0.45, 1.0)] {
      let hits = cubic.intersections(with: cubic.subsegment(start, end))
      #expect(hits.count == 2 && hits.allSatisfy { $0.kind == .overlap }, "\(start)…\(end): \(hits)")
      #expect(abs(hits[0].t1 - start) < 1e-7 && abs(hits[1].t1 - end) < 1e-7)
    }
  }

  @Test func aLineThroughALoopsCrossingMeetsItTwiceThere() throws {
    let knot = Self.bezier([(0, 0), (150, 100), (-50, 100), (100, 0)])
    let crossing = try #require(knot.selfIntersections().first)
    let line = Bezier([Point(x: crossing.point.x, y: -10), Point(x: crossing.point.x, y: 110)])!
    let there = knot.intersections(with: line).filter { $0.point.distance(to: crossing.point) < 1e-6 }
    #expect(there.count == 2, "\(there)")
  }

  @Test func segmentsMeetingAtAnEndMeetOnce() throws {
    let hits = Self.bezier([(0, 0), (10, 20), (20, 0)]).intersections(with: Self.bezier([(20, 0), (30, 30), (40, 0)]))
    try #require(hits.count == 1, "\(hits)")
    #expect(hits[0].t1 == 1 && hits[0].t2 == 0)
  }

  @Test func aCurveEndingTangentOnAnotherTouchesItAtThatEnd() throws {
    // The quadratic comes in along x = 10 (x − 10 = 30(1 − t)²) and ends at (10, 70), which
    // the other passes at t = 1/7 on its way up the line, and again at its own end.
    let arriving = Self.bezier([(40, 100), (10, 10), (10, 70)])
    let doublingBack = Self.bezier([(10, 90), (10, 10), (10, 70)])
    for (a, b, flipped) in [(doublingBack, arriving, false), (arriving.reversed, doublingBack, true)] {
      let hits = a.intersections(with: b).map { flipped ? (t: $0.t2, end: 1 - $0.t1, $0.point, $0.kind) : (t: $0.t1, end: $0.t2, $0.point, $0.kind) }
      try #require(hits.count == 2, "\(hits)")
      #expect(hits.allSatisfy { $0.end == 1 && $0.2 == Point(x: 10, y: 70) && $0.3 == .touch }, "\(hits)")
      #expect(Set(hits.map(\.t)).count == 2 && hits.contains { abs($0.t - 1.0 / 7) < 1e-12 } && hits.contains { $0.t == 1 })
    }
  }

  @Test func aQuadraticFoldingBackAlongALineOverlapsItUpToTheFold() throws {
    // Along x = 10 the quadratic runs from y = 90 up to y = 310/7 (at t = 4/7) and back down
    // to y = 70, which it passes on the way up at t = 1/7; the line runs from y = 70 to 30.
    let folded = Self.bezier([(10, 90), (10, 10), (10, 70)]), line = Self.bezier([(10, 70), (10, 30)])
    #expect(folded.foldParameters().count == 1 && abs(folded.foldParameters()[0] - 4.0 / 7) < 1e-15)
    let hits = folded.intersections(with: line)
    try #require(hits.count == 3, "\(hits)")
    #expect(hits.allSatisfy { $0.kind == .overlap })
    #expect(abs(hits[0].t1 - 1.0 / 7) < 1e-12 && hits[0].t2 == 0 && hits[2].t1 == 1 && hits[2].t2 == 0)
    #expect(abs(hits[1].t1 - 4.0 / 7) < 1e-12 && abs(hits[1].t2 - (70 - 310.0 / 7) / 40) < 1e-9)
  }

  @Test func aLoopingCubicCrossesItselfOnce() throws {
    let cusp = Self.bezier([(0, 0), (100, 100), (0, 100), (100, 0)])
    let s = Self.bezier([(0, 0), (50, 100), (50, -100), (100, 0)])
    let knot = Self.bezier([(0, 0), (150, 100), (-50, 100), (100, 0)])
    let hits = knot.selfIntersections()
    try #require(hits.count == 1, "\(hits)")
    #expect(hits[0].t1 < hits[0].t2 && hits[0].kind == .cross)
    #expect(knot.eval(hits[0].t1).distance(to: knot.eval(hits[0].t2)) < 1e-9 * 200)
    // By symmetry about x = 50 the loop closes at t and 1 − t.
    #expect(abs(hits[0].t1 + hits[0].t2 - 1) < 1e-9)
    #expect(s.selfIntersections().isEmpty, "an S has no loop")
    #expect(cusp.selfIntersections().isEmpty, "nor has a cusp")
  }

  /// Forty random pairs (cubics, and a cubic with a quadratic) with the `bezier` package's
  /// answers, recorded by `Benchmarks/scripts/intersect-bench.py --record`.
  @Test func theBezierPackageFindsTheSameMeetingsWithinANanometreOfAUnit() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let data = try Data(contentsOf: root.appendingPathComponent("Tests/Fixtures/intersections-bezier.json"))
    let fixture = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let pairs = try #require(fixture["pairs"] as? [[String: Any]])
    try #require(pairs.count == 40)
    var meetings = 0
    for pair in pairs {
      func curve(_ key: String) throws -> Bezier {
        let points = try #require(pair[key] as? [[Double]])
        return try #require(Bezier(points.map { Point(x: $0[0], y: $0[1]) }))
      }
      let expected = try #require(pair["meetings"] as? [[Double]])
      let found = try curve("a").intersections(with: curve("b")).map { [$0.t1, $0.t2] }.sorted { $0[0] < $1[0] }
      #expect(found.count == expected.count, "\(found) vs \(expected)")
      for (mine, theirs) in zip(found, expected.sorted { $0[0] < $1[0] }) {
        #expect(abs(mine[0] - theirs[0]) <= 1e-9 && abs(mine[1] - theirs[1]) <= 1e-9, "\(mine) vs \(theirs)")
      }
      meetings += expected.count
    }
    #expect(meetings == 35)
  }

  @Test func randomPairsMatchADensePolylineCount() {
    var generator = SplitMix64(seed: 360)
    var total = 0
    for _ in 0..<300 {
      let a = Bezier([generator.point(), generator.point(), generator.point(), generator.point()])!
      let b = Bezier([generator.point(), generator.point(), generator.point(), generator.point()])!
      let hits = a.intersections(with: b)
      for hit in hits {
        #expect(a.eval(hit.t1).distance(to: b.eval(hit.t2)) <= 1e-9 * 1000)
      }
      // Crossings of fine polylines: the same number, for curves in general position.
      var pa: [Point] = [], pb: [Point] = []
      a.flatten(tolerance: 0.01, into: &pa)
      b.flatten(tolerance: 0.01, into: &pb)
      var crossings = 0
      for i in 0..<(pa.count - 1) {
        for j in 0..<(pb.count - 1) where Self.segmentsCross(pa[i], pa[i + 1], pb[j], pb[j + 1]) { crossings += 1 }
      }
      #expect(hits.filter { $0.kind == .cross }.count == crossings, "\(a) \(b)")
      total += hits.count
    }
    #expect(total > 100, "enough crossings to mean something: \(total)")
  }

  static func segmentsCross(_ p: Point, _ q: Point, _ r: Point, _ s: Point) -> Bool {
    let d1 = (q - p).cross(r - p), d2 = (q - p).cross(s - p), d3 = (s - r).cross(p - r), d4 = (s - r).cross(q - r)
    return (d1 > 0) != (d2 > 0) && (d3 > 0) != (d4 > 0)
  }
}
