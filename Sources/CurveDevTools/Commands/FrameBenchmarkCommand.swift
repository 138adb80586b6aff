import ArgumentParser
import Composable
import CurveApp
import CurveCommandLine
import CurveFeature
import CurveGeometry
import Foundation

/// `curves-dev benchmark-frames`: frame times of the drawing path the window uses, headless, for
/// the README. Build in release mode first (`swift build -c release`).
struct FrameBenchmarkCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "benchmark-frames",
    abstract: "Measure frame times of the window's drawing path, headless (run a release build)."
  )

  @Option(help: "Frame size in pixels, WIDTHxHEIGHT.")
  var size: String = "1280x800"

  @Option(help: "Frames measured per case.")
  var frames: Int = 100

  @Option(help: "Documents to measure, by curve count, comma-separated (1 is the default document).")
  var curves: String = "1,1000,10000"

  @Option(help: "Segments in each curve: 1 is a four-point curve; more make closed, filled and stroked paths of that many cubics.")
  var segments: Int = 1

  @Flag(help: "Fill the closed paths of --segments with gradients, linear and radial in turn, instead of flat colours.")
  var gradients = false

  @Option(help: "The curve parameter the construction is drawn at, 0...1.")
  var t: Double = 0

  @Flag(help: "Give every curve a track (keyed where it is at 0 s and 40 units right and down at 2 s) and measure playing it.")
  var timeline = false

  @Option(help: "Measure this document instead of generated ones (with its own timeline, if it has one, played).")
  var document: String?

  /// The curve counts `--curves` lists.
  private var counts: [Int] {
    curves.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
  }

  func validate() throws {
    do { _ = try DocumentFiles.parseSize(size) } catch { throw ValidationError(error.description) }
    guard frames > 0 else { throw ValidationError("--frames must be positive") }
    guard (1...100).contains(segments) else { throw ValidationError("--segments must be between 1 and 100") }
    guard !gradients || segments > 1 else { throw ValidationError("--gradients fills closed paths: give --segments 2 or more") }
    guard !counts.isEmpty, counts.allSatisfy({ (1...Document.maximumCurves).contains($0) }) else {
      throw ValidationError("--curves takes counts from 1 to \(Document.maximumCurves), like 1,1000,10000")
    }
  }

  func run() throws {
    let size = try DocumentFiles.parseSize(size)
    try MainActor.assumeIsolated {
      print("frame times, \(size.width)x\(size.height), t = \(t), event to finished frame, \(frames) frames a case (median / p95)")
      print("| document | open to first frame | redraw | hover | select a point | drag | zoom (wheel) | pan (middle drag) | layer redrawn after a zoom |\(timeline || document != nil ? " play the timeline (a frame, layer redrawn) |" : "")")
      print("|---|---:|---:|---:|---:|---:|---:|---:|---:|\(timeline || document != nil ? "---:|" : "")")
      if let document {
        let loaded = try DocumentFiles.load(URL(fileURLWithPath: document))
        var state = Editor.State(document: loaded, url: nil)
        if timeline, state.drawing.timeline == nil { Self.keyEveryCurve(&state) }
        try measure("\(URL(fileURLWithPath: document).lastPathComponent) (\(loaded.curves.count.formatted()) curves)", state, size)
        return
      }
      for count in counts {
        let name = count == 1 ? "default (1 curve)"
          : segments == 1 ? "\(count.formatted()) four-point curves"
          : "\(count.formatted()) \(gradients ? "gradient-filled" : "filled") paths of \(segments) cubics"
        var state = count == 1 ? Editor.State.makeDefault()
          : segments == 1 ? SampleDocuments.manyCurves(count) : SampleDocuments.manyPaths(count, segments: segments, gradients: gradients)
        if timeline { Self.keyEveryCurve(&state) }
        try measure(name + (timeline ? ", each keyed" : ""), state, size)
      }
    }
  }

  @MainActor
  private func measure(_ name: String, _ state: Editor.State, _ size: (width: Int, height: Int)) throws {
    // Opening: decode the document, build the state, draw the first frame.
    let json = try Document(state).encoded()
    let open = ContinuousClock.now
    let document = try Document.decode(json)
    // A clock of its own: playing the timeline is stepped here, a display frame at a time.
    let store = Store(initialState: Editor.State(document: document, url: nil)) { Editor() } withDependencies: { $0.continuousClock = TestClock() }
    store.send(.animation(.scrub(t: min(max(t, 0), 1))))
    let session = EditorSession(store: store, layout: .offscreen(width: size.width, height: size.height))
    let frame = try OffscreenFrame(width: size.width, height: size.height, layerWorker: .queue())
    frame.draw(session)
    let openMilliseconds = (ContinuousClock.now - open).milliseconds

    /// Lets the layer's background drawing arrive, then draws the frame with it, as the window
    /// does (it draws when the layer asks, not while waiting: a frame drawn every millisecond
    /// meanwhile would scale the old layer each time, on a core the drawing needs); returns
    /// how long that took. A layer already settled asks for nothing: no frame is drawn again
    /// (each frame of the timeline playing was drawn twice, one of them a frame the window
    /// never draws).
    func settle() -> Double {
      let start = ContinuousClock.now
      while !frame.isLayerSettled, ContinuousClock.now - start < .seconds(10) {
        while !frame.isLayerSettled, ContinuousClock.now - start < .seconds(10) {
          _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
        }
        frame.draw(session)
      }
      return (ContinuousClock.now - start).milliseconds
    }

    func time(_ events: (Int) -> [InputEvent]) -> [Double] {
      (0..<frames).map { index in
        let start = ContinuousClock.now
        for event in events(index) { _ = session.handle(event) }
        frame.draw(session)
        return (ContinuousClock.now - start).milliseconds
      }
    }
    let redraw = time { _ in [] }
    // Hover across the canvas, over points and between them.
    let points = store.drawing.curves.flatMap { $0.points.map(\.position) }
    let hover = time { index in
      let point = points[(index * 7919) % points.count]
      return [.pointerMoved(x: point.x + Double(index % 3), y: point.y)]
    }
    // Select a point of another curve each frame (Escape in between clears the selection).
    let select = time { index in
      let point = store.drawing.curves[(index * 31) % store.drawing.curves.count].points[1].position
      return [.key(KeyChord("escape")), .pointerDown(x: point.x, y: point.y, clicks: 1), .pointerUp(x: point.x, y: point.y)]
    }
    _ = settle()
    // Drag the first curve's second point back and forth.
    let grabbed = store.drawing.curves[0].points[1].position
    _ = session.handle(.pointerDown(x: grabbed.x, y: grabbed.y, clicks: 1))
    let drag = time { index in
      let offset = Double(index % 40) - 20
      return [.pointerMoved(x: grabbed.x + offset, y: grabbed.y + offset / 2)]
    }
    _ = session.handle(.pointerUp(x: grabbed.x, y: grabbed.y))
    _ = session.handle(.key(KeyChord("escape")))
    let centre = (x: Double(size.width) / 3, y: Double(size.height) / 2)
    let zoom = time { index in [.wheel(x: centre.x, y: centre.y, notches: index % 2 == 0 ? 1 : -1)] }
    _ = settle()
    _ = session.handle(.wheel(x: centre.x, y: centre.y, notches: 1))
    frame.draw(session)
    let zoomSettles = settle()
    _ = session.handle(.pointerDown(x: centre.x, y: centre.y, clicks: 1, button: .middle))
    let pan = time { index in
      let offset = Double(index % 20) * 3
      return [.pointerMoved(x: centre.x + offset, y: centre.y + offset / 2, button: .middle)]
    }
    _ = session.handle(.pointerUp(x: centre.x, y: centre.y, button: .middle))
    _ = settle()
    var play = ""
    if timeline || store.drawing.timeline != nil {
      // Playing: each display frame's step of the clock, then the frame with the moved curves
      // finished (the layer drawn again), as the window shows it.
      _ = session.handle(.key(KeyChord("escape")))
      _ = session.handle(.key(KeyChord("home", control: true)))
      _ = session.handle(.key(KeyChord("space")))
      frame.draw(session)
      _ = settle()
      let samples = (0..<frames).map { _ in
        let start = ContinuousClock.now
        store.send(.keyframes(.advance(by: AnimationSettings.frameInterval)))
        frame.draw(session)
        _ = settle()
        return (ContinuousClock.now - start).milliseconds
      }
      play = " \(Self.summary(samples)) |"
    }
    let cells = [redraw, hover, select, drag, zoom, pan].map(Self.summary)
    let opening = String(format: "%.0f ms", openMilliseconds), settles = String(format: "%.0f ms", zoomSettles)
    print("| \(name) | \(opening) | \(cells.joined(separator: " | ")) | \(settles) |\(play)")
  }

  /// Every curve keyed where it is at 0 s and 40 units right and down at 2 s, over a 2 s loop.
  private static func keyEveryCurve(_ state: inout Editor.State) {
    let tracks = state.drawing.curves.map { curve in
      let start = Document.CurveRecord(curve)
      var end = start
      end.subpaths = start.subpaths.map { $0.applying(Affine(a: 1, b: 0, c: 0, d: 1, e: 40, f: 40)) }
      return Timeline.Track(curve: curve.id, keyframes: [Timeline.Keyframe(time: 0, subpaths: start.subpaths), Timeline.Keyframe(time: 2, subpaths: end.subpaths)])
    }
    state.drawing.timeline = Timeline(duration: 2, tracks: tracks)
  }

  private static func summary(_ samples: [Double]) -> String {
    let sorted = samples.sorted()
    let median = sorted[sorted.count / 2], p95 = sorted[min(sorted.count - 1, sorted.count * 95 / 100)]
    return String(format: "%.2f / %.2f ms", median, p95)
  }
}
