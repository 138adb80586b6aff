import Composable
import CurveFeature
import CurveGeometry
import Foundation
import OrderedCollections
import Testing

/// `twoSegments(type)` with node 304's handles at an angle: 303 at (350, 300), 50 to the
/// node's right, and 305 at (328, 396), 100 away at 7/25, 24/25.
func angledHandles(_ type: NodeType = .corner) -> IdentifiedArrayOf<Curve.State> {
  var curves = twoSegments(type)
  curves[id: id(300)]?.points[id: id(303)]?.position = Point(x: 350, y: 300)
  curves[id: id(300)]?.points[id: id(305)]?.position = Point(x: 328, y: 396)
  return curves
}

/// `twoSegments()` and a line, curve 400 (subpath 400): 401 (600, 300), 402 (700, 300), filled.
func twoSegmentsAndALine() -> IdentifiedArrayOf<Curve.State> {
  var curves = twoSegments()
  curves.append(Curve.State(id: id(400), points: [
    ControlPoint.State(id: id(401), position: Point(x: 600, y: 300)),
    ControlPoint.State(id: id(402), position: Point(x: 700, y: 300)),
  ], style: CurveStyle(fill: .color(RGBColor.palette[1]))))
  return curves
}

func closed(_ curves: IdentifiedArrayOf<Curve.State>) -> IdentifiedArrayOf<Curve.State> {
  var curves = curves
  curves[0].subpaths[0].isClosed = true
  return curves
}

/// Node types (Shift+C, S, Y), break (Shift+B), join (Shift+J), close or open (Shift+L).
@MainActor
struct NodeCommandTests {
  func selecting(_ references: [PointReference], in curves: IdentifiedArrayOf<Curve.State>) -> Editor.State {
    var state = Editor.State(curves: curves)
    state.interaction.selection = OrderedSet(references)
    return state
  }

  @Test func smoothTurnsBothHandlesByTheSameAngleUntilOppositeKeepingTheirLengths() async {
    let store = makeStore(selecting([ref300(304)], in: angledHandles())) { Editor() }
    await store.send(.nodes(.setType(.smooth))) {
      $0.drawing.curves[0].points[id: id(304)]?.node = .smooth
      // The bisector of (1, 0) and -(7/25, 24/25) is (3/5, -4/5): each handle turned by the same angle.
      $0.drawing.curves[0].points[id: id(303)]?.position = Point(x: 330, y: 260)
      $0.drawing.curves[0].points[id: id(305)]?.position = Point(x: 240, y: 380)
      $0.history = undoHistory(undo: [angledHandles()])
      $0.drawing.revision = 1
    }
  }

  @Test func symmetricAlsoGivesBothHandlesTheirMeanLength() async {
    let store = makeStore(selecting([ref300(304)], in: angledHandles())) { Editor() }
    await store.send(.nodes(.setType(.symmetric))) {
      $0.drawing.curves[0].points[id: id(304)]?.node = .symmetric
      $0.drawing.curves[0].points[id: id(303)]?.position = Point(x: 345, y: 240)
      $0.drawing.curves[0].points[id: id(305)]?.position = Point(x: 255, y: 360)
      $0.history = undoHistory(undo: [angledHandles()])
      $0.drawing.revision = 1
    }
    let symmetric = store.state.drawing.curves
    await store.send(.history(.undo)) {
      $0.drawing.curves = angledHandles()
      $0.history = undoHistory(redo: [symmetric])
      $0.drawing.revision = 2
    }
  }

  @Test func cornerOnlyChangesTheTypeAndAControlPointIsRefused() async {
    let store = makeStore(selecting([ref300(304)], in: angledHandles(.smooth))) { Editor() }
    await store.send(.nodes(.setType(.corner))) {
      $0.drawing.curves[0].points[id: id(304)]?.node = .corner
      $0.history = undoHistory(undo: [angledHandles(.smooth)])
      $0.drawing.revision = 1
    }
    // Already a corner: nothing to do, no undo step.
    await store.send(.nodes(.setType(.corner)))
    await store.send(.selection(.selectNextPoint)) { $0.interaction.selection = [ref300(305)] }
    await store.send(.nodes(.setType(.smooth))) { $0.interaction.notice = "Node types are for nodes: select a node on the curve." }
  }

  @Test func breakSplitsAnOpenSubpathInTwoAtTheNodeDuplicatingIt() async {
    let store = makeStore(selecting([ref300(304)], in: twoSegments())) { Editor() }
    await store.send(.nodes(.breakAtSelectedNodes)) {
      let points = twoSegments()[0].points
      $0.drawing.curves[0].subpaths = [
        Subpath.State(id: id(300), points: IdentifiedArray(uniqueElements: points[0...3])),
        Subpath.State(id: id(1), points: IdentifiedArray(uniqueElements:
          [ControlPoint.State(id: id(0), position: Point(x: 300, y: 300), node: .smooth)] + points[4...6]
        )),
      ]
      $0.interaction.selection = [ref300(304), PointReference(curve: id(300), point: id(0))]
      $0.history = undoHistory(undo: [twoSegments()])
      $0.drawing.revision = 1
    }
  }

  @Test func breakOpensAClosedSubpathToStartAndEndAtTheNode() async {
    let store = makeStore(selecting([ref300(304)], in: closed(twoSegments()))) { Editor() }
    await store.send(.nodes(.breakAtSelectedNodes)) {
      var points = Array(twoSegments()[0].points)
      // The old start is inside the chain now, a corner.
      points[0].node = .corner
      let opened = points[3...] + points[..<3] + [ControlPoint.State(id: id(0), position: Point(x: 300, y: 300), node: .smooth)]
      $0.drawing.curves[0].subpaths = [Subpath.State(id: id(300), points: IdentifiedArray(uniqueElements: opened))]
      $0.interaction.selection = [ref300(304), PointReference(curve: id(300), point: id(0))]
      $0.history = undoHistory(undo: [closed(twoSegments())])
      $0.drawing.revision = 1
    }
  }

  @Test func breakAtAnEndOrAControlPointIsRefused() async {
    let store = makeStore(selecting([ref300(301), ref300(302)], in: twoSegments())) { Editor() }
    await store.send(.nodes(.breakAtSelectedNodes)) {
      $0.interaction.notice = "Shift+B breaks at a node inside a subpath or on a closed one; no selected node is one."
    }
  }

  @Test func joinMakesTwoEndsOfTwoCurvesOneNodeAtTheirMidpointInTheFirstCurve() async {
    let store = makeStore(selecting([ref300(307), PointReference(curve: id(400), point: id(401))], in: twoSegmentsAndALine())) { Editor() }
    await store.send(.nodes(.joinSelectedEnds)) {
      $0.drawing.curves.remove(id: id(400))
      $0.drawing.curves[0].points[id: id(307)]?.position = Point(x: 550, y: 300)
      $0.drawing.curves[0].points[id: id(307)]?.node = .corner
      $0.drawing.curves[0].points.append(ControlPoint.State(id: id(402), position: Point(x: 700, y: 300)))
      $0.interaction.selection = [ref300(307)]
      $0.history = undoHistory(undo: [twoSegmentsAndALine()])
      $0.drawing.revision = 1
    }
  }

  /// Two starts: the second subpath turns round to run into the first, which keeps its
  /// direction (and its winding, which the fill rule reads) and its curve's style.
  @Test func joinTurnsTheSecondSubpathRoundWhenTwoStartsMeetAndTheFirstCurveKeepsItsStyle() async {
    let line = PointReference(curve: id(400), point: id(401))
    let store = makeStore(selecting([line, ref300(301)], in: twoSegmentsAndALine())) { Editor() }
    await store.send(.nodes(.joinSelectedEnds)) {
      var points = Array(twoSegments()[0].points.reversed())
      points[points.count - 1].position = Point(x: 350, y: 300)
      points[points.count - 1].node = .corner
      $0.drawing.curves.remove(id: id(300))
      $0.drawing.curves[0].subpaths[0].points = IdentifiedArray(
        uniqueElements: points + [ControlPoint.State(id: id(402), position: Point(x: 700, y: 300))]
      )
      $0.interaction.selection = [PointReference(curve: id(400), point: id(301))]
      $0.history = undoHistory(undo: [twoSegmentsAndALine()])
      $0.drawing.revision = 1
    }
  }

  /// A start selected first, then an end: the second subpath runs into the first, and neither
  /// turns round.
  @Test func joinOfAStartAndAnEndTurnsNeitherSubpathRound() async {
    let store = makeStore(selecting([ref300(301), PointReference(curve: id(400), point: id(402))], in: twoSegmentsAndALine())) { Editor() }
    await store.send(.nodes(.joinSelectedEnds)) {
      $0.drawing.curves.remove(id: id(400))
      $0.drawing.curves[0].subpaths[0].points = IdentifiedArray(uniqueElements: [
        ControlPoint.State(id: id(401), position: Point(x: 600, y: 300)),
        ControlPoint.State(id: id(402), position: Point(x: 400, y: 300), node: .corner),
      ] + twoSegments()[0].points.dropFirst())
      $0.interaction.selection = [PointReference(curve: id(300), point: id(402))]
      $0.history = undoHistory(undo: [twoSegmentsAndALine()])
      $0.drawing.revision = 1
    }
  }

  @Test func joiningTheTwoEndsOfOneSubpathClosesIt() async {
    let store = makeStore(selecting([ref300(301), ref300(307)], in: twoSegments())) { Editor() }
    await store.send(.nodes(.joinSelectedEnds)) {
      $0.drawing.curves[0].subpaths[0].isClosed = true
      $0.drawing.curves[0].points.remove(id: id(307))
      $0.drawing.curves[0].points[id: id(301)]?.position = Point(x: 300, y: 300)
      $0.drawing.curves[0].points[id: id(301)]?.node = .corner
      $0.interaction.selection = [ref300(301)]
      $0.history = undoHistory(undo: [twoSegments()])
      $0.drawing.revision = 1
    }
  }

  @Test func joinWithoutTwoEndNodesIsRefused() async {
    let store = makeStore(selecting([ref300(301), ref300(304)], in: twoSegments())) { Editor() }
    await store.send(.nodes(.joinSelectedEnds)) {
      $0.interaction.notice = "Shift+J joins two selected end nodes of open subpaths; 1 is selected."
    }
  }

  @Test func closeAddsAStraightSegmentBackAndOpenTakesItAway() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Editor() }
    var closedCurve = oneCurve()
    closedCurve[0].subpaths[0].isClosed = true
    closedCurve[0].points[3].node = .corner
    await store.send(.nodes(.toggleClosedSelectedSubpaths)) {
      $0.drawing.curves = closedCurve
      $0.history = undoHistory(undo: [oneCurve()])
      $0.drawing.revision = 1
    }
    var reopened = closedCurve
    reopened[0].subpaths[0].isClosed = false
    await store.send(.nodes(.toggleClosedSelectedSubpaths)) {
      $0.drawing.curves = reopened
      $0.history = undoHistory(undo: [oneCurve(), closedCurve])
      $0.drawing.revision = 2
    }
  }

  @Test func openingACurvedClosingSegmentKeepsItsShape() async {
    let store = makeStore(selecting([ref300(302)], in: closed(twoSegments()))) { Editor() }
    await store.send(.nodes(.toggleClosedSelectedSubpaths)) {
      $0.drawing.curves[0].subpaths[0].isClosed = false
      $0.drawing.curves[0].points.append(ControlPoint.State(id: id(0), position: Point(x: 100, y: 300)))
      $0.history = undoHistory(undo: [closed(twoSegments())])
      $0.drawing.revision = 1
    }
    // Closing it again: the ends meet, and become one node.
    let opened = store.state.drawing.curves
    await store.send(.nodes(.toggleClosedSelectedSubpaths)) {
      $0.drawing.curves = closed(twoSegments())
      $0.history = undoHistory(undo: [closed(twoSegments()), opened])
      $0.drawing.revision = 2
    }
  }

  @Test func closeOrOpenWithNothingSelectedIsRefused() async {
    let store = makeStore { Editor() }
    await store.send(.nodes(.toggleClosedSelectedSubpaths)) {
      $0.interaction.notice = "Shift+L closes or opens the subpaths of the selected points: select a point first."
    }
  }
}
