import Composable
import CurveFeature
import CurveGeometry
import Foundation
import OrderedCollections
import Testing

/// Auto-key on, a transformed group is keyed as its transform's parts (so a keyed quarter
/// turn turns), its curves are not keyed point by point, and undo puts all of it back.
@MainActor
struct ObjectKeyingTests {
  static let centre = Point(x: 175, y: 175)

  /// Squares A and B in group "pair" (box (100, 100)…(250, 250)), the group selected, on a
  /// 2-second timeline where the pair has one keyframe, at 0 s, that keys only its opacity.
  static func animatedPair() -> Editor.State {
    var state = SelectorTests.drawing()
    state.drawing.groups = [Group(id: "pair")]
    state.drawing.curves[id: id(10)]?.group = "pair"
    state.drawing.curves[id: id(20)]?.group = "pair"
    state.drawing.timeline = Timeline(duration: 2, groupTracks: [Timeline.GroupTrack(group: "pair", keyframes: [Timeline.GroupKeyframe(time: 0, opacity: 1)])])
    state.interaction.selectedObjects = [.group("pair")]
    state.playhead.autoKey = true
    state.playhead.time = 2
    return state
  }

  /// 90° clockwise on screen about the pair's centre: (x, y) → (350 − y, x).
  static func turned(_ curves: IdentifiedArrayOf<Curve.State>) -> IdentifiedArrayOf<Curve.State> {
    var curves = curves
    for curve in curves.ids {
      for subpath in curves[id: curve]!.subpaths.ids {
        for point in curves[id: curve]!.subpaths[id: subpath]!.points.ids {
          let p = curves[id: curve]!.subpaths[id: subpath]!.points[id: point]!.position
          curves[id: curve]!.subpaths[id: subpath]!.points[id: point]!.position = Point(x: 350 - p.y, y: p.x)
        }
      }
    }
    return curves
  }

  @Test func aTurnedGroupIsKeyedAsARotationThatTurnsAndUndoPutsItBack() async throws {
    let start = Self.animatedPair()
    let store = makeStore(start) { Editor() }
    let keyed = Timeline.TransformParts(matrix: .rotate(degrees: 90, around: Self.centre), origin: Self.centre)
    await store.send(.objects(.rotate(degrees: 90))) {
      $0.drawing.curves = Self.turned(start.drawing.curves)
      $0.drawing.revision = 1
      // The keyframe at 0 s draws the group still, now about the pair's middle too.
      $0.drawing.timeline!.groupTracks[0].keyframes = [
        Timeline.GroupKeyframe(time: 0, transform: Timeline.TransformParts(origin: Self.centre), opacity: 1),
        Timeline.GroupKeyframe(time: 2, transform: keyed),
      ]
      $0.drawing.groupMotions = ["pair": keyed.matrix]
      $0.history = undoHistory(undo: [start.drawing.curves], timeline: start.drawing.timeline, groups: start.drawing.groups, handles: .selected)
    }
    #expect(keyed.rotate == 90 && keyed.scale == Point(x: 1, y: 1) && keyed.skewX == 0)
    #expect(abs(keyed.translate.x) < 1e-12 && abs(keyed.translate.y) < 1e-12)
    // No curve was keyed point by point: the group's track carries them.
    #expect(store.state.drawing.timeline?.tracks.isEmpty == true)

    // Half way, the pair has turned 45° about its middle (a chord would have shrunk it).
    store.exhaustivity = .off
    await store.send(.keyframes(.seek(to: 1)))
    let half = Affine.rotate(degrees: 45, around: Self.centre)
    let shown = try #require(store.state.drawing.curves[id: id(10)]).points.map(\.position)
    let expected = [Point(x: 100, y: 100), Point(x: 200, y: 100), Point(x: 200, y: 200), Point(x: 100, y: 200)].map(half.apply)
    for (a, b) in zip(shown, expected) { #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9, "\(a) against \(b)") }

    await store.send(.keyframes(.seek(to: 2)))
    store.exhaustivity = .on
    let keyedSnapshot = store.state.undoSnapshot
    await store.send(.history(.undo)) {
      $0.drawing.curves = start.drawing.curves
      $0.drawing.timeline = start.drawing.timeline
      $0.drawing.groupMotions = [:]
      $0.drawing.revision = 2
      $0.history = undoHistory(snapshots: [], redo: [keyedSnapshot])
    }
  }

  @Test func withAutoKeyOffTheGroupsOwnTransformTakesTheMoveForEveryKeyframe() async {
    var start = Self.animatedPair()
    start.playhead.autoKey = false
    let store = makeStore(start) { Editor() }
    await store.send(.objects(.rotate(degrees: 90))) {
      $0.drawing.curves = Self.turned(start.drawing.curves)
      $0.drawing.revision = 1
      $0.drawing.groups[0].transform = .rotate(degrees: 90, around: Self.centre)
      $0.history = undoHistory(undo: [start.drawing.curves], timeline: start.drawing.timeline, groups: start.drawing.groups, handles: .selected)
    }
  }
}
