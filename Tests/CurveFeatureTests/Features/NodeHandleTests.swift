import Composable
@testable import CurveFeature
import CurveGeometry
import Foundation
import OrderedCollections
import SeededRandom
import Testing

/// A curve (id 300, one open subpath named 300) of two cubic segments meeting at node 304:
/// 301 (100, 300) · 302 (150, 200) · 303 (270, 260) · 304 (300, 300) · 305 (390, 420) ·
/// 306 (450, 400) · 307 (500, 300). 304's handles are 303 (length 50) and 305 (length 150),
/// on one line through it; its type is `type`.
func twoSegments(_ type: NodeType = .smooth) -> IdentifiedArrayOf<Curve.State> {
  let positions = [(100.0, 300.0), (150, 200), (270, 260), (300, 300), (390, 420), (450, 400), (500, 300)]
  let points = positions.enumerated().map { index, position in
    ControlPoint.State(id: id(301 + index), position: Point(x: position.0, y: position.1), node: index == 3 ? type : nil)
  }
  return [Curve.State(id: id(300), points: IdentifiedArray(uniqueElements: points))]
}

func ref300(_ point: Int) -> PointReference { PointReference(curve: id(300), point: id(point)) }

/// Dragging nodes and handles: a node brings its handles; a handle of a smooth or symmetric
/// node turns the other.
@MainActor
struct NodeHandleTests {
  func selecting(_ references: [PointReference], in curves: IdentifiedArrayOf<Curve.State>) -> Editor.State {
    var state = Editor.State(curves: curves)
    state.interaction.selection = OrderedSet(references)
    return state
  }

  @Test func draggingANodeBringsBothItsHandles() async {
    let store = makeStore(Editor.State(curves: twoSegments())) { Editor() }
    await store.send(.pointer(.press(Point(x: 300, y: 300)))) {
      $0.interaction.selection = [ref300(304)]
      $0.interaction.gesture = .drag(Drag(point: ref300(304), grabOffset: .zero, start: Point(x: 300, y: 300), startRevision: 0))
      $0.history = undoHistory(pending: twoSegments())
    }
    await store.send(.pointer(.moved(Point(x: 310, y: 320)))) {
      $0.drawing.curves[id: id(300)]?.points[id: id(303)]?.position = Point(x: 280, y: 280)
      $0.drawing.curves[id: id(300)]?.points[id: id(304)]?.position = Point(x: 310, y: 320)
      $0.drawing.curves[id: id(300)]?.points[id: id(305)]?.position = Point(x: 400, y: 440)
      $0.drawing.revision = 1
    }
    await store.send(.pointer(.release(Point(x: 310, y: 320)))) {
      $0.interaction.gesture = nil
      $0.history = undoHistory(undo: [twoSegments()])
    }
  }

  @Test func draggingAHandleOfASmoothNodeTurnsTheOtherKeepingItsLength() async {
    let store = makeStore(Editor.State(curves: twoSegments(.smooth))) { Editor() }
    await store.send(.pointer(.press(Point(x: 270, y: 260)))) {
      $0.interaction.selection = [ref300(303)]
      $0.interaction.gesture = .drag(Drag(point: ref300(303), grabOffset: .zero, start: Point(x: 270, y: 260), startRevision: 0))
      $0.history = undoHistory(pending: twoSegments(.smooth))
    }
    await store.send(.pointer(.moved(Point(x: 300, y: 250)))) {
      $0.drawing.curves[id: id(300)]?.points[id: id(303)]?.position = Point(x: 300, y: 250)
      // Opposite the moved handle, still 150 from the node.
      $0.drawing.curves[id: id(300)]?.points[id: id(305)]?.position = Point(x: 300, y: 450)
      $0.drawing.revision = 1
    }
    await store.send(.pointer(.release(Point(x: 300, y: 250)))) {
      $0.interaction.gesture = nil
      $0.history = undoHistory(undo: [twoSegments(.smooth)])
    }
  }

  @Test func draggingAHandleOfASymmetricNodeMirrorsIt() async {
    let store = makeStore(Editor.State(curves: twoSegments(.symmetric))) { Editor() }
    await store.send(.pointer(.press(Point(x: 270, y: 260)))) {
      $0.interaction.selection = [ref300(303)]
      $0.interaction.gesture = .drag(Drag(point: ref300(303), grabOffset: .zero, start: Point(x: 270, y: 260), startRevision: 0))
      $0.history = undoHistory(pending: twoSegments(.symmetric))
    }
    await store.send(.pointer(.moved(Point(x: 300, y: 250)))) {
      $0.drawing.curves[id: id(300)]?.points[id: id(303)]?.position = Point(x: 300, y: 250)
      $0.drawing.curves[id: id(300)]?.points[id: id(305)]?.position = Point(x: 300, y: 350)
      $0.drawing.revision = 1
    }
  }

  @Test func aSymmetricHandleStaysWhereItsMirrorFitsOnTheCanvas() async {
    let store = makeStore(Editor.State(curves: twoSegments(.symmetric))) { Editor() }
    await store.send(.pointer(.press(Point(x: 270, y: 260)))) {
      $0.interaction.selection = [ref300(303)]
      $0.interaction.gesture = .drag(Drag(point: ref300(303), grabOffset: .zero, start: Point(x: 270, y: 260), startRevision: 0))
      $0.history = undoHistory(pending: twoSegments(.symmetric))
    }
    // The canvas is 800 x 600: a handle above y = 0 is kept at 0, and its mirror at 600.
    await store.send(.pointer(.moved(Point(x: 300, y: -100)))) {
      $0.drawing.curves[id: id(300)]?.points[id: id(303)]?.position = Point(x: 300, y: 0)
      $0.drawing.curves[id: id(300)]?.points[id: id(305)]?.position = Point(x: 300, y: 600)
      $0.drawing.revision = 1
    }
  }

  @Test func aCornersHandlesMoveFreely() async {
    let store = makeStore(Editor.State(curves: twoSegments(.corner))) { Editor() }
    await store.send(.pointer(.press(Point(x: 270, y: 260)))) {
      $0.interaction.selection = [ref300(303)]
      $0.interaction.gesture = .drag(Drag(point: ref300(303), grabOffset: .zero, start: Point(x: 270, y: 260), startRevision: 0))
      $0.history = undoHistory(pending: twoSegments(.corner))
    }
    await store.send(.pointer(.moved(Point(x: 300, y: 250)))) {
      $0.drawing.curves[id: id(300)]?.points[id: id(303)]?.position = Point(x: 300, y: 250)
      $0.drawing.revision = 1
    }
  }

  @Test func aNudgedHandleLeavesTheOtherAloneWhenThatMovesToo() async {
    // Both handles selected: both move by the nudge, and nothing turns.
    let store = makeStore(selecting([ref300(303), ref300(305)], in: twoSegments(.smooth))) { Editor() }
    await store.send(.moving(.arrow(dx: 10, dy: 0))) {
      $0.drawing.curves[id: id(300)]?.points[id: id(303)]?.position = Point(x: 280, y: 260)
      $0.drawing.curves[id: id(300)]?.points[id: id(305)]?.position = Point(x: 400, y: 420)
      $0.history = undoHistory(undo: [twoSegments(.smooth)])
      $0.drawing.revision = 2
    }
  }

  @Test func aNudgedHandleOfASymmetricNodeMirrorsTheOther() async {
    let store = makeStore(selecting([ref300(303)], in: twoSegments(.symmetric))) { Editor() }
    await store.send(.moving(.arrow(dx: 30, dy: -10))) {
      $0.drawing.curves[id: id(300)]?.points[id: id(303)]?.position = Point(x: 300, y: 250)
      $0.drawing.curves[id: id(300)]?.points[id: id(305)]?.position = Point(x: 300, y: 350)
      $0.history = undoHistory(undo: [twoSegments(.symmetric)])
      $0.drawing.revision = 1
    }
  }

  @Test func aNudgedNodeBringsItsHandlesAndTheSelectedOnesOnlyOnce() async {
    let store = makeStore(selecting([ref300(304), ref300(305)], in: twoSegments(.smooth))) { Editor() }
    await store.send(.moving(.arrow(dx: 0, dy: 10))) {
      $0.drawing.curves[id: id(300)]?.points[id: id(303)]?.position = Point(x: 270, y: 270)
      $0.drawing.curves[id: id(300)]?.points[id: id(304)]?.position = Point(x: 300, y: 310)
      $0.drawing.curves[id: id(300)]?.points[id: id(305)]?.position = Point(x: 390, y: 430)
      $0.history = undoHistory(undo: [twoSegments(.smooth)])
      $0.drawing.revision = 2
    }
  }

  /// Random subpaths of cubic segments with random node types, open or closed; a random
  /// handle dragged anywhere (off the canvas too), by the pointer's path and by the group
  /// move's. The nodes beside the handle keep their constraint to 1e-9.
  @Test func afterAnyHandleDragSmoothNodesStayCollinearAndSymmetricOnesMirrored() {
    var random = SplitMix64(seed: 27)
    let mover = PointMover()
    func randomPoint() -> Point { Point(x: Double.random(in: 0...800, using: &random), y: Double.random(in: 0...600, using: &random)) }
    for trial in 0..<500 {
      let segments = Int.random(in: 1...4, using: &random)
      let closed = Bool.random(using: &random)
      var points: [ControlPoint.State] = []
      var serial = 1
      func add(_ node: NodeType?) {
        points.append(ControlPoint.State(id: id(1000 + serial), position: randomPoint(), node: node))
        serial += 1
      }
      for segment in 0..<segments {
        add(segment == 0 && !closed ? nil : NodeType.allCases.randomElement(using: &random)!)
        add(nil)
        add(nil)
      }
      if !closed { add(nil) }
      var subpath = Subpath.State(id: id(999), isClosed: closed, points: IdentifiedArray(uniqueElements: points))
      // Start from handles that keep their constraints: the types set as Shift+S / Shift+Y do.
      for index in subpath.points.indices where subpath.isNode(index) {
        if let type = subpath.points[index].node { subpath.setNodeType(type, at: index, on: Canvas(width: 800, height: 600)) }
      }
      var state = Editor.State(curves: [Curve.State(id: id(998), subpaths: [subpath])])
      let handles = subpath.points.indices.filter { !subpath.isNode($0) }
      let handle = handles.randomElement(using: &random)!
      let reference = PointReference(curve: id(998), point: subpath.points[handle].id)
      let target = Point(x: Double.random(in: -200...1000, using: &random), y: Double.random(in: -200...800, using: &random))
      if trial.isMultiple(of: 2) {
        mover.move(reference, to: target, in: &state)
      } else {
        state.interaction.selection = [reference]
        let origin = state.drawing.curves
        let start = subpath.points[handle].position
        mover.moveSelection(by: target - start, from: origin, bounds: Rect(minX: start.x, minY: start.y, maxX: start.x, maxY: start.y), in: &state)
      }
      let moved = state.drawing.curves[0].subpaths[0]
      for (node, opposite) in moved.constrainedNodes(ofHandle: handle) {
        let centre = moved.points[node].position
        let a = moved.points[handle].position - centre, b = moved.points[opposite].position - centre
        guard a.length > 0 else { continue }
        switch moved.points[node].node! {
        case .smooth:
          #expect(abs(a.cross(b)) <= 1e-9 * max(1, a.length * b.length), "trial \(trial)")
          #expect(a.dot(b) <= 1e-9, "trial \(trial)")
        case .symmetric:
          #expect((a + b).length <= 1e-9, "trial \(trial)")
        case .corner:
          break
        }
        #expect(Rect(minX: 0, minY: 0, maxX: 800, maxY: 600).contains(moved.points[opposite].position, tolerance: 1e-9))
      }
    }
  }
}
