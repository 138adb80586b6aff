import CurveDocument
import CurveGeometry
import Foundation
import Testing

/// A weighted segment through the path commands: each takes the rational curve as drawn
/// (`SubpathRecord.drawnSegments`), so a circle arc made with weights stays a circle arc.
struct DrawnSegmentsTests {
  static let radius = 100.0

  /// A quarter of a circle of radius 100 about (200, 200), exact with weights 1, √½, 1, closed
  /// by two lines through the centre: a pie slice.
  static var slice: Document.SubpathRecord {
    let points = [(300.0, 200.0, NodeType?.some(.corner), 1.0), (300, 300, nil, 0.5.squareRoot()), (200, 300, .corner, 1), (200, 200, .corner, 1)]
    return Document.SubpathRecord(closed: true, points: points.map {
      Document.PointRecord(id: UUID(), x: $0.0, y: $0.1, node: $0.2, weight: $0.3 == 1 ? nil : $0.3)
    })
  }

  static func distanceFromCircle(_ point: Point) -> Double {
    abs(point.distance(to: Point(x: 200, y: 200)) - radius)
  }

  @Test func aWeightedSegmentIsItsRationalCurvesCubicsWithinTheTolerance() throws {
    let pieces = Self.slice.drawnSegments
    #expect(pieces.map(\.count) == [pieces[0].count, 1, 1] && pieces[0].count >= 1)
    for cubic in pieces[0] {
      #expect(cubic.degree == 3)
      for step in 0...32 { #expect(Self.distanceFromCircle(cubic.eval(Double(step) / 32)) <= Document.SubpathRecord.rationalTolerance) }
    }
    // Unweighted segments are as they are.
    #expect(pieces[1][0].controlPoints == [Point(x: 200, y: 300), Point(x: 200, y: 200)])
  }

  @Test func simplifyingKeepsTheArcAndItsCorners() throws {
    let simplified = Self.slice.simplified(by: CurveFitter(tolerance: 0.5), makeID: { UUID() })
    let arc = try #require(simplified.segments.first.flatMap(Bezier.init))
    for step in 0...32 { #expect(Self.distanceFromCircle(arc.eval(Double(step) / 32)) <= 0.6, "t = \(step)/32") }
    #expect(simplified.points.compactMap(\.node).filter { $0 == .corner }.count == 3, "the slice's three corners stay")
  }

  @Test func anOffsetOfTheArcIsConcentric() throws {
    let curve = Document.CurveRecord(id: UUID(), subpaths: [Self.slice])
    let outward = try #require(curve.offset(by: 10, join: .round, makeID: { UUID() }))
    // The offset outline's points farthest out lie on the circle of radius 110.
    let farthest = outward.subpaths.flatMap(\.segments).flatMap { segment in
      (0...16).compactMap { Bezier(segment)?.eval(Double($0) / 16) }
    }.map { $0.distance(to: Point(x: 200, y: 200)) }.max() ?? 0
    #expect(abs(farthest - 110) < 0.05, "\(farthest)")
  }

  @Test func aBooleanSeesTheWeightedCurve() throws {
    let slice = Document.CurveRecord(id: UUID(), subpaths: [Self.slice])
    // The slice's area is a quarter of the disc's, as filled; the plain quadratic's would be 2/3 of the square's.
    let area = slice.filledShape.loops.reduce(0) { $0 + $1.reduce(0) { $0 + $1.signedAreaTerm } }
    #expect(abs(abs(area) - Double.pi * 100 * 100 / 4) < 5, "\(area)")
  }
}

extension Bezier {
  /// This segment's share of the shoelace area of the closed path it is in (Green's theorem
  /// over 64 chords), for checking an area.
  fileprivate var signedAreaTerm: Double {
    let points = (0...64).map { eval(Double($0) / 64) }
    return zip(points, points.dropFirst()).reduce(0) { $0 + ($1.0.x * $1.1.y - $1.1.x * $1.0.y) / 2 }
  }
}
