import ArgumentParser
import Composable
import CurveApp
import CurveCommandLine
import CurveFeature
import CurveGeometry
import Foundation

/// `curves-dev benchmark-selector --document FILE`: every object of a drawing selected and
/// dragged by the selector, moved, scaled by a corner handle and turned by a rotate handle,
/// each drag step timed from the pointer's event to the finished frame (the transform applied
/// to every point, the moved curves drawn at their place), headless; and the process's peak
/// memory. With `CURVES_BENCH_SPLIT` set, each step's reducer and frame times too. Build in
/// release mode first.
struct SelectorBenchmarkCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "benchmark-selector",
    abstract: "Time drag frames of the selector moving, scaling and rotating every object of a drawing (run a release build)."
  )

  @Option(help: "The document or SVG drawing whose objects are dragged.")
  var document: String

  @Option(help: "Frame size in pixels, WIDTHxHEIGHT.")
  var size: String = "1280x800"

  @Option(help: "Drag steps measured per case.")
  var frames: Int = 20

  func validate() throws {
    do { _ = try DocumentFiles.parseSize(size) } catch { throw ValidationError(error.description) }
    guard frames > 0 else { throw ValidationError("--frames must be positive") }
  }

  func run() throws {
    let size = try DocumentFiles.parseSize(size)
    let url = URL(fileURLWithPath: document)
    let loaded = try url.pathExtension.lowercased().hasPrefix("svg") ? DocumentFiles.importSVG(url) : DocumentFiles.load(url)
    try MainActor.assumeIsolated {
      var state = Editor.State(document: loaded, url: nil)
      state.interaction.tool = .selector
      state.interaction.snaps = false
      let store = Store(initialState: state) { Editor() } withDependencies: { $0.continuousClock = TestClock() }
      let session = EditorSession(store: store, layout: .offscreen(width: size.width, height: size.height))
      let frame = try OffscreenFrame(width: size.width, height: size.height, layerWorker: .queue())
      store.send(.objects(.selectAll))
      frame.draw(session)
      HeadlessFrames.settle(frame, session)
      guard store.selectedObjectsBox != nil else { throw ValidationError("\(url.lastPathComponent) has no object to select") }
      let viewport = store.viewport
      func screen(_ point: Point) -> Point { viewport.screenPoint(atDocument: point) }
      /// The selection's bottom-right handle now, on screen.
      @MainActor func corner() -> Point {
        let box = store.selectedObjectsBox!
        return screen(Point(x: box.maxX, y: box.maxY))
      }
      // A press on a selected object's stroke or fill: the first curve's first node.
      let node = screen(store.drawing.curves[0].points[0].position)
      print("selector drags of \(store.drawing.curves.count.formatted()) curves (\(store.interaction.selectedObjects.count.formatted()) objects), \(size.width)x\(size.height), event to finished frame, \(frames) steps a case (median / p95)")
      let move = try drag(from: node, expecting: .move, frames: frames, store, session, frame) { index in Point(x: node.x + Double(index % 20) - 10, y: node.y + Double(index % 10) - 5) }
      let scaleCorner = corner()
      let scale = try drag(from: scaleCorner, expecting: .scale(.bottomRight), frames: frames, store, session, frame) { index in
        Point(x: scaleCorner.x - Double(index % 20), y: scaleCorner.y - Double(index % 20))
      }
      // A click on the selection: the rotate handles.
      let again = screen(store.drawing.curves[0].points[0].position)
      session.handle(.pointerDown(x: again.x, y: again.y, clicks: 1))
      session.handle(.pointerUp(x: again.x, y: again.y))
      let turnCorner = corner()
      let rotate = try drag(from: turnCorner, expecting: .rotate(.bottomRight), frames: frames, store, session, frame) { index in
        Point(x: turnCorner.x - Double(index % 20) * 3, y: turnCorner.y + Double(index % 20) * 3)
      }
      print("| move | \(HeadlessFrames.summary(move)) |")
      print("| scale by a corner handle | \(HeadlessFrames.summary(scale)) |")
      print("| rotate by a corner handle | \(HeadlessFrames.summary(rotate)) |")
      print("peak memory: \(HeadlessFrames.peakResidentMegabytes()) MB")
    }
  }

  /// A press at `start`, `frames` steps to `position(step)`, each timed to its finished frame,
  /// then the release (one undo step).
  @MainActor
  private func drag(
    from start: Point, expecting grip: ObjectDrag.Grip, frames: Int, _ store: StoreOf<Editor>, _ session: EditorSession, _ frame: OffscreenFrame,
    to position: (Int) -> Point
  ) throws -> [Double] {
    // Past the double-click interval's reach: every press is a first click.
    session.handle(.pointerDown(x: start.x, y: start.y, clicks: 1))
    guard case let .objects(drag) = store.interaction.gesture, drag.grip == grip else {
      throw ValidationError("the press at (\(start.x), \(start.y)) did not grab \(grip): \(String(describing: store.interaction.gesture))")
    }
    let revision = store.drawing.revision
    let samples = (0..<frames).map { index in
      let clock = ContinuousClock.now
      let point = position(index)
      session.handle(.pointerMoved(x: point.x, y: point.y))
      let reduced = ContinuousClock.now
      frame.draw(session)
      HeadlessFrames.settle(frame, session)
      if ProcessInfo.processInfo.environment["CURVES_BENCH_SPLIT"] != nil {
        print(String(format: "  step %d: reducer %.1f ms, frame %.1f ms", index, (reduced - clock).milliseconds, (ContinuousClock.now - reduced).milliseconds))
      }
      return (ContinuousClock.now - clock).milliseconds
    }
    guard store.drawing.revision != revision else { throw ValidationError("the drag by \(grip) changed nothing") }
    session.handle(.pointerUp(x: position(frames - 1).x, y: position(frames - 1).y))
    frame.draw(session)
    HeadlessFrames.settle(frame, session)
    return samples
  }
}
