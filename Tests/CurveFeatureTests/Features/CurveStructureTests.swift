import Composable
import CurveFeature
import CurveGeometry
import Foundation
import OrderedCollections
import SeededRandom
import Testing

/// A cubic (100, 300) (200, 100) (400, 100) (500, 300) split at 1/2: curve 300 of points
/// 301 (100, 300) · 302 (150, 200) · 303 (225, 150) · 304 (300, 150) node · 305 (375, 150) ·
/// 306 (450, 200) · 307 (500, 300).
func halvedCubic() -> IdentifiedArrayOf<Curve.State> {
  let positions = [(100.0, 300.0), (150, 200), (225, 150), (300, 150), (375, 150), (450, 200), (500, 300)]
  let points = positions.enumerated().map { index, position in
    ControlPoint.State(id: id(301 + index), position: Point(x: position.0, y: position.1), node: index == 3 ? .smooth : nil)
  }
  return [Curve.State(id: id(300), points: IdentifiedArray(uniqueElements: points))]
}

/// Combine and break apart (Ctrl+K, Ctrl+Shift+K), and Delete on nodes joining segments.
@MainActor
struct CurveStructureTests {
  func selecting(_ references: [PointReference], in curves: IdentifiedArrayOf<Curve.State>) -> Editor.State {
    var state = Editor.State(curves: curves)
    state.interaction.selection = OrderedSet(references)
    return state
  }

  let lineStart = PointReference(curve: id(200), point: id(201))

  func styledTwoCurves() -> IdentifiedArrayOf<Curve.State> {
    var curves = twoCurves()
    curves[0].style = CurveStyle(fill: .color(RGBColor.palette[2]))
    curves[1].style = CurveStyle(stroke: .none)
    return curves
  }

  @Test func combineMakesOneCurveOfAllTheSubpathsWithTheFirstCurvesStyle() async {
    let store = makeStore(selecting([point2, lineStart], in: styledTwoCurves())) { Editor() }
    await store.send(.curveCommands(.combineSelectedCurves)) {
      $0.drawing.curves[0].subpaths.append(styledTwoCurves()[1].subpaths[0])
      $0.drawing.curves.remove(id: id(200))
      $0.interaction.selection = [point2, PointReference(curve: id(100), point: id(201))]
      $0.history = undoHistory(undo: [styledTwoCurves()])
      $0.drawing.revision = 1
    }
    let combined = store.state.drawing.curves
    // Broken apart: a curve per subpath, each with the style of the curve it was in.
    await store.send(.curveCommands(.breakApartSelectedCurves)) {
      $0.drawing.curves = styledTwoCurves()
      $0.drawing.curves[1] = Curve.State(id: id(0), subpaths: styledTwoCurves()[1].subpaths, style: styledTwoCurves()[0].style)
      $0.interaction.selection = [point2, PointReference(curve: id(0), point: id(201))]
      $0.history = undoHistory(undo: [styledTwoCurves(), combined])
      $0.drawing.revision = 2
    }
  }

  @Test func combineNeedsTwoCurvesAndBreakApartOneOfSeveralSubpaths() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Editor() }
    await store.send(.curveCommands(.combineSelectedCurves)) {
      $0.interaction.notice = "Ctrl+K combines two or more curves: select points of each."
    }
    await store.send(.curveCommands(.breakApartSelectedCurves)) {
      $0.interaction.notice = "Ctrl+Shift+K breaks apart curves of several subpaths; no selected curve has more than one."
    }
  }

  @Test func deletingANodeJoinsItsSegmentsIntoOneOfTheSameDegreeTracingThem() async {
    let store = makeStore(selecting([ref300(304)], in: halvedCubic())) { Editor() }
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.curveCommands(.deleteSelectedPoints))
    // The halves of one cubic: the fit finds it again.
    let points = store.state.drawing.curves[0].points
    #expect(points.count == 4)
    #expect(points[1].position.distance(to: Point(x: 200, y: 100)) < 1e-6)
    #expect(points[2].position.distance(to: Point(x: 400, y: 100)) < 1e-6)
    var expected = selecting([ref300(304)], in: halvedCubic())
    expected.drawing.curves[0].points = [
      halvedCubic()[0].points[0],
      ControlPoint.State(id: id(0), position: points[1].position),
      ControlPoint.State(id: id(1), position: points[2].position),
      halvedCubic()[0].points[6],
    ]
    expected.interaction.selection = []
    expected.history = undoHistory(undo: [halvedCubic()])
    expected.drawing.revision = 1
    #expect(store.state == expected)
  }

  @Test func deletingANodeOfAClosedSubpathJoinsTheSegmentsRoundIt() async {
    for (deleted, kept) in [(304, 301), (301, 304)] {
      let store = makeStore(selecting([ref300(deleted)], in: closed(halvedCubic()))) { Editor() }
      store.exhaustivity = .off(showSkippedAssertions: false)
      await store.send(.curveCommands(.deleteSelectedPoints))
      // One segment of degree 4 (the closing one's) from the kept node round to it.
      let subpath = store.state.drawing.curves[0].subpaths[0]
      #expect(subpath.isClosed && subpath.points.count == 4 && subpath.points[0].id == id(kept))
      #expect(subpath.segments.count == 1 && subpath.segments[0].degree == 4)
      #expect(store.state.history.undoStack.map(\.curves) == [closed(halvedCubic())])
    }
  }

  @Test func deletingAnEndNodeTakesItsSegmentWithIt() async {
    let store = makeStore(selecting([ref300(301)], in: halvedCubic())) { Editor() }
    await store.send(.curveCommands(.deleteSelectedPoints)) {
      $0.drawing.curves[0].points = IdentifiedArray(uniqueElements: halvedCubic()[0].points[3...])
      $0.interaction.selection = []
      $0.history = undoHistory(undo: [halvedCubic()])
      $0.drawing.revision = 1
    }
  }

  @Test func deletingAControlPointOfACurveOfSegmentsWorksAsBefore() async {
    let store = makeStore(selecting([ref300(302)], in: halvedCubic())) { Editor() }
    await store.send(.curveCommands(.deleteSelectedPoints)) {
      $0.drawing.curves[0].points.remove(id: id(302))
      $0.interaction.selection = []
      $0.history = undoHistory(undo: [halvedCubic()])
      $0.drawing.revision = 1
    }
  }

  /// Any Bézier of degree 2 to 6, split anywhere between 0.2 and 0.8, then its node deleted:
  /// every point of the two old segments lies within 1e-6 document units of the merged one
  /// (the curves span up to 800 units): the merge finds the Bézier again.
  @Test func theMergedSegmentStaysWithinTheBoundOfTheOldOnes() {
    var random = SplitMix64(seed: 2727)
    var worst = 0.0
    for _ in 0..<100 {
      let degree = Int.random(in: 2...6, using: &random)
      let controls = (0...degree).map { _ in Point(x: Double.random(in: 0...800, using: &random), y: Double.random(in: 0...600, using: &random)) }
      let bezier = Bezier(controls)!
      let at = Double.random(in: 0.2...0.8, using: &random)
      let (first, second) = bezier.split(at: at)
      let merged = Bezier(SegmentMerge.merged([first.controlPoints, second.controlPoints]))!
      #expect(merged.degree == degree)
      // The merged segment's point at the matching parameter: an upper bound of the distance
      // from the old point to the merged segment.
      for (piece, range) in [(first, 0...at), (second, at...1)] {
        for step in 0...50 {
          let s = Double(step) / 50
          let distance = merged.eval(range.lowerBound + s * (range.upperBound - range.lowerBound)).distance(to: piece.eval(s))
          worst = max(worst, distance)
        }
      }
    }
    #expect(worst <= 1e-6, "worst \(worst)")
  }

  /// Two unrelated cubics meeting at a node: the merge keeps the ends and the outer handles'
  /// directions (the handles never turned back).
  @Test func aMergeOfAnyTwoCubicsKeepsTheEndsAndOuterHandleDirections() {
    var random = SplitMix64(seed: 72)
    for _ in 0..<100 {
      func point() -> Point { Point(x: Double.random(in: 0...800, using: &random), y: Double.random(in: 0...600, using: &random)) }
      let join = point()
      let first = [point(), point(), point(), join], second = [join, point(), point(), point()]
      let merged = SegmentMerge.merged([first, second])
      #expect(merged.count == 4)
      #expect(merged[0] == first[0] && merged[3] == second[3])
      let startTurn = (merged[1] - merged[0]).cross((first[1] - first[0]).normalized)
      let endTurn = (merged[2] - merged[3]).cross((second[2] - second[3]).normalized)
      #expect(abs(startTurn) < 1e-6 && abs(endTurn) < 1e-6)
      #expect((merged[1] - merged[0]).dot(first[1] - first[0]) >= 0)
    }
  }
}
