import CurveFeature
import CurveGeometry
import Foundation
import Testing

@testable import CurveApp

/// The text tool in a real window under Xvfb, as a user makes a title: a circle drawn with
/// the ellipse tool (Ctrl), "Hello, Curves" typed with the text tool (xdotool types it, so
/// it arrives as SDL's text input), made bold (Ctrl+A, Ctrl+B), then with the selector the
/// text and the circle picked and Text ▸ Put on Path run from the keyboard. Ctrl+P keeps a
/// screenshot (`.build/test-artifacts/text-tool.png`); Ctrl+S saves the SVG.
@MainActor
struct TextToolWindowTests {
  static func script() -> String {
    let menus = MenuCatalog.menus(for: Editor.State(curves: []))
    let text = menus.firstIndex { $0.title == "Text" }!
    let item = menus[text].items.firstIndex { $0.title == "Put on Path" }!
    let downs = menus[text].items.prefix(item + 1).dropFirst().filter { !$0.isSeparator }.count
    return XvfbEditor.script(#"""
      xdotool key e
      xdotool mousemove $((X + 100)) $((CY + 60)) keydown ctrl mousedown 1
      sleep 0.1
      xdotool mousemove $((X + 200)) $((CY + 160))
      sleep 0.1
      xdotool mousemove $((X + 300)) $((CY + 260)) mouseup 1 keyup ctrl
      sleep 0.3
      xdotool key t
      xdotool mousemove $((X + 40)) $((CY + 280)) click 1
      sleep 0.3
      xdotool type --delay 40 "Hello, Curves"
      sleep 0.3
      xdotool key ctrl+a ctrl+b
      sleep 0.3
      xdotool key Escape s
      sleep 0.2
      xdotool mousemove $((X + 50)) $((CY + 273)) click 1
      sleep 0.2
      xdotool mousemove $((X + 300)) $((CY + 160)) keydown shift click 1 keyup shift
      sleep 0.3
      xdotool key alt
      sleep 0.2
      for i in $(seq 1 \#(text)); do xdotool key Right; done
      xdotool key Down
      for i in $(seq 1 \#(downs)); do xdotool key Down; done
      sleep 0.2
      xdotool key Return
      sleep 0.5
      xdotool key ctrl+p
      sleep 1
      xdotool key ctrl+s
      sleep 1
      """#, file: "doc.svg")
  }

  @Test(.timeLimit(.minutes(5)))
  func aTitleIsTypedMadeBoldAndPutOnACircle() throws {
    let work = try makeTemporaryDirectory()
    let page = ##"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect x="20" y="20" width="60" height="40" fill="#cde"/></svg>"##
    try page.write(to: work.appendingPathComponent("doc.svg"), atomically: true, encoding: .utf8)
    try XvfbEditor.run(Self.script(), in: work)
    try XvfbEditor.keepScreenshot(from: work, as: "text-tool")

    let saved = try String(contentsOf: work.appendingPathComponent("doc.svg"), encoding: .utf8)
    // The text, bold, on a textPath naming the circle's path.
    let reference = try #require(saved.firstMatch(of: /<textPath xlink:href="#(curve-[0-9a-f-]+)"><tspan style="font-weight:bold">Hello, Curves<\/tspan><\/textPath>/))
    #expect(saved.contains(#"<path id="\#(reference.1)""#), "the circle the text runs along is in the file")
    // Drawn, the text is on the page: dark pixels along the circle's lower right.
    let png = work.appendingPathComponent("doc.png")
    let outcome = try CurvesBinary.run(["render", work.appendingPathComponent("doc.svg").path, "--drawing-only", "-o", png.path])
    #expect(outcome.status == 0, "\(outcome.error)")
    let drawn = try #require(PNGImage(contentsOf: png))
    let dark = (0..<drawn.height).flatMap { y in (0..<drawn.width).map { (x: $0, y: y) } }.filter { point in
      let pixel = drawn.pixel(x: point.x, y: point.y)
      return pixel.a > 128 && pixel.r < 60
    }
    #expect(dark.count > 300, "the glyphs are drawn")
    // On the circle's outside: the circle's stroke (radius 100) and the glyphs standing on it,
    // a comma's tail dipping a little below.
    let distances = dark.map { hypot(Double($0.x) - 200, Double($0.y) - 160) }
    #expect(distances.allSatisfy { $0 > 90 && $0 < 130 }, "\(distances.min() ?? 0) to \(distances.max() ?? 0)")
    #expect(distances.filter { $0 > 103 }.count > 200, "the glyphs beyond the stroke")
  }
}
