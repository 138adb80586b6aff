import CurveFeature
import Foundation
import Testing

/// A document's timeline goes through the editor untouched: opened and saved, it is the same;
/// a curve removed in the editor takes its track with it, so the saved file still opens.
@MainActor
struct TimelineKeptTests {
  static func square(_ x: Double, _ first: Int) -> String {
    let corners = [(x, 0.0), (x + 10, 0.0), (x + 10, 10.0), (x, 10.0)]
    let points = corners.enumerated().map { index, p in
      #"{"id": "00000000-0000-0000-0000-\#(String(format: "%012x", first + index))", "x": \#(p.0), "y": \#(p.1), "node": "corner"}"#
    }
    return #"[{"closed": true, "points": [\#(points.joined(separator: ", "))]}]"#
  }

  static let json = #"""
    {"version": 4, "canvas": {"width": 200, "height": 50},
     "curves": [{"id": "00000000-0000-0000-0000-0000000000c1", "subpaths": \#(square(0, 1))},
                {"id": "00000000-0000-0000-0000-0000000000c2", "subpaths": \#(square(50, 0x11))}],
     "animation": {"totalSteps": 10, "speed": 50},
     "timeline": {"duration": 3, "fps": 24, "repeat": "pingPong", "tracks": [
       {"curve": "00000000-0000-0000-0000-0000000000c1", "keyframes": [{"time": 0, "easing": "ease", "subpaths": \#(square(0, 0x21))}, {"time": 3, "subpaths": \#(square(100, 0x31))}]},
       {"curve": "00000000-0000-0000-0000-0000000000c2", "keyframes": [{"time": 1, "subpaths": \#(square(50, 0x41))}]}]}}
    """#

  @Test func openedAndSavedTheTimelineIsTheSame() throws {
    let document = try Document.decode(Data(Self.json.utf8))
    let saved = Document(Editor.State(document: document, url: nil))
    #expect(saved.timeline == document.timeline)
    #expect(try Document.decode(saved.encoded()).timeline == document.timeline)
  }

  @Test func aCurveRemovedTakesItsTrackWithIt() throws {
    let document = try Document.decode(Data(Self.json.utf8))
    var state = Editor.State(document: document, url: nil)
    state.drawing.curves.remove(id: UUID(uuidString: "00000000-0000-0000-0000-0000000000c2")!)
    let saved = Document(state)
    #expect(saved.timeline?.tracks.map(\.curve) == [UUID(uuidString: "00000000-0000-0000-0000-0000000000c1")!])
    #expect(throws: Never.self) { try Document.decode(saved.encoded()) }
  }
}
