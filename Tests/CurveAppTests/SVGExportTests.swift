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
}
