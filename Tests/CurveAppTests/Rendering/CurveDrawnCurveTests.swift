import Composable
import CurveFeature
import CurveGeometry
import CurveRender
import Foundation
import Testing

@testable import CurveApp

/// A subpath's segments on screen, gathered and mapped in one pass, are its control points'
/// segments (`segmentControlPoints`) mapped through the view: for open and closed subpaths,
/// nodes anywhere, a subpath of control points alone, and too few points for a segment.
struct CurveDrawnCurveTests {
  @Test func screenSegmentsAreTheControlPointsSegmentsMapped() {
    let view = DrawingView(zoom: 1.5, origin: Point(x: -20, y: 7))
    var random = SystemRandomNumberGenerator()
    for trial in 0..<200 {
      let count = trial % 9
      let points = (0..<count).map { index in
        ControlPoint.State(
          id: UUID(), position: Point(x: Double.random(in: -100...100, using: &random), y: Double.random(in: -100...100, using: &random)),
          node: index == 0 || Bool.random(using: &random) ? .corner : nil)
      }
      let subpath = Subpath.State(id: UUID(), isClosed: trial % 2 == 0, points: IdentifiedArray(uniqueElements: points))
      let expected = subpath.segmentControlPoints.compactMap { Bezier($0.map(view.screenPoint(atDocument:))) }
      #expect(subpath.screenSegments(in: view) == expected, "trial \(trial)")
    }
  }

  @Test func aClosedSquareIsFourLinesBackToItsStart() {
    let corners = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    let points = corners.map { ControlPoint.State(id: UUID(), position: Point(x: $0.0, y: $0.1), node: .corner) }
    let square = Subpath.State(id: UUID(), isClosed: true, points: IdentifiedArray(uniqueElements: points))
    let segments = square.screenSegments(in: DrawingView(zoom: 2, origin: .zero))
    #expect(segments.map(\.controlPoints) == [
      [Point(x: 0, y: 0), Point(x: 20, y: 0)], [Point(x: 20, y: 0), Point(x: 20, y: 20)],
      [Point(x: 20, y: 20), Point(x: 0, y: 20)], [Point(x: 0, y: 20), Point(x: 0, y: 0)],
    ])
  }
}
