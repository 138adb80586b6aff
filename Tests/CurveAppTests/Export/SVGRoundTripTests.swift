@testable import CurveApp
import CurveFeature
import CurveGeometry
@testable import CurveRender
@testable import CurveSVG
import Foundation
import SeededRandom
import Testing

/// `export-svg` then `import-svg`: the same curves and the same styles, on random documents
/// and on the drawings in Tests/Fixtures/svg (checked against librsvg's rendering too, when
/// `rsvg-convert` is installed).
struct SVGRoundTripTests {
  // MARK: - Random documents

  /// A random style: each field unset a third of the time.
  static func randomStyle(_ random: inout SplitMix64) -> CurveStyle {
    func maybe<Value>(_ make: () -> Value) -> Value? { Int.random(in: 0..<3, using: &random) == 0 ? nil : make() }
    func paint() -> CurveStyle.Paint {
      Bool.random(using: &random)
        ? .none : .color(RGBColor(r: .random(in: 0...255, using: &random), g: .random(in: 0...255, using: &random), b: .random(in: 0...255, using: &random)))
    }
    return CurveStyle(
      fill: maybe(paint), fillRule: maybe { CurveStyle.FillRule.allCases.randomElement(using: &random)! },
      fillOpacity: maybe { Double.random(in: 0...1, using: &random) }, stroke: maybe(paint),
      strokeWidth: maybe { Double.random(in: 0...20, using: &random) }, strokeOpacity: maybe { Double.random(in: 0...1, using: &random) },
      opacity: maybe { Double.random(in: 0...1, using: &random) }, lineCap: maybe { CurveStyle.LineCap.allCases.randomElement(using: &random)! },
      lineJoin: maybe { CurveStyle.LineJoin.allCases.randomElement(using: &random)! }, miterLimit: maybe { Double.random(in: 1...20, using: &random) }
    )
  }

  /// A subpath of 1 to 5 segments of degree 1 to 3, open or closed. Where a curve meets a
  /// curve, the node is made smooth or symmetric a third of the time each (the next handle
  /// on the line through the node), and is a corner otherwise: the types an import finds.
  static func randomSubpath(_ random: inout SplitMix64, nextID: () -> UUID) -> Document.SubpathRecord {
    func point() -> Point { Point(x: .random(in: -50...1050, using: &random), y: .random(in: -50...850, using: &random)) }
    let closed = Bool.random(using: &random)
    var degrees = (0..<Int.random(in: 1...5, using: &random)).map { _ in Int.random(in: 1...3, using: &random) }
    // A closed subpath of one segment is a loop: a curve, not a line there and back.
    if closed, degrees.count == 1 { degrees[0] = max(degrees[0], 2) }
    var points: [(Point, NodeType?)] = [(point(), .corner)]
    for (index, degree) in degrees.enumerated() {
      let isLast = index == degrees.count - 1
      let node = points[points.count - 1].0
      var controls = (0..<(degree - 1)).map { _ in point() }
      // The node this segment starts at: make it smooth or symmetric when both sides curve.
      if index > 0, degree > 1, points[points.count - 2].1 == nil {
        let before = points[points.count - 2].0
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
          controls[0] = node + (node - before)
          points[points.count - 1].1 = .symmetric
        case 1:
          controls[0] = node + (node - before) * Double.random(in: 0.3...0.8, using: &random)
          points[points.count - 1].1 = .smooth
        default: break
        }
      }
      points += controls.map { ($0, nil) }
      if !(isLast && closed) { points.append((point(), .corner)) }
    }
    return Document.SubpathRecord(closed: closed, points: points.map {
      Document.PointRecord(id: nextID(), x: $0.0.x, y: $0.0.y, node: $0.1)
    })
  }

  static func randomDocument(seed: UInt64) -> Document {
    var random = SplitMix64(seed: seed)
    var count = 0
    let nextID = { () -> UUID in
      count += 1
      return UUID(uuidString: String(format: "00000000-0000-4000-8000-%012x", count))!
    }
    let curves = (0..<Int.random(in: 1...6, using: &random)).map { _ in
      let id = nextID()
      var subpaths = (0..<Int.random(in: 1...4, using: &random)).map { _ in randomSubpath(&random, nextID: nextID) }
      // Some points have a colour or a size: drawn as markers, which an import leaves out.
      if Int.random(in: 0..<4, using: &random) == 0 { subpaths[0].points[0].color = "#e15759" }
      return Document.CurveRecord(id: id, style: randomStyle(&random), subpaths: subpaths)
    }
    let canvas = Canvas(width: Double.random(in: 100...1000, using: &random).rounded(), height: Double.random(in: 100...1000, using: &random))
    return Document(canvas: canvas, curves: curves, animation: Document.AnimationRecord(AnimationSettings(mode: .smooth)))
  }

  /// What a round trip keeps: the canvas, each curve's style, and each subpath's closing,
  /// points and node types.
  static func expectSameDrawing(_ after: Document, _ before: Document, _ context: String, tolerance: Double = 1e-9) {
    #expect(after.canvas == before.canvas, "\(context)")
    #expect(after.curves.count == before.curves.count, "\(context)")
    for (index, (new, old)) in zip(after.curves, before.curves).enumerated() {
      #expect(new.style == old.style, "\(context), curve \(index + 1)")
      #expect(new.subpaths.count == old.subpaths.count, "\(context), curve \(index + 1)")
      for (number, (a, b)) in zip(new.subpaths, old.subpaths).enumerated() {
        let place = "\(context), curve \(index + 1), subpath \(number + 1)"
        #expect(a.closed == b.closed, "\(place)")
        #expect(a.points.map(\.node) == b.points.map(\.node), "\(place)")
        #expect(a.points.count == b.points.count, "\(place)")
        for (p, q) in zip(a.points, b.points) {
          #expect(abs(p.x - q.x) <= tolerance && abs(p.y - q.y) <= tolerance, "\(place): (\(q.x), \(q.y)) became (\(p.x), \(p.y))")
        }
      }
    }
  }

  @Test func randomDocumentsComeBackAsTheyWent() throws {
    for seed in 1...200 as ClosedRange<UInt64> {
      let document = Self.randomDocument(seed: seed)
      try #require(try Document.decode(document.encoded()) == document, "seed \(seed) is not a valid document")
      let (imported, repairs) = try SVGImport.import(from: Data(SVGExport.svg(for: document, pointLook: DrawingLook.exportedPoint).utf8))
      #expect(repairs == [], "seed \(seed)")
      Self.expectSameDrawing(imported, document, "seed \(seed)", tolerance: 0)
    }
  }

  @Test func aVersion1DocumentComesBackAsItWent() throws {
    // One open subpath of control points only (a single segment), no style: the editor's look.
    let document = try Document.decode(Data(sampleDocumentJSON.utf8))
    let imported = try SVGImport.document(from: Data(SVGExport.svg(for: document, pointLook: DrawingLook.exportedPoint).utf8))
    #expect(imported.curves.map(\.style) == document.curves.map(\.style))
    #expect(imported.curves.map { $0.points.map { Point(x: $0.x, y: $0.y) } } == document.curves.map { $0.points.map { Point(x: $0.x, y: $0.y) } })
  }

  // MARK: - The fixtures

  static let fixtures = CurvesBinary.packageRoot.appendingPathComponent("Tests/Fixtures/svg")

  static func fixtureNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasSuffix(".svg") }.sorted()
  }

  @Test func theFixturesComeBackAsTheyWent() throws {
    let names = try Self.fixtureNames()
    #expect(names.count >= 5)
    for name in names {
      let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(name))
      let (imported, repairs) = try SVGImport.import(from: data)
      #expect(repairs == [], "\(name)")
      #expect(!imported.curves.isEmpty, "\(name)")
      let again = try SVGImport.document(from: Data(SVGExport.svg(for: imported, pointLook: DrawingLook.exportedPoint).utf8))
      // A stretched pen's path is written in the pen's space: its points back within rounding.
      let hasPens = imported.curves.contains { $0.style.strokeTransform != nil }
      Self.expectSameDrawing(again, imported, name, tolerance: hasPens ? 1e-12 : 0)
    }
  }

  @Test func theFixturesAreWhatTheySay() throws {
    func load(_ name: String) throws -> Document {
      try SVGImport.document(from: Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
    }
    // The O: one curve, two closed subpaths of four cubics each, even-odd.
    let o = try load("letter-o.svg")
    #expect(o.curves.count == 1)
    #expect(o.curves[0].subpaths.map(\.closed) == [true, true])
    #expect(o.curves[0].subpaths.map { $0.points.count } == [12, 12])
    #expect(o.curves[0].style.fillRule == .evenOdd)
    // The style sheet's classes and the group's fill reach the shapes.
    let classes = try load("class-styles.svg")
    #expect(classes.curves.map(\.style.fill) == [
      CurveStyle.Paint.none, .color(RGBColor(hex: "#ff7800")!), .color(RGBColor(hex: "#ff7800")!), .color(RGBColor(hex: "#33d17a")!),
      .color(RGBColor(hex: "#ff7800")!), CurveStyle.Paint.none,
    ] as [CurveStyle.Paint?])
    #expect(classes.curves[3].style.stroke == .color(RGBColor(hex: "#ffffff")!))
    // Each <g> is a group with its transform and opacity; its curves keep their own widths,
    // and are drawn twice as wide under scale(2), half as wide again under scale(1.5).
    let strokes = try load("transformed-strokes.svg")
    #expect(strokes.curves.map(\.style.strokeWidth) == [1.5, 1, 2, 1])
    #expect(strokes.groups.map(\.opacity) == [1, 0.6])
    #expect(strokes.groups[1].transform == Affine(a: 1.5, b: 0, c: 0, d: 1.5, e: 2, f: 30))
    #expect(strokes.inDrawingCoordinates().curves.map(\.style.strokeWidth) == [3, 2, 3, 1])
  }

  /// Where `rsvg-convert` (Debian's librsvg2-bin) is, if it is installed.
  static let rsvgConvert = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    .split(separator: ":").map { "\($0)/rsvg-convert" }
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  @Test(.enabled(if: rsvgConvert != nil, "rsvg-convert is not installed (Debian: apt-get install librsvg2-bin)"))
  func librsvgDrawsTheExportAsTheOriginal() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for name in try Self.fixtureNames() {
      let original = Self.fixtures.appendingPathComponent(name)
      let exported = directory.appendingPathComponent("out-" + name)
      try Data(SVGExport.svg(for: try SVGImport.document(from: Data(contentsOf: original)), pointLook: DrawingLook.exportedPoint).utf8).write(to: exported)
      var images: [PNGImage] = []
      for (index, svg) in [original, exported].enumerated() {
        let png = directory.appendingPathComponent("\(name)-\(index).png")
        let rendered = try ChildProcess.run(Self.rsvgConvert!, ["-w", "64", "-h", "64", "-f", "png", "-o", png.path, svg.path], timeout: .seconds(60))
        #expect(rendered.status == 0, "\(rendered.error)")
        images.append(try #require(PNGImage(contentsOf: png)))
      }
      var differing = 0
      for y in 0..<64 {
        for x in 0..<64 {
          let a = images[0].pixel(x: x, y: y), b = images[1].pixel(x: x, y: y)
          let channels = [(a.r, b.r), (a.g, b.g), (a.b, b.b), (a.a, b.a)]
          if channels.contains(where: { abs(Int($0) - Int($1)) > 40 }) { differing += 1 }
        }
      }
      #expect(differing <= 64 * 64 / 100, "\(name): \(differing) of 4096 pixels differ")
    }
  }
}
