import CurveGeometry
import Foundation
import Testing

@testable import CurveDocument

/// Ctrl+L by the shape, as Inkscape's: a node is a corner where the path turns by the fitter's
/// corner angle or more, whatever its type.
struct SimplificationTests {
  /// A closed polygon of `count` corner nodes on a circle of radius 100 about (200, 200).
  static func polygon(_ count: Int) -> Document.SubpathRecord {
    Document.SubpathRecord(closed: true, points: (0..<count).map { index in
      let angle = Double(index) * 2 * .pi / Double(count)
      return Document.PointRecord(id: UUID(), x: 200 + 100 * cos(angle), y: 200 + 100 * sin(angle), node: .corner)
    })
  }

  @Test func aPolygonOf72CornerNodesOnACircleBecomesAFewSmoothCubics() {
    let simplified = Self.polygon(72).simplified(by: CurveFitter(tolerance: 1), makeID: UUID.init)
    let nodes = simplified.points.filter { $0.node != nil }
    #expect(nodes.count <= 8, "\(nodes.count) nodes")
    #expect(nodes.allSatisfy { $0.node == .smooth }, "a turn of 5° is no corner")
    // Still the circle, within the tolerance and the polygon's own distance from it (0.48).
    for segment in simplified.drawnBeziers {
      for step in 0...10 {
        let point = segment.eval(Double(step) / 10)
        #expect(abs(point.distance(to: Point(x: 200, y: 200)) - 100) < 1.5)
      }
    }
  }

  @Test func aSquaresCornersStayCornersWhateverTheirType() {
    var square = Self.polygon(4)
    for index in square.points.indices { square.points[index].node = .smooth }
    let simplified = square.simplified(by: CurveFitter(tolerance: 1), makeID: UUID.init)
    let nodes = simplified.points.filter { $0.node != nil }
    for corner in square.points {
      let node = nodes.first { Point(x: $0.x, y: $0.y).distance(to: Point(x: corner.x, y: corner.y)) < 1e-6 }
      #expect(node?.node == .corner, "a node at (\(corner.x), \(corner.y)), a corner: \(nodes.map { ($0.x, $0.y, $0.node) })")
    }
  }
}
