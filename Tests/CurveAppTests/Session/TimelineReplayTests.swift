import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

@testable import CurveApp

/// The timeline in the window, through replayed input: its keys, the strip's cursor, marks
/// and easing box, and playing on the clock.
@MainActor
struct TimelineReplayTests {
  let replay: Replay

  init() throws {
    // A square keyed at 0 s (ease-in-out), 1 s and 2 s, looping over 2 s.
    let document = try Document.decode(Data(TimelineReplayTests.json.utf8))
    replay = Replay(state: Editor.State(document: document, url: nil))
  }

  static let json = {
    func square(_ x: Int, _ first: Int) -> String {
      let corners = [(x, 5), (x + 10, 5), (x + 10, 15), (x, 15)]
      return #"[{"closed": true, "points": ["# + corners.enumerated().map { index, corner in
        #"{"id": "00000000-0000-0000-0000-\#(String(format: "%012d", first + index))", "x": \#(corner.0), "y": \#(corner.1), "node": "corner"}"#
      }.joined(separator: ", ") + "]}]"
    }
    return #"""
      {"version": 4, "canvas": {"width": 200, "height": 20},
       "curves": [{"id": "00000000-0000-0000-0000-0000000000c1", "style": {"fill": "#ff0000"}, "subpaths": \#(square(0, 1))}],
       "animation": {"totalSteps": 10, "speed": 50},
       "timeline": {"duration": 2, "tracks": [{"curve": "00000000-0000-0000-0000-0000000000c1", "keyframes": [
         {"time": 0, "easing": "ease-in-out", "subpaths": \#(square(0, 11))}, {"time": 1, "subpaths": \#(square(100, 21))},
         {"time": 2, "subpaths": \#(square(0, 31))}]}]}}
      """#
  }()

  private var state: Editor.State { replay.store.state }
  private var x: Double { state.drawing.curves[0].points[0].position.x }
  private var strip: TimelineStrip { TimelineStrip(state: state, layout: replay.session.layout)! }

  @Test func theKeysStepFromKeyframeToKeyframeAndToTheEnds() async {
    await replay.play([.key(KeyChord("end", control: true))])
    #expect(state.playhead.time == 2 && x == 0)
    await replay.play([.key(KeyChord(","))])
    #expect(state.playhead.time == 1 && x == 100)
    await replay.play([.key(KeyChord(","))])
    #expect(state.playhead.time == 0)
    await replay.play([.key(KeyChord(".")), .key(KeyChord(".")), .key(KeyChord("home", control: true))])
    #expect(state.playhead.time == 0 && x == 0)
    #expect(state.drawing.revision == 0, "moving in time is not an edit")
  }

  @Test func theCursorScrubsAndAMarkDragsToAnotherTime() async {
    let strip = self.strip
    let half = strip.x(of: 0.5)
    await replay.play([.pointerDown(x: half, y: strip.markY, clicks: 1), .pointerUp(x: half, y: strip.markY)])
    #expect(abs(state.playhead.time - 0.5) < 1e-9)
    #expect(abs(x - 100 * Easing.easeInOut.progress(at: 0.5)) < 1e-9)
    // The mark at 1 s, dragged to 1.5 s.
    let from = strip.x(of: 1), to = strip.x(of: 1.5)
    await replay.play([.pointerDown(x: from, y: strip.markY, clicks: 1), .pointerMoved(x: to, y: strip.markY), .pointerUp(x: to, y: strip.markY)])
    #expect(state.drawing.timeline!.tracks[0].keyframes.map(\.time) == [0, 1.5, 2])
    #expect(state.playhead.selectedKey?.time == 1.5)
    // A click in the easing box gives the picked keyframe the next preset; Delete removes it.
    let box = strip.easingBox
    let centre = Point(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2)
    await replay.play([.pointerDown(x: centre.x, y: centre.y, clicks: 1), .pointerUp(x: centre.x, y: centre.y)])
    #expect(state.drawing.timeline!.tracks[0].keyframes[1].easing == .hold)
    await replay.play([.key(KeyChord("delete"))])
    #expect(state.drawing.timeline!.tracks[0].keyframes.map(\.time) == [0, 2])
    #expect(state.drawing.curves[0].points.count == 4, "Delete took the keyframe, not the points")
  }

  @Test func spacePlaysOnTheClockAndIKeysTheSelection() async {
    await replay.play([.key(KeyChord("space")), .wait(milliseconds: 500), .key(KeyChord("space"))])
    #expect(abs(state.playhead.time - 0.5) < 0.02 && !state.playhead.isPlaying)
    #expect(!state.drawing.animation.isPlaying, "the construction stays still")
    await replay.play([.key(KeyChord("a", control: true)), .key(KeyChord("i"))])
    #expect(state.drawing.timeline!.tracks[0].keyframes.count == 4)
    #expect(state.interaction.notice?.hasPrefix("Keyed 1 curve at 0.5") == true)
    await replay.play([.key(KeyChord("o")), .key(KeyChord("a", shift: true))])
    #expect(state.playhead.showsOnionSkin && state.playhead.autoKey)
  }
}

/// The issue's whole gesture, through replayed input: draw a square and a star, key one into
/// the other (Shift+I), ease it, turn onion skin on and play.
@MainActor
struct MorphReplayTests {
  @Test func aSquareDrawnIntoAStarPlaysAsAMorph() async throws {
    let replay = Replay(state: Editor.State(curves: [], animation: AnimationSettings(mode: .smooth)))
    await replay.play([
      .key(KeyChord("f4")), .pointerDown(x: 110, y: 125, clicks: 1), .pointerMoved(x: 170, y: 185), .pointerMoved(x: 230, y: 245),
      .pointerUp(x: 230, y: 245),
      .key(KeyChord("*")), .pointerDown(x: 520, y: 185, clicks: 1), .pointerMoved(x: 560, y: 130), .pointerMoved(x: 580, y: 120),
      .pointerUp(x: 580, y: 120),
      .key(KeyChord("f2")), .key(KeyChord("a", control: true)), .key(KeyChord("i", shift: true)),
    ])
    let state = replay.store.state
    #expect(state.drawing.curves.count == 1, "the star became the square's keyframe")
    let track = try #require(state.drawing.timeline?.tracks.first)
    #expect(track.keyframes.map(\.time) == [0, 2])
    // Ease the first keyframe: pick its mark, then click the easing box to ease-in-out.
    let strip = try #require(TimelineStrip(state: state, layout: replay.session.layout))
    let box = strip.easingBox, centre = Point(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2)
    await replay.play([.pointerDown(x: strip.x(of: 0), y: strip.markY, clicks: 1), .pointerUp(x: strip.x(of: 0), y: strip.markY)])
    for _ in 0..<5 { await replay.play([.pointerDown(x: centre.x, y: centre.y, clicks: 1), .pointerUp(x: centre.x, y: centre.y)]) }
    #expect(replay.store.drawing.timeline?.tracks[0].keyframes[0].easing == .easeInOut)
    await replay.play([.key(KeyChord("o")), .key(KeyChord("escape")), .key(KeyChord("home", control: true)), .key(KeyChord("space")), .wait(milliseconds: 1000), .key(KeyChord("space"))])
    #expect(abs(replay.store.playhead.time - 1) < 0.02 && replay.store.playhead.showsOnionSkin)
    // Half way, the shape lies between the square's area and the star's.
    let area = abs(Document.CurveRecord(replay.store.drawing.curves[0]).subpaths[0].segments.compactMap(Bezier.init).reduce(0) { $0 + $1.areaIntegral })
    let keys = replay.store.drawing.timeline!.tracks[0].keyframes
    let areas = keys.map { abs($0.subpaths![0].segments.compactMap(Bezier.init).reduce(0) { $0 + $1.areaIntegral }) }
    #expect(area > min(areas[0], areas[1]) && area < max(areas[0], areas[1]), "\(area) between \(areas)")
  }
}
