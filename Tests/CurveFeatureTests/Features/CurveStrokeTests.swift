import Composable
import CurveFeature
import CurveGeometry
import Foundation
import SeededRandom
import Testing

/// The one segment of `oneCurve()`: its stroke runs along y = 100 from x = 100 to 400.
let oneCurveSegment = SegmentReference(curve: id(100), subpath: id(100), segment: 0)

/// The curve itself under the pointer: hovering its stroke, clicking, dragging and
/// double-clicking a segment.
@MainActor
struct CurveStrokeTests {
  /// One cubic (curve and subpath 100): (100, 300), (200, 100), (400, 100), (500, 300). Its
  /// point at t = 0.5 is (300, 150).
  static func arch() -> IdentifiedArrayOf<Curve.State> {
    [Curve.State(id: id(100), points: [
      ControlPoint.State(id: id(101), position: Point(x: 100, y: 300)),
      ControlPoint.State(id: id(102), position: Point(x: 200, y: 100)),
      ControlPoint.State(id: id(103), position: Point(x: 400, y: 100)),
      ControlPoint.State(id: id(104), position: Point(x: 500, y: 300)),
    ])]
  }

  /// Two cubics (curve and subpath 300) meeting at a smooth node (304, at (300, 300)) whose
  /// handles 303 and 305 lie on one line through it.
  static func smoothJoin() -> IdentifiedArrayOf<Curve.State> {
    [Curve.State(id: id(300), points: [
      ControlPoint.State(id: id(301), position: Point(x: 100, y: 300), node: .corner),
      ControlPoint.State(id: id(302), position: Point(x: 150, y: 150)),
      ControlPoint.State(id: id(303), position: Point(x: 250, y: 150)),
      ControlPoint.State(id: id(304), position: Point(x: 300, y: 300), node: .smooth),
      ControlPoint.State(id: id(305), position: Point(x: 350, y: 450)),
      ControlPoint.State(id: id(306), position: Point(x: 450, y: 450)),
      ControlPoint.State(id: id(307), position: Point(x: 500, y: 300), node: .corner),
    ])]
  }

  static let archSegment = SegmentReference(curve: id(100), subpath: id(100), segment: 0)
  static let archTop = Point(x: 300, y: 150)

  /// The parameter the pointer finds at `position` on `segment`: the nearest point's.
  static func grabbed(_ position: Point, on curves: IdentifiedArrayOf<Curve.State>, _ segment: SegmentReference) -> Double {
    curves[segment: segment]!.nearest(to: position, accuracy: 1e-9).t
  }

  @Test func hoveringTheStrokeHighlightsItsSegmentAndAPointWins() async {
    let store = makeStore(Editor.State(curves: Self.arch())) { Pointer() }
    await store.send(.moved(Point(x: 303, y: 154))) { $0.interaction.hoveredSegment = Self.archSegment }
    // A point under the pointer wins over the stroke under it.
    await store.send(.moved(Point(x: 101, y: 298))) {
      $0.interaction.hover = PointReference(curve: id(100), point: id(101))
      $0.interaction.hoveredSegment = nil
    }
    await store.send(.moved(Point(x: 300, y: 150))) {
      $0.interaction.hover = nil
      $0.interaction.hoveredSegment = Self.archSegment
    }
    // 9 units above the curve's top: beyond the 8-unit hit radius.
    await store.send(.moved(Point(x: 300, y: 141))) { $0.interaction.hoveredSegment = nil }
    await store.send(.moved(Point(x: 300, y: 143))) { $0.interaction.hoveredSegment = Self.archSegment }
    await store.send(.exited) { $0.interaction.hoveredSegment = nil }
  }

  @Test func theTopmostSegmentWinsAndEachSegmentOfASubpathIsItsOwn() async {
    var curves = Self.smoothJoin()
    // A line over the first segment's stroke, drawn later: above it.
    curves.append(Curve.State(id: id(400), points: [
      ControlPoint.State(id: id(401), position: Point(x: 100, y: 188)),
      ControlPoint.State(id: id(402), position: Point(x: 700, y: 188)),
    ]))
    let store = makeStore(Editor.State(curves: curves)) { Pointer() }
    let top = Self.smoothJoin()[0].subpaths[0].segments[0].eval(0.5)  // (200, 187.5)
    await store.send(.moved(top)) { $0.interaction.hoveredSegment = SegmentReference(curve: id(400), subpath: id(400), segment: 0) }
    let low = Self.smoothJoin()[0].subpaths[0].segments[1].eval(0.5)  // (400, 412.5)
    await store.send(.moved(low)) { $0.interaction.hoveredSegment = SegmentReference(curve: id(300), subpath: id(300), segment: 1) }
  }

  @Test func aClickSelectsTheSegmentsEndNodesAndChangesNothing() async {
    var state = Editor.State(curves: Self.arch())
    state.interaction.selection = [PointReference(curve: id(100), point: id(102))]
    let store = makeStore(state) { Pointer() }
    let t = Self.grabbed(Self.archTop, on: Self.arch(), Self.archSegment)
    await store.send(.press(Self.archTop)) {
      $0.interaction.selection = [PointReference(curve: id(100), point: id(101)), PointReference(curve: id(100), point: id(104))]
      $0.interaction.hoveredSegment = Self.archSegment
      $0.interaction.gesture = .reshape(Reshape(
        segment: Self.archSegment, t: t, anchor: Self.archTop, start: Self.arch()[0].points.map(\.position), startRevision: 0
      ))
      $0.history = undoHistory(pending: Self.arch())
    }
    await store.send(.release(Self.archTop)) {
      $0.interaction.gesture = nil
      $0.history = undoHistory()
    }
  }

  @Test func shiftClickAddsTheEndNodesAndTakesThemOut() async {
    var state = Editor.State(curves: Self.arch())
    let handle = PointReference(curve: id(100), point: id(102))
    state.interaction.selection = [handle]
    let store = makeStore(state) { Pointer() }
    let shiftPress = Pointer.Action.down(Self.archTop, button: .left, clickCount: 1, modifiers: .shift)
    let ends = [PointReference(curve: id(100), point: id(101)), PointReference(curve: id(100), point: id(104))]
    let t = Self.grabbed(Self.archTop, on: Self.arch(), Self.archSegment)
    await store.send(shiftPress) {
      $0.interaction.selection = [handle, ends[0], ends[1]]
      $0.interaction.hoveredSegment = Self.archSegment
      $0.interaction.gesture = .reshape(Reshape(
        segment: Self.archSegment, t: t, anchor: Self.archTop, start: Self.arch()[0].points.map(\.position), startRevision: 0
      ))
      $0.history = undoHistory(pending: Self.arch())
    }
    await store.send(.release(Self.archTop)) {
      $0.interaction.gesture = nil
      $0.history = undoHistory()
    }
    // Both already selected: Shift+click takes them out, and nothing is dragged.
    await store.send(shiftPress) { $0.interaction.selection = [handle] }
    await store.send(.release(Self.archTop))
  }

  @Test func aDragReshapesTheSegmentAsOneUndoStepItsGrabbedPointFollowingThePointer() async {
    let store = makeStore(Editor.State(curves: Self.arch())) { Pointer() }
    let start = Self.arch()[0].points.map(\.position)
    let t = Self.grabbed(Self.archTop, on: Self.arch(), Self.archSegment)
    let ends = [PointReference(curve: id(100), point: id(101)), PointReference(curve: id(100), point: id(104))]
    await store.send(.press(Self.archTop)) {
      $0.interaction.selection = [ends[0], ends[1]]
      $0.interaction.hoveredSegment = Self.archSegment
      $0.interaction.gesture = .reshape(Reshape(segment: Self.archSegment, t: t, anchor: Self.archTop, start: start, startRevision: 0))
      $0.history = undoHistory(pending: Self.arch())
    }
    // The pointer moves by (20, -40): the curve's point at t by as much. At t = 0.5 Inkscape's
    // weights share the move equally: each handle goes 4/3 as far.
    for (step, pointer) in [Point(x: 320, y: 110), Point(x: 280, y: 200)].enumerated() {
      let target = Self.arch()[0].subpaths[0].segments[0].eval(t) + (pointer - Self.archTop)
      let moulded = Bezier(start)!.moulded(at: t, to: target)!.controlPoints
      await store.send(.moved(pointer)) {
        $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = moulded[1]
        $0.drawing.curves[id: id(100)]?.points[id: id(103)]?.position = moulded[2]
        $0.drawing.revision = step + 1
      }
      let segment = store.state.drawing.curves[segment: Self.archSegment]!
      #expect(segment.eval(t).distance(to: target) < 1e-9)
      #expect(segment.controlPoints.first == start.first && segment.controlPoints.last == start.last)
    }
    let moved = store.state.drawing.curves[segment: Self.archSegment]!.controlPoints
    #expect(moved[1].distance(to: Point(x: 200 - 20 * 4.0 / 3, y: 100 + 50 * 4.0 / 3)) < 1e-9)
    #expect(moved[2].distance(to: Point(x: 400 - 20 * 4.0 / 3, y: 100 + 50 * 4.0 / 3)) < 1e-9)
    let after = store.state.drawing.curves
    await store.send(.release(Point(x: 280, y: 200))) {
      $0.interaction.gesture = nil
      $0.history = undoHistory(undo: [Self.arch()])
    }
    #expect(store.state.drawing.curves == after)
  }

  @Test func aSmoothEndNodeTurnsItsOtherHandle() async {
    let store = makeStore(Editor.State(curves: Self.smoothJoin())) { Pointer() }
    let segment = SegmentReference(curve: id(300), subpath: id(300), segment: 0)
    let bezier = Self.smoothJoin()[segment: segment]!
    let grab = bezier.eval(0.75)
    let t = Self.grabbed(grab, on: Self.smoothJoin(), segment)
    await store.send(.press(grab)) {
      $0.interaction.selection = [PointReference(curve: id(300), point: id(301)), PointReference(curve: id(300), point: id(304))]
      $0.interaction.hoveredSegment = segment
      $0.interaction.gesture = .reshape(Reshape(segment: segment, t: t, anchor: grab, start: bezier.controlPoints, startRevision: 0))
      $0.history = undoHistory(pending: Self.smoothJoin())
    }
    let pointer = grab + Point(x: -30, y: 20)
    let moulded = bezier.moulded(at: t, to: bezier.eval(t) + Point(x: -30, y: 20))!.controlPoints
    var expected = Self.smoothJoin()
    expected[0].subpaths[0].points[1].position = moulded[1]
    expected[0].subpaths[0].points[2].position = moulded[2]
    let turned = expected[0].subpaths[0].constrainedOppositeHandle(afterMoving: 2)!
    #expect(turned.index == 4)
    await store.send(.moved(pointer)) {
      $0.drawing.curves[id: id(300)]?.points[id: id(302)]?.position = moulded[1]
      $0.drawing.curves[id: id(300)]?.points[id: id(303)]?.position = moulded[2]
      $0.drawing.curves[id: id(300)]?.points[id: id(305)]?.position = turned.position
      $0.drawing.revision = 1
    }
    let points = store.state.drawing.curves[id: id(300)]!.points.map(\.position)
    let node = points[3], before = points[2] - node, after = points[4] - node
    #expect(abs(before.normalized.cross(after.normalized)) < 1e-9 && before.dot(after) < 0)
    #expect(abs(after.length - Point(x: 50, y: 150).length) < 1e-9)
    #expect(points[6] == Point(x: 500, y: 300) && points[5] == Point(x: 450, y: 450))
    #expect(store.state.drawing.curves[segment: segment]!.eval(t).distance(to: pointer) < 1e-9)
    await store.send(.release(pointer)) {
      $0.interaction.gesture = nil
      $0.history = undoHistory(undo: [Self.smoothJoin()])
    }
  }

  @Test func aLineCannotBend() async {
    // Point 102 made a node: (100, 100) to (200, 100) is a line, then a quadratic to (400, 100).
    var line = oneCurve()
    line[0].points[1].node = .corner
    let store = makeStore(Editor.State(curves: line)) { Pointer() }
    let segment = SegmentReference(curve: id(100), subpath: id(100), segment: 0)
    let press = Point(x: 150, y: 100)
    await store.send(.press(press)) {
      $0.interaction.selection = [PointReference(curve: id(100), point: id(101)), PointReference(curve: id(100), point: id(102))]
      $0.interaction.hoveredSegment = segment
      $0.interaction.gesture = .reshape(Reshape(
        segment: segment, t: Self.grabbed(press, on: line, segment), anchor: press,
        start: [Point(x: 100, y: 100), Point(x: 200, y: 100)], startRevision: 0
      ))
      $0.history = undoHistory(pending: line)
    }
    await store.send(.moved(Point(x: 150, y: 160)))
    await store.send(.release(Point(x: 150, y: 160))) {
      $0.interaction.gesture = nil
      $0.history = undoHistory()
    }
  }

  @Test func aDoubleClickOnASegmentInsertsASmoothNodeWithoutChangingTheDrawing() async {
    let store = makeStore(Editor.State(curves: Self.arch())) { Pointer() }
    let t = Self.grabbed(Self.archTop, on: Self.arch(), Self.archSegment)
    #expect(t == 0.5)
    await store.send(.press(Self.archTop)) {
      $0.interaction.selection = [PointReference(curve: id(100), point: id(101)), PointReference(curve: id(100), point: id(104))]
      $0.interaction.hoveredSegment = Self.archSegment
      $0.interaction.gesture = .reshape(Reshape(
        segment: Self.archSegment, t: t, anchor: Self.archTop, start: Self.arch()[0].points.map(\.position), startRevision: 0
      ))
      $0.history = undoHistory(pending: Self.arch())
    }
    await store.send(.release(Self.archTop)) {
      $0.interaction.gesture = nil
      $0.history = undoHistory()
    }
    await store.send(.press(Self.archTop, clicks: 2)) {
      // De Casteljau at t = 0.5, exact in binary: the old handles shortened by half, each kept
      // by its node; three new points between.
      $0.drawing.curves[id: id(100)]?.points = [
        ControlPoint.State(id: id(101), position: Point(x: 100, y: 300)),
        ControlPoint.State(id: id(102), position: Point(x: 150, y: 200)),
        ControlPoint.State(id: id(0), position: Point(x: 225, y: 150)),
        ControlPoint.State(id: id(1), position: Point(x: 300, y: 150), node: .smooth),
        ControlPoint.State(id: id(2), position: Point(x: 375, y: 150)),
        ControlPoint.State(id: id(103), position: Point(x: 450, y: 200)),
        ControlPoint.State(id: id(104), position: Point(x: 500, y: 300)),
      ]
      $0.interaction.selection = [PointReference(curve: id(100), point: id(1))]
      $0.interaction.hoveredSegment = nil
      $0.history = undoHistory(undo: [Self.arch()])
      $0.drawing.revision = 1
    }
    #expect(store.state.drawing.curves[id: id(100)]!.subpaths[0].segments.count == 2)
  }

  /// A weighted segment is split by the rational construction: the halves, weighted, trace
  /// the same rational curve.
  @Test func insertingANodeIntoAWeightedSegmentKeepsItsRationalCurve() throws {
    var generator = SplitMix64(seed: 28)
    var tested = 0
    for _ in 0..<60 {
      let count = Int.random(in: 3...6, using: &generator)
      let positions = (0..<count).map { _ in
        Point(x: Double.random(in: 0...800, using: &generator), y: Double.random(in: 0...600, using: &generator))
      }
      let weights = (0..<count).map { $0 == 0 ? 1 : Double.random(in: 0.3...3, using: &generator) }
      let curve = Curve.State(id: id(100), points: IdentifiedArray(uniqueElements: positions.enumerated().map {
        ControlPoint.State(id: id(101 + $0.offset), position: $0.element, weight: weights[$0.offset])
      }))
      let old = try #require(RationalBezier(positions, weights: weights))
      // The click is found on the rational curve, which is what is drawn.
      let click = old.eval(Double.random(in: 0.1...0.9, using: &generator))
      var state = Editor.State(curves: [curve])
      withDependencies { $0.uuid = .incrementing } operation: {
        _ = Pointer().reduce(into: &state, action: .press(click, clicks: 2))
      }
      guard state.drawing.revision == 1 else { continue }
      tested += 1
      let subpath = state.drawing.curves[0].subpaths[0]
      let halves = try (0..<2).map { try #require(subpath.rationalSegment($0, controlPoints: subpath.segmentControlPoints[$0])) }
      // The halves are the old curve from 0 to t and from t to 1, parameter for parameter.
      let t = old.nearest(to: click).t
      let size = max(Rect(enclosing: positions).width, Rect(enclosing: positions).height, 1)
      #expect(halves[0].eval(1).distance(to: click) <= 1e-6 * size, "the new node is where the click was")
      for step in 0...20 {
        let s = Double(step) / 20
        #expect(halves[0].eval(s).distance(to: old.eval(s * t)) <= 1e-9 * size, "\(count) points, t = \(t)")
        #expect(halves[1].eval(s).distance(to: old.eval(t + s * (1 - t))) <= 1e-9 * size, "\(count) points, t = \(t)")
      }
    }
    #expect(tested > 20)
  }

  @Test func aDoubleClickAwayFromEveryCurveStillInsertsAControlPoint() async {
    let store = makeStore(Editor.State(curves: Self.arch())) { Pointer() }
    await store.send(.press(Point(x: 300, y: 500), clicks: 2)) {
      $0.history = undoHistory(undo: [Self.arch()])
      $0.drawing.curves[id: id(100)]?.points.insert(ControlPoint.State(id: id(0), position: Point(x: 300, y: 500)), at: 1)
      $0.interaction.selection = [PointReference(curve: id(100), point: id(0))]
      $0.drawing.revision = 1
    }
  }

  @Test func anUndoAfterAReshapeForgetsAHoverOfASegmentThatIsGone() {
    var interaction = Interaction()
    interaction.hoveredSegment = SegmentReference(curve: id(100), subpath: id(100), segment: 1)
    interaction.forgetMissingPoints(of: Self.arch())
    #expect(interaction.hoveredSegment == nil)
    interaction.hoveredSegment = Self.archSegment
    interaction.forgetMissingPoints(of: Self.arch())
    #expect(interaction.hoveredSegment == Self.archSegment)
  }

  /// Property: a double-click anywhere on a random segment (of 2 to 8 points) splits it into
  /// two that trace it within 1e-9 of its size, the new node on the curve where clicked.
  @Test func insertingANodeNeverChangesTheDrawing() {
    var generator = SplitMix64(seed: 27)
    var tested = 0
    for _ in 0..<300 {
      let count = Int.random(in: 2...8, using: &generator)
      let positions = (0..<count).map { _ in
        Point(x: Double.random(in: 0...800, using: &generator), y: Double.random(in: 0...600, using: &generator))
      }
      let curve = Curve.State(id: id(100), points: IdentifiedArray(uniqueElements: positions.enumerated().map {
        ControlPoint.State(id: id(101 + $0.offset), position: $0.element)
      }))
      let old = Bezier(positions)!
      let click = old.eval(Double.random(in: 0.05...0.95, using: &generator))
      var state = Editor.State(curves: [curve])
      withDependencies { $0.uuid = .incrementing } operation: {
        _ = Pointer().reduce(into: &state, action: .press(click, clicks: 2))
      }
      // A control point within reach of the click wins: no node then.
      guard state.drawing.revision == 1 else { continue }
      tested += 1
      let t = old.nearest(to: click, accuracy: 1e-9).t
      let segments = state.drawing.curves[0].subpaths[0].segments
      #expect(segments.count == 2)
      let size = max(Rect(enclosing: positions).width, Rect(enclosing: positions).height, 1)
      var worst = 0.0
      for step in 0...100 {
        let s = Double(step) / 100
        worst = max(worst, segments[0].eval(s).distance(to: old.eval(s * t)))
        worst = max(worst, segments[1].eval(s).distance(to: old.eval(t + s * (1 - t))))
      }
      #expect(worst <= 1e-9 * size, "\(count) points, t = \(t)")
      #expect(state.interaction.selection.count == 1)
      #expect(state.drawing.curves[0][point: state.interaction.selection[0].point]?.node == .smooth)
      #expect(state.history.undoStack.map(\.curves) == [[curve]])
    }
    #expect(tested > 150)
  }
}
