import CurveGeometry
import Foundation
import Testing

/// The real window under Xvfb, driven by xdotool, as in `WindowEndToEndTests`: open
/// `Tests/Fixtures/path-editing.json`, drag the handle at (300, 150) of the smooth node at
/// (350, 200) up to (300, 100), take a screenshot with Ctrl+P, quit with Ctrl+Q (which saves),
/// and check the saved file: the node's other handle turned to stay on the line through it.
/// The screenshot is kept in `.build/test-artifacts/smooth-handle-window.png` to look at.
struct SmoothHandleWindowTests {
  /// Every wait is bounded, as in `WindowEndToEndTests.script`.
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
    xdotool mousemove $((X + 300)) $((Y + 150)) mousedown 1
    for i in $(seq 1 10); do xdotool mousemove $((X + 300)) $((Y + 150 - i * 5)); sleep 0.02; done
    xdotool mouseup 1
    sleep 0.3
    xdotool key ctrl+p
    for i in $(seq 1 $((100 * SLOWDOWN))); do ls "$WORK"/doc-*.png >/dev/null 2>&1 && break; sleep 0.1; done
    sleep 0.3
    xdotool key ctrl+q
    for i in $(seq 1 300); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
    if kill -0 $pid 2>/dev/null; then echo "the editor did not quit within 30 s of Ctrl+Q:"; cat "$WORK/stderr.txt"; exit 1; fi
    wait $pid
    """#

  static let slowdown = CurvesBinary.slowdown

  @Test(.timeLimit(.minutes(5)))
  func draggingASmoothNodesHandleInARealWindowKeepsItsHandlesCollinear() throws {
    for tool in ["Xvfb", "xdotool"] {
      try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/\(tool)"), "install \(tool): make test does")
    }
    let work = try makeTemporaryDirectory()
    let document = work.appendingPathComponent("doc.json")
    try FileManager.default.copyItem(at: PathEditingReplayTests.fixture, to: document)

    let environment = ProcessInfo.processInfo.environment.merging(
      ["WORK": work.path, "CURVES": CurvesBinary.url.path, "SLOWDOWN": "\(Self.slowdown)"]
    ) { $1 }
    let run = try ChildProcess.run("/bin/bash", ["-c", Self.script], environment: environment, timeout: .seconds(120 * Self.slowdown))
    try #require(!run.timedOut && run.status == 0, "status \(run.status)\(run.timedOut ? ", killed after \(120 * Self.slowdown) s" : ""):\n\(run.output)\(run.error)")

    // Keep the screenshot first, so it can be looked at even when a check below fails.
    if let screenshot = try FileManager.default.contentsOfDirectory(atPath: work.path).first(where: { $0.hasPrefix("doc-") && $0.hasSuffix(".png") }) {
      let artifacts = CurvesBinary.packageRoot.appendingPathComponent(".build/test-artifacts")
      try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
      let kept = artifacts.appendingPathComponent("smooth-handle-window.png")
      try? FileManager.default.removeItem(at: kept)
      try FileManager.default.copyItem(at: work.appendingPathComponent(screenshot), to: kept)
      print("SmoothHandleWindowTests: screenshot kept at \(kept.path)")
    } else {
      Issue.record("Ctrl+P saves doc-<time>.png beside the document")
    }

    let curves = try PathEditingReplayTests.curves(in: Data(contentsOf: document))
    let points = try #require(curves.first?.subpaths.first?.points)
    try #require(points.count == 9, "\(points)")
    let (dragged, node, other) = (points[2], points[3], points[4])
    #expect(node.node == "smooth" && node.position.x == 350 && node.position.y == 200, "the node stayed: \(node)")
    #expect(dragged.position.x == 300 && dragged.position.y == 100, "the dragged handle moved with the pointer: \(dragged)")
    let (sine, opposite) = PathEditingReplayTests.collinearity(node.position, dragged.position, other.position)
    #expect(sine < 1e-6 && opposite, "the other handle, \(other.position), is on the line through the node")
    #expect(abs((other.position - node.position).length - 50 * 2.0.squareRoot()) < 1e-6, "and kept its length")
  }
}
