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
}
