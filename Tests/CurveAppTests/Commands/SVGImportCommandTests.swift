@testable import CurveApp
import CurveFeature
import CurveGeometry
@testable import CurveSVG
import Foundation
import Testing

/// `curves import-svg`, run as a user runs it, and checked against a real SVG renderer.
struct SVGImportCommandTests {
  let directory: URL

  init() throws {
    directory = try makeTemporaryDirectory()
  }

  private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  private func write(_ text: String, to name: String) throws -> String {
    try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    return path(name)
  }

  private func readDocument(_ name: String) throws -> Document {
    try Document.decode(Data(contentsOf: directory.appendingPathComponent(name)))
  }

  private func points(_ document: Document) -> [[Point]] {
    document.curves.map { $0.points.map { Point(x: $0.x, y: $0.y) } }
  }

  /// Every segment of every curve, node to node (a closed subpath's last back to its start).
  private func segments(_ document: Document) -> [[Point]] {
    document.curves.flatMap(\.subpaths).flatMap { subpath -> [[Point]] in
      let points = subpath.points.map { Point(x: $0.x, y: $0.y) }
      let nodes = subpath.points.indices.filter { subpath.points[$0].node != nil }
      var segments = zip(nodes, nodes.dropFirst()).map { Array(points[$0...$1]) }
      if subpath.closed, let last = nodes.last { segments.append(Array(points[last...]) + [points[0]]) }
      return segments
    }
  }

  @Test func textAndInkscapesElementsAreKeptAndWrittenBackCompressedOrNot() throws {
    let svg = try write("""
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" viewBox="0 0 100 50">
      <sodipodi:namedview pagecolor="#ffffff"/><rect width="10" height="10"/>
      <g transform="scale(2)" fill="red"><text x="5" y="20">One</text><text x="5" y="40">Two</text></g></svg>
      """, to: "in.svg")
    let imported = try CurvesBinary.run(["import-svg", svg, "-o", path("in.json")])
    #expect(imported.status == 0, "\(imported.error)")
    // The texts are kept and drawn; the named view is kept, not drawn.
    #expect(imported.error.contains("Kept: \(svg): 1 sodipodi:namedview element kept, not drawn\n"), "\(imported.error)")
    let exported = try CurvesBinary.run(["export-svg", path("in.json"), "-o", path("out.svgz")])
    #expect(exported.status == 0, "\(exported.error)")
    let packed = try Data(contentsOf: directory.appendingPathComponent("out.svgz"))
    let text = String(decoding: try Gzip.decompress(packed, limit: 1 << 20), as: UTF8.self)
    #expect(text.contains(#"xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd""#))
    #expect(text.contains(##"<sodipodi:namedview pagecolor="#ffffff"/>"##))
    // In their group, which keeps the transform.
    #expect(text.contains(#"<g id="group-1" transform="matrix(2 0 0 2 0 0)">"# + "\n" + #"  <g fill="red"><text x="5" y="20">One</text></g>"#), "\(text)")
    // The compressed export imports again with the same curves and the same kept elements.
    let again = try CurvesBinary.run(["import-svg", path("out.svgz"), "-o", path("again.json")])
    #expect(again.status == 0, "\(again.error)")
    #expect(try readDocument("again.json").kept.map(\.name) == ["sodipodi:namedview", "text", "text"])
    #expect(try points(readDocument("again.json")) == points(readDocument("in.json")))
  }

  @Test func aFileThatIsNeitherADocumentNorSVGSaysSo() throws {
    let notes = try write("shopping: eggs", to: "notes.txt")
    let outcome = try CurvesBinary.run(["render", notes, "--drawing-only", "-o", path("out.png")])
    #expect(outcome.status != 0)
    #expect(outcome.error.contains("neither a Curves document nor an SVG drawing"))
  }

  @Test func writesTheDocument() throws {
    let svg = try write(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="10 10 200 100"><path d="M 10 10 l 20 0 q 10 10 20 0"/></svg>"#, to: "in.svg")
    let outcome = try CurvesBinary.run(["import-svg", svg, "-o", path("out.json")])
    #expect(outcome.status == 0, "\(outcome.error)")
    let document = try readDocument("out.json")
    #expect(document.canvas == Canvas(width: 200, height: 100))
    // One path, one curve: a line then a quadratic, their points nodes and control points.
    #expect(points(document) == [[Point(x: 0, y: 0), Point(x: 20, y: 0), Point(x: 30, y: 10), Point(x: 40, y: 0)]])
    #expect(document.curves[0].points.map(\.node) == [.corner, .corner, nil, .corner])
    #expect(outcome.error.isEmpty, "\(outcome.error)")
  }

  @Test func errorsInTheDrawingAreRepairedEachSaidInOneLine() throws {
    let svg = try write("<svg>\n<path id=\"p\" d=\"M 0 0 L 10 0 L 10 x\"/>\n<g transform=\"rotate(1 2)\"><line x2=\"5\"/></g>\n</svg>", to: "repaired.svg")
    let outcome = try CurvesBinary.run(["import-svg", svg, "-o", path("out.json")])
    #expect(outcome.status == 0, "\(outcome.error)")
    let lines = outcome.error.trimmingCharacters(in: .newlines).split(separator: "\n").map(String.init)
    #expect(lines == [
      #"Repaired: \#(svg): <path id="p"> on line 2: its path data has an error at offset 18, expected a number but found "x", so it is drawn up to the command before it"#,
      "Repaired: \(svg): <g> on line 3: its transform is ignored: at offset 10, expected 1 or 3 numbers in rotate(…) but found 2",
    ])
    #expect(points(try readDocument("out.json")) == [[Point(x: 0, y: 0), Point(x: 10, y: 0)], [Point(x: 0, y: 0), Point(x: 5, y: 0)]])
  }

  @Test func malformedSVGIsAOneLineErrorAndWritesNothing() throws {
    let cases = [
      ("xml.svg", "<svg><g></svg>", "not well-formed XML"),
      ("html.svg", "<html/>", "not <svg>"),
      ("limit.svg", "<svg>" + String(repeating: #"<line x2="1"/>"#, count: Document.maximumCurves + 1) + "</svg>", "more than 10000 shapes"),
    ]
    for (name, text, message) in cases {
      let svg = try write(text, to: name)
      let outcome = try CurvesBinary.run(["import-svg", svg, "-o", path("out.json")])
      #expect(outcome.status != 0)
      #expect(outcome.error.hasPrefix("Error: \(svg): "), "\(outcome.error)")
      #expect(outcome.error.contains(message), "\(outcome.error)")
      #expect(outcome.error.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1, "\(outcome.error)")
      #expect(!FileManager.default.fileExists(atPath: path("out.json")))
    }
    // A failed import leaves an existing output as it was.
    try Data("keep".utf8).write(to: directory.appendingPathComponent("existing.json"))
    _ = try CurvesBinary.run(["import-svg", path("xml.svg"), "-o", path("existing.json")])
    #expect(try String(contentsOfFile: path("existing.json"), encoding: .utf8) == "keep")
    let missing = try CurvesBinary.run(["import-svg", path("missing.svg"), "-o", path("out.json")])
    #expect(missing.status != 0 && missing.error.contains("no such file"))
  }

  @Test func refusesToOverwriteItsInput() throws {
    let text = #"<svg><line x2="10"/></svg>"#
    let svg = try write(text, to: "in.svg")
    let outcome = try CurvesBinary.run(["import-svg", svg, "-o", svg])
    #expect(outcome.status != 0)
    #expect(outcome.error.contains("refusing to overwrite the input file"))
    #expect(try String(contentsOfFile: svg, encoding: .utf8) == text)
  }

  @Test func exportThenImportGivesTheSameCurves() throws {
    // Lines, quadratics and cubics at awkward coordinates: thirds, tiny and large values.
    var curves: [String] = []
    var next = 0
    func coordinate(_ index: Int) -> Double {
      let fraction = (Double(index) * 0.618_033_988_749_894_9).truncatingRemainder(dividingBy: 1)
      switch index % 7 {
      case 0: return fraction * 1e-6
      case 1: return 1.0 / 3 + Double(index)
      default: return fraction * 799
      }
    }
    for curve in 0..<30 {
      let points = (0..<(2 + curve % 3)).map { _ -> String in
        next += 1
        let id = String(format: "00000000-0000-0000-0000-%012x", 1000 + next)
        return #"{ "id": "\#(id)", "x": \#(coordinate(2 * next)), "y": \#(coordinate(2 * next + 1)) }"#
      }
      curves.append(#"{ "id": "\#(String(format: "00000000-0000-0000-0000-%012x", curve + 1))", "points": [\#(points.joined(separator: ","))] }"#)
    }
    let json = #"{ "version": 1, "canvas": { "width": 800.5, "height": 600.25 }, "curves": [\#(curves.joined(separator: ","))], "animation": { "totalSteps": 10, "speed": 50 } }"#
    let original = try write(json, to: "original.json")
    let exported = try CurvesBinary.run(["export-svg", original, "-o", path("exported.svg")])
    #expect(exported.status == 0, "\(exported.error)")
    let imported = try CurvesBinary.run(["import-svg", path("exported.svg"), "-o", path("imported.json")])
    #expect(imported.status == 0, "\(imported.error)")

    let before = try readDocument("original.json"), after = try readDocument("imported.json")
    #expect(after.canvas == before.canvas)
    #expect(after.curves.count == before.curves.count)
    for (old, new) in zip(points(before), points(after)) {
      #expect(old.count == new.count)
      for (a, b) in zip(old, new) { #expect(a.distance(to: b) <= 1e-6, "\(a) became \(b)") }
    }
  }

  @Test func exportWritesNumbersThatReadBackExactly() {
    let values = [0, -0.0, 30, 12.5, 1.0 / 3, -2.0 / 3, 1e-5, -1.25e-7, 0.1 + 0.2, 1.5e20, 123_456_789.125, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
    for value in values {
      let text = SVGExport.number(value)
      #expect(!text.contains("e") && !text.hasSuffix(".0") && text != "-0", "\(text)")
      #expect(SVGPathData.number(text) == value, "\(value) was written as \(text)")
    }
    #expect(SVGExport.number(-0.0) == "0")
    #expect(SVGExport.number(1e-5) == "0.00001")
    #expect(SVGExport.number(1.5e20) == "150000000000000000000")
    #expect(SVGExport.number(-2.0 / 3) == "-0.6666666666666666")
  }

  // MARK: - Against a real renderer

  /// Where `rsvg-convert` (Debian's librsvg2-bin) is, if it is installed.
  static let rsvgConvert = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    .split(separator: ":").map { "\($0)/rsvg-convert" }
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// Every shape and transform kind, a nested viewport, a used symbol and percentages, stroked
  /// thick and black. The viewBox is as large as the rendered image, so document units are
  /// pixels, and offset, so the import must move it.
  static let drawing = """
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="400" height="300" viewBox="50 20 400 300">
      <defs>
        <path id="unused" d="M 60 30 L 440 310"/>
        <symbol id="triangle" viewBox="0 0 20 20"><path d="M 2 2 L 18 2 L 10 18 Z" stroke-width="1.5"/></symbol>
      </defs>
      <g fill="none" stroke="#000" stroke-width="5" stroke-linecap="round" stroke-linejoin="round">
        <path d="m70,40 c20-15 40 15 60 0 s 40-15 60 0 q15 20 30 0 t30 0 l10 30 h-40 v20 a25 15 30 1 0 -60 -10 z"/>
        <rect x="80" y="130" width="90" height="60" rx="15" ry="10" transform="rotate(-10 125 160)"/>
        <g transform="translate(260 90) scale(1.25)">
          <circle cx="40" cy="40" r="30"/>
          <ellipse cx="40" cy="40" rx="10" ry="25" transform="skewX(20)"/>
        </g>
        <g transform="matrix(0.8,0.2,-0.2,0.8,200,180)">
          <polyline points="0,0 40,30 80,0 120,30"/>
          <polygon points="0,60 60,60 30,100"/>
        </g>
        <line x1="360" y1="250" x2="430" y2="300"/>
        <path d="M 300 240 A 0 10 0 0 1 340 260 M 380 60 a 20 20 0 1 1 0.1 0"/>
        <line x1="60" y1="300" x2="440" y2="300" display="none"/>
        <svg x="60" y="230" width="80" height="40" viewBox="0 0 10 10" preserveAspectRatio="xMaxYMid meet">
          <circle cx="5" cy="5" r="4" stroke-width="1"/>
        </svg>
        <use xlink:href="#triangle" x="270" y="25" width="60" height="40"/>
        <line x1="15%" y1="97%" x2="35%" y2="97%"/>
      </g>
    </svg>
    """

  @Test(.enabled(if: rsvgConvert != nil, "rsvg-convert is not installed (Debian: apt-get install librsvg2-bin)"))
  func importedCurvesLieOnTheInkARendererDraws() throws {
    let svg = try write(Self.drawing, to: "drawing.svg")
    let rendered = try ChildProcess.run(
      Self.rsvgConvert!, ["-w", "400", "-h", "300", "-b", "white", "-f", "png", "-o", path("drawing.png"), svg], timeout: .seconds(60)
    )
    #expect(rendered.status == 0, "\(rendered.error)")
    let image = try #require(PNGImage(contentsOf: directory.appendingPathComponent("drawing.png")))
    #expect(image.width == 400 && image.height == 300)
    let imported = try CurvesBinary.run(["import-svg", svg, "-o", path("drawing.json")])
    #expect(imported.status == 0, "\(imported.error)")
    // What is drawn: a `display:none` element is kept hidden, off the ink.
    var drawing = try readDocument("drawing.json").inDrawingCoordinates()
    let hidden = ObjectTree(groups: drawing.groups).hiddenGroups
    drawing.curves.removeAll { $0.isHidden || ($0.group.map(hidden.contains) ?? false) }
    let curves = try segments(drawing).map { try #require(Bezier($0)) }

    func isInk(_ x: Int, _ y: Int) -> Bool {
      let color = image.pixel(x: x, y: y)
      return (Int(color.r) * 299 + Int(color.g) * 587 + Int(color.b) * 114) / 1000 < 128
    }
    // Points every half pixel or closer along every curve.
    let samples = curves.flatMap { curve in
      let length = curve.arcLength(accuracy: 0.01)
      let count = max(8, Int(length * 2))
      return (0...count).map { curve.eval(Double($0) / Double(count)) }
    }
    #expect(samples.count > 2000)

    // On ink: the centre line of a 5-pixel black stroke is black.
    let offInk = samples.filter { point in
      let x = Int(point.x.rounded(.down)), y = Int(point.y.rounded(.down))
      return !(0..<image.width).contains(x) || !(0..<image.height).contains(y) || !isInk(x, y)
    }
    #expect(offInk.count == 0, "\(offInk.count) of \(samples.count) curve points are not on ink, e.g. \(offInk.prefix(5))")

    // Coverage: every ink pixel is within the widest stroke's half width (5 × 1.25 / 2), plus
    // a pixel of antialiasing, of some curve.
    let reach = 4.5
    var near = [Bool](repeating: false, count: image.width * image.height)
    for point in samples {
      for y in Int((point.y - reach).rounded(.down))...Int((point.y + reach).rounded(.up)) where (0..<image.height).contains(y) {
        for x in Int((point.x - reach).rounded(.down))...Int((point.x + reach).rounded(.up)) where (0..<image.width).contains(x) {
          if Point(x: Double(x) + 0.5, y: Double(y) + 0.5).distance(to: point) <= reach { near[y * image.width + x] = true }
        }
      }
    }
    var inkCount = 0
    var uncovered: [Point] = []
    for y in 0..<image.height {
      for x in 0..<image.width where isInk(x, y) {
        inkCount += 1
        if !near[y * image.width + x] { uncovered.append(Point(x: Double(x), y: Double(y))) }
      }
    }
    #expect(inkCount > 5000)
    #expect(uncovered.count == 0, "\(uncovered.count) of \(inkCount) ink pixels are far from every curve, e.g. \(uncovered.prefix(5))")
  }
}
