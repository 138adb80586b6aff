import CurveDocument
import CurveGeometry
import Foundation
import Testing

/// The view over time: the box of the canvas each frame shows, read, checked, written back
/// and moved number by number between keyframes.
struct ViewTrackTests {
  /// A 200 × 100 canvas whose view zooms from the whole of it (ease-in) to the 60 × 30 box
  /// at (10, 10) at 2 s, on a loop.
  static func json(view: String? = nil) -> String {
    let keyframes = view ?? #"""
      [{"time": 0, "viewBox": [0, 0, 200, 100], "easing": "ease-in"}, {"time": 2, "viewBox": [10, 10, 60, 30]}]
      """#
    return #"""
      {"version": 4, "canvas": {"width": 200, "height": 100}, "curves": [],
       "animation": {"totalSteps": 10, "speed": 50},
       "timeline": {"duration": 2, "tracks": [], "view": \#(keyframes)}}
      """#
  }

  @Test func theBoxMovesNumberByNumberAsItsEasingSays() throws {
    let document = try Document.decode(Data(Self.json().utf8))
    let view = try #require(document.timeline?.view)
    #expect(view.map(\.time) == [0, 2] && view[0].easing == .easeIn)
    #expect(view[1].box == Rect(minX: 10, minY: 10, maxX: 70, maxY: 40))
    // Half way in time, ease-in has gone 0.3153… of the way (CSS's cubic-bezier(0.42, 0, 1, 1)).
    let share = Easing.easeIn.progress(at: 0.5)
    let box = try #require(document.viewBox(at: 1))
    let expected = [10 * share, 10 * share, 200 + (60 - 200) * share, 100 + (30 - 100) * share]
    #expect(zip([box.minX, box.minY, box.width, box.height], expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(box)")
    // Held before the first keyframe and after the last; a loop comes round again.
    #expect(document.timeline!.viewBox(atLocalTime: 2) == view[1].box)
    #expect(document.viewBox(at: 2.5) == document.viewBox(at: 0.5))
    // Without view keyframes, every frame shows the whole canvas.
    var unviewed = document
    unviewed.timeline!.view = []
    #expect(unviewed.viewBox(at: 1) == nil)
  }

  @Test func theViewIsWrittenBackAsItWasRead() throws {
    let document = try Document.decode(Data(Self.json().utf8))
    let text = String(decoding: try document.encoded(), as: UTF8.self)
    #expect(text.contains(#""view""#) && text.contains(#""viewBox""#))
    #expect(try Document.decode(Data(text.utf8)) == document)
    var still = document
    still.timeline!.view = []
    #expect(!String(decoding: try still.encoded(), as: UTF8.self).contains(#""view""#))
  }

  @Test(arguments: [
    (#"[{"time": 1, "viewBox": [0, 0, 10, 10]}, {"time": 0.5, "viewBox": [0, 0, 10, 10]}]"#, "the view's keyframes are not in order of time"),
    (#"[{"time": 3, "viewBox": [0, 0, 10, 10]}]"#, "outside 0 to 2.0 s"),
    (#"[{"time": 1, "viewBox": [0, 0, 0, 10]}]"#, "has a box that is not finite or has no area"),
    (#"[{"time": 1, "viewBox": [0, 0, 10]}]"#, "viewBox has four numbers"),
    (#"[{"time": 1}]"#, "missing \"viewBox\""),
  ])
  func aBadViewIsRefusedSayingWhy(view: String, reason: String) {
    #expect {
      _ = try Document.decode(Data(Self.json(view: view).utf8))
    } throws: { error in
      "\(error)".contains(reason)
    }
  }
}
