import Composable
import CurveFeature
import CurveGeometry
import CurveRaster
import Foundation
import Testing

@testable import CurveApp

/// The "Intersections" toggle: marks where the selected curves meet, drawn headlessly and
/// found where `Bezier.intersections(with:)` says; none for curves not selected.
@MainActor
struct IntersectionMarksTests {
  @Test func theSelectedCurvesCrossingsAreRingedAndOthersAreNot() throws {
    // An arch y = 450 − 300·t(1−t)·… at 100%, and a line across it at y = 380.
    let arch = [Point(x: 100, y: 450), Point(x: 100, y: 250), Point(x: 500, y: 250), Point(x: 500, y: 450)]
    let line = [Point(x: 50, y: 380), Point(x: 550, y: 380)]
    func curve(_ points: [Point]) -> Curve.State {
      Curve.State(id: UUID(), points: IdentifiedArray(uniqueElements: points.map { ControlPoint.State(id: UUID(), position: $0) }))
    }
    let curves = [curve(arch), curve(line)]
    let store = Store(initialState: Editor.State(curves: IdentifiedArray(uniqueElements: curves))) { Editor() }
    let session = EditorSession(store: store, layout: .offscreen(width: 1100, height: 750))
    let frame = try OffscreenFrame(width: 1100, height: 750)
    store.send(.display(.toggle(.showsControlPolygon)))
    store.send(.display(.cycleConstruction))
    store.send(.display(.cycleConstruction))
    store.send(.display(.toggle(.showsIntersections)))
    let hits = try #require(Bezier(arch)).intersections(with: try #require(Bezier(line)))
    try #require(hits.count == 2)
    func ringAt(_ point: Point) -> Bool {
      // The ring's colour a few pixels from the centre, on the side away from both curves' strokes.
      (3...6).contains { d in
        let pixel = frame.pixel(x: Int(point.x.rounded()) + d, y: Int(point.y.rounded()) - d)
        return abs(Int(pixel.r) - 214) + Int(pixel.g) + abs(Int(pixel.b) - 140) < 90
      }
    }
    frame.draw(session)
    #expect(!hits.contains { ringAt($0.point) }, "nothing selected: no marks")
    store.send(.selection(.selectAll))
    frame.draw(session)
    #expect(hits.allSatisfy { ringAt($0.point) }, "\(hits.map(\.point))")
  }
}
