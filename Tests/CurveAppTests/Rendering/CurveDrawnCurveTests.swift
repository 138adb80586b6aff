import Composable
import CurveFeature
import CurveGeometry
import CurveRender
import Foundation
import Testing

@testable import CurveApp

/// A subpath's segments on screen: node to node, a closed one's last back to its first point,
/// each point through the view.
struct CurveDrawnCurveTests {
  private func subpath(_ points: [(Double, Double, Bool)], closed: Bool) -> Subpath.State {
    let states = points.map { ControlPoint.State(id: UUID(), position: Point(x: $0.0, y: $0.1), node: $0.2 ? .corner : nil) }
    return Subpath.State(id: UUID(), isClosed: closed, points: IdentifiedArray(uniqueElements: states))
  }

  @Test func aClosedSquareIsFourLinesBackToItsStart() {
    let square = subpath([(0, 0, true), (10, 0, true), (10, 10, true), (0, 10, true)], closed: true)
    let segments = square.screenSegments(in: DrawingView(zoom: 2, origin: .zero))
    #expect(segments.map(\.controlPoints) == [
      [Point(x: 0, y: 0), Point(x: 20, y: 0)], [Point(x: 20, y: 0), Point(x: 20, y: 20)],
      [Point(x: 20, y: 20), Point(x: 0, y: 20)], [Point(x: 0, y: 20), Point(x: 0, y: 0)],
    ])
  }

  /// Control points between nodes belong to the segment they are in; an open subpath's last
  /// node ends it; one point alone makes no segment.
  @Test func segmentsRunFromNodeToNode() {
    let view = DrawingView(zoom: 1, origin: .zero)
    let open = subpath([(0, 0, true), (1, 2, false), (3, 0, true), (4, 4, false), (5, 0, true)], closed: false)
    #expect(open.screenSegments(in: view).map(\.controlPoints) == [
      [Point(x: 0, y: 0), Point(x: 1, y: 2), Point(x: 3, y: 0)], [Point(x: 3, y: 0), Point(x: 4, y: 4), Point(x: 5, y: 0)],
    ])
    let loop = subpath([(0, 0, true), (1, 2, false), (3, 0, false)], closed: true)
    #expect(loop.screenSegments(in: view).map(\.controlPoints) == [[Point(x: 0, y: 0), Point(x: 1, y: 2), Point(x: 3, y: 0), Point(x: 0, y: 0)]])
    #expect(subpath([(7, 7, true)], closed: true).screenSegments(in: view).isEmpty)
  }
}
