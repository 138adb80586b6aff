import Composable
import CurveFeature
import CurveGeometry
import Foundation
import OrderedCollections
import Testing

/// The pen: clicks, drags, Alt, Ctrl, the ways a path ends, Backspace, Escape, continuing a
/// path, and its modes.
@MainActor
struct PenDrawingTests {
  /// The pen's path of `nodes`, as the reducer holds it between clicks.
  static func path(_ nodes: [PenNode], pointer: Point?, isPressed: Bool = false, pressPoint: Point? = nil) -> PenPath {
    var path = PenPath(mode: .bezier, nodes: nodes)
    path.pointer = pointer
    path.isPressed = isPressed
    path.pressPoint = pressPoint
    return path
  }

  static func penStore(_ curves: IdentifiedArrayOf<Curve.State> = []) -> TestStoreOf<Editor> {
    var state = Editor.State(curves: curves)
    state.interaction.tool = .pen
    return makeStore(state) { Editor() }
  }

  @Test func aClickThenADragMakesACornerAndASymmetricNodeAsOneUndoStepOnEnter() async {
    let store = makeStore(Editor.State(curves: [])) { Editor() }
    await store.send(.tools(.choose(.pen))) {
      $0.interaction.tool = .pen
      $0.interaction.notice = "Click to add a node, drag to pull its handles, Enter to finish"
    }
    let first = PenNode(point: Point(x: 100, y: 100))
    await store.send(.pointer(.press(Point(x: 100, y: 100)))) {
      $0.interaction.notice = nil
      $0.interaction.pen = Self.path([first], pointer: Point(x: 100, y: 100), isPressed: true, pressPoint: Point(x: 100, y: 100))
    }
    await store.send(.pointer(.release(Point(x: 100, y: 100)))) {
      $0.interaction.pen?.isPressed = false
    }
    // The live segment follows the pointer.
    await store.send(.pointer(.moved(Point(x: 180, y: 120)))) {
      $0.interaction.pen?.pointer = Point(x: 180, y: 120)
    }
    await store.send(.pointer(.press(Point(x: 200, y: 100)))) {
      $0.interaction.pen = Self.path([first, PenNode(point: Point(x: 200, y: 100))], pointer: Point(x: 200, y: 100), isPressed: true, pressPoint: Point(x: 200, y: 100))
    }
    // The outgoing handle under the pointer, the incoming one mirrored.
    let dragged = PenNode(point: Point(x: 200, y: 100), handleIn: Point(x: 170, y: 70), handleOut: Point(x: 230, y: 130), type: .symmetric)
    await store.send(.pointer(.moved(Point(x: 230, y: 130)))) {
      $0.interaction.pen = Self.path([first, dragged], pointer: Point(x: 230, y: 130), isPressed: true, pressPoint: Point(x: 200, y: 100))
    }
    await store.send(.pointer(.release(Point(x: 230, y: 130)))) {
      $0.interaction.pen?.isPressed = false
    }
    let curve = SketchingTests.openCurve(id: 4, [(0, 100, 100, .corner), (1, 100, 100, nil), (2, 170, 70, nil), (3, 200, 100, .symmetric)])
    await store.send(.tools(.finishPath)) {
      $0.interaction.pen = nil
      $0.interaction.notice = Tool.pen.hint
      $0.history = undoHistory(undo: [[]])
      $0.drawing.curves = [curve]
      $0.interaction.selection = OrderedSet((0...3).map { PointReference(curve: id(4), point: id($0)) })
      $0.drawing.revision = 1
    }
    await store.send(.history(.undo)) {
      $0.drawing.curves = []
      $0.history = undoHistory(redo: [[curve]])
      $0.interaction.selection = []
      $0.drawing.revision = 2
    }
  }

  @Test func altWhileDraggingMovesOnlyTheOutgoingHandle() async {
    let store = Self.penStore()
    store.exhaustivity = .off
    await store.send(.pointer(.press(Point(x: 100, y: 100))))
    await store.send(.pointer(.release(Point(x: 100, y: 100))))
    await store.send(.pointer(.press(Point(x: 200, y: 100))))
    await store.send(.pointer(.moved(Point(x: 230, y: 130))))
    await store.send(.pointer(.modifiersChanged([.alt]))) {
      $0.interaction.modifiers = [.alt]
    }
    await store.send(.pointer(.moved(Point(x: 260, y: 100))))
    // The incoming handle stays where the symmetric drag left it; the node is a cusp.
    #expect(store.state.interaction.pen?.nodes.last == PenNode(
      point: Point(x: 200, y: 100), handleIn: Point(x: 170, y: 70), handleOut: Point(x: 260, y: 100), type: .corner
    ))
  }

  @Test func ctrlTurnsANewSegmentInFifteenDegreeSteps() async throws {
    let store = Self.penStore()
    store.exhaustivity = .off
    await store.send(.pointer(.press(Point(x: 100, y: 100))))
    await store.send(.pointer(.release(Point(x: 100, y: 100))))
    await store.send(.pointer(.down(Point(x: 200, y: 110), button: .left, clickCount: 1, modifiers: [.control])))
    // 5.7° rounds to 0°: the node goes on the horizontal, as far along it as the pointer.
    let node = try #require(store.state.interaction.pen?.nodes.last)
    #expect(abs(node.point.x - 200) < 1e-12 && abs(node.point.y - 100) < 1e-12)
    #expect(PenPath.snapped(Point(x: 100, y: 100 + 100 * 3.0.squareRoot()), from: Point(x: 100, y: 100)).distance(to: Point(x: 100, y: 100 + 100 * 3.0.squareRoot())) < 1e-9, "60° is a step")
  }

  @Test func clickingTheFirstNodeClosesThePath() async throws {
    let store = Self.penStore()
    store.exhaustivity = .off
    for point in [Point(x: 100, y: 100), Point(x: 300, y: 100), Point(x: 200, y: 250), Point(x: 103, y: 98)] {
      await store.send(.pointer(.press(point)))
      await store.send(.pointer(.release(point)))
    }
    #expect(store.state.interaction.pen == nil)
    let curve = try #require(store.state.drawing.curves.first)
    #expect(curve.subpaths.count == 1 && curve.subpaths[0].isClosed)
    #expect(curve.subpaths[0].points.map(\.position) == [Point(x: 100, y: 100), Point(x: 300, y: 100), Point(x: 200, y: 250)])
    #expect(curve.subpaths[0].points.map(\.node) == [.corner, .corner, .corner])
    #expect(store.state.history.canUndo)
  }

  @Test func aRightClickOrADoubleClickEndsThePathOpen() async throws {
    let store = Self.penStore()
    store.exhaustivity = .off
    await store.send(.pointer(.press(Point(x: 100, y: 100))))
    await store.send(.pointer(.release(Point(x: 100, y: 100))))
    await store.send(.pointer(.down(Point(x: 300, y: 100), button: .right, clickCount: 1, modifiers: [])))
    // A right click adds no node: one node makes nothing.
    #expect(store.state.interaction.pen == nil && store.state.drawing.curves.isEmpty)

    await store.send(.pointer(.press(Point(x: 100, y: 100))))
    await store.send(.pointer(.release(Point(x: 100, y: 100))))
    await store.send(.pointer(.press(Point(x: 300, y: 100))))
    await store.send(.pointer(.release(Point(x: 300, y: 100))))
    await store.send(.pointer(.press(Point(x: 300, y: 100), clicks: 2)))
    await store.send(.pointer(.release(Point(x: 300, y: 100))))
    let curve = try #require(store.state.drawing.curves.first)
    #expect(!curve.subpaths[0].isClosed && curve.subpaths[0].points.map(\.position) == [Point(x: 100, y: 100), Point(x: 300, y: 100)])
    #expect(store.state.interaction.pen == nil)
  }

  @Test func backspaceTakesBackTheLastNodeAndEscapeDropsThePath() async {
    let store = Self.penStore()
    store.exhaustivity = .off
    for point in [Point(x: 100, y: 100), Point(x: 200, y: 100)] {
      await store.send(.pointer(.press(point)))
      await store.send(.pointer(.release(point)))
    }
    await store.send(.curveCommands(.deleteSelectedPoints)) {
      $0.interaction.pen?.nodes = [PenNode(point: Point(x: 100, y: 100))]
    }
    await store.send(.tools(.escape)) {
      $0.interaction.pen = nil
    }
    #expect(store.state.drawing.curves.isEmpty && !store.state.history.canUndo)
    #expect(store.state.interaction.tool == .pen, "Escape with a path under way keeps the tool")
    await store.send(.tools(.escape)) {
      $0.interaction.tool = .node
    }
  }

  @Test func pressingAnEndNodeOfASelectedOpenPathContinuesIt() async throws {
    // oneCurve: (100,100) … (400,100), one cubic; its point 2 selected.
    var state = oneCurveWithPoint2Selected()
    state.interaction.tool = .pen
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    await store.send(.pointer(.press(Point(x: 402, y: 101))))
    #expect(store.state.interaction.pen?.continuation == PenContinuation(curve: id(100), subpath: id(100), atStart: false, otherEnd: Point(x: 100, y: 100)))
    await store.send(.pointer(.release(Point(x: 402, y: 101))))
    await store.send(.pointer(.press(Point(x: 400, y: 300))))
    await store.send(.pointer(.release(Point(x: 400, y: 300))))
    await store.send(.tools(.finishPath))
    let curve = try #require(store.state.drawing.curves.first)
    #expect(store.state.drawing.curves.count == 1)
    #expect(curve.subpaths[0].points.map(\.position) == (1...4).map { Point(x: Double($0) * 100, y: 100) } + [Point(x: 400, y: 300)])
    #expect(curve.subpaths[0].points.last?.node == .corner && curve.subpaths[0].points.last?.id == id(1))
    await store.send(.history(.undo))
    #expect(store.state.drawing.curves == oneCurve())

    // From its first node, closed on its other end: the subpath reversed, then closed.
    await store.send(.selection(.selectAll))
    await store.send(.pointer(.press(Point(x: 100, y: 100))))
    await store.send(.pointer(.release(Point(x: 100, y: 100))))
    await store.send(.pointer(.press(Point(x: 100, y: 300))))
    await store.send(.pointer(.release(Point(x: 100, y: 300))))
    await store.send(.pointer(.press(Point(x: 400, y: 100))))
    await store.send(.pointer(.release(Point(x: 400, y: 100))))
    let closed = try #require(store.state.drawing.curves.first?.subpaths.first)
    #expect(closed.isClosed)
    #expect(closed.points.map(\.position) == [400, 300, 200, 100].map { Point(x: Double($0), y: 100) } + [Point(x: 100, y: 300)])
  }

  @Test func theThroughPointsModePassesThroughEveryClick() async throws {
    let store = Self.penStore()
    store.exhaustivity = .off
    await store.send(.tools(.setPenMode(.throughPoints)))
    let clicks = [Point(x: 100, y: 100), Point(x: 200, y: 50), Point(x: 300, y: 150), Point(x: 350, y: 300)]
    for point in clicks {
      await store.send(.pointer(.press(point)))
      await store.send(.pointer(.release(point)))
    }
    await store.send(.tools(.finishPath))
    let record = Document.CurveRecord(try #require(store.state.drawing.curves.first))
    let segments = record.subpaths[0].segments
    #expect(segments.count == 3 && segments.allSatisfy { $0.count == 4 })
    #expect(segments.map(\.first!) + [segments.last!.last!] == clicks)
    #expect(record.subpaths[0].points.compactMap(\.node) == [.corner, .symmetric, .symmetric, .corner])
  }

  @Test(arguments: [PenMode.threePoints, .threePointsCubic])
  func theThreePointModesMakeCurvesThroughEachPointOnTheCurve(mode: PenMode) async throws {
    let store = Self.penStore()
    store.exhaustivity = .off
    await store.send(.tools(.setPenMode(mode)))
    // Start, a point on the curve, end; then a point and an end for a second segment.
    let clicks = [Point(x: 100, y: 300), Point(x: 180, y: 150), Point(x: 300, y: 300), Point(x: 420, y: 420), Point(x: 500, y: 300)]
    for (index, point) in clicks.enumerated() {
      await store.send(.pointer(.press(point)))
      await store.send(.pointer(.release(point)))
      if index == 1 {
        // Waiting for the end, the pen shows the curve to the pointer through the point.
        await store.send(.pointer(.moved(Point(x: 300, y: 300))))
        let live = try #require(store.state.interaction.pen?.segments(live: Point(x: 300, y: 300)))
        #expect(live.count == 1 && live[0].count == mode.threePointDegree! + 1)
      }
    }
    await store.send(.tools(.finishPath))
    let record = Document.CurveRecord(try #require(store.state.drawing.curves.first))
    let segments = record.subpaths[0].segments
    #expect(segments.map(\.count) == [mode.threePointDegree! + 1, mode.threePointDegree! + 1])
    #expect(segments[0].first == clicks[0] && segments[0].last == clicks[2] && segments[1].last == clicks[4])
    // Each passes through its point on the curve, at the primer's t.
    for (segment, triple) in zip(segments, [(clicks[0], clicks[1], clicks[2]), (clicks[2], clicks[3], clicks[4])]) {
      let made = try #require(ThreePointCurve(start: triple.0, point: triple.1, end: triple.2, degree: mode.threePointDegree!))
      #expect(Bezier(segment)!.eval(made.t).distance(to: triple.1) < 1e-9)
    }
  }

  @Test func aThreePointPathEndedBeforeItsEndKeepsALineToThePoint() {
    var path = PenPath(mode: .threePoints, nodes: [PenNode(point: Point(x: 0, y: 0)), PenNode(point: Point(x: 50, y: 50))])
    #expect(path.segments() == [[Point(x: 0, y: 0), Point(x: 50, y: 50)]])
    #expect(path.closingPoint == nil, "a three-point path does not close on its first node")
    path.nodes.append(PenNode(point: Point(x: 100, y: 0)))
    #expect(path.segments() == [[Point(x: 0, y: 0), Point(x: 50, y: 100), Point(x: 100, y: 0)]])
  }

  @Test func theBSplineModeMakesAClampedCubicBSplineCurve() async throws {
    let store = Self.penStore()
    store.exhaustivity = .off
    await store.send(.tools(.setPenMode(.bSpline)))
    let clicks = [Point(x: 100, y: 100), Point(x: 200, y: 50), Point(x: 300, y: 150), Point(x: 350, y: 300), Point(x: 200, y: 350)]
    for point in clicks {
      await store.send(.pointer(.press(point)))
      await store.send(.pointer(.release(point)))
    }
    await store.send(.tools(.finishPath))
    let segments = Document.CurveRecord(try #require(store.state.drawing.curves.first)).subpaths[0].segments
    // Five control points of a cubic: two spans, from the first click to the last.
    #expect(segments.map(\.count) == [4, 4])
    #expect(segments.first?.first == clicks.first && segments.last?.last == clicks.last)
    // The window shows it as the B-spline until an edit of its Bézier points changes it.
    let curve = try #require(store.state.drawing.curves.first)
    #expect(curve.liveSpline == Spline(degree: 3, points: clicks, knots: [0, 0, 0, 0, 0.5, 1, 1, 1, 1]))
    await store.send(.selection(.selectNextPoint))
    await store.send(.moving(.arrow(dx: 1, dy: 0)))
    #expect(store.state.drawing.curves.first?.spline != nil && store.state.drawing.curves.first?.liveSpline == nil)
  }

  @Test func aWobbleOnTheClosingClickKeepsTheFirstNodesHandles() async throws {
    let store = Self.penStore()
    store.exhaustivity = .off
    // The first node dragged: its handles along x.
    await store.send(.pointer(.press(Point(x: 100, y: 100))))
    await store.send(.pointer(.moved(Point(x: 140, y: 100))))
    await store.send(.pointer(.release(Point(x: 140, y: 100))))
    for point in [Point(x: 300, y: 100), Point(x: 200, y: 250)] {
      await store.send(.pointer(.press(point)))
      await store.send(.pointer(.release(point)))
    }
    // Closing 5 units off the first node, with a 1-unit wobble.
    await store.send(.pointer(.press(Point(x: 105, y: 100))))
    await store.send(.pointer(.moved(Point(x: 106, y: 100))))
    await store.send(.pointer(.release(Point(x: 106, y: 100))))
    let subpath = try #require(store.state.drawing.curves.first?.subpaths.first)
    #expect(subpath.isClosed)
    #expect(subpath.points[1].position == Point(x: 140, y: 100), "the first node's outgoing handle kept")
  }

  @Test func aQuickSecondClickAwayFromTheLastNodeIsANewNode() async throws {
    let store = Self.penStore()
    store.exhaustivity = .off
    await store.send(.pointer(.press(Point(x: 100, y: 100))))
    await store.send(.pointer(.release(Point(x: 100, y: 100))))
    await store.send(.pointer(.press(Point(x: 120, y: 100), clicks: 2)))
    await store.send(.pointer(.release(Point(x: 120, y: 100))))
    #expect(store.state.interaction.pen?.nodes.map(\.point) == [Point(x: 100, y: 100), Point(x: 120, y: 100)])
  }

  @Test func aMiddleButtonPanGoesOnUnderThePen() async {
    let store = Self.penStore()
    store.exhaustivity = .off
    await store.send(.pointer(.down(Point(x: 100, y: 100), button: .middle, clickCount: 1, modifiers: [])))
    await store.send(.pointer(.moved(Point(x: 130, y: 120))))
    #expect(store.state.viewport.origin == Point(x: 30, y: 20))
    #expect(store.state.interaction.pen == nil)
  }
}
