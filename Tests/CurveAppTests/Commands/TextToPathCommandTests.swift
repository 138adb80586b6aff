import Foundation
import Testing

/// `curves text-to-path`: every text of a drawing a group of curves, one a glyph, labelled
/// with its words, in the text's place; drawn, the curves are the text's pixels.
struct TextToPathCommandTests {
  @Test func theTextsCurvesDrawTheTextsPixels() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let svg = directory.appendingPathComponent("text.svg"), paths = directory.appendingPathComponent("paths.svg")
    try TextRenderTests.drawing.write(to: svg, atomically: true, encoding: .utf8)
    let turned = try CurvesBinary.run(["text-to-path", svg.path, "-o", paths.path])
    #expect(turned.status == 0, "\(turned.error)")
    #expect(turned.error.contains("Turned 3 texts into curves."))
    let written = try String(contentsOf: paths, encoding: .utf8)
    #expect(!written.contains("<text"))
    for label in ["Hello, Curves", "Fig. AVo!", "end up"] { #expect(written.contains(#"inkscape:label="\#(label)""#), "\(label)") }
    // One path a glyph that draws (spaces draw none), and the page's rectangle.
    #expect(written.components(separatedBy: "<path").count - 1 == 12 + 8 + 5 + 1)
    let text = directory.appendingPathComponent("text.png"), curves = directory.appendingPathComponent("curves.png")
    for (file, png) in [(svg, text), (paths, curves)] {
      let outcome = try CurvesBinary.run(["render", file.path, "--drawing-only", "-o", png.path])
      #expect(outcome.status == 0, "\(outcome.error)")
    }
    let a = try #require(PNGImage(contentsOf: text)), b = try #require(PNGImage(contentsOf: curves))
    #expect(a.pixelsOff(from: b, by: 8) == 0)
  }

  @Test func aCurvesDocumentComesOutWithItsTextsAsGroups() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let svg = directory.appendingPathComponent("text.svg"), json = directory.appendingPathComponent("paths.json")
    try TextRenderTests.drawing.write(to: svg, atomically: true, encoding: .utf8)
    let turned = try CurvesBinary.run(["text-to-path", svg.path, "-o", json.path])
    #expect(turned.status == 0, "\(turned.error)")
    let saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
    let groups = try #require(saved["groups"] as? [[String: Any]])
    #expect(groups.compactMap { $0["label"] as? String } == ["Hello, Curves", "Fig. AVo!", "end up"])
    #expect((saved["kept"] as? [Any])?.isEmpty ?? true, "no text left kept")
  }
}
