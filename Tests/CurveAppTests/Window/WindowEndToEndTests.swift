import Foundation
import Testing

/// The real window under Xvfb, driven by xdotool: drag a control point, zoom to 200% with
/// the wheel and drag it again, resize the window and back, copy and paste its curve through
/// the desktop's clipboard, save with Ctrl+S, take a screenshot with Ctrl+P, export the
/// animation with Ctrl+G, quit with Ctrl+Q. The screenshot is kept in
/// `.build/test-artifacts/window-end-to-end.png` to look at.
struct WindowEndToEndTests {
  /// AddressSanitizer's GIF export alone takes minutes: the waits grow with `SLOWDOWN`. The
  /// debug build's export, on two cores shared with the rest of the suite, once took over a
  /// minute: it is given three.
  static let script = XvfbEditor.script(#"""
    xdotool mousemove $((X + 240)) $((CY + 120)) mousedown 1
    for i in $(seq 1 10); do xdotool mousemove $((X + 240 + i * 10)) $((CY + 120 + i * 10)); sleep 0.02; done
    xdotool mouseup 1
    sleep 0.3
    xdotool mousemove $((X + 400)) $((CY + 300))
    sleep 0.1
    xdotool click 4
    sleep 0.1
    xdotool click 4
    sleep 0.3
    xdotool mousemove $((X + 280)) $((CY + 140)) mousedown 1
    for i in $(seq 1 4); do xdotool mousemove $((X + 280 + i * 5)) $((CY + 140 + i * 5)); sleep 0.02; done
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
    # One export at a time: the screenshot written (and a moment to finish) before the GIF.
    for i in $(seq 1 $((300 * SLOWDOWN))); do ls "$WORK"/doc-*.png >/dev/null 2>&1 && break; sleep 0.1; done
    sleep 1
    xdotool key ctrl+alt+g
    for i in $(seq 1 $((1800 * SLOWDOWN))); do [ -s "$WORK/doc.gif" ] && break; sleep 0.1; done
    [ -s "$WORK/doc.gif" ] || { echo "Ctrl+G wrote no doc.gif within $((180 * SLOWDOWN)) s:"; cat "$WORK/stderr.txt"; exit 1; }
    """#)

  @Test(.timeLimit(.minutes(15)))
  func dragSaveAndScreenshotInARealWindow() throws {
    let work = try makeTemporaryDirectory()
    let document = work.appendingPathComponent("doc.json")
    try Data(sampleDocumentJSON.utf8).write(to: document)

    try XvfbEditor.run(Self.script, in: work)

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

    try #require(try XvfbEditor.keepScreenshot(from: work, as: "window-end-to-end") != nil, "Ctrl+P saves doc-<time>.png beside the document")
    let gif = try DecodedGIF(Data(contentsOf: work.appendingPathComponent("doc.gif")))
    #expect(gif.width == 1100 && gif.height == 750 && gif.frames.count == 90, "one 3 s sweep at 30 frames a second")
  }
}
