import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

/// The editor as a whole: its children composed, and what crosses between them.
@MainActor
struct EditorTests {
  func placedEditor(_ state: Editor.State = Editor.State(curves: oneCurve())) -> Editor.State {
    var state = state
    state.viewport = Viewport.State(canvas: state.canvas, area: Size(width: 800, height: 726))
    return state
  }

  @Test func aDragIsOnePassPerStepThroughTheEditor() async {
    // An exhaustive store fails on any action an effect sends back: there must be none.
    let store = makeStore(placedEditor()) { Editor() }
    await store.send(.pointer(.press(Point(x: 200, y: 100)))) {
      $0.interaction.selection = [point2]
      $0.interaction.gesture = .drag(Drag(point: point2, grabOffset: .zero, start: Point(x: 200, y: 100), startRevision: 0))
      $0.history = undoHistory(pending: oneCurve())
    }
    await store.send(.pointer(.moved(Point(x: 260, y: 160)))) {
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 260, y: 160)
      $0.drawing.revision = 1
    }
    await store.send(.pointer(.release(Point(x: 260, y: 160)))) {
      $0.interaction.gesture = nil
      $0.history = undoHistory(undo: [oneCurve()])
    }
  }

  @Test func aMovePointSentFromOutsideReachesThePointAndRewindsTheConstruction() async {
    var state = placedEditor()
    state.drawing.animation.step = 3
    let store = makeStore(state) { Editor() }
    await store.send(movePoint(100, 101, Point(x: 50, y: 50))) {
      $0.drawing.curves[id: id(100)]?.points[id: id(101)]?.position = Point(x: 50, y: 50)
      $0.drawing.revision = 1
      $0.drawing.animation.step = 0
    }
  }

  @Test func resizingTheWindowNeverChangesTheDocument() async {
    let store = makeStore(Editor.State(curves: oneCurve())) { Editor() }
    for (width, height) in [(800.0, 726.0), (340, 456), (800, 726)] {
      await store.send(.viewport(.resize(width: width, height: height))) {
        // Each size holds the whole 800 x 600 canvas's top-left corner: 100%, unpanned.
        $0.viewport = Viewport.State(canvas: $0.canvas, area: Size(width: width, height: height), zoom: 1, origin: .zero)
      }
    }
    #expect(store.state.drawing.curves == oneCurve())
    #expect(store.state.canvas == Canvas(width: 800, height: 600))
    #expect(store.state.viewport.zoom == 1)
    #expect(!store.state.history.canUndo)
  }

  @Test func aClickOnAPointAfterUndoKeepsRedo() async {
    let store = makeStore(placedEditor()) { Editor() }
    store.exhaustivity = .off
    await store.send(.selection(.selectNextPoint))
    await store.send(.moving(.arrow(dx: 10, dy: 0)))
    await store.send(.history(.undo))
    await store.send(.pointer(.press(Point(x: 200, y: 100))))
    await store.send(.pointer(.release(Point(x: 200, y: 100))))
    await store.send(.history(.redo)) {
      $0.drawing.curves[id: id(100)]?.points[id: id(101)]?.position = Point(x: 110, y: 100)
    }
  }

  @Test func dragAfterZoomMovesThePointInDocumentUnits() async {
    var state = placedEditor()
    _ = Viewport().reduce(into: &state.viewport, action: .zoom(notches: 2, around: .zero))
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    // (200, 100) is at (400, 200) on screen at 200%.
    await store.send(.pointer(.press(Point(x: 400, y: 200))))
    await store.send(.pointer(.moved(Point(x: 500, y: 300))))
    await store.send(.pointer(.release(Point(x: 500, y: 300))))
    #expect(store.state.drawing.curves[point2]?.position == Point(x: 250, y: 150))
  }

  @Test func printChangesShowsEachEditorChange() {
    var printed: [String] = []
    let store = Store(initialState: Editor.State(curves: oneCurve())) {
      Editor()._printChanges(.customDump { printed.append($0) })
    }
    store.send(.selection(.clearSelection))
    store.send(.selection(.selectNextPoint))
    #expect(printed.count == 2)
    #expect(printed[0].contains("(No state changes)"))
    #expect(printed[1].contains("selection: Set(["))
    #expect(printed[1].contains("PointReference("))
  }

  @Test func theDefaultDocumentIsOneCurveOfFourPointsInsideTheCanvas() {
    let state = withDependencies { $0.uuid = .incrementing } operation: { Editor.State.makeDefault() }
    #expect(state.drawing.curves.count == 1)
    #expect(state.drawing.curves[0].id == id(0))
    #expect(state.drawing.curves[0].points.map(\.id) == [id(1), id(2), id(3), id(4)])
    #expect(state.drawing.curves[0].points.allSatisfy { state.canvas.clamp($0.position) == $0.position })
  }

  @Test func aStoreBindingReadsAndWritesThePanel() {
    let store = Store(initialState: Editor.State(curves: oneCurve())) { Editor() }
    let steps = store.scope(state: \.drawing.animation, action: \.animation).binding(\.totalSteps)
    steps.wrappedValue = 30
    #expect(store.drawing.animation.totalSteps == 30)
    #expect(store.hasUnsavedChanges)
  }
}
