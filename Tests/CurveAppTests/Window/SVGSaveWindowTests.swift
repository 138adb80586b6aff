import Foundation
import Testing

/// An SVG drawing edited in a real window under Xvfb: it opens as its own file (the title
/// names it), Tab Tab → moves its group, Ctrl+S writes it back with that group's `transform`
/// alone changed, and nothing is written beside it.
@MainActor
struct SVGSaveWindowTests {
  @Test(.timeLimit(.minutes(5)))
  func anSVGOpenedEditedAndSavedWithCtrlSChangesOnlyWhatWasMoved() throws {
    let work = try makeTemporaryDirectory()
    try SVGSaveReplayTests.drawing.write(to: work.appendingPathComponent("drawing.svg"), atomically: true, encoding: .utf8)
    try XvfbEditor.run(XvfbEditor.script(#"""
      title() { xprop -id "$window" _NET_WM_NAME >>"$WORK/titles.txt"; }
      title
      xdotool key --window "$window" Tab
      sleep 0.3
      xdotool key --window "$window" Tab
      sleep 0.3
      xdotool key --window "$window" Right
      sleep 0.5
      title
      xdotool key --window "$window" ctrl+s
      sleep 1
      title
      """#, file: "drawing.svg"), in: work)
    let saved = try String(contentsOf: work.appendingPathComponent("drawing.svg"), encoding: .utf8)
    #expect(saved == SVGSaveReplayTests.drawing.replacingOccurrences(of: #"transform="translate(400 0)""#, with: #"transform="matrix(1 0 0 1 402 0)""#))
    let titles = try String(contentsOf: work.appendingPathComponent("titles.txt"), encoding: .utf8).split(separator: "\n").map { $0.split(separator: " = ").last ?? "" }
    #expect(titles == [#""drawing.svg — Curves""#, #""*drawing.svg — Curves""#, #""drawing.svg — Curves""#])
    let written = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasSuffix(".json") || $0.hasSuffix(".svg") }
    #expect(written.sorted() == ["drawing.svg"])
  }

  /// Ctrl+Q with edits the drawing does not have shows the Save, Discard or Cancel dialog
  /// (kept as `.build/test-artifacts/unsaved-question.png`); D discards them and quits, the
  /// file and its folder as they were, and no recovery file left to offer them back.
  @Test(.timeLimit(.minutes(5)))
  func quittingWithEditsAsksAndDiscardLeavesTheFileAsItWas() throws {
    let work = try makeTemporaryDirectory()
    try SVGSaveReplayTests.drawing.write(to: work.appendingPathComponent("drawing.svg"), atomically: true, encoding: .utf8)
    try XvfbEditor.run(XvfbEditor.script(#"""
      xdotool key --window "$window" Tab
      sleep 0.3
      xdotool key --window "$window" Right
      sleep 2.5
      ls "$WORK/xdg-state/curves" >"$WORK/state-before.txt" 2>&1 || true
      xdotool key --window "$window" ctrl+q
      sleep 1
      kill -0 $pid || { echo "quit without asking"; exit 1; }
      ffmpeg -loglevel error -y -f x11grab -video_size 1280x900 -i "$DISPLAY" -frames:v 1 "$WORK/question.png"
      # The window goes as D goes down: its release may find none.
      xdotool key --window "$window" d 2>/dev/null || true
      for i in $(seq 1 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
      """#, file: "drawing.svg"), in: work)
    #expect(try String(contentsOf: work.appendingPathComponent("drawing.svg"), encoding: .utf8) == SVGSaveReplayTests.drawing)
    // Autosave had kept the edits aside; Discard removed them.
    let before = try String(contentsOf: work.appendingPathComponent("state-before.txt"), encoding: .utf8)
    #expect(before.contains("recovery-drawing.svg-"))
    let after = (try? FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("xdg-state/curves").path)) ?? []
    #expect(!after.contains { $0.hasPrefix("recovery-") })
    let artifacts = CurvesBinary.packageRoot.appendingPathComponent(".build/test-artifacts")
    try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
    try? FileManager.default.removeItem(at: artifacts.appendingPathComponent("unsaved-question.png"))
    try FileManager.default.copyItem(at: work.appendingPathComponent("question.png"), to: artifacts.appendingPathComponent("unsaved-question.png"))
  }
}
