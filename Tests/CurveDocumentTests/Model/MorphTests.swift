import CurveDocument
import CurveGeometry
import Foundation
import Testing

/// Morphs: keyframes of different shapes made to correspond, each still drawing as authored,
/// the nodes moving as little as they can.
struct MorphTests {
  static func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", n))! }

  /// A closed subpath of lines through `corners`, each a corner node.
  static func polygon(_ corners: [(Double, Double)], first: Int = 100) -> Document.SubpathRecord {
    Document.SubpathRecord(closed: true, points: corners.enumerated().map { Document.PointRecord(id: id(first + $0), x: $1.0, y: $1.1, node: .corner) })
  }

  static let square = polygon([(40, 40), (160, 40), (160, 160), (40, 160)])

  static let star: Document.SubpathRecord = polygon((0..<10).map { index in
    let radius = index % 2 == 0 ? 80.0 : 32, angle = -Double.pi / 2 + Double.pi * Double(index) / 5
    return (100 + radius * cos(angle), 100 + radius * sin(angle))
  }, first: 200)

  static func loops(_ subpaths: [Document.SubpathRecord]) -> [[Bezier]] { subpaths.map { $0.segments.compactMap(Bezier.init) } }

  static func area(_ subpaths: [Document.SubpathRecord]) -> Double { loops(subpaths).reduce(0) { $0 + Bezier.signedArea(of: $1) } }

  static func corresponded(_ keys: [[Document.SubpathRecord]]) -> [[Document.SubpathRecord]] {
    Morph.corresponded(keys) { slot, index in UUID(uuidString: String(format: "00000000-0000-0000-%04d-%012d", slot, index))! }
  }

  /// The least total node travel from `previous` over every start node and direction of `subpath`.
  static func leastTravel(_ subpath: Document.SubpathRecord, from previous: Document.SubpathRecord) -> Double {
    let nodes = subpath.segments.map { $0[0] }, target = previous.segments.map { $0[0] }
    var best = Double.infinity
    for way in [nodes, Array(nodes.reversed())] {
      for start in way.indices {
        let rotated = Array(way[start...] + way[..<start])
        best = min(best, zip(rotated, target).reduce(0) { $0 + $1.0.distance(to: $1.1) })
      }
    }
    return best
  }

  @Test func aSquareAndAStarGetOneFormAndEachStillDrawsAsAuthored() throws {
    let keys = Self.corresponded([[Self.square], [Self.star]])
    #expect(keys[0].map(\.points.count) == keys[1].map(\.points.count))
    #expect(keys[0][0].points.map { $0.node != nil } == keys[1][0].points.map { $0.node != nil })
    #expect(keys[0][0].segments.count == 10 && keys[0][0].segments.allSatisfy { $0.count == 4 }, "ten cubics each")
    #expect(keys[0][0].points.map(\.id) == keys[1][0].points.map(\.id), "the same ids at every keyframe")
    // Exactly as authored: the same area (exact for Bézier loops), every authored node still a node.
    #expect(abs(Self.area(keys[0]) - Self.area([Self.square])) < 1e-9)
    #expect(abs(Self.area(keys[1]) - Self.area([Self.star])) < 1e-9)
    let squareNodes = Set(keys[0][0].segments.map { "\($0[0].x),\($0[0].y)" })
    #expect(Self.square.points.allSatisfy { squareNodes.contains("\($0.x),\($0.y)") })
    // The star's start and way round move its nodes (about its centre) least: within 1.05 of the least.
    let travel = zip(keys[1][0].segments.map { $0[0] }, keys[0][0].segments.map { $0[0] }).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    #expect(travel <= 1.05 * Self.leastTravel(keys[1][0], from: keys[0][0]))
  }

  @Test func aLoneSubpathGrowsFromItsPartnersCentreAndAHoleStaysAHole() throws {
    let outer = Self.polygon([(0, 0), (100, 0), (100, 100), (0, 100)])
    // Its hole runs the other way round.
    let hole = Self.polygon([(30, 30), (30, 70), (70, 70), (70, 30)], first: 300)
    let keys = Self.corresponded([[outer], [Self.polygon([(10, 0), (110, 0), (110, 100), (10, 100)], first: 400), hole]])
    #expect(keys[0].count == 2 && keys[1].count == 2)
    let grown = try #require(keys[0].first { Set($0.points.map { Point(x: $0.x, y: $0.y) }).count == 1 })
    #expect(Point(x: grown.points[0].x, y: grown.points[0].y) == Point(x: 50, y: 50), "the hole's centre")
    // The hole keeps its way round, opposite the outer's: under non-zero it is still a hole.
    let areas = Self.loops(keys[1]).map { Bezier.signedArea(of: $0) }
    #expect(areas[0] * areas[1] < 0)
    #expect(abs(abs(Self.area(keys[1])) - (100 * 100 - 40 * 40)) < 1e-9)
  }

  @Test func linesAndQuadraticsAreRaisedExactlyToTheTracksDegree() {
    let quadratic = Document.SubpathRecord(closed: false, points: [
      Document.PointRecord(id: Self.id(1), x: 0, y: 0, node: .corner), Document.PointRecord(id: Self.id(2), x: 50, y: 100),
      Document.PointRecord(id: Self.id(3), x: 100, y: 0, node: .corner),
    ])
    let line = Document.SubpathRecord(closed: false, points: [
      Document.PointRecord(id: Self.id(4), x: 0, y: 50, node: .corner), Document.PointRecord(id: Self.id(5), x: 100, y: 50, node: .corner),
    ])
    let keys = Self.corresponded([[quadratic], [line]])
    let raised = try! #require(Bezier(keys[0][0].segments[0]))
    let authored = Bezier([Point(x: 0, y: 0), Point(x: 50, y: 100), Point(x: 100, y: 0)])!
    #expect(raised.degree == 3)
    for step in 0...10 {
      let t = Double(step) / 10
      #expect(raised.eval(t).distance(to: authored.eval(t)) < 1e-12)
    }
    #expect(keys[1][0].segments.count == 1 && keys[1][0].segments[0].count == 4)
  }

  @Test func aMorphingTrackPlaysAndReadsBackFromAFile() throws {
    let curve = Self.id(1)
    var document = Document(canvas: Canvas(width: 200, height: 200), curves: [Document.CurveRecord(id: curve, subpaths: [Self.square])], animation: Document.AnimationRecord(AnimationSettings()))
    document.timeline = Timeline(duration: 2, tracks: [Timeline.Track(curve: curve, keyframes: [
      Timeline.Keyframe(time: 0, subpaths: [Self.square]), Timeline.Keyframe(time: 2, subpaths: [Self.star]),
    ])])
    let reread = try Document.decode(Data(JSONEncoder().encode(document)))
    #expect(reread.timeline?.tracks[0].keyframes[1].subpaths == [Self.star], "a morph reads as written")
    let end = reread.frame(atLocalTime: 2).curves[0]
    #expect(abs(Self.area(end.subpaths) - Self.area([Self.star])) < 1e-9)
    #expect(end.subpaths[0].segments.count == 10)
    // Halfway, between the two, and the same form.
    #expect(reread.frame(atLocalTime: 1).curves[0].subpaths[0].points.count == end.subpaths[0].points.count)
  }
}

extension MorphTests {
  /// The user's override: a closed subpath started elsewhere or run the other way draws the
  /// same outline (the same area, the other sign when turned round).
  @Test func aSubpathStartsAtAnotherNodeOrRunsTheOtherWayDrawingTheSame() throws {
    let square = Self.polygon([(0, 0), (10, 0), (10, 10), (0, 10)])
    let next = try #require(square.startingAt(nodesOn: 1))
    #expect(next.points.map(\.x) == [10, 10, 0, 0] && next.points.map(\.y) == [0, 10, 10, 0])
    #expect(square.startingAt(nodesOn: 5) == next && square.startingAt(nodesOn: -3) == next)
    #expect(square.startingAt(nodesOn: -1)?.points.first.map { [$0.x, $0.y] } == [0, 10])
    #expect(Self.area([next]) == Self.area([square]))
    let turned = try #require(square.reversedDirection())
    #expect(turned.points.map(\.x) == [0, 0, 10, 10] && turned.points.map(\.y) == [0, 10, 10, 0])
    #expect(Self.area([turned]) == -Self.area([square]))
    // Open, or with segments of two degrees, it has no other start that keeps its form.
    var open = square
    open.closed = false
    #expect(open.startingAt(nodesOn: 1) == nil && open.reversedDirection() == nil)
    var mixed = square
    mixed.points[1].node = nil  // a quadratic, then lines
    #expect(mixed.startingAt(nodesOn: 1) == nil && mixed.reversedDirection() == nil)
  }
}
