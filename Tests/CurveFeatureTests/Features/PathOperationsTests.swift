import Composable
import CurveDocument
import CurveFeature
import CurveGeometry
import Foundation
import OrderedCollections
import Testing

/// Ctrl++, Ctrl+-, Ctrl+/ and the rest on the selected curves: the result in the bottom
/// curve's place with its id and style, selected, one undo step; a wrong count refused.
@MainActor
struct PathOperationsTests {
  /// A filled square of `side` at (x, y), its corners ids `first` + 1…4.
  static func square(_ first: Int, _ x: Double, _ y: Double, side: Double, color: RGBColor) -> Curve.State {
    let corners = [(x, y), (x + side, y), (x + side, y + side), (x, y + side)]
    let points = corners.enumerated().map { Document.PointRecord(id: id(first + 1 + $0), x: $1.0, y: $1.1, node: .corner) }
    let style = CurveStyle(fill: .color(color))
    return Document.curveState(Document.CurveRecord(id: id(first), style: style, subpaths: [Document.SubpathRecord(closed: true, points: points)]))
  }

  static let blue = RGBColor(r: 0x34, g: 0x65, b: 0xa4), red = RGBColor(r: 0xcc, g: 0, b: 0)
  static let bottom = square(300, 100, 100, side: 100, color: blue), top = square(400, 150, 150, side: 100, color: red)

  /// The bottom square, a line between, the top square; a point of `selected` selected.
  func state(selecting selected: [Curve.State]) -> Editor.State {
    var state = Editor.State(curves: [Self.bottom, twoCurves()[1], Self.top])
    state.interaction.selection = OrderedSet(selected.map { PointReference(curve: $0.id, point: $0.points[0].id) })
    return state
  }

  /// What `operation` makes of the two squares, ids counted from 0 as the store's are.
  func expected(_ operation: PathOperation) -> [Curve.State] {
    var next = 0
    return operation.apply(to: [Self.bottom, Self.top].map(Document.CurveRecord.init)) {
      defer { next += 1 }
      return id(next)
    }.map(Document.curveState)
  }

  @Test func unionReplacesBothWithOneCurveInTheBottomsPlace() async throws {
    let store = makeStore(state(selecting: [Self.top, Self.bottom])) { Editor() }
    let union = try #require(expected(.union).first)
    await store.send(.pathOperations(.apply(.union))) { $0.operation = PathOperations.Running(title: "Union", curves: 2) }
    await store.receive(\.pathOperations.finished) {
      $0.operation = nil
      $0.history = undoHistory(undo: [[Self.bottom, twoCurves()[1], Self.top]])
      $0.drawing.curves = [union, twoCurves()[1]]
      $0.interaction.selection = OrderedSet([union].allPointReferences)
      $0.interaction.notice = "Union of 2 curves."
      $0.drawing.revision = 1
    }
    #expect(union.id == Self.bottom.id && union.style == Self.bottom.style)
    // The outline of the two squares: eight corners, 17,500 square units.
    let record = Document.CurveRecord(union)
    #expect(record.subpaths.count == 1 && record.subpaths[0].segments.count == 8)
    #expect(abs(Bezier.signedArea(of: record.subpaths[0].segments.compactMap(Bezier.init)) - 17_500) < 1e-9)
    await store.send(.history(.undo)) {
      $0.history = undoHistory(redo: [[union, twoCurves()[1]]])
      $0.drawing.curves = [Self.bottom, twoCurves()[1], Self.top]
      $0.interaction.selection = []
      $0.drawing.revision = 2
    }
  }

  @Test func divisionLeavesAPieceACurveFromTheBottomsPlace() async {
    let store = makeStore(state(selecting: [Self.bottom, Self.top])) { Editor() }
    let pieces = expected(.division)
    await store.send(.pathOperations(.apply(.division))) { $0.operation = PathOperations.Running(title: "Division", curves: 2) }
    await store.receive(\.pathOperations.finished) {
      $0.operation = nil
      $0.history = undoHistory(undo: [[Self.bottom, twoCurves()[1], Self.top]])
      $0.drawing.curves = IdentifiedArray(uniqueElements: pieces + [twoCurves()[1]])
      $0.interaction.selection = OrderedSet(pieces.allPointReferences)
      $0.interaction.notice = "Division: 2 curves."
      $0.drawing.revision = 1
    }
    #expect(pieces.count == 2 && pieces[0].id == Self.bottom.id && ![Self.bottom.id, Self.top.id].contains(pieces[1].id))
  }

  @Test func anIntersectionOfCurvesApartLeavesNothing() async {
    let far = Self.square(500, 400, 400, side: 50, color: Self.red)
    var start = Editor.State(curves: [Self.bottom, far])
    start.interaction.selection = [PointReference(curve: Self.bottom.id, point: id(301)), PointReference(curve: far.id, point: id(501))]
    let store = makeStore(start) { Editor() }
    await store.send(.pathOperations(.apply(.intersection))) { $0.operation = PathOperations.Running(title: "Intersection", curves: 2) }
    await store.receive(\.pathOperations.finished) {
      $0.operation = nil
      $0.history = undoHistory(undo: [[Self.bottom, far]])
      $0.drawing.curves = []
      $0.interaction.selection = []
      $0.interaction.notice = "Intersection: nothing is left."
      $0.drawing.revision = 1
    }
  }

  @Test func aWrongNumberOfCurvesIsRefusedAndChangesNothing() async {
    let three = state(selecting: [Self.bottom, twoCurves()[1], Self.top])
    let store = makeStore(three) { Editor() }
    await store.send(.pathOperations(.apply(.difference))) {
      $0.interaction.notice = "Difference needs exactly two curves (a point of each selected); 3 are selected."
    }
    let one = state(selecting: [Self.top])
    let single = makeStore(one) { Editor() }
    await single.send(.pathOperations(.apply(.intersection))) {
      $0.interaction.notice = "Intersection needs at least 2 curves (a point of each selected); 1 is selected."
    }
    await single.send(.pathOperations(.apply(.cut))) {
      $0.interaction.notice = "Cut path needs exactly two curves (a point of each selected); 1 is selected."
    }
  }

  /// 400 squares piled nearly on one another: their 1,600 sides' boxes meet 191,600 times,
  /// far past what the window can work through within 1 GB, so the union is refused
  /// with the figure and nothing changes.
  @Test func aUnionTooBigForTheWindowIsRefusedWithItsSize() async {
    let squares = (0..<400).map { Self.square(1000 + 10 * $0, Double($0 % 20), Double($0 / 20), side: 100, color: Self.blue) }
    var state = Editor.State(curves: IdentifiedArray(uniqueElements: squares))
    state.interaction.selection = OrderedSet(squares.map { PointReference(curve: $0.id, point: $0.points[0].id) })
    let work = PathBoolean.meetingPairs(of: squares.map { Document.CurveRecord($0).filledShape }, limit: PathOperations.meetingPairBudget)
    #expect(work.count == 191_600 && !work.isEstimate)
    let store = makeStore(state) { Editor() }
    await store.send(.pathOperations(.apply(.union))) {
      $0.interaction.notice = "Union: these 400 curves' segments meet about 191,600 times, "
        + "more than the 100,000 the window can work through within 1 GB; select fewer."
    }
  }

  @Test func ctrlParenthesesGrowAndShrinkByTwoScreenUnits() async throws {
    let store = makeStore(state(selecting: [Self.bottom])) { Editor() }
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.pathOperations(.offset(outward: true)))
    await store.receive(\.pathOperations.finished)
    let grown = try #require(store.state.drawing.curves.first)
    let area = { (curve: Curve.State) in
      Document.CurveRecord(curve).subpaths.reduce(0) { $0 + Bezier.signedArea(of: $1.segments.compactMap(Bezier.init)) }
    }
    // 100 by 100 grown by 2 (the view at 100%), round at the corners.
    let disc = Bezier.signedArea(of: PathStroke.circle(.zero, 2))
    #expect(grown.id == Self.bottom.id && abs(area(grown) - (10_000 + 800 + disc)) < 1e-6)
    #expect(store.state.drawing.curves.count == 3 && store.state.interaction.notice == "Outset: 1 curve.")
    #expect(store.state.history.undoStack.count == 1)
    await store.send(.pathOperations(.offset(outward: false)))
    await store.receive(\.pathOperations.finished)
    await store.send(.pathOperations(.offset(outward: false)))
    await store.receive(\.pathOperations.finished)
    #expect(abs(area(store.state.drawing.curves[0]) - 96 * 96) < 1e-6, "shrunk twice from the grown square")
  }

  @Test func strokeToPathKeepsTheFillUnderTheStrokesOutline() async throws {
    var stroked = Self.bottom
    stroked.style.stroke = .color(Self.red)
    stroked.style.strokeWidth = 10
    stroked.style.lineJoin = .miter
    var start = Editor.State(curves: [stroked])
    start.interaction.selection = [PointReference(curve: stroked.id, point: id(301))]
    let store = makeStore(start) { Editor() }
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.pathOperations(.strokeToPath))
    await store.receive(\.pathOperations.finished)
    let curves = store.state.drawing.curves
    try #require(curves.count == 2)
    #expect(curves[0].id == stroked.id && curves[0].style.fill == .color(Self.blue) && curves[0].style.stroke == CurveStyle.Paint.none)
    #expect(curves[1].style.fill == .color(Self.red) && curves[1].style.stroke == CurveStyle.Paint.none)
    let ring = Document.CurveRecord(curves[1]).subpaths.reduce(0) { $0 + Bezier.signedArea(of: $1.segments.compactMap(Bezier.init)) }
    #expect(abs(ring - (110 * 110 - 90 * 90)) < 1e-6)
    #expect(store.state.interaction.notice == "Stroke to path: 2 curves.")
  }

  /// The work runs off the reducer's thread: while it does (the state says what runs),
  /// another operation waits and says so, and Escape cancels it: nothing changes.
  @Test func whileAnOperationWorksAnotherWaitsAndEscapeCancelsIt() async {
    var working = state(selecting: [Self.top, Self.bottom])
    working.operation = PathOperations.Running(title: "Union", curves: 2)
    let store = makeStore(working) { Editor() }
    await store.send(.pathOperations(.apply(.difference))) { $0.interaction.notice = "Union is still working; Escape cancels it." }
    await store.send(.pathOperations(.strokeToPath))
    await store.send(.pathOperations(.cancel)) {
      $0.operation = nil
      $0.interaction.notice = "Union was cancelled; nothing changed."
    }
    await store.send(.pathOperations(.cancel))
  }
}
