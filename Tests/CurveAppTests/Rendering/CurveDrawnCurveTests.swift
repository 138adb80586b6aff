import Composable
import CurveFeature
import CurveGeometry
import CurveRender
import CurveRaster
import Foundation
import SeededRandom
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

  /// The contours made straight from the points are the general way's (`screenChains`
  /// flattened), point for point: 500 seeded curves of one to three subpaths, open and
  /// closed, lines, quadratics, cubics and longer segments, at two zooms and two scales.
  @Test func contoursMadeInPlaceAreTheGeneralWays() {
    var random = SplitMix64(seed: 57)
    for number in 0..<500 {
      let subpaths = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        let points = (0..<Int.random(in: 1...9, using: &random)).map { index in
          (Double.random(in: -50...250, using: &random), Double.random(in: -50...250, using: &random), index == 0 || Bool.random(using: &random))
        }
        return subpath(points, closed: Bool.random(using: &random))
      }
      let curve = Curve.State(id: UUID(), subpaths: IdentifiedArray(uniqueElements: subpaths))
      let view = DrawingView(zoom: number % 2 == 0 ? 1 : 2.5, origin: Point(x: 13, y: -7))
      let recorder = ShapeRecorder(width: 100, height: 100, scale: number % 3 == 0 ? 2 : 1)
      let direct = curve.pixelContours(in: view, of: recorder, tolerance: 0.25)
      #expect(direct == recorder.pixelContours(curve.screenChains(in: view), tolerance: 0.25), "curve \(number)")
    }
  }

  /// A segment with a point at infinity adds nothing, as the general way leaves it out.
  @Test func aSegmentThatIsNotFiniteAddsNothing() {
    let open = subpath([(0, 0, true), (.infinity, 5, true), (10, 10, true)], closed: false)
    let curve = Curve.State(id: UUID(), subpaths: [open])
    let view = DrawingView(zoom: 1, origin: .zero), recorder = ShapeRecorder(width: 10, height: 10, scale: 1)
    let direct = curve.pixelContours(in: view, of: recorder, tolerance: 0.25)
    #expect(direct == recorder.pixelContours(curve.screenChains(in: view), tolerance: 0.25))
    #expect(direct == [Contour([], isClosed: false)])
  }
}
