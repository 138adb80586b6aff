import CurveFeature
import CurveGeometry
import Foundation
import Testing

/// The drawing tools in a real window under Xvfb, driven by xdotool: P and a freehand wave
/// with the pencil, F4 and a Ctrl-drag with the rectangle tool, B and a closed path with the
/// pen (two clicks, a drag, a click on its first node), a screenshot (Ctrl+P), then Ctrl+Q
/// saves. The saved file holds the fitted stroke, the square and the pen's path. The screenshot is
/// kept in `.build/test-artifacts/drawing-tools-window.png` to look at.
struct DrawingToolsWindowTests {
  static let script = XvfbEditor.script(#"""
    xdotool key --window "$window" p
    sleep 0.3
    xdotool mousemove $((X + 100)) $((CY + 420)) mousedown 1
    for i in $(seq 1 60); do
      xdotool mousemove $((X + 100 + i * 5)) $((CY + 420 + (i % 30 < 15 ? i % 15 : 15 - i % 15) * 4))
      sleep 0.01
    done
    xdotool mouseup 1
    sleep 0.3
    xdotool key --window "$window" F4
    sleep 0.2
    # Ctrl held a moment before the press, so the editor has it whatever the load.
    xdotool keydown ctrl
    sleep 0.2
    xdotool mousemove $((X + 500)) $((CY + 100)) mousedown 1
    for i in $(seq 1 10); do xdotool mousemove $((X + 500 + i * 12)) $((CY + 100 + i * 8)); sleep 0.02; done
    xdotool mouseup 1 keyup ctrl
    sleep 0.3
    xdotool key --window "$window" b
    sleep 0.2
    xdotool mousemove $((X + 500)) $((CY + 250)) click 1
    sleep 0.2
    xdotool mousemove $((X + 700)) $((CY + 250)) click 1
    sleep 0.2
    xdotool mousemove $((X + 650)) $((CY + 400)) mousedown 1
    for i in $(seq 1 8); do xdotool mousemove $((X + 650 - i * 10)) $((CY + 400)); sleep 0.02; done
    xdotool mouseup 1
    sleep 0.2
    xdotool mousemove $((X + 502)) $((CY + 251)) click 1
    sleep 0.3
    xdotool key ctrl+p
    for i in $(seq 1 $((100 * SLOWDOWN))); do ls "$WORK"/doc-*.png >/dev/null 2>&1 && break; sleep 0.1; done
    sleep 0.3
    """#)

  @Test(.timeLimit(.minutes(5)))
  func thePencilAndTheRectangleDrawInARealWindow() throws {
    let work = try makeTemporaryDirectory()
    let document = work.appendingPathComponent("doc.json")
    try FileManager.default.copyItem(at: PathEditingReplayTests.fixture, to: document)
    let before = try PathEditingReplayTests.curves(in: Data(contentsOf: document)).count

    try XvfbEditor.run(Self.script, in: work)

    if let kept = try XvfbEditor.keepScreenshot(from: work, as: "drawing-tools-window") {
      print("DrawingToolsWindowTests: screenshot kept at \(kept.path)")
    } else {
      Issue.record("Ctrl+P saves doc-<time>.png beside the document")
    }
    let curves = try PathEditingReplayTests.curves(in: Data(contentsOf: document))
    try #require(curves.count == before + 3, "a stroke, a square and a pen path added to \(before) curves")
    // The wave: 300 units wide, 60 high, a few cubics with smooth nodes where it bends gently.
    let wave = try #require(curves[before].subpaths.first)
    let nodes = wave.points.filter { $0.node != nil }.map(\.position)
    let box = Rect(enclosing: wave.points.map(\.position))
    #expect((2...12).contains(nodes.count), "\(nodes.count) nodes")
    #expect(abs(box.width - 300) < 20 && abs(box.height - 60) < 20, "\(box)")
    // Ctrl: a square, its side the larger of the drag's (120 by 80 screen units).
    let square = try #require(curves[before + 1].subpaths.first)
    #expect(square.closed && square.points.count == 4 && square.points.allSatisfy { $0.node == "corner" })
    let corners = square.points.map(\.position)
    let sides = zip(corners, corners.dropFirst() + [corners[0]]).map { $0.distance(to: $1) }
    #expect(sides.allSatisfy { abs($0 - sides[0]) < 1e-9 } && sides[0] > 0, "\(sides)")
    // The pen: closed on its first node, two corners and the dragged node, symmetric, whose
    // handles lie along the drag (80 units to its left and right).
    let path = try #require(curves[before + 2].subpaths.first)
    #expect(path.closed)
    let nodes3 = path.points.filter { $0.node != nil }
    #expect(nodes3.map(\.node) == ["corner", "corner", "symmetric"], "\(nodes3.map(\.node))")
    #expect(nodes3.map(\.position) == [Point(x: 500, y: 250), Point(x: 700, y: 250), Point(x: 650, y: 400)])
    #expect(path.points.map(\.position).contains(Point(x: 570, y: 400)) && path.points.map(\.position).contains(Point(x: 730, y: 400)))
  }
}
