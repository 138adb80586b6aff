import ArgumentParser
import CMalloc
import CurveApp
import CurveFeature
import CurveGeometry
import Foundation
import SeededRandom

/// `curves-dev soak`: a long session in one process, for `make soak`. Seeded random input (drags
/// of points, rubber bands, hovering, undo and redo past the history's cap, zooms and pans,
/// fitting the view, play and wait) goes through the same session as the window, with a frame
/// drawn every `frameEvery` events; memory and time are reported every 100,000 events. Fails
/// when memory grows by more than 10 MB after the first 100,000 (the warm-up), or when the
/// last 100,000 take more than 1.25 times the median of those between.
struct SoakCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "soak",
    abstract: "Replay a long random session and report memory and time (make soak)."
  )

  @Option(help: "Events to replay.")
  var events: Int = 1_000_000

  @Option(help: "Curves in the starting document.")
  var curves: Int = 200

  @Option(help: "A frame is drawn after every this many events.")
  var frameEvery: Int = 500

  /// The session's window, in points: the canvas area is 960x760 of it.
  static let frameSize = (width: 1280, height: 800)
  static let chunk = 100_000
  static let allowedGrowth = 10 << 20
  static let allowedSlowdown = 1.25

  func run() throws {
    guard events >= 3 * Self.chunk, curves > 0, frameEvery > 0 else {
      throw ValidationError("--events must be at least \(3 * Self.chunk), --curves and --frame-every positive")
    }
    let failures = try MainActor.assumeIsolated { () throws -> [String] in
      let replay = Replay(state: SampleDocuments.manyCurves(curves), width: Self.frameSize.width, height: Self.frameSize.height)
      let frame = try OffscreenFrame(width: Self.frameSize.width, height: Self.frameSize.height)
      var random = SplitMix64(seed: 2026)
      var rows: [(events: Int, seconds: Double, resident: Int)] = []
      var done = 0, chunkStart = ContinuousClock.now
      print("| events | seconds for the last 100,000 | resident memory | curves | undo steps |")
      print("|---:|---:|---:|---:|---:|")
      while done < events {
        let gesture = Self.gesture(&random)
        try MainRunLoop.run { await replay.play(gesture) }
        let before = done
        done += gesture.count
        if done / frameEvery != before / frameEvery { frame.draw(replay.session) }
        if done / Self.chunk != before / Self.chunk {
          let seconds = (ContinuousClock.now - chunkStart).milliseconds / 1000
          let resident = Self.residentBytes()
          rows.append((done, seconds, resident))
          let state = replay.store.state
          print("| \(done.formatted()) | \(String(format: "%.2f", seconds)) | \(resident >> 20) MB | \(state.drawing.curves.count) | \(state.history.undoStack.count) |")
          chunkStart = ContinuousClock.now
        }
      }
      var failures: [String] = []
      let warm = rows[0], last = rows[rows.count - 1]
      if last.resident - warm.resident > Self.allowedGrowth {
        failures.append("memory grew by \((last.resident - warm.resident) >> 20) MB after the warm-up (allowed: 10 MB)")
      }
      let between = rows.dropFirst().dropLast().map(\.seconds).sorted()
      let median = between[between.count / 2]
      if last.seconds > median * Self.allowedSlowdown {
        failures.append(String(format: "the last 100,000 events took %.2f s against a median of %.2f s", last.seconds, median))
      }
      return failures
    }
    guard failures.isEmpty else {
      FileHandle.standardError.write(Data(("curves-dev soak: " + failures.joined(separator: "; ") + "\n").utf8))
      throw ExitCode.failure
    }
    print("memory and time held steady")
  }

  /// One gesture of a few events, as a user makes them, inside the 960x760 canvas shown at
  /// 1280x800.
  static func gesture(_ random: inout SplitMix64) -> [InputEvent] {
    func position() -> (x: Double, y: Double) { (Double.random(in: 0..<960, using: &random), Double.random(in: 0..<760, using: &random)) }
    let start = position()
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<40:
      // A drag from wherever the pointer is: a point's drag, or a rubber band.
      let steps = Int.random(in: 2...12, using: &random)
      let end = position()
      return [.pointerDown(x: start.x, y: start.y, clicks: 1)]
        + (1...steps).map { step in
          let fraction = Double(step) / Double(steps)
          return .pointerMoved(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction)
        }
        + [.pointerUp(x: end.x, y: end.y)]
    case 40..<55, 90..<96: return [.pointerMoved(x: start.x, y: start.y)]
    case 55..<64: return [.key(KeyChord("z", control: true))]
    case 64..<69, 70..<80: return [.key(KeyChord("y", control: true))]
    case 69..<70:
      // Undo all the way back and past the history's cap, then redo it all.
      return Array(repeating: .key(KeyChord("z", control: true)), count: 120) + Array(repeating: .key(KeyChord("y", control: true)), count: 120)
    case 80..<86: return [.wheel(x: start.x, y: start.y, notches: Bool.random(using: &random) ? 1 : -1)]
    case 86..<90:
      let end = position()
      return [.pointerDown(x: start.x, y: start.y, clicks: 1, button: .middle), .pointerMoved(x: end.x, y: end.y, button: .middle), .pointerUp(x: end.x, y: end.y, button: .middle)]
    case 96..<98: return [.key(KeyChord("0", control: true))]
    default: return Int.random(in: 0..<20, using: &random) == 0 ? [.key(KeyChord("space")), .wait(milliseconds: 50), .key(KeyChord("space"))] : [.key(KeyChord("escape"))]
    }
  }

  /// Resident memory, from /proc/self/status (VmRSS), once the heap has given back the pages
  /// it holds free: what the session keeps, not the high-water mark of its biggest frame.
  static func residentBytes() -> Int {
    malloc_trim(0)
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kilobytes << 10
  }
}
