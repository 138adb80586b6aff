import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

/// A curve inside a transformed group is edited where it is seen, and saved back into the
/// group's coordinates.
@MainActor
struct GroupEditingTests {
  /// `oneCurve()`'s curve stored at half its size in a group scaled by 2: seen where
  /// `oneCurve()` is.
  static func scaledDocument() -> Document {
    let canvas = Editor.State(curves: oneCurve()).canvas
    let points = (1...4).map { Document.PointRecord(id: id(100 + $0), x: Double($0) * 50, y: 50) }
    var document = Document(
      canvas: canvas, curves: [Document.CurveRecord(id: id(100), style: CurveStyle(), subpaths: [Document.SubpathRecord(points: points)], group: "scaled")],
      animation: Document.AnimationRecord(AnimationSettings())
    )
    document.groups = [Group(id: "scaled", transform: .scale(x: 2))]
    return document
  }

  @Test func aDragInsideAScaledGroupFollowsThePointerAndIsSavedInTheGroupsUnits() async throws {
    let opened = Editor.State(document: Self.scaledDocument(), url: nil)
    #expect(opened.drawing.curves[0].points.map(\.position) == oneCurve()[0].points.map(\.position), "seen where the group puts it")
    let store = makeStore(opened) { Pointer() }
    var before = oneCurve()
    before[0].group = "scaled"
    await store.send(.press(Point(x: 203, y: 98))) {
      $0.interaction.selection = [point2]
      $0.interaction.gesture = .drag(Drag(point: point2, grabOffset: Point(x: 3, y: -2), start: Point(x: 200, y: 100), startRevision: 0))
      $0.history = undoHistory(pending: before, groups: opened.drawing.groups)
    }
    await store.send(.moved(Point(x: 263, y: 158))) {
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 260, y: 160)
      $0.drawing.revision = 1
    }
    await store.send(.release(Point(x: 263, y: 158))) {
      $0.interaction.gesture = nil
      $0.history = undoHistory(undo: [before], groups: opened.drawing.groups)
    }
    let saved = Document(store.state)
    #expect(saved.groups == Self.scaledDocument().groups)
    #expect(saved.curves[0].points.map { [$0.x, $0.y] } == [[50, 50], [130, 80], [150, 50], [200, 50]], "in the group's units")
    let reopened = Editor.State(document: try Document.decode(saved.encoded()), url: nil)
    #expect(reopened.drawing.curves[0].points[id: id(102)]?.position == Point(x: 260, y: 160))
  }
}
