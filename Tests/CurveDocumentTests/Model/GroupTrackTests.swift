import CurveDocument
import CurveGeometry
import Foundation
import Testing

/// A group's keyframes: its transform in parts (a whole turn turns) and its opacity, read,
/// checked, written back, and applied inside the group's own transform.
struct GroupTrackTests {
  static let curve = "00000000-0000-0000-0000-0000000000c1"

  /// A 10-unit square at (40, 40) in group "wheel" (moved 20 right), which turns 360° about
  /// (50, 50) and fades to 0.25 over 2 s, linearly.
  static func json(groupTracks: String? = nil) -> String {
    let corners = [(40.0, 40.0), (50.0, 40.0), (50.0, 50.0), (40.0, 50.0)]
    let points = corners.enumerated().map { index, p in
      #"{"id": "00000000-0000-0000-0000-00000000000\#(index + 1)", "x": \#(p.0), "y": \#(p.1), "node": "corner"}"#
    }
    let tracks = groupTracks ?? #"""
      [{"group": "wheel", "keyframes": [
        {"time": 0, "transform": {"origin": [50, 50]}},
        {"time": 2, "transform": {"origin": [50, 50], "rotate": 360}, "opacity": 0.25}]}]
      """#
    return #"""
      {"version": 4, "canvas": {"width": 200, "height": 100},
       "groups": [{"id": "wheel", "transform": [1, 0, 0, 1, 20, 0]}],
       "curves": [{"id": "\#(curve)", "group": "wheel", "style": {"fill": "#ff0000"},
         "subpaths": [{"closed": true, "points": [\#(points.joined(separator: ", "))]}]}],
       "animation": {"totalSteps": 10, "speed": 50},
       "timeline": {"duration": 2, "tracks": [], "groupTracks": \#(tracks)}}
      """#
  }

  @Test func thePartsComposeAsSVGsTransformsDo() {
    let parts = Timeline.TransformParts(translate: Point(x: 5, y: -3), rotate: 30, skewX: 10, scale: Point(x: 2, y: 0.5), origin: Point(x: 50, y: 40))
    // translate(5 -3) rotate(30 50 40) then, about the same origin, skewX(10) scale(2 0.5).
    let svg = Affine.translate(x: 5, y: -3) * .rotate(degrees: 30, around: Point(x: 50, y: 40))
      * .translate(x: 50, y: 40) * .skewX(degrees: 10) * .scale(x: 2, y: 0.5) * .translate(x: -50, y: -40)
    let a = parts.matrix, b = svg
    #expect(zip([a.a, a.b, a.c, a.d, a.e, a.f], [b.a, b.b, b.c, b.d, b.e, b.f]).allSatisfy { abs($0 - $1) < 1e-12 }, "\(a) against \(b)")
    #expect(Timeline.TransformParts.identity.matrix == .identity)
  }

  @Test func aWholeTurnTurnsThroughEveryAngleAndTheOpacityFades() throws {
    let document = try Document.decode(Data(Self.json().utf8))
    let track = try #require(document.timeline?.groupTracks.first)
    #expect(track.group == "wheel" && track.keyframes.count == 2)
    // At 0.5 s, a quarter turn: the square's corner (40, 40) turns about (50, 50) to (60, 40),
    // then the group's own transform moves it 20 right.
    let frame = document.frame(at: 0.5)
    #expect(abs(frame.groups[0].opacity - (1 - 0.75 * 0.25)) < 1e-12, "1 at 0 s (the group's own) to 0.25 at 2 s")
    let corner = frame.groupTransforms["wheel"]!.apply(to: Point(x: 40, y: 40))
    #expect(abs(corner.x - 80) < 1e-9 && abs(corner.y - 40) < 1e-9, "\(corner)")
    // At the end, a whole turn: back where it started, not still as matrices would have it.
    let end = document.frame(atLocalTime: 2).groupTransforms["wheel"]!
    #expect(abs(end.e - 20) < 1e-9 && abs(end.f) < 1e-9 && abs(end.a - 1) < 1e-12)
    let half = document.frame(atLocalTime: 1).groupTransforms["wheel"]!.apply(to: Point(x: 40, y: 40))
    #expect(abs(half.x - 80) < 1e-9 && abs(half.y - 60) < 1e-9, "half a turn: (60, 60), moved 20 right: \(half)")
  }

  @Test func aGroupTrackIsWrittenBackAsItWasRead() throws {
    let document = try Document.decode(Data(Self.json().utf8))
    let text = String(decoding: try document.encoded(), as: UTF8.self)
    #expect(text.contains(#""groupTracks""#) && text.contains(#""rotate" : 360"#))
    #expect(try Document.decode(Data(text.utf8)) == document)
    // A timeline without group tracks writes none.
    var plain = document
    plain.timeline!.groupTracks = []
    #expect(!String(decoding: try plain.encoded(), as: UTF8.self).contains("groupTracks"))
  }

  @Test(arguments: [
    (#"[{"group": "spoke", "keyframes": []}]"#, "group \"spoke\", which is no group of the document"),
    (#"[{"group": "wheel", "keyframes": [{"time": 1}, {"time": 0.5}]}]"#, "not in order of time"),
    (#"[{"group": "wheel", "keyframes": [{"time": 3}]}]"#, "outside 0 to 2.0 s"),
    (#"[{"group": "wheel", "keyframes": [{"time": 1, "opacity": 1.5}]}]"#, "an opacity of 1.5"),
    (#"[{"group": "wheel", "keyframes": []}, {"group": "wheel", "keyframes": []}]"#, "has two tracks"),
  ])
  func aBadGroupTrackIsRefusedSayingWhy(tracks: String, reason: String) {
    #expect {
      _ = try Document.decode(Data(Self.json(groupTracks: tracks).utf8))
    } throws: { error in
      "\(error)".contains(reason)
    }
  }

  @Test func aTransformOfOtherThanTwoNumbersIsRefused() {
    let tracks = #"[{"group": "wheel", "keyframes": [{"time": 0, "transform": {"translate": [1, 2, 3]}}]}]"#
    #expect(throws: DocumentError.self) { _ = try Document.decode(Data(Self.json(groupTracks: tracks).utf8)) }
  }

  /// The editor moves a moving group's curves by how far the track has taken the group.
  @Test func groupMotionsCarryTheCurvesFromWhereTheGroupsPutThem() throws {
    let document = try Document.decode(Data(Self.json().utf8))
    let motions = document.timeline!.groupMotions(at: 0.5, groups: document.groups)
    let moved = try #require(motions["wheel"]).apply(to: Point(x: 60, y: 40))
    // (60, 40) is where the group puts (40, 40) still; at 0.5 s that corner is at (80, 40).
    #expect(abs(moved.x - 80) < 1e-9 && abs(moved.y - 40) < 1e-9, "\(moved)")
    #expect(document.timeline!.groupMotions(at: 2, groups: document.groups)["wheel"].map { abs($0.e) < 1e-9 && abs($0.a - 1) < 1e-12 } ?? true)
  }
}
