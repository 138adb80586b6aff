import ArgumentParser
import Composable
import CurveFeature
import CurveGeometry
import Foundation
import SeededRandom

/// `curves benchmark-frames`: frame times with the software renderer, for the README.
/// Build in release mode first (`swift build -c release`).
struct FrameBenchmarkCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "benchmark-frames",
    abstract: "Measure frame times with the software renderer (run a release build).",
    shouldDisplay: false
  )

  @Option(help: "Frame size in pixels, WIDTHxHEIGHT.")
  var size: String = "1280x800"

  @Option(help: "Frames measured per case.")
  var frames: Int = 200

  func run() throws {
    let size = try DocumentFiles.parseSize(size)
    guard frames > 0 else { throw InputError("--frames must be positive") }
    try MainActor.assumeIsolated {
      print("frame times, software renderer, \(size.width)x\(size.height), \(frames) frames each (median / p95)")
      print("| document | redraw, nothing changed | drag: event to finished frame | select a point (layer re-rendered) |")
      print("|---|---:|---:|---:|")
      for (name, state) in [("default (1 curve)", Editor.State.makeDefault()), ("1,000 four-point curves", Self.manyCurves(1000))] {
        try measure(name, state, size)
      }
    }
  }

  @MainActor
  private func measure(_ name: String, _ state: Editor.State, _ size: (width: Int, height: Int)) throws {
    let store = Store(initialState: state) { Editor() }
    let session = EditorSession(store: store, layout: .offscreen(width: size.width, height: size.height))
    let frame = try OffscreenFrame(width: size.width, height: size.height)
    frame.draw(session)

    var full: [Double] = []
    for _ in 0..<frames {
      let start = ContinuousClock.now
      frame.draw(session)
      full.append((ContinuousClock.now - start).milliseconds)
    }

    // Grab the first curve's second point (which moves that curve out of the static layer)
    // and drag it back and forth.
    let grabbed = store.curves[0].points[1].position
    let select = ContinuousClock.now
    _ = session.handle(.pointerDown(x: grabbed.x, y: grabbed.y, clicks: 1))
    frame.draw(session)
    let selectMilliseconds = (ContinuousClock.now - select).milliseconds
    var drag: [Double] = []
    for index in 0..<frames {
      let offset = Double(index % 40) - 20
      let start = ContinuousClock.now
      _ = session.handle(.pointerMoved(x: grabbed.x + offset, y: grabbed.y + offset / 2))
      frame.draw(session)
      drag.append((ContinuousClock.now - start).milliseconds)
    }
    _ = session.handle(.pointerUp(x: grabbed.x, y: grabbed.y))
    print("| \(name) | \(Self.summary(full)) | \(Self.summary(drag)) | \(String(format: "%.1f ms", selectMilliseconds)) |")
  }

  private static func summary(_ samples: [Double]) -> String {
    let sorted = samples.sorted()
    let median = sorted[sorted.count / 2], p95 = sorted[min(sorted.count - 1, sorted.count * 95 / 100)]
    return String(format: "%.2f / %.2f ms", median, p95)
  }

  /// `count` random four-point curves in a 960x760 canvas (a fixed seed, so runs compare).
  static func manyCurves(_ count: Int) -> Editor.State {
    var generator = SplitMix64(seed: 2026)
    func random(_ limit: Double) -> Double { Double.random(in: 0..<limit, using: &generator) }
    let curves = (0..<count).map { _ in
      CurveReducer.State(id: UUID(), points: IdentifiedArray(uniqueElements: (0..<4).map { _ in
        PointFeature.State(id: UUID(), position: Point(x: random(960), y: random(760)))
      }))
    }
    return Editor.State(curves: IdentifiedArray(uniqueElements: curves), canvas: Canvas(width: 960, height: 760))
  }
}
