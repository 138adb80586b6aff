import Foundation
import Testing

/// The real window under Xvfb, driven by xdotool: drag a control point, zoom to 200% with
/// the wheel and drag it again, resize the window and back, copy and paste its curve through
/// the desktop's clipboard, save with Ctrl+S, take a screenshot with Ctrl+P, export the
/// animation with Ctrl+G, quit with Ctrl+Q. The screenshot is kept in
/// `.build/test-artifacts/window-end-to-end.png` to look at.
struct WindowEndToEndTests {
  /// Every wait is bounded, so a window that never appears or an editor that never quits
  /// fails the test with its log instead of hanging the run. Xvfb is started here with
  /// `-displayfd`: it names a free display once it accepts connections, so parallel runs
  /// never collide and the script waits exactly as long as Xvfb needs, within a bound.
  static let script = #"""
    set -eu
    cd "$WORK"
    pids=""
    trap 'kill $pids 2>/dev/null || true' EXIT
    Xvfb -displayfd 3 -screen 0 1280x900x24 -nolisten tcp 3>"$WORK/display" >"$WORK/xvfb.txt" 2>&1 &
    pids="$!"
    for i in $(seq 1 300); do [ -s "$WORK/display" ] && break; sleep 0.1; done
    [ -s "$WORK/display" ] || { echo "Xvfb did not start:"; cat "$WORK/xvfb.txt"; exit 1; }
    export DISPLAY=":$(head -1 "$WORK/display")"
    XDG_DATA_HOME="$WORK/xdg" "$CURVES" edit "$WORK/doc.json" >"$WORK/stdout.txt" 2>"$WORK/stderr.txt" &
    pid=$!
    pids="$pids $pid"
    window=$(timeout 30 xdotool search --sync --onlyvisible --name '^Curves$' | head -1) || true
    [ -n "$window" ] || { echo "no editor window within 30 s:"; cat "$WORK/stderr.txt"; exit 1; }
    sleep 0.5
    eval "$(xdotool getwindowgeometry --shell "$window")"
    xdotool mousemove $((X + 240)) $((Y + 120)) mousedown 1
    for i in $(seq 1 10); do xdotool mousemove $((X + 240 + i * 10)) $((Y + 120 + i * 10)); sleep 0.02; done
    xdotool mouseup 1
    sleep 0.3
    xdotool mousemove $((X + 400)) $((Y + 300))
    sleep 0.1
    xdotool click 4
    sleep 0.1
    xdotool click 4
    sleep 0.3
    xdotool mousemove $((X + 280)) $((Y + 140)) mousedown 1
    for i in $(seq 1 4); do xdotool mousemove $((X + 280 + i * 5)) $((Y + 140 + i * 5)); sleep 0.02; done
    xdotool mouseup 1
    sleep 0.3
    xdotool windowsize "$window" 700 600
    sleep 0.5
    xdotool windowsize "$window" 1100 750
    sleep 0.5
    xdotool key ctrl+c
    sleep 0.3
    xdotool key ctrl+v
    sleep 0.3
    xdotool key ctrl+s
    sleep 0.5
    xdotool key ctrl+p
    sleep 0.5
    xdotool key ctrl+g
    for i in $(seq 1 $((600 * SLOWDOWN))); do [ -s "$WORK/doc.gif" ] && break; sleep 0.1; done
    [ -s "$WORK/doc.gif" ] || { echo "Ctrl+G wrote no doc.gif within $((60 * SLOWDOWN)) s:"; cat "$WORK/stderr.txt"; exit 1; }
    xdotool key ctrl+q
    for i in $(seq 1 300); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
    if kill -0 $pid 2>/dev/null; then echo "the editor did not quit within 30 s of Ctrl+Q:"; cat "$WORK/stderr.txt"; exit 1; fi
    wait $pid
    """#

  /// AddressSanitizer's GIF export alone takes minutes: waits grow with the slowdown.
  static let slowdown = CurvesBinary.slowdown

  @Test(.timeLimit(.minutes(15)))
  func dragSaveAndScreenshotInARealWindow() throws {
    for tool in ["Xvfb", "xdotool"] {
      try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/\(tool)"), "install \(tool): make test does")
    }
    let work = try makeTemporaryDirectory()
    let document = work.appendingPathComponent("doc.json")
    try Data(sampleDocumentJSON.utf8).write(to: document)

    let environment = ProcessInfo.processInfo.environment.merging(
      ["WORK": work.path, "CURVES": CurvesBinary.url.path, "SLOWDOWN": "\(Self.slowdown)"]
    ) { $1 }
    let run = try ChildProcess.run("/bin/bash", ["-c", Self.script], environment: environment, timeout: .seconds(120 * Self.slowdown))
    try #require(!run.timedOut && run.status == 0, "status \(run.status)\(run.timedOut ? ", killed after \(120 * Self.slowdown) s" : ""):\n\(run.output)\(run.error)")

    let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: document)) as! [String: Any]
    let points = ((saved["curves"] as! [[String: Any]])[0]["subpaths"] as! [[String: Any]])[0]["points"] as! [[String: Any]]
    // Dragged by (100, 100) at 100%, then by (20, 20) screen pixels at 200% around (400, 300),
    // where the point was drawn at (280, 140): (10, 10) in the document.
    #expect(points[1]["x"] as? Double == 350, "the dragged point: \(points[1])")
    #expect(points[1]["y"] as? Double == 230)
    #expect(points[0]["x"] as? Double == 120 && points[0]["y"] as? Double == 450, "resizing moved nothing")
    let curves = saved["curves"] as! [[String: Any]]
    #expect(curves.count == 2, "Ctrl+C, Ctrl+V pasted a copy through SDL's clipboard")
    if curves.count == 2 {
      let copy = (curves[1]["subpaths"] as! [[String: Any]])[0]["points"] as! [[String: Any]]
      #expect(copy[1]["x"] as? Double == 366 && copy[1]["y"] as? Double == 246, "the copy is 16 units away")
    }
    let canvas = saved["canvas"] as! [String: Any]
    #expect(canvas["width"] as? Double == 800 && canvas["height"] as? Double == 600, "resizing kept the canvas")

    let screenshot = try #require(
      try FileManager.default.contentsOfDirectory(atPath: work.path).first { $0.hasPrefix("doc-") && $0.hasSuffix(".png") },
      "Ctrl+P saves doc-<time>.png beside the document"
    )
    let gif = try DecodedGIF(Data(contentsOf: work.appendingPathComponent("doc.gif")))
    #expect(gif.width == 1100 && gif.height == 750 && gif.frames.count == 90, "one 3 s sweep at 30 frames a second")
    let artifacts = CurvesBinary.packageRoot.appendingPathComponent(".build/test-artifacts")
    try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
    let kept = artifacts.appendingPathComponent("window-end-to-end.png")
    try? FileManager.default.removeItem(at: kept)
    try FileManager.default.copyItem(at: work.appendingPathComponent(screenshot), to: kept)
  }
}
