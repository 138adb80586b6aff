import Composable
import CurveDocument
import CurveGeometry
import Foundation
import Testing

@testable import CurveFeature

/// The timeline shown in the window (`show(time:)`), against the document's own frame
/// (`Document.frame(atLocalTime:)`, what `curves render --time` and the exports draw): the
/// window's moves in place show what the document's frame has.
struct TimelinePlaybackTests {
  /// A square at `x`, filled with `color`, its points' ids from `curve` × 10 + 1.
  func square(_ curve: Int, x: Double, color: RGBColor) -> Curve.State {
    let corners = [(x, 0.0), (x + 10, 0.0), (x + 10, 10.0), (x, 10.0)]
    let points = corners.enumerated().map { ControlPoint.State(id: id(curve * 10 + 1 + $0), position: Point(x: $1.0, y: $1.1), node: .corner) }
    return Curve.State(
      id: id(curve * 10), subpaths: [Subpath.State(id: id(curve * 10), isClosed: true, points: IdentifiedArray(uniqueElements: points))],
      style: CurveStyle(fill: .color(color))
    )
  }

  @Test func manyCurvesShowWhatTheDocumentsFrameHas() throws {
    // 1,200 squares: each moved 100 right and turned from red to blue over 2 s (complete
    // keyframes: moved apart, on every core); one keyed by its shape alone (its style comes
    // from the curve); one whose keyframes no longer fit it (not moved).
    var curves: [Curve.State] = []
    var tracks: [Timeline.Track] = []
    for index in 0..<1_200 {
      let start = square(index + 1, x: Double(index), color: RGBColor(r: 255, g: 0, b: 0))
      var end = Document.CurveRecord(square(index + 1, x: Double(index) + 100, color: RGBColor(r: 0, g: 0, b: 255)))
      if index == 7 { end.style = CurveStyle(fill: .color(RGBColor(r: 0, g: 0, b: 255)), opacity: 0.5) }
      let startRecord = Document.CurveRecord(start)
      curves.append(start)
      let first = Timeline.Keyframe(time: 0, subpaths: startRecord.subpaths, style: index == 3 ? nil : startRecord.style)
      var last = Timeline.Keyframe(time: 2, subpaths: end.subpaths, style: index == 3 ? nil : end.style, easing: .easeInOut)
      if index == 5 { last.subpaths![0].points.removeLast() }
      tracks.append(Timeline.Track(curve: start.id, keyframes: [first, last]))
    }
    var state = Editor.State(curves: IdentifiedArray(uniqueElements: curves))
    state.drawing.timeline = Timeline(duration: 2, tracks: tracks)
    let document = Document(state)
    for time in [0.0, 0.6, 1.0, 2.0] {
      var shown = state
      shown.show(time: time)
      let expected = document.frame(atLocalTime: time).curves  // at 2 s the end, not looped round
      #expect(shown.playhead.time == time)
      let records = shown.drawing.curves.map { Document.CurveRecord($0) }
      let differing = records.indices.filter { records[$0] != expected[$0] }
      #expect(differing.isEmpty, "at \(time) s, \(differing.count) curves differ, first \(differing.first.map { "\(records[$0]) against \(expected[$0])" } ?? "")")
    }
    var half = state
    half.show(time: 1)
    // Half way with easing in and out: 50 right; red to blue half way; the unfitted one still.
    #expect(half.drawing.curves[0].subpaths[0].points[0].position == Point(x: 50, y: 0))
    #expect(half.drawing.curves[0].style.fill == .color(RGBColor(r: 128, g: 0, b: 128)))
    #expect(half.drawing.curves[3].subpaths[0].points[0].position == Point(x: 53, y: 0))
    #expect(half.drawing.curves[3].style.fill == .color(RGBColor(r: 255, g: 0, b: 0)))
    #expect(half.drawing.curves[5].subpaths[0].points[0].position == Point(x: 5, y: 0))
    #expect(half.drawing.curves[7].style.opacity == 0.75)
  }
}
