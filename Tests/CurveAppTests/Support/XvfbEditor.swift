import Foundation
import Testing

@testable import CurveApp

/// The editor in a real window under Xvfb, driven by a script of xdotool gestures: what the
/// window tests share. Every wait is bounded, so a window that never appears or an editor that
/// never quits fails the test with its log instead of hanging the run. Xvfb is started with
/// `-displayfd`: it names a free display once it accepts connections, so parallel runs never
/// collide and the script waits exactly as long as Xvfb needs, within a bound.
enum XvfbEditor {
  /// Opens `$WORK/doc.json` (or `file`) in a window (`$window`, its top-left at `$X`, `$Y`;
  /// its canvas area's, under the menu bar, at `$X`, `$CY`), runs
  /// `gestures`, then quits with Ctrl+Q (which saves) and waits for the editor to exit.
  /// `setUp` runs once the display is up, before the editor starts (a session bus, say);
  /// it adds what it starts to `$pids`, which are killed at the end. `step WHAT` notes a
  /// timed step in `$WORK/steps.txt`, which a failure reports, even one killed on its deadline.
  static func script(_ gestures: String, setUp: String = "", file: String = "doc.json") -> String {
    #"""
    set -eu
    cd "$WORK"
    step() { echo "$(date +%T.%3N) $*" >>"$WORK/steps.txt"; }
    step start
    pids=""
    trap 'kill $pids 2>/dev/null || true' EXIT
    Xvfb -displayfd 3 -screen 0 1280x900x24 -nolisten tcp 3>"$WORK/display" >"$WORK/xvfb.txt" 2>&1 &
    pids="$!"
    for i in $(seq 1 300); do [ -s "$WORK/display" ] && break; sleep 0.1; done
    [ -s "$WORK/display" ] || { echo "Xvfb did not start:"; cat "$WORK/xvfb.txt"; exit 1; }
    export DISPLAY=":$(head -1 "$WORK/display")"
    step "Xvfb on $DISPLAY"
    """# + "\n" + setUp + "\n" + #"""
    CURVES_FILE_CHOOSER="${CURVES_FILE_CHOOSER:-builtin}" XDG_DATA_HOME="$WORK/xdg" XDG_STATE_HOME="$WORK/xdg-state" "$CURVES" edit "$WORK/\#(file)" >"$WORK/stdout.txt" 2>"$WORK/stderr.txt" &
    pid=$!
    pids="$pids $pid"
    # By its class: xdotool matches names in the C locale, which the UTF-8 title ("doc.json — Curves") is not.
    window=$(timeout 30 xdotool search --sync --onlyvisible --class curves | head -1) || true
    [ -n "$window" ] || { echo "no editor window within 30 s:"; cat "$WORK/stderr.txt"; exit 1; }
    # Its first frames drawn before the first gesture, however busy the machine.
    sleep $((SLOWDOWN))
    eval "$(xdotool getwindowgeometry --shell "$window")"
    CY=$((Y + \#(Int(Layout.menuBarHeight))))
    step "editor window $window"

    """# + gestures + #"""

    step quit
    xdotool key ctrl+q
    for i in $(seq 1 300); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
    if kill -0 $pid 2>/dev/null; then echo "the editor did not quit within 30 s of Ctrl+Q:"; cat "$WORK/stderr.txt"; exit 1; fi
    wait $pid
    """#
  }

  /// Runs `script` with the editor on `work/doc.json` within `seconds`; waits grow with a
  /// sanitized binary's slowdown. Fails the test with the script's output and its steps when
  /// it does not finish cleanly.
  static func run(_ script: String, in work: URL, seconds: Int = 120) throws {
    for tool in ["Xvfb", "xdotool"] {
      try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/\(tool)"), "install \(tool): make test does")
    }
    let slowdown = CurvesBinary.slowdown
    let environment = ProcessInfo.processInfo.environment.merging(
      ["WORK": work.path, "CURVES": CurvesBinary.url.path, "SLOWDOWN": "\(slowdown)"]
    ) { $1 }
    let limit = seconds * slowdown
    let run = try ChildProcess.run("/bin/bash", ["-c", script], environment: environment, timeout: .seconds(limit))
    try #require(
      !run.timedOut && run.status == 0,
      "status \(run.status)\(run.timedOut ? ", killed after \(limit) s" : ""):\n\(run.output)\(run.error)\n\(logs(in: work))")
  }

  /// The steps and the last lines of every log the script left in `work`, for a failure.
  private static func logs(in work: URL) -> String {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []).filter { $0.hasSuffix(".txt") }.sorted()
    return names.map { name in
      let text = (try? String(contentsOf: work.appendingPathComponent(name), encoding: .utf8)) ?? ""
      return "\(name):\n" + text.split(separator: "\n", omittingEmptySubsequences: false).suffix(25).joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// Keeps the screenshot Ctrl+P saved beside `work/doc.json` as
  /// `.build/test-artifacts/NAME.png`, to look at; nil when there is none.
  @discardableResult
  static func keepScreenshot(from work: URL, as name: String) throws -> URL? {
    guard let screenshot = try FileManager.default.contentsOfDirectory(atPath: work.path)
      .first(where: { $0.hasPrefix("doc-") && $0.hasSuffix(".png") })
    else { return nil }
    let artifacts = CurvesBinary.packageRoot.appendingPathComponent(".build/test-artifacts")
    try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
    let kept = artifacts.appendingPathComponent("\(name).png")
    try? FileManager.default.removeItem(at: kept)
    try FileManager.default.copyItem(at: work.appendingPathComponent(screenshot), to: kept)
    return kept
  }
}
