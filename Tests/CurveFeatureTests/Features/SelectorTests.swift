import Composable
import CurveFeature
import CurveGeometry
import Foundation
import OrderedCollections
import Testing

/// The selector tool: what a click, a drag and a band select, and a move as one undo step
/// that undo puts back bit for bit.
@MainActor
struct SelectorTests {
  /// A filled square (no stroke) of `side` from `corner`, curve `curve`, points curve+1…+4.
  static func square(_ curve: Int, at corner: Point, side: Double = 100, color: RGBColor = RGBColor(r: 200, g: 0, b: 0)) -> Curve.State {
    let corners = [corner, corner + Point(x: side, y: 0), corner + Point(x: side, y: side), corner + Point(x: 0, y: side)]
    let records = corners.enumerated().map { Document.PointRecord(id: id(curve + 1 + $0.offset), x: $0.element.x, y: $0.element.y, node: .corner) }
    return Document.curveState(Document.CurveRecord(
      id: id(curve), style: CurveStyle(fill: .color(color), stroke: CurveStyle.Paint.none), subpaths: [Document.SubpathRecord(closed: true, points: records)]
    ))
  }

  /// Square 10 at (100, 100)…(200, 200) under square 20 at (150, 150)…(250, 250): a drawing
  /// as SVG import opens it, in the selector, with snapping off unless a test turns it on.
  static func drawing() -> Editor.State {
    var state = Editor.State(curves: [square(10, at: Point(x: 100, y: 100)), square(20, at: Point(x: 150, y: 150), color: RGBColor(r: 0, g: 0, b: 200))])
    state.drawing.display.handles = .selected
    state.interaction.tool = .selector
    state.interaction.snaps = false
    return state
  }

  static let squareA = DrawingObject.curve(id(10)), squareB = DrawingObject.curve(id(20))

  static func down(_ x: Double, _ y: Double, clicks: Int = 1, _ modifiers: PointerModifiers = []) -> Editor.Action {
    .pointer(.down(Point(x: x, y: y), button: .left, clickCount: clicks, modifiers: modifiers))
  }

  @Test func aClickSelectsTheTopmostPaintedObjectAndADragMovesItAsOneUndoStep() async {
    let start = Self.drawing()
    let store = makeStore(start) { Editor() }
    let box = Rect(minX: 100, minY: 100, maxX: 200, maxY: 200)
    let drag = ObjectDrag(grip: .move, objects: [Self.squareA], anchor: Point(x: 120, y: 120), box: box, centre: Point(x: 150, y: 150), startRevision: 0, pointsBox: box)
    // (120, 120) is inside square A only.
    await store.send(Self.down(120, 120)) {
      $0.interaction.selectedObjects = [Self.squareA]
      $0.interaction.gesture = .objects(drag)
      $0.history = undoHistory(pending: start.drawing.curves, handles: .selected)
    }
    var moved = start.drawing.curves
    moved[id: id(10)] = Self.square(10, at: Point(x: 110, y: 105))
    await store.send(.pointer(.moved(Point(x: 130, y: 125)))) {
      $0.drawing.curves = moved
      $0.drawing.revision = 1
      $0.interaction.notice = "Move 10, 5"
      var step = drag
      step.transform = .translate(x: 10, y: 5)
      $0.interaction.gesture = .objects(step)
    }
    await store.send(.pointer(.up(Point(x: 130, y: 125), button: .left))) {
      $0.interaction.gesture = nil
      $0.interaction.notice = nil
      $0.history = undoHistory(undo: [start.drawing.curves], handles: .selected)
    }
    await store.send(.history(.undo)) {
      $0.drawing.curves = start.drawing.curves
      $0.drawing.revision = 2
      $0.history = undoHistory(redo: [moved], handles: .selected)
    }
    // Bit for bit.
    #expect(store.state.drawing.curves == start.drawing.curves)
  }

  @Test func theOverlapGoesToTheTopmostAndShiftAddsAndAClickOnEmptyCanvasClears() async {
    let store = makeStore(Self.drawing()) { Editor() }
    store.exhaustivity = .off
    // (175, 175) is in both squares: B is painted over A.
    await store.send(Self.down(175, 175))
    await store.send(.pointer(.up(Point(x: 175, y: 175), button: .left)))
    #expect(store.state.interaction.selectedObjects == [Self.squareB])
    // Alt: the one under it.
    await store.send(Self.down(175, 175, [.alt]))
    await store.send(.pointer(.up(Point(x: 175, y: 175), button: .left)))
    #expect(store.state.interaction.selectedObjects == [Self.squareA])
    await store.send(Self.down(240, 240, [.shift]))
    await store.send(.pointer(.up(Point(x: 240, y: 240), button: .left)))
    #expect(store.state.interaction.selectedObjects == [Self.squareA, Self.squareB])
    // Shift+click on a selected one takes it out.
    await store.send(Self.down(110, 110, [.shift]))
    #expect(store.state.interaction.selectedObjects == [Self.squareB])
    await store.send(.pointer(.up(Point(x: 110, y: 110), button: .left)))
    await store.send(Self.down(500, 500))
    #expect(store.state.interaction.selectedObjects == [])
    await store.send(.pointer(.up(Point(x: 500, y: 500), button: .left)))
  }

  @Test func aBandSelectsTheObjectsWhollyInside() async {
    let store = makeStore(Self.drawing()) { Editor() }
    store.exhaustivity = .off
    await store.send(Self.down(90, 90))
    await store.send(.pointer(.moved(Point(x: 210, y: 210))))
    #expect(store.state.interaction.selectedObjects == [Self.squareA], "B reaches past the band")
    await store.send(.pointer(.moved(Point(x: 260, y: 260))))
    #expect(store.state.interaction.selectedObjects == [Self.squareA, Self.squareB])
    await store.send(.pointer(.up(Point(x: 260, y: 260), button: .left)))
    #expect(store.state.interaction.gesture == nil)
  }

  @Test func aCornerHandleScalesFromTheOppositeCornerAndCtrlKeepsProportions() async {
    var state = Self.drawing()
    state.interaction.selectedObjects = [Self.squareA]
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    // The bottom-right handle of A's box (200, 200), dragged to (300, 250): ×2 by ×1.5 from (100, 100).
    await store.send(Self.down(200, 200))
    await store.send(.pointer(.moved(Point(x: 300, y: 250))))
    #expect(store.state.drawing.curves[id: id(10)]?.points.map(\.position) == [
      Point(x: 100, y: 100), Point(x: 300, y: 100), Point(x: 300, y: 250), Point(x: 100, y: 250),
    ])
    await store.send(.pointer(.modifiersChanged([.control])))
    await store.send(.pointer(.moved(Point(x: 300, y: 250))))
    #expect(store.state.drawing.curves[id: id(10)]?.points.map(\.position) == [
      Point(x: 100, y: 100), Point(x: 300, y: 100), Point(x: 300, y: 300), Point(x: 100, y: 300),
    ])
    await store.send(.pointer(.up(Point(x: 300, y: 250), button: .left)))
    #expect(store.state.history.undoCount == 1)
  }

  @Test func aSecondClickTurnsTheHandlesToRotateAndCtrlTurnsIn15DegreeSteps() async throws {
    var state = Self.drawing()
    state.interaction.selectedObjects = [Self.squareA]
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    await store.send(Self.down(120, 120))
    await store.send(.pointer(.up(Point(x: 120, y: 120), button: .left)))
    #expect(store.state.interaction.showsRotateHandles)
    #expect(store.state.history.undoCount == 0, "a click moves nothing")
    // The top-right corner (200, 100) dragged round the centre (150, 150) to near the
    // top-left one, Ctrl held: a quarter turn counter-clockwise on screen, −90°.
    await store.send(.pointer(.modifiersChanged([.control])))
    await store.send(Self.down(200, 100))
    await store.send(.pointer(.moved(Point(x: 101, y: 99))))
    let turned = try #require(store.state.drawing.curves[id: id(10)]?.points.map(\.position))
    let expected = [Point(x: 100, y: 200), Point(x: 100, y: 100), Point(x: 200, y: 100), Point(x: 200, y: 200)]
    for (point, target) in zip(turned, expected) { #expect(point.distance(to: target) < 1e-9) }
    #expect(store.state.interaction.notice == "Rotate -90°")
  }

  @Test func aMoveSnapsItsBoxToAnotherObjectsEdgesUnlessShiftIsHeld() async {
    var state = Self.drawing()
    state.interaction.snaps = true
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    await store.send(Self.down(120, 120))
    // Moved by (46, 20): A's edges and centre, 146, 196 and 246, are 4 px from B's; nothing
    // is near its top, middle or bottom (120, 170, 220).
    await store.send(.pointer(.moved(Point(x: 166, y: 140))))
    #expect(store.state.drawing.curves[id: id(10)]?.points[0].position == Point(x: 150, y: 120))
    await store.send(.pointer(.modifiersChanged([.shift])))
    await store.send(.pointer(.moved(Point(x: 166, y: 140))))
    #expect(store.state.drawing.curves[id: id(10)]?.points[0].position == Point(x: 146, y: 120))
  }

  @Test func whatACommandMakesIsTheSelectionWhole() async throws {
    var state = Self.drawing()
    state.interaction.selectedObjects = [Self.squareA, Self.squareB]
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    await store.send(.pathOperations(.apply(.union)))
    await store.receive(\.pathOperations.finished)
    let union = try #require(store.state.drawing.curves.first)
    #expect(store.state.drawing.curves.count == 1)
    #expect(store.state.interaction.selectedObjects == [.curve(union.id)])
    #expect(store.state.interaction.selection.isEmpty, "no points selected in the selector")
    await store.send(.curveCommands(.duplicateSelectedCurves))
    #expect(store.state.interaction.selectedObjects == [.curve(store.state.drawing.curves[1].id)])
    // Delete removes the selected objects whole.
    await store.send(.keyframes(.delete))
    await store.receive(\.curveCommands)
    #expect(store.state.drawing.curves.count == 1 && store.state.interaction.selectedObjects.isEmpty)
  }

  @Test func aCornerOfTheMovedBoxSnapsToAnotherObjectsNode() async {
    var state = Self.drawing()
    state.interaction.snaps = true
    // A "V" whose middle node, (450, 160), is on no edge or centre line of its box.
    let corners = [Point(x: 400, y: 100), Point(x: 450, y: 160), Point(x: 500, y: 100), Point(x: 500, y: 200), Point(x: 400, y: 200)]
    state.drawing.curves.append(Document.curveState(Document.CurveRecord(
      id: id(30), style: CurveStyle(fill: .color(RGBColor(r: 0, g: 200, b: 0)), stroke: CurveStyle.Paint.none),
      subpaths: [Document.SubpathRecord(closed: true, points: corners.enumerated().map { Document.PointRecord(id: id(31 + $0.offset), x: $0.element.x, y: $0.element.y, node: .corner) })]
    )))
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    await store.send(Self.down(120, 120))
    // Moved by (247, −37): A's bottom-right corner at (447, 163), 4.2 units from the node.
    await store.send(.pointer(.moved(Point(x: 367, y: 83))))
    #expect(store.state.drawing.curves[id: id(10)]?.points[0].position == Point(x: 350, y: 60))
    if case let .objects(drag) = store.state.interaction.gesture { #expect(drag.snappedTo == Point(x: 450, y: 160)) }
  }

  @Test func aScaleHandleSnapsToAnotherObjectsEdge() async {
    var state = Self.drawing()
    state.interaction.snaps = true
    state.interaction.selectedObjects = [Self.squareA]
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    // A's bottom-right handle to (246, 247): B's right and bottom edges, 250, are 4 and 3 px away.
    await store.send(Self.down(200, 200))
    await store.send(.pointer(.moved(Point(x: 246, y: 247))))
    #expect(store.state.drawing.curves[id: id(10)]?.points.map(\.position) == [
      Point(x: 100, y: 100), Point(x: 250, y: 100), Point(x: 250, y: 250), Point(x: 100, y: 250),
    ])
    if case let .objects(drag) = store.state.interaction.gesture { #expect(drag.snappedTo == Point(x: 250, y: 250)) }
  }

  /// Off their paint but inside their box (the corner neither square covers), a drag moves
  /// the selection: there is no need to find the paint of an arch or a group's parts.
  @Test func aDragInsideTheSelectionsBoxMovesItThoughNothingIsPaintedThere() async {
    var state = Self.drawing()
    state.interaction.selectedObjects = [Self.squareA, Self.squareB]
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    await store.send(Self.down(110, 240))
    await store.send(.pointer(.moved(Point(x: 130, y: 250))))
    await store.send(.pointer(.up(Point(x: 130, y: 250), button: .left)))
    #expect(store.state.interaction.selectedObjects == [Self.squareA, Self.squareB])
    #expect(store.state.drawing.curves[id: id(10)]?.points.first?.position == Point(x: 120, y: 110))
    #expect(store.state.drawing.curves[id: id(20)]?.points.first?.position == Point(x: 170, y: 160))
    #expect(store.state.history.undoCount == 1)
  }

  @Test func aDoubleClickEntersAGroupAndOnACurveOpensTheNodeTool() async {
    var state = Self.drawing()
    state.drawing.groups = [Group(id: "pair")]
    state.drawing.curves[id: id(10)]?.group = "pair"
    state.drawing.curves[id: id(20)]?.group = "pair"
    let store = makeStore(state) { Editor() }
    await store.send(Self.down(120, 120)) {
      $0.interaction.selectedObjects = [.group("pair")]
      let box = Rect(minX: 100, minY: 100, maxX: 250, maxY: 250)
      $0.interaction.gesture = .objects(ObjectDrag(
        grip: .move, objects: [.group("pair")], anchor: Point(x: 120, y: 120), box: box, centre: Point(x: 175, y: 175), startRevision: 0, pointsBox: box
      ))
      $0.history = undoHistory(pending: state.drawing.curves, groups: state.drawing.groups, handles: .selected)
    }
    await store.send(.pointer(.up(Point(x: 120, y: 120), button: .left))) {
      $0.interaction.gesture = nil
      $0.history = UndoHistory()
    }
    await store.send(Self.down(120, 120, clicks: 2)) {
      $0.interaction.context = "pair"
      $0.interaction.selectedObjects = []
    }
    await store.send(.pointer(.up(Point(x: 120, y: 120), button: .left)))
    await store.send(Self.down(120, 120, clicks: 2)) {
      $0.interaction.selectedObjects = [Self.squareA]
      $0.interaction.tool = .node
    }
    // Its nodes are the ones drawn and grabbed now.
    #expect(store.state.markedCurveIDs == [id(10)])
  }
}
