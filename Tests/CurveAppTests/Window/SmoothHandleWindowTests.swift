import CurveGeometry
import Foundation
import Testing

/// The real window under Xvfb, driven by xdotool, as in `WindowEndToEndTests`: open
/// `Tests/Fixtures/path-editing.json`, drag the handle at (300, 150) of the smooth node at
/// (350, 200) up to (300, 100), take a screenshot with Ctrl+P, quit with Ctrl+Q (which saves),
/// and check the saved file: the node's other handle turned to stay on the line through it.
/// The screenshot is kept in `.build/test-artifacts/smooth-handle-window.png` to look at.
struct SmoothHandleWindowTests {
  static let script = XvfbEditor.script(#"""
    # On the handle first, so the press lands on a window that has drawn and hovers it.
    xdotool mousemove $((X + 300)) $((CY + 150))
    sleep 0.3
    xdotool mousedown 1
    for i in $(seq 1 10); do xdotool mousemove $((X + 300)) $((CY + 150 - i * 5)); sleep 0.02; done
    xdotool mouseup 1
    sleep 0.3
    xdotool key ctrl+p
    for i in $(seq 1 $((100 * SLOWDOWN))); do ls "$WORK"/doc-*.png >/dev/null 2>&1 && break; sleep 0.1; done
    sleep 0.3
    """#)

  @Test(.timeLimit(.minutes(5)))
  func draggingASmoothNodesHandleInARealWindowKeepsItsHandlesCollinear() throws {
    let work = try makeTemporaryDirectory()
    let document = work.appendingPathComponent("doc.json")
    try FileManager.default.copyItem(at: PathEditingReplayTests.fixture, to: document)

    try XvfbEditor.run(Self.script, in: work)

    // Keep the screenshot first, so it can be looked at even when a check below fails.
    if let kept = try XvfbEditor.keepScreenshot(from: work, as: "smooth-handle-window") {
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
