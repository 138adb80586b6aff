import Foundation
import Testing

/// `<text>` drawn by `curves render` as librsvg draws it: fontconfig's families (a named one,
/// a generic one), bold and italic spans, kerning, fill and stroke, `text-anchor`, `dy` and
/// a turned text, against `rsvg-convert`'s pixels of the same file.
struct TextRenderTests {
  static let drawing = """
    <svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200">
      <rect width="400" height="200" fill="white"/>
      <text x="20" y="60" font-family="DejaVu Sans" font-size="40" fill="#3465a4">Hello, Curves</text>
      <text x="200" y="130" font-family="serif" font-size="32" font-weight="bold" text-anchor="middle" fill="none"
        stroke="#cc0000" stroke-width="1.5">Fig. <tspan font-style="italic" fill="#000">AVo</tspan>!</text>
      <text x="380" y="180" font-size="20" text-anchor="end" transform="rotate(-5 380 180)">end <tspan dy="-5">up</tspan></text>
    </svg>
    """

  @Test func textIsDrawnAsLibrsvgDrawsIt() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert") else {
      Issue.record("rsvg-convert (librsvg2-bin) is missing: make test installs it")
      return
    }
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let svg = directory.appendingPathComponent("text.svg")
    try Self.drawing.write(to: svg, atomically: true, encoding: .utf8)
    let ours = directory.appendingPathComponent("ours.png"), theirs = directory.appendingPathComponent("librsvg.png")
    let outcome = try CurvesBinary.run(["render", svg.path, "--drawing-only", "-o", ours.path])
    #expect(outcome.status == 0, "\(outcome.error)")
    let reference = try ChildProcess.run("/usr/bin/rsvg-convert", [svg.path, "-o", theirs.path], timeout: .seconds(60))
    #expect(reference.status == 0)
    let a = try #require(PNGImage(contentsOf: ours)), b = try #require(PNGImage(contentsOf: theirs))
    #expect(a.width == 400 && a.height == 200)
    let off = a.pixelsOff(from: b)
    // Measured: 16 of 80,000 (0.02%), on the edges of the turned text.
    #expect(Double(off) / 80_000 <= 0.002, "\(off) pixels differ by more than 40/255")
    // The text is there: blue on the H's stem, not the page.
    let stem = a.pixel(x: 25, y: 45)
    #expect(stem.b > 150 && stem.r < 100, "\(stem)")
  }
}
