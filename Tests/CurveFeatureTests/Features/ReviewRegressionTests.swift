import Composable
import CurveFeature
import CurveGeometry
import Foundation
import OrderedCollections
import Testing

/// Edits that meet each other: a key pressed during a drag, a drop after a failed save,
/// split at the curve limit and with styled points, a click inside a larger selection.
@MainActor
struct ReviewRegressionTests {
  @Test func anEditDuringADragFirstMakesTheDragItsOwnUndoStep() async {
    let store = makeStore(Editor.State(curves: oneCurve())) { Editor() }
    store.exhaustivity = .off
    await store.send(.pointer(.press(Point(x: 200, y: 100))))
    await store.send(.pointer(.moved(Point(x: 250, y: 150))))
    let dragged = store.state.drawing.curves
    await store.send(.moving(.arrow(dx: 10, dy: 0)))
    #expect(store.state.interaction.drag == nil)
    #expect(store.state.history.undoStack == [oneCurve(), dragged])
    await store.send(.pointer(.release(Point(x: 250, y: 150))))
    await store.send(.history(.undo))
    #expect(store.state.drawing.curves == dragged)
    await store.send(.history(.undo))
    #expect(store.state.drawing.curves == oneCurve())
  }

  @Test func undoDuringADragTakesTheDragBack() async {
    let store = makeStore(Editor.State(curves: oneCurve())) { Editor() }
    store.exhaustivity = .off
    await store.send(.pointer(.press(Point(x: 200, y: 100))))
    await store.send(.pointer(.moved(Point(x: 250, y: 150))))
    await store.send(.history(.undo))
    #expect(store.state.drawing.curves == oneCurve())
    #expect(store.state.history.pending == nil)
  }

  @Test func aDroppedDocumentIsNotOpenedWhenSavingThisOneFails() async throws {
    let current = URL(fileURLWithPath: "/drops/current.json"), dropped = URL(fileURLWithPath: "/drops/other.json")
    let droppedData = try Document(Editor.State(curves: twoCurves())).encoded()
    var state = Editor.State(curves: oneCurve())
    state.file.url = current
    state.drawing.markEdited()
    let store = TestStore(initialState: state) { Documents() } withDependencies: {
      $0.fileSystem = FileSystemClient(read: { _ in droppedData }, writeAtomically: { _, _ in throw CocoaError(.fileWriteOutOfSpace) })
    }
    await store.send(.drop(dropped)) {
      $0.file.savedRevision = 1
      $0.file.autosaveRevision = 1
    }
    await store.receive(\.saveFinished.failure) {
      $0.file.savedRevision = nil
      $0.file.errorMessage = DocumentError.unwritable(path: current.path, reason: CocoaError(.fileWriteOutOfSpace).localizedDescription).description
    }
    #expect(store.state.drawing.curves == oneCurve())
  }

  @Test func splitKeepsTheEndsStylesAtTheEndsAndRespectsTheCurveLimit() async throws {
    var curves = oneCurve()
    curves[0].points[0].color = RGBColor.palette[0]
    curves[0].points[3].size = 20
    var state = Editor.State(curves: curves)
    state.interaction.selection = [point2]
    state.drawing.animation.step = 5
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    await store.send(.curveCommands(.splitSelectedCurves))
    let (first, second) = (store.state.drawing.curves[0], store.state.drawing.curves[1])
    #expect(first.points.first?.color == RGBColor.palette[0] && first.points.first?.id == id(101))
    #expect(first.points.last?.size == nil && second.points.first?.size == nil)
    #expect(second.points.last?.size == 20 && second.points.last?.id == id(104))

    var full = Editor.State(curves: IdentifiedArray(uniqueElements: (0..<Document.maximumCurves).map { index in
      Curve.State(id: UUID(), points: [
        ControlPoint.State(id: UUID(), position: Point(x: 0, y: 0)), ControlPoint.State(id: UUID(), position: Point(x: 10, y: 10)),
      ])
    }))
    full.interaction.selection = [PointReference(curve: full.drawing.curves[0].id, point: full.drawing.curves[0].points[0].id)]
    full.drawing.animation.step = 5
    let limited = makeStore(full) { Editor() }
    await limited.send(.curveCommands(.splitSelectedCurves)) { $0.interaction.notice = "A document holds at most 10000 curves." }
  }

  @Test func aClickOnOnePointOfSeveralSelectsJustIt() async {
    var state = Editor.State(curves: oneCurve())
    state.interaction.selection = [point2, PointReference(curve: id(100), point: id(103))]
    let store = makeStore(state) { Pointer() }
    store.exhaustivity = .off
    await store.send(.press(Point(x: 200, y: 100)))
    #expect(store.state.interaction.selection.count == 2, "still both, in case the press becomes a drag")
    await store.send(.release(Point(x: 200, y: 100)))
    #expect(store.state.interaction.selection == [point2])
  }

  @Test func deleteKeepsTheSurvivorsSelected() async {
    var state = Editor.State(curves: twoCurves())
    state.interaction.selection = [point2, PointReference(curve: id(200), point: id(201))]
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    await store.send(.curveCommands(.deleteSelectedPoints))
    #expect(store.state.drawing.curves[id: id(100)]?.points.count == 3)
    #expect(store.state.interaction.selection == [PointReference(curve: id(200), point: id(201))])
  }

  @Test func escapeDuringADragPutsThePointsBack() async {
    let store = makeStore(Editor.State(curves: oneCurve())) { Editor() }
    store.exhaustivity = .off
    await store.send(.pointer(.press(Point(x: 200, y: 100))))
    await store.send(.pointer(.moved(Point(x: 250, y: 150))))
    await store.send(.selection(.clearSelection))
    #expect(store.state.drawing.curves == oneCurve())
    #expect(store.state.interaction.drag == nil && store.state.interaction.selection.isEmpty)
    #expect(!store.state.history.canUndo && store.state.history.pending == nil)
  }

  @Test func aLargePointIsGrabbedAnywhereOnItsHandle() async {
    var curves = oneCurve()
    curves[0].points[1].size = 30  // a 15-unit radius at 100%, beyond the 8-unit hit radius
    let store = makeStore(Editor.State(curves: curves)) { Pointer() }
    await store.send(.moved(Point(x: 213, y: 100))) { $0.interaction.hover = point2 }
    await store.send(.moved(Point(x: 316, y: 100))) { $0.interaction.hover = nil }
  }

  @Test func anSVGDroppedOnASmallerCanvasSaysItsPointsWereMoved() async {
    let svg = URL(fileURLWithPath: "/drops/wide.svg")
    let files = LockIsolated([svg: Data(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2000 600"><path d="M10 20 L1500 40"/></svg>"#.utf8)])
    let store = makeStore(files: files) { Documents() }
    store.exhaustivity = .off
    await store.send(.drop(svg))
    await store.receive(\.importedSVG)
    #expect(store.state.interaction.notice == "Added 1 curve from wide.svg; points outside this canvas were moved onto its edge.")
    #expect(store.state.drawing.curves[1].points[1].position == Point(x: 800, y: 40))
  }
}
