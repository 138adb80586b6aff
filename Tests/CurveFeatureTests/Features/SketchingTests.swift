import Composable
import CurveFeature
import CurveGeometry
import Foundation
import OrderedCollections
import Testing

/// The drawing tools: each gesture, what it makes, and that it is one undo step.
@MainActor
struct SketchingTests {
  /// A closed curve of `points` (each with its id and node type), as a tool makes it.
  static func closedCurve(id curve: Int, _ points: [(id: Int, x: Double, y: Double, node: NodeType?)]) -> Curve.State {
    let records = points.map { Document.PointRecord(id: id($0.id), x: $0.x, y: $0.y, node: $0.node) }
    return Document.curveState(Document.CurveRecord(id: id(curve), style: CurveStyle(), subpaths: [Document.SubpathRecord(closed: true, points: records)]))
  }

  /// An open curve of `points`, as the pen makes it.
  static func openCurve(id curve: Int, _ points: [(id: Int, x: Double, y: Double, node: NodeType?)]) -> Curve.State {
    let records = points.map { Document.PointRecord(id: id($0.id), x: $0.x, y: $0.y, node: $0.node) }
    return Document.curveState(Document.CurveRecord(id: id(curve), style: CurveStyle(), subpaths: [Document.SubpathRecord(points: records)]))
  }

  @Test func ctrlDragWithTheRectangleToolMakesASquareSelectedAsOneUndoStep() async {
    let store = makeStore { Editor() }
    await store.send(.tools(.choose(.rectangle))) {
      $0.interaction.tool = .rectangle
      $0.interaction.notice = Tool.rectangle.hint
    }
    await store.send(.pointer(.down(Point(x: 100, y: 200), button: .left, clickCount: 1, modifiers: [.control]))) {
      $0.interaction.notice = nil
      $0.interaction.gesture = .sketch(Sketch(tool: .rectangle, points: [Point(x: 100, y: 200)], isConstrained: true))
    }
    await store.send(.pointer(.moved(Point(x: 150, y: 230)))) {
      $0.interaction.gesture = .sketch(Sketch(tool: .rectangle, points: [Point(x: 100, y: 200), Point(x: 150, y: 230)], isConstrained: true))
    }
    // Ctrl: the larger side, 50, both ways.
    let square = Self.closedCurve(id: 4, [(0, 100, 200, .corner), (1, 150, 200, .corner), (2, 150, 250, .corner), (3, 100, 250, .corner)])
    await store.send(.pointer(.up(Point(x: 150, y: 230), button: .left))) {
      $0.interaction.gesture = nil
      $0.history = undoHistory(undo: [oneCurve()])
      $0.drawing.curves.append(square)
      $0.interaction.selection = OrderedSet((0...3).map { PointReference(curve: id(4), point: id($0)) })
      $0.drawing.revision = 1
    }
    await store.send(.history(.undo)) {
      $0.drawing.curves = oneCurve()
      $0.history = undoHistory(redo: [$0.drawing.curves + [square]])
      $0.interaction.selection = []
      $0.drawing.revision = 2
    }
  }

  @Test func theEllipseToolMakesFourSymmetricCubicsWithinItsBox() async throws {
    var state = Editor.State(curves: [])
    state.interaction.tool = .ellipse
    state.interaction.currentStyle = CurveStyle(fill: .color(RGBColor(r: 255, g: 0, b: 0)))
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    await store.send(.pointer(.down(Point(x: 100, y: 100), button: .left, clickCount: 1, modifiers: [])))
    await store.send(.pointer(.up(Point(x: 300, y: 200), button: .left)))
    let curve = try #require(store.state.drawing.curves.first)
    #expect(curve.style == CurveStyle(fill: .color(RGBColor(r: 255, g: 0, b: 0))), "the current style")
    let subpath = try #require(curve.subpaths.first)
    #expect(subpath.isClosed && subpath.points.count == 12)
    #expect(subpath.points.filter { $0.node != nil }.map(\.position) == [Point(x: 300, y: 150), Point(x: 200, y: 200), Point(x: 100, y: 150), Point(x: 200, y: 100)])
    #expect(subpath.points.compactMap(\.node) == [.symmetric, .symmetric, .symmetric, .symmetric])
    // Every point of the cubics within 0.03% of the ellipse's radius.
    let record = Document.CurveRecord(curve)
    for segment in record.subpaths[0].segments {
      let cubic = try #require(Bezier(segment))
      for step in 0...50 {
        let p = cubic.eval(Double(step) / 50)
        let radial = ((p.x - 200) / 100 * (p.x - 200) / 100 + (p.y - 150) / 50 * (p.y - 150) / 50).squareRoot()
        #expect(abs(radial - 1) <= 0.0003, "\(p)")
      }
    }
  }

  @Test func thePencilFitsItsStrokeAndAClickMakesNothing() async throws {
    var state = Editor.State(curves: [])
    state.interaction.tool = .pencil
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    // A click: nothing drawn, nothing to undo.
    await store.send(.pointer(.down(Point(x: 50, y: 50), button: .left, clickCount: 1, modifiers: [])))
    await store.send(.pointer(.up(Point(x: 50, y: 50), button: .left)))
    #expect(store.state.drawing.curves.isEmpty && !store.state.history.canUndo)
    // Half a circle of radius 100, sampled as the pointer moves.
    let trail = (0...90).map { Point(x: 300 + 100 * cos(Double($0) * .pi / 90), y: 300 - 100 * sin(Double($0) * .pi / 90)) }
    await store.send(.pointer(.down(trail[0], button: .left, clickCount: 1, modifiers: [])))
    for point in trail.dropFirst() { await store.send(.pointer(.moved(point))) }
    #expect(store.state.interaction.sketch?.points.count == trail.count)
    await store.send(.pointer(.up(trail[trail.count - 1], button: .left)))
    let curve = try #require(store.state.drawing.curves.first)
    let record = Document.CurveRecord(curve)
    let cubics = try record.subpaths[0].segments.map { try #require(Bezier($0)) }
    #expect((1...3).contains(cubics.count), "\(cubics.count) cubics for a half circle")
    for point in trail {
      #expect(cubics.map { $0.nearest(to: point).distance }.min()! <= Sketching.pencilTolerance)
    }
    #expect(store.state.interaction.selection.count == curve.points.count, "selected when done")
    #expect(store.state.history.canUndo)
  }

  @Test func escapeDropsTheStrokeThenGoesBackToTheNodeTool() async {
    var state = Editor.State(curves: oneCurve())
    state.interaction.tool = .pencil
    state.interaction.selection = [point2]
    let store = makeStore(state) { Editor() }
    await store.send(.pointer(.down(Point(x: 10, y: 10), button: .left, clickCount: 1, modifiers: []))) {
      $0.interaction.gesture = .sketch(Sketch(tool: .pencil, points: [Point(x: 10, y: 10)]))
    }
    await store.send(.tools(.escape)) { $0.interaction.gesture = nil }
    await store.send(.tools(.escape)) {
      $0.interaction.tool = .node
      $0.interaction.notice = Tool.node.hint
    }
    await store.send(.tools(.escape)) { $0.interaction.selection = [] }
  }

  @Test func ctrlLSimplifiesTheSelectedCurveAndPressedAgainTwiceAsFar() async throws {
    // A quarter circle of radius 200 as twelve cubics.
    let points = (0...36).map { step -> Document.PointRecord in
      let segment = step / 3, part = step % 3
      let a0 = Double(segment) / 12 * .pi / 2, a1 = Double(segment + 1) / 12 * .pi / 2, k = 4.0 / 3 * tan((a1 - a0) / 4) * 200
      let centre = Point(x: 100, y: 400)
      let p0 = centre + Point(x: 200 * cos(a0), y: -200 * sin(a0)), p3 = centre + Point(x: 200 * cos(a1), y: -200 * sin(a1))
      let position = part == 0 ? p0 : part == 1 ? p0 + Point(x: -sin(a0), y: -cos(a0)) * k : p3 - Point(x: -sin(a1), y: -cos(a1)) * k
      return Document.PointRecord(id: id(1000 + step), x: position.x, y: position.y, node: part == 0 ? .smooth : nil)
    }
    let curve = Document.curveState(Document.CurveRecord(id: id(999), style: CurveStyle(), subpaths: [Document.SubpathRecord(points: points)]))
    var state = Editor.State(curves: [curve])
    state.interaction.selection = [PointReference(curve: id(999), point: id(1000))]
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    // Ctrl+L runs off the reducer's thread, as the path operations do: its result arrives.
    func simplify() async {
      await store.send(.curveCommands(.simplifySelectedCurves))
      await store.receive(\.pathOperations.simplify)
      #expect(store.state.operation == PathOperations.Running(title: "Simplify", curves: 1))
      await store.receive(\.pathOperations.finished)
      #expect(store.state.operation == nil)
    }
    await simplify()
    let once = try #require(store.state.drawing.curves.first)
    #expect(once.id == id(999))
    let segments = Document.CurveRecord(once).subpaths[0].segments
    #expect((1...2).contains(segments.count), "\(segments.count) segments")
    #expect(store.state.interaction.lastSimplification?.tolerance == CurveCommands.simplifyTolerance)
    #expect(store.state.interaction.selection.count == once.points.count)
    #expect(store.state.interaction.notice == "Simplified within 2 units; Ctrl+L again simplifies more.")
    await simplify()
    #expect(store.state.interaction.lastSimplification?.tolerance == 2 * CurveCommands.simplifyTolerance)
    // After another edit, it starts again from the first tolerance.
    await store.send(.curveCommands(.addCurve))
    await simplify()
    #expect(store.state.interaction.lastSimplification?.tolerance == CurveCommands.simplifyTolerance)
    await store.send(.history(.undo))
    #expect(store.state.drawing.curves.count == 2)
  }

  @Test func theStarToolDrawsFiveCornersFromItsCentreAndCtrlTurnsItIn15DegreeSteps() async throws {
    var state = Editor.State(curves: [])
    state.interaction.tool = .star
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    // From (200, 200) to (200, 150): a corner straight up, 50 out; the inner points 25 out.
    await store.send(.pointer(.down(Point(x: 200, y: 200), button: .left, clickCount: 1, modifiers: [])))
    await store.send(.pointer(.up(Point(x: 200, y: 150), button: .left)))
    let star = try #require(store.state.drawing.curves.first?.subpaths.first)
    #expect(star.isClosed && star.points.count == 10 && star.points.allSatisfy { $0.node == .corner })
    let distances = star.points.map { $0.position.distance(to: Point(x: 200, y: 200)) }
    for (index, distance) in distances.enumerated() { #expect(abs(distance - (index.isMultiple(of: 2) ? 50 : 25)) < 1e-9) }
    #expect(star.points[0].position.distance(to: Point(x: 200, y: 150)) < 1e-9)
    // Ctrl: a drag 5° off the vertical snaps to it.
    await store.send(.pointer(.down(Point(x: 400, y: 200), button: .left, clickCount: 1, modifiers: [.control])))
    await store.send(.pointer(.up(Point(x: 400 + 100 * sin(5 * Double.pi / 180), y: 200 - 100 * cos(5 * Double.pi / 180)), button: .left)))
    let snapped = try #require(store.state.drawing.curves.last?.subpaths.first?.points.first?.position)
    #expect(snapped.distance(to: Point(x: 400, y: 100)) < 1e-9, "\(snapped)")
  }

  @Test func aRectangleWithACornerRadiusHasQuarterCircleCorners() async throws {
    var state = Editor.State(curves: [])
    state.interaction.tool = .rectangle
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    await store.send(.tools(.setShapeSettings(ShapeSettings(cornerRadius: 20))))
    await store.send(.pointer(.press(Point(x: 100, y: 100))))
    await store.send(.pointer(.release(Point(x: 300, y: 200))))
    let record = Document.CurveRecord(try #require(store.state.drawing.curves.first))
    let subpath = record.subpaths[0]
    #expect(subpath.closed && subpath.points.filter { $0.node != nil }.count == 8)
    #expect(subpath.points.compactMap(\.node).allSatisfy { $0 == .smooth })
    #expect(subpath.points[0].x == 120 && subpath.points[0].y == 100)
    // The top-right corner: a quarter circle of radius 20 about (280, 120), within 0.03%.
    let corner = try #require(Bezier(subpath.segments[1]))
    for step in 0...20 {
      let p = corner.eval(Double(step) / 20)
      #expect(abs(p.distance(to: Point(x: 280, y: 120)) - 20) <= 20 * 0.0003)
    }
  }

  @Test func polygonsAndRoundedStarsFollowTheToolBarsSettings() async throws {
    var state = Editor.State(curves: [])
    state.interaction.tool = .star
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    await store.send(.tools(.setShapeSettings(ShapeSettings(corners: 6, isPolygon: true)))) {
      $0.interaction.shapeSettings = ShapeSettings(corners: 6, isPolygon: true)
    }
    await store.send(.pointer(.press(Point(x: 300, y: 300))))
    await store.send(.pointer(.release(Point(x: 400, y: 300))))
    let hexagon = try #require(store.state.drawing.curves.last?.subpaths.first)
    #expect(hexagon.points.count == 6 && hexagon.points.allSatisfy { abs($0.position.distance(to: Point(x: 300, y: 300)) - 100) < 1e-9 })

    await store.send(.tools(.setShapeSettings(ShapeSettings(corners: 200, spokeRatio: 0.3, rounding: 0.5))))
    #expect(store.state.interaction.shapeSettings.corners == 100, "at most 100 corners")
    await store.send(.tools(.setShapeSettings(ShapeSettings(corners: 4, spokeRatio: 0.3, rounding: 0.5))))
    await store.send(.pointer(.press(Point(x: 300, y: 300))))
    await store.send(.pointer(.release(Point(x: 300, y: 200))))
    let star = try #require(store.state.drawing.curves.last?.subpaths.first)
    let nodes = star.points.filter { $0.node != nil }
    #expect(nodes.count == 8 && star.points.count == 24 && nodes.allSatisfy { $0.node == .symmetric })
    #expect(abs(nodes[1].position.distance(to: Point(x: 300, y: 300)) - 30) < 1e-9, "the inner points at 0.3 of the radius")
  }
}
