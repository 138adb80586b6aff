import Composable
import CurveFeature
import CurveGeometry
import Foundation
import OrderedCollections
import Testing

/// The objects panel's edits: picking a row, hiding, locking and renaming an object, each
/// edit one undo step; what is hidden or locked is passed over on the canvas.
@MainActor
struct ObjectPropertiesTests {
  static let squareA = SelectorTests.squareA, squareB = SelectorTests.squareB

  /// The two squares, B inside a group "layer".
  static func layered() -> Editor.State {
    var state = SelectorTests.drawing()
    state.drawing.groups = [Group(id: "layer", label: "Layer 1")]
    state.drawing.curves[id: id(20)]?.group = "layer"
    return state
  }

  @Test func pickingARowSelectsItsObjectInItsOwnGroup() async {
    let store = makeStore(Self.layered()) { Editor() }
    await store.send(.objectProperties(.pick(Self.squareB, extending: false))) {
      $0.interaction.context = "layer"
      $0.interaction.selectedObjects = [Self.squareB]
    }
    await store.send(.objectProperties(.pick(.group("layer"), extending: false))) {
      $0.interaction.context = nil
      $0.interaction.selectedObjects = [.group("layer")]
    }
    await store.send(.objectProperties(.pick(Self.squareA, extending: true))) {
      $0.interaction.selectedObjects = [.group("layer"), Self.squareA]
    }
    await store.send(.objectProperties(.pick(.group("layer"), extending: true))) {
      $0.interaction.selectedObjects = [Self.squareA]
    }
  }

  @Test func hidingAGroupIsOneUndoStepAndItsCurvesAreNoLongerClicked() async {
    var start = Self.layered()
    start.interaction.selectedObjects = [.group("layer")]
    let store = makeStore(start) { Editor() }
    var hidden = start.drawing.groups
    hidden[0].isHidden = true
    await store.send(.objectProperties(.setHidden(.group("layer"), true))) {
      $0.drawing.groups = hidden
      $0.interaction.selectedObjects = []
      $0.drawing.revision = 1
      $0.history = undoHistory(undo: [start.drawing.curves], groups: start.drawing.groups, handles: .selected)
    }
    // (175, 175) was B's; under it, A's.
    #expect(store.state.object(at: Point(x: 175, y: 175), radius: 1) == Self.squareA)
    await store.send(.history(.undo)) {
      $0.drawing.groups = start.drawing.groups
      $0.drawing.revision = 2
      $0.history = undoHistory(redo: [start.drawing.curves], groups: hidden, handles: .selected)
    }
  }

  @Test func aLockedCurveIsPassedOverAndRenamingSetsItsLabel() async {
    let store = makeStore(Self.layered()) { Editor() }
    store.exhaustivity = .off
    await store.send(.objectProperties(.setLocked(Self.squareA, true)))
    #expect(store.state.drawing.curves[id: id(10)]?.isLocked == true)
    #expect(store.state.object(at: Point(x: 120, y: 120), radius: 1) == nil)
    await store.send(.objects(.selectAll))
    #expect(store.state.interaction.selectedObjects == [.group("layer")], "Ctrl+A passes over what is locked")
    await store.send(.objectProperties(.rename(Self.squareA, "  Sun ")))
    #expect(store.state.drawing.curves[id: id(10)]?.label == "Sun")
    await store.send(.objectProperties(.rename(.group("layer"), "")))
    #expect(store.state.drawing.groups[0].label == nil)
    #expect(store.state.history.undoCount == 3)
    // The same value again changes nothing, and is no undo step.
    await store.send(.objectProperties(.setLocked(Self.squareA, true)))
    #expect(store.state.history.undoCount == 3)
  }

  @Test func aRowDroppedOnAnotherGoesAboveItInItsGroupWhereItIsSeen() async {
    var start = Self.layered()
    start.drawing.groups[0].transform = .translate(x: 10, y: 0)
    start.drawing.groups.append(Group(id: "loose", transform: .scale(x: 2)))
    start.drawing.curves.append(SelectorTests.square(30, at: Point(x: 300, y: 300)))
    start.drawing.curves[id: id(30)]?.group = "loose"
    let store = makeStore(start) { Editor() }
    await store.send(.objectProperties(.move(Self.squareA, above: Self.squareB))) {
      $0.drawing.curves = [start.drawing.curves[1], start.drawing.curves[0], start.drawing.curves[2]]
      $0.drawing.curves[id: id(10)]?.group = "layer"
      $0.interaction.context = "layer"
      $0.interaction.selectedObjects = [Self.squareA]
      $0.drawing.revision = 1
      $0.history = undoHistory(undo: [start.drawing.curves], groups: start.drawing.groups, handles: .selected)
    }
    store.exhaustivity = .off
    // The group "loose" into "layer": its transform made up for the layer's move.
    await store.send(.objectProperties(.move(.group("loose"), above: Self.squareA)))
    #expect(store.state.drawing.groups.map(\.id) == ["layer", "loose"])
    #expect(store.state.drawing.groups[1].parent == "layer")
    #expect(store.state.drawing.groups[1].transform == .translate(x: -10, y: 0) * .scale(x: 2))
    #expect(store.state.drawing.curves.map(\.id) == [id(20), id(10), id(30)])
    await store.send(.objectProperties(.move(.group("layer"), above: .group("loose"))))
    #expect(store.state.interaction.notice == "A group cannot go inside itself.")
  }

  @Test func thePanelsBoxFieldsMoveAndScaleAsOneUndoStepPerDrag() async {
    var start = SelectorTests.drawing()
    start.interaction.selectedObjects = [Self.squareA]
    let store = makeStore(start) { Editor() }
    store.exhaustivity = .off
    await store.send(.objects(.beginBoxEdit))
    await store.send(.objects(.setBox(Rect(minX: 100, minY: 100, maxX: 250, maxY: 200))))
    await store.send(.objects(.setBox(Rect(minX: 100, minY: 100, maxX: 300, maxY: 200))))
    await store.send(.objects(.endBoxEdit))
    #expect(store.state.drawing.curves[id: id(10)]?.points.map(\.position) == [
      Point(x: 100, y: 100), Point(x: 300, y: 100), Point(x: 300, y: 200), Point(x: 100, y: 200),
    ])
    #expect(store.state.history.undoCount == 1)
    // W:H locked: a width of 100 brings the height back to 50 (the box was 200 by 100).
    await store.send(.objects(.toggleAspectLock))
    await store.send(.objects(.setBox(Rect(minX: 100, minY: 100, maxX: 200, maxY: 200))))
    #expect(store.state.selectedObjectsBox == Rect(minX: 100, minY: 100, maxX: 200, maxY: 150))
    #expect(store.state.history.undoCount == 2)
  }
}
