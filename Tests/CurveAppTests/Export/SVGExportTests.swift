@testable import CurveApp
import CurveDocument
import CurveGeometry
@testable import CurveRender
@testable import CurveSVG
import Foundation
import Testing

struct SVGExportTests {
  @Test func cubicsAreExactCCommands() {
    let points = [Point(x: 120, y: 450), Point(x: 240, y: 120.5), Point(x: 560, y: 1.0 / 3), Point(x: 680, y: 450)]
    #expect(SVGExport.pathData(points) == "M 120 450 C 240 120.5 560 0.3333333333333333 680 450")
  }

  @Test func linesAndQuadraticsAreExactToo() {
    #expect(SVGExport.pathData([Point(x: 0, y: 0), Point(x: 10, y: 5)]) == "M 0 0 L 10 5")
    #expect(SVGExport.pathData([Point(x: 0, y: 0), Point(x: 5, y: 10), Point(x: 10, y: 0)]) == "M 0 0 Q 5 10 10 0")
  }

  @Test func higherDegreesAreCubicsWithinTolerance() throws {
    let points = (0..<6).map { Point(x: Double($0) * 100, y: $0 % 2 == 0 ? 0 : 300) }
    let data = SVGExport.pathData(points)
    #expect(data.hasPrefix("M 0 0 C "))
    #expect(!data.contains("L") && !data.contains("Q"))
    let subpaths = SVGPathData.subpaths(data).subpaths
    #expect(subpaths.count == 1 && subpaths[0].segments.count > 1)
    #expect(subpaths[0].segments.last?.controlPoints.last == Point(x: 500, y: 300))
    // Each cubic within the tolerance of the curve, and the curve of the cubics, measured
    // both ways to the nearest point (sampled, then refined by ternary search).
    let curve = try #require(Bezier(points))
    let cubics = subpaths[0].segments
    func distance(_ point: Point, to curve: Bezier) -> Double {
      let count = 400
      let nearest = (0...count).min { curve.eval(Double($0) / Double(count)).distance(to: point) < curve.eval(Double($1) / Double(count)).distance(to: point) }!
      var low = max(0, Double(nearest - 1) / Double(count)), high = min(1, Double(nearest + 1) / Double(count))
      for _ in 0..<60 {
        let a = low + (high - low) / 3, b = high - (high - low) / 3
        if curve.eval(a).distance(to: point) < curve.eval(b).distance(to: point) { high = b } else { low = a }
      }
      return curve.eval((low + high) / 2).distance(to: point)
    }
    for cubic in cubics {
      for step in 0...20 {
        #expect(distance(cubic.eval(Double(step) / 20), to: curve) <= SVGExport.tolerance)
      }
    }
    for step in 0...100 {
      let point = curve.eval(Double(step) / 100)
      #expect(cubics.map { distance(point, to: $0) }.min()! <= SVGExport.tolerance)
    }
  }

  @Test func subpathsAreMRunsAndClosedOnesEndWithZ() {
    func record(_ closed: Bool, _ points: [(Double, Double, NodeType?)]) -> Document.SubpathRecord {
      Document.SubpathRecord(closed: closed, points: points.map { Document.PointRecord(id: UUID(), x: $0.0, y: $0.1, node: $0.2) })
    }
    // A line, a quadratic and a cubic, closed by a line back to the start.
    let closed = record(true, [(0, 0, .corner), (10, 0, .corner), (15, 5, nil), (10, 10, .smooth), (5, 12, nil), (2, 12, nil), (0, 10, .corner)])
    #expect(SVGExport.pathData(closed) == "M 0 0 L 10 0 Q 15 5 10 10 C 5 12 2 12 0 10 L 0 0 Z")
    // A closed subpath whose last segment is a curve back to the first point.
    let loop = record(true, [(0, 0, .corner), (10, 0, .corner), (10, 10, nil), (0, 10, nil)])
    #expect(SVGExport.pathData(loop) == "M 0 0 L 10 0 C 10 10 0 10 0 0 Z")
    let open = record(false, [(0, 0, .corner), (1, 1, nil), (2, 0, .corner), (3, 3, .corner)])
    #expect(SVGExport.pathData(open) == "M 0 0 Q 1 1 2 0 L 3 3")
  }

  @Test func theStyleIsWrittenAsPresentationAttributes() throws {
    let style = CurveStyle(
      fill: .color(RGBColor(hex: "#2e3436")!), fillRule: .evenOdd, fillOpacity: 0.5, stroke: CurveStyle.Paint.none, strokeWidth: 2,
      strokeOpacity: 0.25, opacity: 0.75, lineCap: .square, lineJoin: .bevel, miterLimit: 8
    )
    #expect(SVGExport.styleAttributes(style) == ##" fill="#2e3436" fill-rule="evenodd" fill-opacity="0.5" stroke="none" stroke-width="2" stroke-opacity="0.25" stroke-linecap="square" stroke-linejoin="bevel" stroke-miterlimit="8" opacity="0.75""##)
    // Unset fields: the editor's look, as today's export drew every curve, and their names.
    #expect(SVGExport.styleAttributes(CurveStyle()) == ##" fill="none" stroke="#1e4ea8" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" data-curves-unset="fill fill-rule fill-opacity stroke stroke-width stroke-opacity stroke-linecap stroke-linejoin stroke-miterlimit opacity""##)
    #expect(SVGExport.styleAttributes(CurveStyle(fill: .color(RGBColor(r: 255, g: 0, b: 0)), stroke: CurveStyle.Paint.none)).hasPrefix(##" fill="#ff0000" stroke="none" stroke-width="3""##))
  }

  @Test func theUnsetLookIsTheEditorsLook() {
    #expect(SVGImport.unsetLook.stroke == .color(RGBColor(r: Theme.Palette.curve.r, g: Theme.Palette.curve.g, b: Theme.Palette.curve.b)))
    #expect(SVGImport.unsetLook.strokeWidth == Theme.curveWidth)
  }

  @Test func aDocumentIsOneSVGWithOnePathPerCurve() throws {
    let document = try Document.decode(Data(sampleDocumentJSON.utf8))
    let svg = SVGExport.svg(for: document, pointLook: DrawingLook.exportedPoint)
    #expect(svg.contains(#"<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">"#))
    #expect(svg.contains(#"d="M 120 450 C 240 120 560 120 680 450""#))
    #expect(svg.components(separatedBy: "<path").count == 2)
    #expect(svg.hasSuffix("</svg>\n"))
  }

  /// The sample document with a colour and a size on some of its points.
  func styledDocument() throws -> Document {
    var document = try Document.decode(Data(sampleDocumentJSON.utf8))
    document.curves[0].subpaths[0].points[0].color = "#E15759"
    document.curves[0].subpaths[0].points[0].size = 12.5
    document.curves[0].subpaths[0].points[1].color = "#4e79a7"
    document.curves[0].subpaths[0].points[3].size = 20
    return document
  }

  @Test func styledPointsAreCirclesInOneGroupAfterTheCurves() throws {
    let svg = SVGExport.svg(for: try styledDocument(), pointLook: DrawingLook.exportedPoint)
    let lines = svg.split(separator: "\n").map(String.init)
    #expect(Array(lines.suffix(6)) == [
      #"  <g class="control-points">"#,
      ##"    <circle class="control-point" cx="120" cy="450" r="6.25" fill="#e15759" stroke="#373c48" stroke-width="1"/>"##,
      ##"    <circle class="control-point" cx="240" cy="120" r="6" fill="#4e79a7" stroke="#373c48" stroke-width="1"/>"##,
      ##"    <circle class="control-point" cx="680" cy="450" r="10" fill="#ffffff" stroke="#373c48" stroke-width="1"/>"##,
      "  </g>",
      "</svg>",
    ])
    #expect(svg.range(of: "<path")!.lowerBound < svg.range(of: "<g ")!.lowerBound)
  }

  @Test func noPointIsStyledNoGroupIsWritten() throws {
    let svg = SVGExport.svg(for: try Document.decode(Data(sampleDocumentJSON.utf8)), pointLook: DrawingLook.exportedPoint)
    #expect(!svg.contains("<circle"))
    #expect(!svg.contains("control-point"))
  }

  @Test func anExportedDrawingImportsAsExactlyItsCurves() throws {
    let document = try styledDocument()
    let imported = try SVGImport.document(from: Data(SVGExport.svg(for: document, pointLook: DrawingLook.exportedPoint).utf8))
    #expect(imported.canvas == document.canvas)
    #expect(imported.curves.map { $0.points.map { Point(x: $0.x, y: $0.y) } } == document.curves.map { $0.points.map { Point(x: $0.x, y: $0.y) } })
    #expect(imported.curves.map(\.style) == document.curves.map(\.style))
  }
}

/// Gradients and dashes in the SVG `export-svg` writes.
struct SVGPaintExportTests {
  static let red = RGBColor(r: 255, g: 0, b: 0)

  static func document(_ styles: [CurveStyle]) -> Document {
    let curves = styles.map { style in
      Document.CurveRecord(id: UUID(), style: style, subpaths: [.init(closed: true, points: [
        .init(id: UUID(), x: 0, y: 0), .init(id: UUID(), x: 10, y: 0, node: .corner), .init(id: UUID(), x: 10, y: 10, node: .corner),
      ])])
    }
    return Document(canvas: Canvas(width: 20, height: 20), curves: curves, animation: Document.AnimationRecord(AnimationSettings()))
  }

  @Test func aGradientUsedByManyCurvesIsOneDefinition() {
    let shared = Gradient(id: "sun", geometry: .linear(x1: 0, y1: 0, x2: 1, y2: 0), stops: [.init(offset: 0, color: Self.red)])
    var edited = shared
    edited.spread = .repeat
    let svg = SVGExport.svg(for: Self.document([
      CurveStyle(fill: .gradient(shared)), CurveStyle(fill: .gradient(shared), stroke: .gradient(shared)), CurveStyle(fill: .gradient(edited)),
    ]), pointLook: DrawingLook.exportedPoint)
    #expect(svg.components(separatedBy: "<linearGradient").count - 1 == 2)
    #expect(svg.contains(#"<linearGradient id="sun" gradientUnits="objectBoundingBox" x1="0" y1="0" x2="1" y2="0">"#))
    #expect(svg.contains(#"<linearGradient id="sun-2" gradientUnits="objectBoundingBox" x1="0" y1="0" x2="1" y2="0" spreadMethod="repeat">"#))
    #expect(svg.components(separatedBy: #"fill="url(#sun)""#).count - 1 == 2)
    #expect(svg.contains(#"stroke="url(#sun)""#) && svg.contains(#"fill="url(#sun-2)""#))
  }

  @Test func anExportedGradientImportsAsItWas() throws {
    let gradient = Gradient(
      id: "glow", geometry: .radial(cx: 5, cy: 5, r: 4, fx: 4, fy: 5, fr: 1), units: .userSpaceOnUse,
      transform: Affine(a: 1, b: 0, c: 0.5, d: 1, e: 0, f: 0),
      stops: [.init(offset: 0, color: Self.red), .init(offset: 1, color: Self.red, opacity: 0)]
    )
    var style = CurveStyle(fill: .gradient(gradient), stroke: .color(Self.red), strokeWidth: 1)
    style.dashArray = [3, 1.5]
    style.dashOffset = 0.5
    let svg = SVGExport.svg(for: Self.document([style]), pointLook: DrawingLook.exportedPoint)
    let imported = try SVGImport.document(from: Data(svg.utf8)).curves[0].style
    #expect(imported.fill == .gradient(gradient))
    #expect(imported.dashArray == [3, 1.5] && imported.dashOffset == 0.5)
  }

  @Test func aPatternUsedByManyCurvesIsOneDefinitionWithItsContentsPaints() throws {
    let gradient = Gradient(
      id: "fade", geometry: .linear(x1: 0, y1: 0, x2: 1, y2: 0), stops: [.init(offset: 0, color: Self.red), .init(offset: 1, color: Self.red, opacity: 0)]
    )
    let dot = Document.CurveRecord(id: UUID(), style: CurveStyle(fill: .gradient(gradient), stroke: CurveStyle.Paint.none), subpaths: [
      .init(closed: true, points: [.init(id: UUID(), x: 0, y: 0), .init(id: UUID(), x: 2, y: 0, node: .corner), .init(id: UUID(), x: 2, y: 2, node: .corner)]),
    ])
    let pattern = Pattern(
      id: "dots", tile: Rect(minX: 1, minY: 2, maxX: 5, maxY: 6), transform: Affine(a: 2, b: 0, c: 0, d: 2, e: 0, f: 0), curves: [dot]
    )
    let svg = SVGExport.svg(for: Self.document([CurveStyle(fill: .pattern(pattern)), CurveStyle(fill: .pattern(pattern), stroke: .pattern(pattern))]), pointLook: DrawingLook.exportedPoint)
    #expect(svg.components(separatedBy: "<pattern ").count - 1 == 1)
    #expect(svg.contains(#"<pattern id="dots" patternUnits="userSpaceOnUse" x="1" y="2" width="4" height="4" patternTransform="matrix(2 0 0 2 0 0)">"#))
    #expect(svg.components(separatedBy: #"="url(#dots)""#).count - 1 == 3)
    // The content's gradient is defined before the pattern that uses it, and its path has no id.
    let gradientAt = try #require(svg.range(of: #"<linearGradient id="fade""#)), patternAt = try #require(svg.range(of: "<pattern "))
    #expect(gradientAt.lowerBound < patternAt.lowerBound)
    #expect(svg.contains(#"<path d="M 0 0 L 2 0 L 2 2 L 0 0 Z" fill="url(#fade)""#))
    let imported = try SVGImport.document(from: Data(svg.utf8))
    guard case let .pattern(back)? = imported.curves[0].style.fill else {
      Issue.record("the pattern did not come back")
      return
    }
    #expect(back.tile == pattern.tile && back.transform == pattern.transform)
    #expect(back.curves.map(\.style.fill) == [.gradient(gradient)])
    #expect(back.curves[0].subpaths[0].points.map { [$0.x, $0.y] } == [[0, 0], [2, 0], [2, 2]])
  }

  @Test func aFilterPrimitivesSubregionIsWrittenAndReadBack() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><filter id="f"><feFlood x="10" width="30" flood-color="red"/></filter>
      <g filter="url(#f)"><rect width="50" height="50"/><rect x="50" width="50" height="50"/></g></svg>
      """
    let document = try SVGImport.document(from: Data(svg.utf8))
    let exported = SVGExport.svg(for: document, pointLook: DrawingLook.exportedPoint)
    #expect(exported.contains(#" x="10" width="30""#))
    let back = try SVGImport.document(from: Data(exported.utf8))
    #expect(back.groups.first?.filter?.primitives.first?.subregion == FilterSubregion(x: 10, width: 30))
  }

  @Test func aStretchedPenIsThePathsTransformAndImportsAsItWas() throws {
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200"><line x1="60" y1="140" x2="140" y2="60" stroke="green" stroke-width="80" transform="skewX(-45) translate(100)"/></svg>"#
    let document = try SVGImport.document(from: Data(svg.utf8))
    let exported = SVGExport.svg(for: document, pointLook: .editorHandle)
    // The path in the pen's space (the line moved by 100), under the pen; its width as read.
    #expect(exported.contains(#"d="M 160 140 L 240 60" transform="matrix(1 0 -1 1 0 0)""#), "\(exported)")
    #expect(exported.contains(#"stroke-width="80""#))
    // Read back: the same pen and width, the points where they were (within rounding: the
    // skew's tangent is not exact).
    func points(_ document: Document) -> [Double] { document.curves[0].points.flatMap { [$0.x, $0.y] } }
    func near(_ a: [Double], _ b: [Double]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 } }
    let back = try SVGImport.document(from: Data(exported.utf8))
    #expect(back.curves[0].style == document.curves[0].style)
    #expect(near(points(document), [20, 140, 180, 60]) && near(points(back), points(document)), "\(points(back))")
    // Saved as Curves's own file (with each curve as Curves holds it), the same.
    let saved = try SVGImport.document(from: Data(SVGExport.svg(for: document, pointLook: .editorHandle, settings: true).utf8))
    #expect(saved.curves[0].style.strokeTransform == Affine(a: 1, b: 0, c: -1, d: 1, e: 0, f: 0))
    #expect(near(points(saved), [20, 140, 180, 60]))
  }
}
