import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

struct SegmentIndexTests {
  /// 10,000 arches of 2 cubic segments each, 100 a row, 8 units apart.
  static func manyCurves() -> IdentifiedArrayOf<Curve.State> {
    var curves = IdentifiedArrayOf<Curve.State>()
    var next = 1
    func makeID() -> UUID { defer { next += 1 }; return id(next) }
    for row in 0..<100 {
      for column in 0..<100 {
        let x = Double(column) * 8, y = Double(row) * 6
        let positions = [(0.0, 5.0), (1, 0), (3, 0), (4, 5), (5, 10), (7, 10), (8, 5)]
        curves.append(Curve.State(id: makeID(), points: IdentifiedArray(uniqueElements: positions.enumerated().map { index, offset in
          ControlPoint.State(id: makeID(), position: Point(x: x + offset.0, y: y + offset.1), node: index == 3 ? .smooth : nil)
        })))
      }
    }
    return curves
  }

  @Test func aHoverInATenThousandCurveDocumentLooksOnlyNearby() {
    let curves = Self.manyCurves()
    var index = SegmentIndex()
    index.refresh(curves, revision: 0)
    // Far from every curve: nothing.
    #expect(index.segment(at: Point(x: 2000, y: 2000), radius: 1) == nil)
    let start = ContinuousClock.now
    var hits = 0
    for query in 0..<2000 {
      let position = Point(x: Double(query % 100) * 7.9 + 0.3, y: Double(query / 100) * 29.7 + 2)
      if let hit = index.segment(at: position, radius: 1) {
        hits += 1
        let segment = curves[segment: hit.reference]!
        #expect(segment.eval(hit.t).distance(to: position) <= 1 + 1e-9)
      }
    }
    // A query tests the few segments around it: 2,000 take milliseconds, not the seconds
    // testing every one of 20,000 segments would.
    #expect(ContinuousClock.now - start < .seconds(2))
    #expect(hits > 100)
  }

  @Test func aLargeSegmentIsFoundWhereverItsStrokeIs() {
    let curves: IdentifiedArrayOf<Curve.State> = [Curve.State(id: id(1), points: [
      ControlPoint.State(id: id(2), position: Point(x: 0, y: 0)),
      ControlPoint.State(id: id(3), position: Point(x: 4000, y: 3000)),
    ])]
    var index = SegmentIndex()
    index.refresh(curves, revision: 0)
    #expect(index.segment(at: Point(x: 2003, y: 1500), radius: 8)?.reference == SegmentReference(curve: id(1), subpath: id(1), segment: 0))
    #expect(index.segment(at: Point(x: 2000, y: 1600), radius: 8) == nil)
  }

  /// A weighted quadratic, an exact quarter circle about (200, 200): the pointer finds the
  /// circle, and the parameter of its point there, not the plain quadratic's.
  @Test func aWeightedSegmentIsFoundWhereItIsDrawn() throws {
    let points = [(300.0, 200.0, 1.0), (300, 300, 0.5.squareRoot()), (200, 300, 1)].enumerated().map { index, value in
      ControlPoint.State(id: id(11 + index), position: Point(x: value.0, y: value.1), weight: value.2 == 1 ? nil : value.2)
    }
    let curves: IdentifiedArrayOf<Curve.State> = [Curve.State(id: id(10), points: IdentifiedArray(uniqueElements: points))]
    var index = SegmentIndex()
    index.refresh(curves, revision: 0)
    // The circle's point at 45°; the plain quadratic passes 6 units further out, at (275, 275).
    let onCircle = Point(x: 200 + 100 * 0.5.squareRoot(), y: 200 + 100 * 0.5.squareRoot())
    let hit = try #require(index.segment(at: onCircle, radius: 2))
    #expect(abs(hit.t - 0.5) < 1e-6, "the circle is symmetric about t = ½")
    #expect(curves.rationalSegment(hit.reference)?.eval(hit.t).distance(to: onCircle) ?? 1 < 1e-6)
    #expect(index.segment(at: Point(x: 275, y: 275), radius: 2) == nil, "the plain quadratic is not what is drawn")
  }
}
