import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

/// The id `.incrementing` would generate n-th, for building expected states.
func id(_ n: Int) -> UUID {
  UUID(uuidString: String(format: "00000000-0000-0000-0000-%012x", n))!
}

/// One curve (id 100) with points 101...104 at (100,100), (200,100), (300,100), (400,100).
func oneCurve() -> IdentifiedArrayOf<CurveReducer.State> {
  [CurveReducer.State(id: id(100), points: IdentifiedArray(uniqueElements: (1...4).map {
    PointFeature.State(id: id(100 + $0), position: Point(x: Double($0) * 100, y: 100))
  }))]
}

@MainActor
func makeStore(
  _ state: Editor.State = Editor.State(curves: oneCurve()),
  clock: TestClock<Duration> = TestClock()
) -> TestStore<Editor.State, Editor.Action> {
  TestStore(initialState: state) { Editor() } withDependencies: {
    $0.uuid = .incrementing
    $0.continuousClock = clock
  }
}

func movePoint(_ curve: Int, _ point: Int, _ position: Point) -> Editor.Action {
  .curves(.element(id: id(curve), action: .points(.element(id: id(point), action: .movePoint(position)))))
}

let point2 = PointReference(curve: id(100), point: id(102))

@MainActor
struct EditorDragTests {
  @Test func aDragMovesThePointUnderThePointerAndIsOneUndoStep() async {
    let store = makeStore()
    let original = store.state.curves
    await store.send(.pointerDown(Point(x: 203, y: 98), clickCount: 1)) {
      $0.selection = point2
      $0.drag = .init(point: point2, grabOffset: Point(x: 3, y: -2), start: Point(x: 200, y: 100))
      $0.history.record(original)
    }
    await store.send(.pointerMoved(Point(x: 253, y: 148)))
    await store.receive(movePoint(100, 102, Point(x: 250, y: 150))) {
      $0.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 250, y: 150)
    }
    await store.send(.pointerMoved(Point(x: 263, y: 158)))
    await store.receive(movePoint(100, 102, Point(x: 260, y: 160))) {
      $0.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 260, y: 160)
    }
    await store.send(.pointerUp(Point(x: 263, y: 158))) { $0.drag = nil }
    let moved = store.state.curves
    await store.send(.undo) {
      $0.curves = original
      _ = $0.history.undo(from: moved)
    }
    await store.send(.redo) {
      $0.curves = moved
      _ = $0.history.redo(from: original)
    }
  }

  @Test func aDragOutsideTheWindowIsClampedToTheCanvas() async {
    let store = makeStore()
    await store.send(.pointerDown(Point(x: 100, y: 100), clickCount: 1)) {
      $0.selection = PointReference(curve: id(100), point: id(101))
      $0.drag = .init(point: $0.selection!, grabOffset: .zero, start: Point(x: 100, y: 100))
      $0.history.record(oneCurve())
    }
    await store.send(.pointerMoved(Point(x: -500, y: 9_000)))
    await store.receive(movePoint(100, 101, Point(x: 0, y: 600))) {
      $0.curves[id: id(100)]?.points[id: id(101)]?.position = Point(x: 0, y: 600)
    }
    await store.send(.pointerMoved(Point(x: .nan, y: 1e300)))
    await store.receive(movePoint(100, 101, Point(x: 0, y: 600)))
    await store.send(.pointerUp(Point(x: 0, y: 0))) { $0.drag = nil }
  }

  @Test func theTopmostPointWins() async {
    var curves = oneCurve()
    curves.append(CurveReducer.State(id: id(200), points: [
      PointFeature.State(id: id(201), position: Point(x: 102, y: 100)),
      PointFeature.State(id: id(202), position: Point(x: 500, y: 500)),
    ]))
    let store = makeStore(Editor.State(curves: curves))
    await store.send(.pointerMoved(Point(x: 101, y: 100))) {
      $0.hover = PointReference(curve: id(200), point: id(201))
    }
    await store.send(.pointerDown(Point(x: 101, y: 100), clickCount: 1)) {
      $0.selection = PointReference(curve: id(200), point: id(201))
      $0.drag = .init(point: $0.selection!, grabOffset: Point(x: -1, y: 0), start: Point(x: 102, y: 100))
      $0.history.record(curves)
    }
    await store.send(.pointerUp(Point(x: 101, y: 100))) {
      $0.drag = nil
      $0.history.discardLast()
    }
  }

  @Test func hoverFollowsThePointerWithoutADrag() async {
    let store = makeStore()
    await store.send(.pointerMoved(Point(x: 305, y: 104))) {
      $0.hover = PointReference(curve: id(100), point: id(103))
    }
    await store.send(.pointerMoved(Point(x: 320, y: 100))) { $0.hover = nil }
  }
}

@MainActor
struct EditorEditingTests {
  @Test func doubleClickOnEmptyCanvasInsertsIntoTheNearestPolygonSegment() async {
    let store = makeStore()
    await store.send(.pointerDown(Point(x: 250, y: 130), clickCount: 2)) {
      $0.history.record(oneCurve())
      $0.curves[id: id(100)]?.points.insert(PointFeature.State(id: id(0), position: Point(x: 250, y: 130)), at: 2)
      $0.selection = PointReference(curve: id(100), point: id(0))
    }
  }

  @Test func aSingleClickOnEmptyCanvasClearsTheSelection() async {
    var state = Editor.State(curves: oneCurve())
    state.selection = point2
    let store = makeStore(state)
    await store.send(.pointerDown(Point(x: 700, y: 500), clickCount: 1)) { $0.selection = nil }
  }

  @Test func deleteRemovesTheSelectedPointButNeverBelowTwo() async {
    var state = Editor.State(curves: oneCurve())
    state.selection = point2
    let store = makeStore(state)
    await store.send(.deleteSelectedPoint) {
      $0.history.record(oneCurve())
      $0.curves[id: id(100)]?.points.remove(id: id(102))
      $0.selection = nil
    }
    await store.send(.selectNextPoint) { $0.selection = PointReference(curve: id(100), point: id(101)) }
    let three = store.state.curves
    await store.send(.deleteSelectedPoint) {
      $0.history.record(three)
      $0.curves[id: id(100)]?.points.remove(id: id(101))
      $0.selection = nil
    }
    await store.send(.selectNextPoint) { $0.selection = PointReference(curve: id(100), point: id(103)) }
    await store.send(.deleteSelectedPoint)
  }

  @Test func tabCyclesAndEscapeClears() async {
    let store = makeStore()
    for n in [101, 102, 103, 104, 101] {
      await store.send(.selectNextPoint) { $0.selection = PointReference(curve: id(100), point: id(n)) }
    }
    await store.send(.clearSelection) { $0.selection = nil }
  }

  @Test func arrowKeysNudgeTheSelectedPoint() async {
    var state = Editor.State(curves: oneCurve())
    state.selection = point2
    let store = makeStore(state)
    await store.send(.nudgeSelectedPoint(dx: 10, dy: -1))
    await store.receive(.moveSelectedPoint(to: Point(x: 210, y: 99))) { $0.history.record(oneCurve()) }
    await store.receive(movePoint(100, 102, Point(x: 210, y: 99))) {
      $0.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 210, y: 99)
    }
  }

  @Test func addCurveAddsFourPointsAndSelectsTheFirst() async {
    let store = makeStore()
    await store.send(.addCurve) {
      $0.history.record(oneCurve())
      $0.curves.append(CurveReducer.State(id: id(0), points: [
        // Shifted 24 down for the one curve already there, so new curves do not stack.
        .init(id: id(1), position: Point(x: 120, y: 324)),
        .init(id: id(2), position: Point(x: 304, y: 144)),
        .init(id: id(3), position: Point(x: 496, y: 144)),
        .init(id: id(4), position: Point(x: 680, y: 324)),
      ]))
      $0.selection = PointReference(curve: id(0), point: id(1))
    }
  }

  @Test func resizeClampsPointsBackIntoTheCanvas() async {
    let store = makeStore()
    await store.send(.resize(width: 250, height: 80)) {
      $0.canvas = Canvas(width: 250, height: 80)
      $0.curves[id: id(100)]?.points[id: id(101)]?.position = Point(x: 100, y: 80)
      $0.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 200, y: 80)
      $0.curves[id: id(100)]?.points[id: id(103)]?.position = Point(x: 250, y: 80)
      $0.curves[id: id(100)]?.points[id: id(104)]?.position = Point(x: 250, y: 80)
    }
    await store.send(.resize(width: .nan, height: 10))
  }
}

@MainActor
struct EditorPanelTests {
  @Test func slidersGoThroughBindingsAndAreClamped() async {
    let store = makeStore()
    await store.send(.binding(.set(\.animation.totalSteps, 20))) { $0.animation.totalSteps = 20 }
    await store.send(.binding(.set(\.animation.totalSteps, 500))) { $0.animation.totalSteps = 100 }
    await store.send(.binding(.set(\.animation.speed, -4))) { $0.animation.speed = 0 }
    await store.send(.binding(.set(\.display.showsTrace, false))) { $0.display.showsTrace = false }
    await store.send(.binding(.set(\.display.construction, .lastLevel))) { $0.display.construction = .lastLevel }
    await store.send(.scrub(t: 0.5)) { $0.animation.step = 50 }
  }

  @Test func theXSliderMovesTheSelectedPointAsOneUndoStep() async {
    var state = Editor.State(curves: oneCurve())
    state.selection = point2
    let store = makeStore(state)
    await store.send(.moveSelectedPoint(to: Point(x: 640, y: 100))) { $0.history.record(oneCurve()) }
    await store.receive(movePoint(100, 102, Point(x: 640, y: 100))) {
      $0.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 640, y: 100)
    }
  }

  @Test func aSliderDragOfThePointIsOneUndoStep() async {
    var state = Editor.State(curves: oneCurve())
    state.selection = point2
    let store = makeStore(state)
    await store.send(.grabSelectedPoint) {
      $0.drag = Editor.State.Drag(point: point2, grabOffset: .zero, start: Point(x: 200, y: 100))
      $0.history.record(oneCurve())
    }
    for x in [250.0, 300] {
      await store.send(.moveSelectedPoint(to: Point(x: x, y: 100)))
      await store.receive(movePoint(100, 102, Point(x: x, y: 100))) {
        $0.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: x, y: 100)
      }
    }
    await store.send(.pointerUp(.zero)) { $0.drag = nil }
    let moved = store.state.curves
    await store.send(.undo) {
      $0.curves = oneCurve()
      _ = $0.history.undo(from: moved)
    }
  }

  @Test func aStoreBindingReadsAndWritesThePanel() {
    let store = Store(initialState: Editor.State(curves: oneCurve())) { Editor() }
    let steps = store.binding(\.animation.totalSteps)
    steps.wrappedValue = 30
    #expect(store.animation.totalSteps == 30)
  }
}

@MainActor
struct EditorAnimationTests {
  @Test func playTicksOnTheClockLoopsAndPauses() async {
    let clock = TestClock()
    var state = Editor.State(curves: oneCurve())
    state.animation = AnimationSettings(totalSteps: 2, speed: 95)  // a tick every 100 ms
    let store = makeStore(state, clock: clock)
    await store.send(.togglePlaying) { $0.animation.isPlaying = true }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.tick) { $0.animation.step = 1 }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.tick) { $0.animation.step = 2 }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.tick) { $0.animation.step = 0 }
    await store.send(.togglePlaying) { $0.animation.isPlaying = false }
    await clock.advance(by: .seconds(1))
  }

  @Test func movingAPointRestartsFromStepZero() async {
    let clock = TestClock()
    var state = Editor.State(curves: oneCurve())
    state.animation = AnimationSettings(totalSteps: 10, speed: 95)
    let store = makeStore(state, clock: clock)
    await store.send(.togglePlaying) { $0.animation.isPlaying = true }
    for step in 1...3 {
      await clock.advance(by: .milliseconds(100))
      await store.receive(.tick) { $0.animation.step = step }
    }
    await store.send(movePoint(100, 101, Point(x: 50, y: 50))) {
      $0.curves[id: id(100)]?.points[id: id(101)]?.position = Point(x: 50, y: 50)
      $0.animation.step = 0
    }
    await store.send(.togglePlaying) { $0.animation.isPlaying = false }
  }

  @Test func changingSpeedWhilePlayingRestartsTheTimer() async {
    let clock = TestClock()
    var state = Editor.State(curves: oneCurve())
    state.animation = AnimationSettings(totalSteps: 10, speed: 5)  // a tick every second
    let store = makeStore(state, clock: clock)
    await store.send(.togglePlaying) { $0.animation.isPlaying = true }
    await clock.advance(by: .milliseconds(500))
    await store.send(.binding(.set(\.animation.speed, 95))) { $0.animation.speed = 95 }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.tick) { $0.animation.step = 1 }
    await store.send(.togglePlaying) { $0.animation.isPlaying = false }
  }

  @Test func arrowStepsWrapAround() async {
    let store = makeStore()
    await store.send(.stepAnimation(by: -1)) { $0.animation.step = 10 }
    await store.send(.stepAnimation(by: 1)) { $0.animation.step = 0 }
  }
}

@MainActor
struct EditorDebugTests {
  @Test func printChangesShowsEachEditorChange() {
    var printed: [String] = []
    let store = Store(initialState: Editor.State(curves: oneCurve())) {
      Editor()._printChanges(.customDump { printed.append($0) })
    }
    store.send(.clearSelection)
    store.send(.selectNextPoint)
    #expect(printed.count == 2)
    #expect(printed[0].contains("(No state changes)"))
    #expect(printed[1].contains("+   selection: PointReference("))
  }
}

@MainActor
struct EditorDefaultDocumentTests {
  @Test func theDefaultDocumentIsOneCurveOfFourPointsInsideTheCanvas() {
    let state = withDependencies { $0.uuid = .incrementing } operation: { Editor.State.makeDefault() }
    #expect(state.curves.count == 1)
    #expect(state.curves[0].id == id(0))
    #expect(state.curves[0].points.map(\.id) == [id(1), id(2), id(3), id(4)])
    #expect(state.curves[0].points.allSatisfy { state.canvas.clamp($0.position) == $0.position })
    #expect(!state.hasUnsavedChanges)
  }
}
