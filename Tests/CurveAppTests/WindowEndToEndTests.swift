import Foundation
import Testing

/// The real window under Xvfb, driven by xdotool: drag a control point, save with Ctrl+S,
/// take a screenshot with Ctrl+P, quit with Ctrl+Q. The screenshot is kept in
/// `.build/test-artifacts/window-end-to-end.png` to look at.
struct WindowEndToEndTests {
  static let script = #"""
    set -eu
    cd "$WORK"
    XDG_DATA_HOME="$WORK/xdg" "$CURVES" edit "$WORK/doc.json" 2>"$WORK/stderr.txt" &
    pid=$!
    window=$(timeout 20 xdotool search --sync --name '^Curves$' | head -1)
    sleep 0.5
    eval "$(xdotool getwindowgeometry --shell "$window")"
    xdotool mousemove $((X + 240)) $((Y + 120)) mousedown 1
    for i in $(seq 1 10); do xdotool mousemove $((X + 240 + i * 10)) $((Y + 120 + i * 10)); sleep 0.02; done
    xdotool mouseup 1
    sleep 0.3
    xdotool key ctrl+s
    sleep 0.5
    xdotool key ctrl+p
    sleep 0.5
    xdotool key ctrl+q
    wait $pid
    """#

  @Test(.timeLimit(.minutes(1)))
  func dragSaveAndScreenshotInARealWindow() throws {
    for tool in ["xvfb-run", "xdotool"] {
      try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/\(tool)"), "install \(tool): make test does")
    }
    let work = try makeTemporaryDirectory()
    let document = work.appendingPathComponent("doc.json")
    try Data(sampleDocumentJSON.utf8).write(to: document)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xvfb-run")
    process.arguments = ["-a", "-s", "-screen 0 1280x900x24", "/bin/bash", "-c", Self.script]
    process.environment = ProcessInfo.processInfo.environment.merging(["WORK": work.path, "CURVES": CurvesBinary.url.path]) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(log)")

    let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: document)) as! [String: Any]
    let points = (saved["curves"] as! [[String: Any]])[0]["points"] as! [[String: Any]]
    #expect(points[1]["x"] as? Double == 340, "the dragged point: \(points[1])")
    #expect(points[1]["y"] as? Double == 220)
    #expect(points[0]["x"] as? Double == 120 && points[0]["y"] as? Double == 450)

    let screenshot = try #require(
      try FileManager.default.contentsOfDirectory(atPath: work.path).first { $0.hasPrefix("doc-") && $0.hasSuffix(".png") },
      "Ctrl+P saves doc-<time>.png beside the document"
    )
    let artifacts = CurvesBinary.packageRoot.appendingPathComponent(".build/test-artifacts")
    try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
    let kept = artifacts.appendingPathComponent("window-end-to-end.png")
    try? FileManager.default.removeItem(at: kept)
    try FileManager.default.copyItem(at: work.appendingPathComponent(screenshot), to: kept)
  }
}
