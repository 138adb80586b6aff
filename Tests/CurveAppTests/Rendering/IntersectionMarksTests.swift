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
    let session = EditorSession.documentAligned(store: store, layout: .offscreen(width: 1100, height: 750))
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

  /// While the animation plays, the primer's subdivision: at t = 0.25 (three halvings of
  /// twelve) the boxes of the arch's pieces still paired with the line's are outlined in the
  /// marks' colour; paused, they are not.
  @Test func playingDrawsTheSubdivisionsBoxesStepByStep() throws {
    let arch = [Point(x: 100, y: 450), Point(x: 100, y: 250), Point(x: 500, y: 250), Point(x: 500, y: 450)]
    let line = [Point(x: 50, y: 380), Point(x: 550, y: 380)]
    func curve(_ points: [Point]) -> Curve.State {
      Curve.State(id: UUID(), points: IdentifiedArray(uniqueElements: points.map { ControlPoint.State(id: UUID(), position: $0) }))
    }
    var state = Editor.State(curves: IdentifiedArray(uniqueElements: [curve(arch), curve(line)]))
    state.drawing.display.showsIntersections = true
    state.drawing.animation.mode = .smooth
    state.drawing.animation.progress = 0.25
    let store = Store(initialState: state) { Editor() }
    store.send(.selection(.selectAll))
    let session = EditorSession.documentAligned(store: store, layout: .offscreen(width: 1100, height: 750))
    let frame = try OffscreenFrame(width: 1100, height: 750)
    let pairs = BoxSubdivision.pairs(try #require(Bezier(arch)), try #require(Bezier(line)), steps: 3)
    try #require(pairs.count >= 2)
    /// The share of the top edges of the arch's boxes drawn in the marks' colour.
    func outlined() -> Double {
      var hits = 0, total = 0
      for pair in pairs {
        let box = pair.a.bounds
        for x in stride(from: box.minX + 4, to: box.maxX - 4, by: 2) {
          total += 1
          // A one-pixel line lands on one of the rows next to the edge, or shares two.
          let tinted = (-1...1).contains { dy in
            let pixel = frame.pixel(x: Int(x.rounded()), y: Int(box.minY.rounded()) + dy)
            return Int(pixel.r) - Int(pixel.g) > 60 && Int(pixel.b) - Int(pixel.g) > 20
          }
          if tinted { hits += 1 }
        }
      }
      return Double(hits) / Double(max(total, 1))
    }
    frame.draw(session)
    #expect(outlined() < 0.2, "paused: no boxes")
    var playing = store.state
    playing.drawing.animation.isPlaying = true
    let playingStore = Store(initialState: playing) { Editor() }
    frame.draw(EditorSession.documentAligned(store: playingStore, layout: .offscreen(width: 1100, height: 750)))
    #expect(outlined() > 0.6, "\(outlined())")
  }
}
