import CurveFeature
import CurveGeometry
import Foundation
import Testing

/// The file habits in a real window under Xvfb, typed with xdotool: Ctrl+Shift+S and a name
/// typed into the drawn browser (`.json`: a Curves document) saves the document under that name; an ellipse and Ctrl+S
/// save it there again; Ctrl+O, part of a name and Enter open the first document back; the
/// recent files list (in the window's own XDG state folder) holds both, newest first.
struct FileHabitsWindowTests {
  static let script = XvfbEditor.script(#"""
    xdotool key --window "$window" ctrl+shift+s
    sleep 0.4
    xdotool type --delay 40 "named.json"
    xdotool key Return
    sleep 0.5
    xdotool key F5
    sleep 0.2
    xdotool mousemove $((X + 40)) $((CY + 500)) mousedown 1
    for i in $(seq 1 8); do xdotool mousemove $((X + 40 + i * 12)) $((CY + 500 + i * 8)); sleep 0.02; done
    xdotool mouseup 1
    sleep 0.3
    xdotool key ctrl+s
    sleep 0.5
    xdotool key ctrl+o
    sleep 0.4
    xdotool type --delay 40 "doc.js"
    xdotool key Return
    sleep 0.8
    """#)

  @Test(.timeLimit(.minutes(5)))
  func saveAsAndOpenThroughTheDrawnBrowser() throws {
    let work = try makeTemporaryDirectory()
    let document = work.appendingPathComponent("doc.json")
    try FileManager.default.copyItem(at: PathEditingReplayTests.fixture, to: document)
    let before = try PathEditingReplayTests.curves(in: Data(contentsOf: document)).count

    try XvfbEditor.run(Self.script, in: work)

    let named = work.appendingPathComponent("named.json")
    let saved = try PathEditingReplayTests.curves(in: Data(contentsOf: named))
    #expect(saved.count == before + 1, "Save As, then the ellipse saved there by Ctrl+S")
    #expect(try PathEditingReplayTests.curves(in: Data(contentsOf: document)).count == before, "the first file is left as it was")
    let recent = try String(contentsOf: work.appendingPathComponent("xdg-state/curves/recent-files"), encoding: .utf8)
    #expect(recent.split(separator: "\n").map { URL(fileURLWithPath: String($0)).lastPathComponent } == ["doc.json", "named.json"])
  }
}
