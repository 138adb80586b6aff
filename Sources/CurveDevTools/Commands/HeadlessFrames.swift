import CurveApp
import Foundation

/// What the headless frame benchmarks share: waiting for the static layer's background
/// drawing, a median / p95 line, and the process's peak memory.
enum HeadlessFrames {
  /// Lets the layer's background drawing arrive (at most 10 s).
  @MainActor
  static func settle(_ frame: OffscreenFrame, _ session: EditorSession) {
    let start = ContinuousClock.now
    while !frame.isLayerSettled, ContinuousClock.now - start < .seconds(10) {
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
      frame.draw(session)
    }
  }

  /// "12.3 / 15.6 ms": the median and the 95th percentile.
  static func summary(_ samples: [Double]) -> String {
    let sorted = samples.sorted()
    return String(format: "%.1f / %.1f ms", sorted[sorted.count / 2], sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))])
  }

  /// The process's high-water mark of resident memory (VmHWM), in MB.
  static func peakResidentMegabytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kilobytes / 1024
  }
}
