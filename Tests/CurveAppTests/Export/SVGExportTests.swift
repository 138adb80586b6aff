import CurveFeature
import CurveGeometry
import Foundation
import Testing

@testable import CurveApp

struct SVGExportTests {
  @Test func cubicsAreExactCCommands() {
    let points = [Point(x: 120, y: 450), Point(x: 240, y: 120.5), Point(x: 560, y: 1.0 / 3), Point(x: 680, y: 450)]
    #expect(SVGExport.pathData(points) == "M 120 450 C 240 120.5 560 0.3333333333333333 680 450")
  }

  @Test func linesAndQuadraticsAreExactToo() {
    #expect(SVGExport.pathData([Point(x: 0, y: 0), Point(x: 10, y: 5)]) == "M 0 0 L 10 5")
    #expect(SVGExport.pathData([Point(x: 0, y: 0), Point(x: 5, y: 10), Point(x: 10, y: 0)]) == "M 0 0 Q 5 10 10 0")
  }

  @Test func higherDegreesAreFlattenedWithinTolerance() throws {
    let points = (0..<6).map { Point(x: Double($0) * 100, y: $0 % 2 == 0 ? 0 : 300) }
    let data = SVGExport.pathData(points)
    #expect(data.hasPrefix("M 0 0 L "))
    let numbers = data.split(separator: " ").compactMap { Double($0) }
    let polyline = stride(from: 0, to: numbers.count - 1, by: 2).map { Point(x: numbers[$0], y: numbers[$0 + 1]) }
    #expect(polyline.count > 10)
    #expect(polyline.last == Point(x: 500, y: 300))
    let curve = try #require(Bezier(points))
    for step in 0...100 {
      let onCurve = curve.eval(Double(step) / 100)
      let distance = zip(polyline, polyline.dropFirst()).map { CurveGeometry.distance(from: onCurve, toSegment: $0, $1) }.min()!
      #expect(distance <= SVGExport.tolerance + 0.002)
    }
  }

  @Test func aDocumentIsOneSVGWithOnePathPerCurve() throws {
    let document = try Document.decode(Data(sampleDocumentJSON.utf8))
    let svg = SVGExport.svg(for: document)
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
    let svg = SVGExport.svg(for: try styledDocument())
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
    let svg = SVGExport.svg(for: try Document.decode(Data(sampleDocumentJSON.utf8)))
    #expect(!svg.contains("<circle"))
    #expect(!svg.contains("control-point"))
  }

  @Test func anExportedDrawingImportsAsExactlyItsCurves() throws {
    let document = try styledDocument()
    let imported = try SVGImport.document(from: Data(SVGExport.svg(for: document).utf8))
    #expect(imported.canvas == document.canvas)
    #expect(imported.curves.map { $0.points.map { Point(x: $0.x, y: $0.y) } } == document.curves.map { $0.points.map { Point(x: $0.x, y: $0.y) } })
  }
}
