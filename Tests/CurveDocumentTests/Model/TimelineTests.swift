import CurveDocument
import Foundation
import Testing

/// A document's timeline: read, checked, written back, and the drawing at a time between
/// keyframes, each value moved by the eased share of the way.
struct TimelineTests {
  static let curve = "00000000-0000-0000-0000-0000000000c1"

  /// A square's four corners (a closed subpath of lines) at `x` to `x + 10`, and keyframes
  /// moving it from x = 0 (red, ease-in-out) at 0 s to x = 100 (blue) at 2 s.
  static func json(timeline: String? = nil, keyframeXs: [Double] = [0, 100], easing: String = "ease-in-out") -> String {
    func square(_ x: Double) -> String {
      let corners = [(x, 0.0), (x + 10, 0.0), (x + 10, 10.0), (x, 10.0)]
      let points = corners.enumerated().map { index, p in
        #"{"id": "00000000-0000-0000-0000-\#(String(format: "%012x", Int(x) * 16 + index + 1))", "x": \#(p.0), "y": \#(p.1), "node": "corner"}"#
      }
      return #"[{"closed": true, "points": [\#(points.joined(separator: ", "))]}]"#
    }
    let keyframes = zip([0.0, 2.0], keyframeXs).enumerated().map { index, pair in
      let (time, x) = pair
      let style = index == 0 ? ##"{"fill": "#ff0000", "opacity": 1}"## : ##"{"fill": "#0000ff", "opacity": 0.5}"##
      return #"{"time": \#(time), "easing": "\#(easing)", "subpaths": \#(square(x)), "style": \#(style)}"#
    }
    let line = timeline ?? #"{"duration": 2, "fps": 30, "repeat": "loop", "tracks": [{"curve": "\#(Self.curve)", "keyframes": [\#(keyframes.joined(separator: ", "))]}]}"#
    return #"""
      {"version": 4, "canvas": {"width": 200, "height": 50},
       "curves": [{"id": "\#(curve)", "style": {"fill": "#ff0000"}, "subpaths": \#(square(0))}],
       "animation": {"totalSteps": 10, "speed": 50}, "timeline": \#(line)}
      """#
  }

  @Test func betweenKeyframesEachValueMovesTheEasedShare() throws {
    let document = try Document.decode(Data(Self.json().utf8))
    let timeline = try #require(document.timeline)
    #expect(timeline.duration == 2 && timeline.fps == 30 && timeline.repeat == .loop && timeline.tracks.count == 1)
    #expect(timeline.tracks[0].keyframes.map(\.easing) == [.easeInOut, .easeInOut])
    // At 0.5 s, a quarter of the time: ease-in-out has gone 0.1291… of the way.
    let share = Easing.easeInOut.progress(at: 0.25)
    let frame = document.frame(at: 0.5)
    let xs = frame.curves[0].subpaths[0].points.map(\.x)
    #expect(zip(xs, [0.0, 10, 10, 0]).allSatisfy { abs($0 - ($1 + 100 * share)) < 1e-12 }, "\(xs)")
    #expect(frame.curves[0].style.opacity.map { abs($0 - (1 - 0.5 * share)) < 1e-12 } == true)
    #expect(frame.curves[0].style.fill == .color(RGBColor(r: UInt8((255 * (1 - share)).rounded()), g: 0, b: UInt8((255 * share).rounded()))))
    // The ids stay the curve's own.
    #expect(frame.curves[0].subpaths[0].points.map(\.id) == document.curves[0].subpaths[0].points.map(\.id))
  }

  /// A keyframe that leaves its style out has the one before's; the first, the curve's own.
  @Test func aPartLeftOutIsTheNearestKeyframesSoItDoesNotMoveThere() throws {
    var document = try Document.decode(Data(Self.json().utf8))
    let blue = document.timeline!.tracks[0].keyframes[1].style
    var middle = document.timeline!.tracks[0].keyframes[1]
    middle.time = 1
    document.timeline!.tracks[0].keyframes.insert(middle, at: 1)
    document.timeline!.tracks[0].keyframes[2].style = nil
    let curve = document.curves[0]
    #expect(document.timeline!.tracks[0].filledKeyframes(from: curve).map(\.style) == [document.timeline!.tracks[0].keyframes[0].style, blue, blue])
    #expect(document.frame(atLocalTime: 2).curves[0].style.fill == .color(RGBColor(r: 0, g: 0, b: 255)), "blue at the end, not the curve's red")
    document.timeline!.tracks[0].keyframes[0].style = nil
    #expect(document.timeline!.tracks[0].filledKeyframes(from: curve)[0].style == curve.style, "the curve's own red")
    // At the duration, not looped round to 0 s.
    #expect(document.frame(atLocalTime: 2).curves[0].subpaths[0].points.map(\.x) == [100, 110, 110, 100])
  }

  @Test func atTheKeyframesBeyondThemAndLoopingTheDrawingIsAsKeyed() throws {
    let document = try Document.decode(Data(Self.json().utf8))
    #expect(document.frame(at: 0).curves[0].subpaths[0].points.map(\.x) == [0, 10, 10, 0])
    #expect(document.frame(at: 1.999999999).curves[0].subpaths[0].points.map(\.x).allSatisfy { $0 > 99.99 })
    // Looping: 2.5 s is 0.5 s again.
    #expect(document.frame(at: 2.5) == document.frame(at: 0.5))
    var once = document
    once.timeline!.repeat = .once
    #expect(once.frame(at: 7).curves[0].subpaths[0].points.map(\.x) == [100, 110, 110, 100])
    #expect(once.frame(at: 7).curves[0].style.fill == .color(RGBColor(r: 0, g: 0, b: 255)))
  }

  @Test func aTimelineIsWrittenAndReadBackTheSame() throws {
    let document = try Document.decode(Data(Self.json(easing: "cubic-bezier(0.3, -0.2, 0.6, 1.4)").utf8))
    let again = try Document.decode(document.encoded())
    #expect(again == document)
    #expect(again.timeline?.tracks[0].keyframes[0].easing == .cubicBezier(x1: 0.3, y1: -0.2, x2: 0.6, y2: 1.4))
    // A document without a timeline writes none.
    var plain = document
    plain.timeline = nil
    #expect(!String(decoding: try plain.encoded(), as: UTF8.self).contains("timeline"))
  }

  @Test func aTimelineThatCannotPlayIsRefusedWithWhy() {
    let cases: [(String, String)] = [
      (Self.json(timeline: #"{"duration": 0, "tracks": []}"#), "its duration is 0"),
      (Self.json(timeline: #"{"duration": 2, "fps": 500, "tracks": []}"#), "500.0 frames a second"),
      (Self.json(timeline: #"{"duration": 2, "tracks": [{"curve": "00000000-0000-0000-0000-0000000000ff", "keyframes": []}]}"#), "no curve of the document"),
      (Self.json(timeline: #"{"duration": 2, "tracks": [{"curve": "\#(Self.curve)", "keyframes": [{"time": 1}, {"time": 0.5}]}]}"#), "not in order of time"),
      (Self.json(timeline: #"{"duration": 2, "tracks": [{"curve": "\#(Self.curve)", "keyframes": [{"time": 3}]}]}"#), "outside 0 to 2.0 s"),
      // A morph's keyframe may have other nodes than the curve, but must be a path.
      (Self.json(timeline: #"{"duration": 2, "tracks": [{"curve": "\#(Self.curve)", "keyframes": [{"time": 0, "subpaths": [{"closed": true, "points": [{"id": "00000000-0000-0000-0000-0000000000a1", "x": 0, "y": 0, "node": "corner"}]}]}]}]}"#), "keyframe at 0.0 s: "),
      (Self.json(timeline: #"{"duration": 2, "tracks": [{"curve": "\#(Self.curve)", "keyframes": [{"time": 0, "subpaths": []}]}]}"#), "has no subpaths"),
      (Self.json(easing: "bounce"), "\"bounce\" is not an easing"),
    ]
    for (json, reason) in cases {
      #expect {
        _ = try Document.decode(Data(json.utf8))
      } throws: { error in
        "\(error)".contains(reason)
      }
    }
  }

  /// A width set at one keyframe only moves from (or to) the 3 units an unset width is drawn
  /// and exported as, as an opacity set on one side moves from 1; at a keyframe the style is
  /// exactly the keyframe's.
  @Test func aWidthSetOnOneSideMovesFromTheUnsetWidth() {
    let unset = CurveStyle(stroke: .color(RGBColor(r: 0, g: 0, b: 0))), wide = CurveStyle(stroke: .color(RGBColor(r: 0, g: 0, b: 0)), strokeWidth: 9)
    #expect(unset.interpolated(to: wide, 0.5).strokeWidth == 6)
    #expect(wide.interpolated(to: unset, 0.25).strokeWidth == 7.5)
    #expect(unset.interpolated(to: wide, 0) == unset && unset.interpolated(to: wide, 1) == wide)
    #expect(unset.interpolated(to: unset, 0.5).strokeWidth == nil, "unset on both sides stays unset")
  }
}
