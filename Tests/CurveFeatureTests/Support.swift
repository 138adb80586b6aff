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
  .curves(.element(id: id(curve), action: .points(.element(id: id(point), action: .movePoint(position)))))
}

/// A test store of `reducer` on the editor's state, with incrementing ids, a test clock and
/// files in memory.
@MainActor
func makeStore<R: Reducer>(
  _ state: Editor.State = Editor.State(curves: oneCurve()),
  clock: TestClock<Duration> = TestClock(),
  files: LockIsolated<[URL: Data]> = LockIsolated([:]),
  _ reducer: () -> R
) -> TestStore<Editor.State, R.Action> where R.State == Editor.State {
  TestStore(initialState: state, reducer: reducer) {
    $0.uuid = .incrementing
    $0.continuousClock = clock
    $0.fileSystem = .inMemory(files)
  }
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
