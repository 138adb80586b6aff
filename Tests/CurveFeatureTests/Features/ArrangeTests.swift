import Composable
import CurveFeature
import CurveGeometry
import Foundation
import OrderedCollections
import Testing

/// Grouping, stacking and aligning whole objects.
@MainActor
struct ArrangeTests {
  static let squareA = SelectorTests.squareA, squareB = SelectorTests.squareB

  /// Square A, square B, and square C (id 30) at (400, 100)…(500, 200), apart from both.
  static func threeSquares(selected: OrderedSet<DrawingObject>) -> Editor.State {
    var state = SelectorTests.drawing()
    state.drawing.curves.append(SelectorTests.square(30, at: Point(x: 400, y: 100)))
    state.interaction.selectedObjects = selected
    return state
  }

  @Test func ctrlGGroupsInThePlaceOfTheTopmostAndUngroupingGivesTheChildrenBack() async {
    let start = Self.threeSquares(selected: [Self.squareA, .curve(id(30))])
    let store = makeStore(start) { Editor() }
    var grouped = start.drawing.curves
    grouped[id: id(10)]?.group = "group-1"
    grouped[id: id(30)]?.group = "group-1"
    // B, then the group (A, C) where C, the topmost of them, was.
    grouped = [grouped[id: id(20)]!, grouped[id: id(10)]!, grouped[id: id(30)]!]
    await store.send(.arrange(.group)) {
      $0.drawing.curves = grouped
      $0.drawing.groups = [Group(id: "group-1")]
      $0.interaction.selectedObjects = [.group("group-1")]
      $0.drawing.revision = 1
      $0.history = undoHistory(undo: [start.drawing.curves], handles: .selected)
    }
    #expect(store.state.contextObjects == [Self.squareB, .group("group-1")])
    await store.send(.arrange(.ungroup)) {
      $0.drawing.curves[id: id(10)]?.group = nil
      $0.drawing.curves[id: id(30)]?.group = nil
      $0.drawing.groups = []
      $0.interaction.selectedObjects = [Self.squareA, .curve(id(30))]
      $0.drawing.revision = 2
      $0.history = undoHistory(
        snapshots: [
          DrawingSnapshot(curves: start.drawing.curves, handles: .selected),
          DrawingSnapshot(curves: grouped, groups: [Group(id: "group-1")], handles: .selected),
        ]
      )
    }
  }

  @Test func ungroupingBakesTheGroupsTransformAndOpacityIntoItsChildren() async {
    var state = SelectorTests.drawing()
    state.drawing.groups = [Group(id: "outer", opacity: 0.5), Group(id: "inner", parent: "outer", transform: .scale(x: 2), opacity: 0.5)]
    state.drawing.groups[0].transform = .translate(x: 10, y: 0)
    state.drawing.curves[id: id(10)]?.group = "outer"
    state.drawing.curves[id: id(20)]?.group = "inner"
    state.interaction.selectedObjects = [.group("outer")]
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    await store.send(.arrange(.ungroup))
    #expect(store.state.drawing.groups == [Group(id: "inner", transform: .translate(x: 10, y: 0) * .scale(x: 2), opacity: 0.25)])
    #expect(store.state.drawing.curves[id: id(10)]?.group == nil)
    #expect(store.state.drawing.curves[id: id(10)]?.style.opacity == 0.5)
    #expect(store.state.interaction.selectedObjects == [Self.squareA, .group("inner")])
  }

  @Test func aGroupWithAClipIsNotUngrouped() async {
    var state = SelectorTests.drawing()
    state.drawing.groups = [Group(id: "clipped", label: "Clipped layer", clip: ClipPath(subpaths: []))]
    state.drawing.curves[id: id(10)]?.group = "clipped"
    state.interaction.selectedObjects = [.group("clipped")]
    let store = makeStore(state) { Editor() }
    await store.send(.arrange(.ungroup)) {
      $0.interaction.notice = "Clipped layer has a clip, mask, filter or blend mode its parts could not keep: not ungrouped."
    }
  }

  @Test func pageUpRaisesPastTheNextOverlappingObjectAndHomeAndEndGoToTheEnds() async {
    let store = makeStore(Self.threeSquares(selected: [Self.squareA])) { Editor() }
    store.exhaustivity = .off
    await store.send(.arrange(.raise))
    #expect(store.state.contextObjects == [Self.squareB, Self.squareA, .curve(id(30))], "past B, which overlaps it; C does not")
    await store.send(.arrange(.raise))
    #expect(store.state.contextObjects == [Self.squareB, Self.squareA, .curve(id(30))], "nothing above overlaps it")
    await store.send(.arrange(.raiseToTop))
    #expect(store.state.contextObjects == [Self.squareB, .curve(id(30)), Self.squareA])
    await store.send(.arrange(.lowerToBottom))
    #expect(store.state.contextObjects == [Self.squareA, Self.squareB, .curve(id(30))])
    await store.send(.arrange(.lower))
    #expect(store.state.history.undoCount == 3, "a step that changes nothing is no undo step")
  }

  @Test func alignLinesUpWithTheLastSelectedAndDistributeSpacesCentres() async {
    let store = makeStore(Self.threeSquares(selected: [Self.squareB, .curve(id(30)), Self.squareA])) { Editor() }
    store.exhaustivity = .off
    await store.send(.arrange(.align(.left, relativeTo: .last)))
    #expect(store.state.drawing.curves.map { $0.points[0].position.x } == [100, 100, 100])
    await store.send(.arrange(.align(.bottom, relativeTo: .page)))
    #expect(store.state.drawing.curves.map { $0.bounds.maxY } == [600, 600, 600])
    #expect(store.state.history.undoCount == 2)
  }

  @Test func distributeSpacesTheCentresEvenly() async {
    // Centres at x 150 (A), 200 (B) and 450 (C): B goes to 300.
    let store = makeStore(Self.threeSquares(selected: [Self.squareA, Self.squareB, .curve(id(30))])) { Editor() }
    store.exhaustivity = .off
    await store.send(.arrange(.distribute(horizontally: true)))
    #expect(store.state.drawing.curves.map { $0.points[0].position.x } == [100, 250, 400])
  }
}
