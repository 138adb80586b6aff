import Composable
import CurveFeature
import CurveGeometry
import Foundation

/// The id `.incrementing` would generate n-th, for building expected states.
func id(_ n: Int) -> UUID {
  UUID(uuidString: String(format: "00000000-0000-0000-0000-%012x", n))!
}

/// One curve (id 100) with points 101...104 at (100,100), (200,100), (300,100), (400,100).
func oneCurve() -> IdentifiedArrayOf<Curve.State> {
  [Curve.State(id: id(100), points: IdentifiedArray(uniqueElements: (1...4).map {
    ControlPoint.State(id: id(100 + $0), position: Point(x: Double($0) * 100, y: 100))
  }))]
}

/// `oneCurve()` and a second curve (id 200) of two points at (150, 300) and (450, 300).
func twoCurves() -> IdentifiedArrayOf<Curve.State> {
  var curves = oneCurve()
  curves.append(Curve.State(id: id(200), points: [
    ControlPoint.State(id: id(201), position: Point(x: 150, y: 300)),
    ControlPoint.State(id: id(202), position: Point(x: 450, y: 300)),
  ]))
  return curves
}

/// The second point of `oneCurve()`, at (200, 100).
let point2 = PointReference(curve: id(100), point: id(102))

/// `oneCurve()` with `point2` selected.
func oneCurveWithPoint2Selected() -> Editor.State {
  var state = Editor.State(curves: oneCurve())
  state.interaction.selection = [point2]
  return state
}

func movePoint(_ curve: Int, _ point: Int, _ position: Point) -> Editor.Action {
  // The test curves are each one subpath, named by the curve's id.
  .curves(.element(id: id(curve), action: .point(id(point), in: id(curve), .movePoint(position))))
}

/// A test store of `reducer` on the editor's state, with incrementing ids, a test clock and
/// files in memory. It waits up to 10 s for an effect's action, not TCA's 1 s: the whole suite
/// runs at once on two cores, and a clock's tick once took longer than a second to arrive.
@MainActor
func makeStore<R: Reducer>(
  _ state: Editor.State = Editor.State(curves: oneCurve()),
  clock: TestClock<Duration> = TestClock(),
  files: LockIsolated<[URL: Data]> = LockIsolated([:]),
  _ reducer: () -> R
) -> TestStore<Editor.State, R.Action> where R.State == Editor.State {
  let store = TestStore(initialState: state, reducer: reducer) {
    $0.uuid = .incrementing
    $0.continuousClock = clock
    $0.fileSystem = .inMemory(files)
  }
  store.timeout = .seconds(10)
  return store
}

extension Pointer.Action {
  static func press(_ point: Point, clicks: Int = 1) -> Self {
    .down(point, button: .left, clickCount: clicks, modifiers: [])
  }

  static func release(_ point: Point) -> Self {
    .up(point, button: .left)
  }
}

/// The stamp the in-memory file system gives `url`'s present contents.
func stamp(_ files: LockIsolated<[URL: Data]>, _ url: URL) -> FileStamp? {
  FileSystemClient.inMemory(files).stamp(url)
}

/// The undo history whose undo stack is `undo` (oldest first), whose redo stack is `redo` (the
/// next redo last) and whose edit under way started from `pending`: an expected value, stated.
///
/// `UndoHistory` keeps its stacks private (each older step stored as a difference), so the only
/// way to make one is through its own API; this does so from the stacks alone, whatever path a
/// reducer took, and checks that the value has exactly the stacks asked for.
func undoHistory(
  undo: [IdentifiedArrayOf<Curve.State>] = [], redo: [IdentifiedArrayOf<Curve.State>] = [],
  pending: IdentifiedArrayOf<Curve.State>? = nil, timeline: Timeline? = nil, groups: [Group] = [],
  handles: DisplayOptions.Handles = .all
) -> UndoHistory<DrawingSnapshot> {
  func snapshot(_ curves: IdentifiedArrayOf<Curve.State>) -> DrawingSnapshot {
    DrawingSnapshot(curves: curves, timeline: timeline, groups: groups, handles: handles)
  }
  return undoHistory(snapshots: undo.map(snapshot), redo: redo.map(snapshot), pending: pending.map(snapshot))
}

/// The same from snapshots of the curves and the timeline.
func undoHistory(snapshots undo: [DrawingSnapshot], redo: [DrawingSnapshot] = [], pending: DrawingSnapshot? = nil) -> UndoHistory<DrawingSnapshot> {
  var history = UndoHistory<DrawingSnapshot>()
  for snapshot in undo { history.record(snapshot) }
  // Each undo moves one step to redo: push as many as redo holds, then undo them in turn.
  for snapshot in redo { history.record(snapshot) }
  for snapshot in redo { _ = history.undo(from: snapshot) }
  if let pending { history.begin(pending) }
  precondition(history.undoStack == undo && history.redoStack == redo && history.pending == pending)
  return history
}
