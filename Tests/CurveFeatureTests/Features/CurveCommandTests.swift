import Composable
import CurveFeature
import CurveGeometry
import Foundation
import OrderedCollections
import Testing

/// The commands on whole curves: delete points and curves, duplicate, split at t, raise the
/// degree, point colour and size.
@MainActor
struct CurveCommandTests {
  func selecting(_ references: [PointReference], in curves: IdentifiedArrayOf<Curve.State> = twoCurves()) -> Editor.State {
    var state = Editor.State(curves: curves)
    state.interaction.selection = OrderedSet(references)
    return state
  }

  let lineStart = PointReference(curve: id(200), point: id(201))

  @Test func deleteRemovesSelectedPointsButLeavesEveryCurveTwo() async {
    let all = twoCurves().allPointReferences
    let store = makeStore(selecting(all)) { Editor() }
    await store.send(.curveCommands(.deleteSelectedPoints)) {
      $0.history = undoHistory(undo: [twoCurves()])
      $0.drawing.curves[id: id(100)]?.points.remove(id: id(101))
      $0.drawing.curves[id: id(100)]?.points.remove(id: id(102))
      // The points that had to stay are still selected.
      $0.interaction.selection = [
        PointReference(curve: id(100), point: id(103)), PointReference(curve: id(100), point: id(104)), self.lineStart,
        PointReference(curve: id(200), point: id(202)),
      ]
      $0.interaction.notice = "A curve keeps at least 2 points."
      $0.drawing.revision = 1
    }
  }

  @Test func deleteRemovesTheSelectedPointButNeverBelowTwo() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Editor() }
    await store.send(.curveCommands(.deleteSelectedPoints)) {
      $0.history = undoHistory(undo: [oneCurve()])
      $0.drawing.curves[id: id(100)]?.points.remove(id: id(102))
      $0.interaction.selection = []
      $0.drawing.revision = 1
    }
    await store.send(.selection(.selectNextPoint)) { $0.interaction.selection = [PointReference(curve: id(100), point: id(101))] }
    let three = store.state.drawing.curves
    await store.send(.curveCommands(.deleteSelectedPoints)) {
      $0.history = undoHistory(undo: [oneCurve(), three])
      $0.drawing.curves[id: id(100)]?.points.remove(id: id(101))
      $0.interaction.selection = []
      $0.drawing.revision = 2
    }
    await store.send(.selection(.selectNextPoint)) { $0.interaction.selection = [PointReference(curve: id(100), point: id(103))] }
    await store.send(.curveCommands(.deleteSelectedPoints)) { $0.interaction.notice = "A curve keeps at least 2 points." }
  }

  @Test func deleteKeepsSelectedThePointsACurveCannotLose() async {
    let store = makeStore(selecting([point2, lineStart])) { Editor() }
    store.exhaustivity = .off
    await store.send(.curveCommands(.deleteSelectedPoints))
    #expect(store.state.drawing.curves[id: id(100)]?.points.count == 3)
    #expect(store.state.interaction.selection == [lineStart])
  }

  @Test func withNothingSelectedDeleteDoesNothing() async {
    let store = makeStore { Editor() }
    await store.send(.curveCommands(.deleteSelectedPoints))
  }

  @Test func shiftDeleteRemovesTheCurvesOfTheSelectedPoints() async {
    let store = makeStore(selecting([lineStart])) { Editor() }
    await store.send(.curveCommands(.deleteSelectedCurves)) {
      $0.history = undoHistory(undo: [twoCurves()])
      $0.drawing.curves.remove(id: id(200))
      $0.interaction.selection = []
      $0.drawing.revision = 1
    }
  }

  @Test func duplicateCopiesTheCurvesSixteenAwayWithNewIdsAndSelectsTheCopies() async {
    var curves = twoCurves()
    curves[id: id(200)]?.points[id: id(202)]?.position = Point(x: 795, y: 300)  // clamped to 800
    let store = makeStore(selecting([lineStart], in: curves)) { Editor() }
    await store.send(.curveCommands(.duplicateSelectedCurves)) {
      $0.history = undoHistory(undo: [curves])
      $0.drawing.curves.append(Curve.State(id: id(0), points: [
        ControlPoint.State(id: id(1), position: Point(x: 166, y: 316)),
        ControlPoint.State(id: id(2), position: Point(x: 800, y: 316)),
      ]))
      $0.interaction.selection = [PointReference(curve: id(0), point: id(1)), PointReference(curve: id(0), point: id(2))]
      $0.drawing.revision = 1
    }
  }

  @Test func splitMakesTwoCurvesOfTheSameDegreeMeetingAtBOfT() async throws {
    var state = selecting([point2], in: oneCurve())
    state.drawing.animation.step = 3  // t = 0.3
    let store = makeStore(state) { Editor() }
    let bezier = try #require(oneCurve()[0].bezier)
    let (first, second) = bezier.split(at: 0.3)
    await store.send(.curveCommands(.splitSelectedCurves)) {
      $0.history = undoHistory(undo: [oneCurve()])
      // The first point stays; the others are new, then the new curve's, ending with the old last point.
      var head = [oneCurve()[0].points[0]]
      head += first.controlPoints.dropFirst().enumerated().map { ControlPoint.State(id: id($0.offset), position: $0.element) }
      var tail = second.controlPoints.dropLast().enumerated().map { ControlPoint.State(id: id(3 + $0.offset), position: $0.element) }
      tail.append(oneCurve()[0].points[3])
      $0.drawing.curves[0].points = IdentifiedArray(uniqueElements: head)
      $0.drawing.curves.append(Curve.State(id: id(6), points: IdentifiedArray(uniqueElements: tail)))
      // Both halves are selected, every point of each.
      $0.interaction.selection = OrderedSet(
        head.map { PointReference(curve: id(100), point: $0.id) } + tail.map { PointReference(curve: id(6), point: $0.id) }
      )
      $0.drawing.revision = 1
      // The construction starts again from t = 0.
      $0.drawing.animation.step = 0
    }
    let curves = store.state.drawing.curves
    #expect(curves[0].points.count == 4 && curves[1].points.count == 4)
    #expect(curves[0].points.last?.position == bezier.eval(0.3))
    #expect(curves[1].points.first?.position == bezier.eval(0.3))
  }

  @Test func splitKeepsTheEndPointsStylesAtTheEnds() async throws {
    var curves = oneCurve()
    curves[0].points[0].color = RGBColor.palette[0]
    curves[0].points[3].size = 20
    var state = selecting([point2], in: curves)
    state.drawing.animation.step = 5
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    await store.send(.curveCommands(.splitSelectedCurves))
    let (first, second) = (store.state.drawing.curves[0], store.state.drawing.curves[1])
    #expect(first.points.first?.color == RGBColor.palette[0] && first.points.first?.id == id(101))
    #expect(first.points.last?.size == nil && second.points.first?.size == nil)
    #expect(second.points.last?.size == 20 && second.points.last?.id == id(104))
  }

  @Test func splitIsRefusedWhenTheDocumentHoldsAllTheCurvesItCan() async {
    var full = Editor.State(curves: IdentifiedArray(uniqueElements: (0..<Document.maximumCurves).map { _ in
      Curve.State(id: UUID(), points: [
        ControlPoint.State(id: UUID(), position: Point(x: 0, y: 0)), ControlPoint.State(id: UUID(), position: Point(x: 10, y: 10)),
      ])
    }))
    full.interaction.selection = [PointReference(curve: full.drawing.curves[0].id, point: full.drawing.curves[0].points[0].id)]
    full.drawing.animation.step = 5
    let limited = makeStore(full) { Editor() }
    await limited.send(.curveCommands(.splitSelectedCurves)) { $0.interaction.notice = "A document holds at most 10000 curves." }
  }

  @Test func splitAtTheEndsIsRefused() async {
    let store = makeStore(selecting([point2], in: oneCurve())) { Editor() }
    await store.send(.curveCommands(.splitSelectedCurves)) { $0.interaction.notice = "S splits at t: move t between 0 and 1 first." }
  }

  @Test func addCurvePlacesFourPointsAtTheCentreOfTheViewNeverExactlyOverAnother() async {
    var state = Editor.State(curves: oneCurve())
    state.viewport = Viewport.State(canvas: state.canvas, area: Size(width: 800, height: 726))
    let store = makeStore(state) { Editor() }
    // An arch 448 wide and 144 high around the view's centre, (400, 363).
    func arch(_ centre: Point, first: Int) -> Curve.State {
      let shape = [(-1.0, 0.5), (-0.4, -0.5), (0.4, -0.5), (1.0, 0.5)].map { Point(x: $0.0 * 224, y: $0.1 * 144) }
      return Curve.State(id: id(first), points: IdentifiedArray(uniqueElements: shape.enumerated().map {
        ControlPoint.State(id: id(first + 1 + $0.offset), position: centre + $0.element)
      }))
    }
    await store.send(.curveCommands(.addCurve)) {
      $0.history = undoHistory(undo: [oneCurve()])
      $0.drawing.curves.append(arch(Point(x: 400, y: 363), first: 0))
      $0.interaction.selection = [PointReference(curve: id(0), point: id(1))]
      $0.drawing.revision = 1
    }
    let one = store.state.drawing.curves
    await store.send(.curveCommands(.addCurve)) {
      $0.history = undoHistory(undo: [oneCurve(), one])
      $0.drawing.curves.append(arch(Point(x: 424, y: 387), first: 5))
      $0.interaction.selection = [PointReference(curve: id(5), point: id(6))]
      $0.drawing.revision = 2
    }
  }

  @Test func elevateAddsAPointKeepingTheShapeAndStopsAtSixteen() async throws {
    // Ids far from the ones `.incrementing` makes: twelve elevations make a hundred.
    let curve = Curve.State(id: id(9000), points: IdentifiedArray(uniqueElements: oneCurve()[0].points.enumerated().map {
      ControlPoint.State(id: id(9001 + $0.offset), position: $0.element.position)
    }))
    let store = makeStore(selecting([PointReference(curve: id(9000), point: id(9002))], in: [curve])) { Editor() }
    let original = try #require(curve.bezier)
    var nextID = 0
    var undoStack: [IdentifiedArrayOf<Curve.State>] = []
    let ends = [PointReference(curve: id(9000), point: id(9001)), PointReference(curve: id(9000), point: id(9004))]
    for round in 1...12 {
      let before = store.state.drawing.curves
      undoStack.append(before)
      let raised = before[0].bezier!.elevated().controlPoints
      let firstID = nextID
      nextID += raised.count - 2
      await store.send(.curveCommands(.elevateSelectedCurves)) {
        $0.history = undoHistory(undo: undoStack)
        var points = [before[0].points[0]]
        points += raised.dropFirst().dropLast().enumerated().map { ControlPoint.State(id: id(firstID + $0.offset), position: $0.element) }
        points.append(before[0].points[before[0].points.count - 1])
        $0.drawing.curves[0].points = IdentifiedArray(uniqueElements: points)
        // Inner points are new: only the ends stay selected (the first time, only an inner
        // point was).
        $0.interaction.selection = round == 1 ? [] : OrderedSet(ends)
        $0.drawing.revision = round
      }
      await store.send(.selection(.selectAll)) {
        $0.interaction.selection = OrderedSet(([9001] + Array(firstID..<nextID) + [9004]).map { PointReference(curve: id(9000), point: id($0)) })
      }
      let elevated = try #require(store.state.drawing.curves[0].bezier)
      for step in 0...50 {
        let t = Double(step) / 50
        #expect(elevated.eval(t).distance(to: original.eval(t)) < 1e-9 * 400)
      }
    }
    #expect(store.state.drawing.curves[0].points.count == 16)
    await store.send(.curveCommands(.elevateSelectedCurves)) { $0.interaction.notice = "E: a curve has at most 16 points." }
  }

  @Test func shiftELowersToTheClosestCurveOfOneDegreeLessAndSaysHowFarItMoved() async throws {
    // An S: (100, 100), (130, 190), (170, 10), (200, 100). Its closest quadratic, by least
    // squares on the control points, is (99, 127), (150, 100), (201, 73): the ends move too.
    let positions = [(100.0, 100.0), (130, 190), (170, 10), (200, 100)].map { Point(x: $0.0, y: $0.1) }
    let curve = Curve.State(id: id(9000), points: IdentifiedArray(uniqueElements: positions.enumerated().map {
      ControlPoint.State(id: id(9001 + $0.offset), position: $0.element)
    }))
    let store = makeStore(selecting([PointReference(curve: id(9000), point: id(9001))], in: [curve])) { Editor() }
    let (lowered, distance) = try #require(curve.bezier).lowered()
    #expect(zip(lowered, [Point(x: 99, y: 127), Point(x: 150, y: 100), Point(x: 201, y: 73)]).allSatisfy { $0.distance(to: $1) < 1e-9 })
    await store.send(.curveCommands(.lowerSelectedCurves)) {
      $0.history = undoHistory(undo: [[curve]])
      var first = curve.points[0], last = curve.points[3]
      first.position = lowered[0]
      last.position = lowered[2]
      $0.drawing.curves[0].points = [first, ControlPoint.State(id: id(0), position: lowered[1]), last]
      $0.drawing.revision = 1
      $0.interaction.notice = "Shift+E: one degree lower, the curve moved at most 27.02 units."
    }
    #expect(abs(distance - 27.0185121722126) < 1e-9)
    // A quadratic lowers to a line; a line has no lower degree.
    await store.send(.curveCommands(.lowerSelectedCurves)) {
      $0.history = undoHistory(undo: [[curve], $0.drawing.curves])
      let quadratic = $0.drawing.curves[0]
      let (line, moved) = quadratic.bezier!.lowered()
      var first = quadratic.points[0], last = quadratic.points[2]
      first.position = line[0]
      last.position = line[1]
      $0.drawing.curves[0].points = [first, last]
      $0.drawing.revision = 2
      $0.interaction.notice = "Shift+E: one degree lower, the curve moved at most \(CurveCommands.distanceText(moved)) units."
    }
    await store.send(.curveCommands(.lowerSelectedCurves)) { $0.interaction.notice = "Shift+E: a line has no lower degree." }
  }

  @Test func aRaisedCurveLowersBackWithAMoveOfNothing() async {
    let store = makeStore(selecting([PointReference(curve: id(100), point: id(101))], in: oneCurve())) { Editor() }
    store.exhaustivity = .off
    await store.send(.curveCommands(.elevateSelectedCurves))
    await store.send(.curveCommands(.lowerSelectedCurves))
    #expect(store.state.drawing.curves[0].points.count == 4)
    #expect(zip(store.state.drawing.curves[0].points.map(\.position), oneCurve()[0].points.map(\.position)).allSatisfy { $0.distance(to: $1) < 1e-9 })
    let notice = store.state.interaction.notice ?? ""
    let moved = notice.components(separatedBy: "at most ").last?.components(separatedBy: " units").first.flatMap(Double.init)
    #expect(moved.map { $0 < 1e-9 } == true, "\(notice)")
  }

  @Test func theSwatchesAndSizeSliderStyleTheSelectedPointsAsOneUndoStep() async {
    let store = makeStore(selecting([point2, lineStart])) { Editor() }
    let red = RGBColor.palette[0]
    await store.send(.styling(.setColor(red))) {
      $0.history = undoHistory(undo: [twoCurves()])
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.color = red
      $0.drawing.curves[id: id(200)]?.points[id: id(201)]?.color = red
      // Styling is an edit, but t stays where it is.
      $0.drawing.revision = 1
    }
    let coloured = store.state.drawing.curves
    await store.send(.styling(.setSize(100))) {
      $0.history = undoHistory(undo: [twoCurves(), coloured])
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.size = 30
      $0.drawing.curves[id: id(200)]?.points[id: id(201)]?.size = 30
      $0.drawing.revision = 2
    }
    await store.send(.styling(.setSize(30)))
  }

  @Test func splitAndRaiseKeepAWeightedCurvesShapeAndLoweringItIsRefused() async throws {
    // A quarter circle of radius 300 round (200, 500): its middle point weighs cos 45°.
    let positions = [Point(x: 500, y: 500), Point(x: 500, y: 200), Point(x: 200, y: 200)]
    let points = positions.enumerated().map { ControlPoint.State(id: id(101 + $0.offset), position: $0.element, weight: $0.offset == 1 ? 0.5.squareRoot() : nil) }
    var state = Editor.State(curves: [Curve.State(id: id(100), points: IdentifiedArray(uniqueElements: points))])
    state.interaction.selection = [PointReference(curve: id(100), point: id(101))]
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    func onTheCircle(_ curve: Curve.State) throws -> Bool {
      let subpath = curve.subpaths[0]
      let rational = try #require(subpath.rationalSegment(0, controlPoints: subpath.segmentControlPoints[0]))
      return (0...20).allSatisfy { abs(rational.eval(Double($0) / 20).distance(to: Point(x: 200, y: 500)) - 300) < 1e-9 }
    }
    await store.send(.curveCommands(.lowerSelectedCurves)) {
      $0.interaction.notice = "Shift+E lowers plain curves; a selected curve has weights."
    }
    await store.send(.curveCommands(.elevateSelectedCurves))
    #expect(store.state.drawing.curves[0].points.count == 4)
    #expect(try onTheCircle(store.state.drawing.curves[0]))
    await store.send(.animation(.scrub(t: 0.5)))
    await store.send(.curveCommands(.splitSelectedCurves))
    #expect(store.state.drawing.curves.count == 2)
    for curve in store.state.drawing.curves { #expect(try onTheCircle(curve)) }
  }

  @Test func theWeightSliderWeighsTheSelectedPointsAsOneUndoStep() async {
    let store = makeStore(selecting([point2])) { Editor() }
    await store.send(.styling(.beginStyleEdit)) { $0.history = undoHistory(pending: twoCurves()) }
    await store.send(.styling(.setWeight(0.5))) {
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.weight = 0.5
      $0.drawing.revision = 1
    }
    await store.send(.styling(.setWeight(2))) {
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.weight = 2
      $0.drawing.revision = 2
    }
    await store.send(.styling(.endStyleEdit)) { $0.history = undoHistory(undo: [twoCurves()]) }
    // The curve's segment is now rational: its middle pulled toward the weighted point.
    let subpath = store.state.drawing.curves[id: id(100)]!.subpaths[0]
    let rational = subpath.rationalSegment(0, controlPoints: subpath.segmentControlPoints[0])
    #expect(rational?.weights == [1, 2, 1, 1])
  }
}

/// Curve commands on curves made of several segments and subpaths.
@MainActor
struct PathCommandTests {
  /// A closed triangle of three lines (ids 301…303) and an open line (ids 311, 312) in one curve.
  func path() -> Curve.State {
    Curve.State(id: id(300), subpaths: [
      Subpath.State(id: id(300), isClosed: true, points: [
        ControlPoint.State(id: id(301), position: Point(x: 100, y: 100), node: .corner),
        ControlPoint.State(id: id(302), position: Point(x: 200, y: 100), node: .corner),
        ControlPoint.State(id: id(303), position: Point(x: 150, y: 200), node: .corner),
      ]),
      Subpath.State(id: id(311), points: [
        ControlPoint.State(id: id(311), position: Point(x: 300, y: 300)), ControlPoint.State(id: id(312), position: Point(x: 400, y: 300)),
      ]),
    ])
  }

  func selecting(_ points: [Int]) -> Editor.State {
    var state = Editor.State(curves: [path()])
    state.interaction.selection = OrderedSet(points.map { PointReference(curve: id(300), point: id($0)) })
    state.drawing.animation.step = 5
    return state
  }

  @Test func splitAndElevateRefuseACurveOfSeveralSegments() async {
    let store = makeStore(selecting([301])) { Editor() }
    await store.send(.curveCommands(.splitSelectedCurves)) {
      $0.interaction.notice = "S splits curves of one segment; a selected curve has several."
    }
    await store.send(.curveCommands(.elevateSelectedCurves)) {
      $0.interaction.notice = "E raises curves of one segment; a selected curve has several."
    }
  }

  @Test func deleteKeepsEachSubpathItsTwoPoints() async {
    let store = makeStore(selecting([303, 312])) { Editor() }
    var triangleLess = path()
    triangleLess.subpaths[id: id(300)]?.points.remove(id: id(303))
    await store.send(.curveCommands(.deleteSelectedPoints)) {
      $0.drawing.curves = [triangleLess]
      $0.history = undoHistory(undo: [[self.path()]])
      $0.interaction.selection = [PointReference(curve: id(300), point: id(312))]
      $0.interaction.notice = "A subpath keeps at least 2 points."
      $0.drawing.revision = 1
      $0.drawing.animation.step = 0
    }
  }

  @Test func movingAPointOfTheSecondSubpathReachesItThroughThatSubpath() async {
    let store = makeStore(Editor.State(curves: [path()])) { Editor() }
    await store.send(.curves(.element(id: id(300), action: .point(id(312), in: id(311), .movePoint(Point(x: 410, y: 320)))))) {
      $0.drawing.curves[id: id(300)]?.subpaths[id: id(311)]?.points[id: id(312)]?.position = Point(x: 410, y: 320)
      $0.drawing.revision = 1
    }
  }
}
