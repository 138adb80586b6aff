import CurveDocument
import CurveGeometry
import Foundation
import Testing

/// Keyframes edited through the marks that name them: keyed, retimed between neighbours,
/// eased and removed, on a curve's track, a group's and the view's.
struct TimelineEditingTests {
  static let curve = UUID(uuidString: "00000000-0000-0000-0000-000000000064")!

  static func subpaths(x: Double) -> [Document.SubpathRecord] {
    [Document.SubpathRecord(points: [Document.PointRecord(id: UUID(), x: x, y: 0), Document.PointRecord(id: UUID(), x: x + 10, y: 0)])]
  }

  static func timeline() -> Timeline {
    Timeline(
      duration: 4,
      tracks: [Timeline.Track(curve: curve, keyframes: [
        Timeline.Keyframe(time: 0, subpaths: subpaths(x: 0)), Timeline.Keyframe(time: 2, subpaths: subpaths(x: 50), easing: .easeIn),
      ])],
      groupTracks: [Timeline.GroupTrack(group: "g", keyframes: [Timeline.GroupKeyframe(time: 1, opacity: 0.5)])],
      view: [Timeline.ViewKeyframe(time: 3, box: Rect(minX: 0, minY: 0, maxX: 10, maxY: 10))]
    )
  }

  @Test func keyTimesAreEveryTracksOnceInOrder() {
    var timeline = Self.timeline()
    timeline.view.append(Timeline.ViewKeyframe(time: 2, box: Rect(minX: 0, minY: 0, maxX: 5, maxY: 5)))
    #expect(timeline.keyTimes == [0, 1, 2, 3])
  }

  @Test func aKeyframeIsRetimedNoCloserThanAThousandthToItsNeighbours() {
    var timeline = Self.timeline()
    let early = timeline.retimeKeyframe(at: Timeline.Mark(curve: Self.curve, time: 2), to: -1)
    #expect(early == 0.001)
    #expect(timeline.tracks[0].keyframes.map(\.time) == [0, 0.001])
    let late = timeline.retimeKeyframe(at: Timeline.Mark(curve: Self.curve, time: 0.001), to: 9)
    #expect(late == 4, "within the duration")
    let view = timeline.retimeKeyframe(at: Timeline.Mark(viewAt: 3), to: 3.5)
    #expect(view == 3.5)
    let missing = timeline.retimeKeyframe(at: Timeline.Mark(group: "g", time: 7), to: 1)
    #expect(missing == nil, "no keyframe there")
  }

  @Test func easingsAreReadAndSetThroughTheirMarks() {
    var timeline = Self.timeline()
    #expect(timeline.easing(at: Timeline.Mark(curve: Self.curve, time: 2)) == .easeIn)
    let eased = timeline.setEasing(.hold, at: Timeline.Mark(group: "g", time: 1))
    #expect(eased && timeline.groupTracks[0].keyframes[0].easing == .hold)
    let easedView = timeline.setEasing(.hold, at: Timeline.Mark(viewAt: 1))
    #expect(!easedView, "the view has no keyframe at 1 s")
  }

  @Test func removingATracksLastKeyframeRemovesTheTrack() {
    var timeline = Self.timeline()
    timeline.removeKeyframe(at: Timeline.Mark(group: "g", time: 1))
    #expect(timeline.groupTracks.isEmpty)
    timeline.removeKeyframe(at: Timeline.Mark(curve: Self.curve, time: 0))
    #expect(timeline.tracks[0].keyframes.map(\.time) == [2])
  }

  @Test func keyingReplacesTheKeyframeAtThatTimeKeepingItsEasingOrInsertsOneInOrder() {
    var timeline = Self.timeline()
    let moved = Document.CurveRecord(id: Self.curve, subpaths: Self.subpaths(x: 99))
    timeline.key(moved, at: 2)
    #expect(timeline.tracks[0].keyframes.count == 2)
    #expect(timeline.tracks[0].keyframes[1].subpaths == moved.subpaths && timeline.tracks[0].keyframes[1].easing == .easeIn)
    timeline.key(moved, at: 1)
    #expect(timeline.tracks[0].keyframes.map(\.time) == [0, 1, 2])
    #expect(timeline.tracks[0].keyframes[1].easing == .linear)
    let other = UUID()
    timeline.key(Document.CurveRecord(id: other, subpaths: Self.subpaths(x: 5)), at: 3)
    #expect(timeline.tracks.map(\.curve) == [Self.curve, other])
    timeline.key(view: Rect(minX: 1, minY: 1, maxX: 2, maxY: 2), at: 0)
    #expect(timeline.view.map(\.time) == [0, 3])
  }
}
