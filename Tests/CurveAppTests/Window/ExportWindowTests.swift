import Foundation
import Testing

/// An export in a real window under Xvfb runs in the background: Ctrl+Alt+G starts the GIF of
/// a 1,000-curve morph (the timeline export benchmark's document), the window still zooms
/// while it runs (the status line counts its frames), and Escape cancels it: no GIF is left.
@MainActor
struct ExportWindowTests {
  @Test(.timeLimit(.minutes(5)))
  func aGIFExportRunsInTheBackgroundAndEscapeCancelsIt() throws {
    let work = try makeTemporaryDirectory()
    let script = CurvesBinary.packageRoot.appendingPathComponent("Benchmarks/scripts/timeline-export-bench.py")
    let made = try ChildProcess.run("/usr/bin/python3", [script.path, "--write", work.appendingPathComponent("doc.json").path], timeout: .seconds(60))
    try #require(made.status == 0, "\(made.error)")
    try XvfbEditor.run(XvfbEditor.script(#"""
      xdotool key --window "$window" ctrl+alt+g
      sleep 0.5
      xdotool key --window "$window" equal
      sleep 0.5
      xdotool key --window "$window" Escape
      sleep 3
      """#), in: work)
    #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("doc.gif").path), "cancelled: nothing written")
    let written = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasSuffix(".gif") || $0.contains("partial") }
    #expect(written.isEmpty)
  }
}
