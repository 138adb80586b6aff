import CurveRaster
import Foundation
import Testing

/// `curves render FILE.svg --drawing-only` draws an SVG drawing as librsvg does: fills with
/// their rule, strokes with their width, caps and joins, opacity.
struct DrawingOnlyRenderTests {
  /// Written here: an icon-like shape with an even-odd hole, a thick stroke with miter and
  /// bevel joins and square caps, and a half-transparent overlap.
  static let drawing = """
    <svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">
      <path d="M2 2 H30 V18 H2 Z M8 6 H24 V14 H8 Z" fill="#2e3436" fill-rule="evenodd"/>
      <path d="M4 28 L10 21 L16 28 L22 21" fill="none" stroke="#e15759" stroke-width="3"
            stroke-linejoin="miter" stroke-linecap="square"/>
      <circle cx="26" cy="26" r="5" fill="#4e79a7" opacity="0.6"/>
      <path d="M18 24 Q24 16 30 24" fill="none" stroke="#59a14f" stroke-width="2" stroke-linejoin="bevel"/>
    </svg>
    """

  /// `svg` drawn 128 × 128 by `curves render --drawing-only`, checked against librsvg's
  /// drawing (at most 1% of the pixels off by more than 40/255); nil, and an issue recorded,
  /// without rsvg-convert.
  static func drawnBesideLibrsvg(_ svg: URL) throws -> PNGImage? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert") else {
      Issue.record("rsvg-convert (librsvg2-bin) is missing: make test installs it")
      return nil
    }
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let ours = directory.appendingPathComponent("ours.png"), theirs = directory.appendingPathComponent("librsvg.png")
    let outcome = try CurvesBinary.run(["render", svg.path, "--drawing-only", "--size", "128x128", "-o", ours.path])
    #expect(outcome.status == 0, "\(outcome.error)")
    let reference = try ChildProcess.run("/usr/bin/rsvg-convert", ["-w", "128", "-h", "128", svg.path, "-o", theirs.path], timeout: .seconds(60))
    #expect(reference.status == 0)
    let a = try #require(PNGImage(contentsOf: ours)), b = try #require(PNGImage(contentsOf: theirs))
    #expect(a.width == 128 && a.height == 128)
    let off = a.pixelsOff(from: b)
    #expect(Double(off) / Double(128 * 128) <= 0.01, "\(off) pixels differ by more than 40/255")
    return a
  }

  @Test func anSVGDrawnAloneMatchesLibrsvg() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let svg = directory.appendingPathComponent("drawing.svg")
    try Self.drawing.write(to: svg, atomically: true, encoding: .utf8)
    guard let a = try Self.drawnBesideLibrsvg(svg) else { return }
    // Inside the hole: the page; on the ring: the fill.
    #expect(a.pixel(x: 64, y: 40).a == 0)
    #expect(a.pixel(x: 16, y: 40) == RGBA8(r: 0x2e, g: 0x34, b: 0x36))
    // The circle at 60% opacity on the transparent page: its own colour, straight alpha.
    let circle = a.pixel(x: 110, y: 110)
    #expect(circle.a == 153 && abs(Int(circle.r) - 0x4e) <= 1 && abs(Int(circle.b) - 0xa7) <= 1, "\(circle)")
  }

  /// Strokes under a skew and uneven scales (Tests/Fixtures/svg/stretched-strokes.svg):
  /// stroked in the shapes' own space, as SVG says, not as round pens after the transform.
  @Test func aStretchedStrokeIsDrawnAsLibrsvgDrawsIt() throws {
    let svg = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/svg/stretched-strokes.svg")
    guard let a = try Self.drawnBesideLibrsvg(svg) else { return }
    // Where a round pen after the transform painted and the slanted band does not: the page;
    // the squashed dashes, which a round pen drew thinner: black.
    #expect(a.pixel(x: 28, y: 26).a == 0 && a.pixel(x: 52, y: 33).a == 0, "\(a.pixel(x: 28, y: 26)) \(a.pixel(x: 52, y: 33))")
    #expect(a.pixel(x: 41, y: 114) == RGBA8(r: 0, g: 0, b: 0) && a.pixel(x: 25, y: 117) == RGBA8(r: 0, g: 0, b: 0))
  }

  /// `--width` draws as `rsvg-convert -w` does: scaled to the width, the height rounded up,
  /// the drawing at the top (Inkscape's icons are 14.83 × 14.44 and the like).
  @Test func aWidthScalesToItAndRoundsTheHeightUp() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let svg = directory.appendingPathComponent("wide.svg"), png = directory.appendingPathComponent("wide.png")
    // 10 × 9.7 units: 64 wide is 62.08 tall, so 63 rows, the last nearly empty.
    try #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="9.7"><rect width="10" height="9.7" fill="black"/></svg>"#
      .write(to: svg, atomically: true, encoding: .utf8)
    let outcome = try CurvesBinary.run(["render", svg.path, "--drawing-only", "--width", "64", "-o", png.path])
    #expect(outcome.status == 0, "\(outcome.error)")
    let image = try #require(PNGImage(contentsOf: png))
    #expect(image.width == 64 && image.height == 63)
    #expect(image.pixel(x: 32, y: 0).a == 255, "from the top row: not centred")
    #expect(image.pixel(x: 32, y: 61).a == 255 && image.pixel(x: 32, y: 62).a < 40, "the drawing ends 0.08 into row 62")
  }

  /// Without a size, an SVG is drawn at the size its file gives, as `rsvg-convert` draws it:
  /// a 16-unit icon shown 48 pixels square is 48 × 48, not 16 × 16; a width in per cent takes
  /// the height and the viewBox's proportions (297 mm is 1,122.5 pixels, rounded up).
  @Test func anSVGIsDrawnAtTheSizeItsFileGives() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cases: [(root: String, width: Int, height: Int)] = [
      (#"width="48" height="48" viewBox="0 0 16 16""#, 48, 48),
      (#"width="100%" height="297mm" viewBox="0 0 594 840""#, 794, 1123),
      (#"viewBox="0 0 16 32""#, 16, 32),
    ]
    for (index, (root, width, height)) in cases.enumerated() {
      let svg = directory.appendingPathComponent("icon\(index).svg"), png = directory.appendingPathComponent("icon\(index).png")
      try #"<svg xmlns="http://www.w3.org/2000/svg" \#(root)><rect width="16" height="16" fill="black"/></svg>"#
        .write(to: svg, atomically: true, encoding: .utf8)
      let outcome = try CurvesBinary.run(["render", svg.path, "--drawing-only", "-o", png.path])
      #expect(outcome.status == 0, "\(outcome.error)")
      let image = try #require(PNGImage(contentsOf: png))
      #expect(image.width == width && image.height == height, "\(root): \(image.width) x \(image.height)")
    }
    // The 48-pixel icon's square fills it: scaled, not drawn 16 pixels wide in a corner.
    let icon = try #require(PNGImage(contentsOf: directory.appendingPathComponent("icon0.png")))
    #expect(icon.pixel(x: 47, y: 47).a == 255)
  }

  /// A file that gives a size larger than Curves draws is refused with a way out (its size
  /// given with `--width`), not drawn smaller unasked; given a width, it is drawn.
  @Test func aDrawingLargerThanCurvesDrawsAsksForASize() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let svg = directory.appendingPathComponent("poster.svg"), png = directory.appendingPathComponent("poster.png")
    try #"<svg xmlns="http://www.w3.org/2000/svg" width="90000" height="45000" viewBox="0 0 16 8"><rect width="16" height="8"/></svg>"#
      .write(to: svg, atomically: true, encoding: .utf8)
    let refused = try CurvesBinary.run(["render", svg.path, "--drawing-only", "-o", png.path])
    #expect(refused.status == 1)
    #expect(refused.error.contains("poster.svg is 90000x45000 pixels, more than the 8192x8192 Curves draws; give a smaller size with --size or --width"), "\(refused.error)")
    #expect(!FileManager.default.fileExists(atPath: png.path))
    let drawn = try CurvesBinary.run(["render", svg.path, "--drawing-only", "--width", "64", "-o", png.path])
    #expect(drawn.status == 0, "\(drawn.error)")
    let image = try #require(PNGImage(contentsOf: png))
    #expect(image.width == 64 && image.height == 32)
  }

  @Test func theDrawingAloneHasNoEditingMarks() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let document = directory.appendingPathComponent("arch.json")
    try Data(sampleDocumentJSON.utf8).write(to: document)
    let out = directory.appendingPathComponent("arch.png")
    let outcome = try CurvesBinary.run(["render", document.path, "--drawing-only", "-o", out.path])
    #expect(outcome.status == 0, "\(outcome.error)")
    let image = try #require(PNGImage(contentsOf: out))
    // The canvas's own size; the curve in the editor's blue, and no handle at its first point.
    #expect(image.width == 800 && image.height == 600)
    #expect(image.pixel(x: 400, y: 202).b > 120)
    #expect(image.pixel(x: 240, y: 120).a == 0, "no control point is drawn")
    #expect(image.pixel(x: 5, y: 5).a == 0, "no page, grid or panel")
  }
}
