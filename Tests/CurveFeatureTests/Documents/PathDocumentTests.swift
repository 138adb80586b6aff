import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

/// Version 2 of the document: curves made of subpaths of segments, closed and styled.
struct PathDocumentTests {
  func point(_ n: Int, _ x: Double, _ y: Double, node: String? = nil) -> String {
    "{ \"id\": \"\(id(n).uuidString)\", \"x\": \(x), \"y\": \(y)" + (node.map { ", \"node\": \"\($0)\"" } ?? "") + " }"
  }

  func document(_ curves: String) -> Data {
    Data("""
      { "version": 2, "canvas": { "width": 16, "height": 16 }, "curves": [ \(curves) ],
        "animation": { "totalSteps": 10, "speed": 50 } }
      """.utf8)
  }

  /// A square with a square hole, filled even-odd: two closed subpaths of line segments.
  var squareWithHole: String {
    """
    { "id": "\(id(1).uuidString)",
      "style": { "fill": "#2e3436", "fillRule": "evenodd", "stroke": "none", "opacity": 0.5 },
      "subpaths": [
        { "closed": true, "points": [ \(point(11, 1, 1, node: "corner")), \(point(12, 15, 1, node: "corner")),
                                      \(point(13, 15, 15, node: "corner")), \(point(14, 1, 15, node: "corner")) ] },
        { "closed": true, "points": [ \(point(21, 5, 5, node: "corner")), \(point(22, 11, 5, node: "corner")),
                                      \(point(23, 11, 11, node: "smooth")), \(point(24, 8, 13)), \(point(25, 5, 11, node: "corner")) ] } ] }
    """
  }

  @Test func aClosedFilledCurveWithAHoleReadsAsTwoSubpathsOfSegments() throws {
    let document = try Document.decode(document(squareWithHole))
    let curve = try #require(document.editorCurves.first)
    #expect(curve.subpaths.count == 2)
    #expect(curve.subpaths.map(\.isClosed) == [true, true])
    #expect(curve.style == CurveStyle(fill: .color(RGBColor(hex: "#2e3436")!), fillRule: .evenOdd, stroke: CurveStyle.Paint.none, opacity: 0.5))
    // Four lines round the square; the hole: two lines, a quadratic through (8, 13), a line back.
    #expect(curve.subpaths[0].segmentControlPoints.map(\.count) == [2, 2, 2, 2])
    #expect(curve.subpaths[1].segmentControlPoints == [
      [Point(x: 5, y: 5), Point(x: 11, y: 5)], [Point(x: 11, y: 5), Point(x: 11, y: 11)],
      [Point(x: 11, y: 11), Point(x: 8, y: 13), Point(x: 5, y: 11)], [Point(x: 5, y: 11), Point(x: 5, y: 5)],
    ])
    #expect(curve[point: id(23)]?.node == .smooth)
    #expect(curve[point: id(24)]?.node == nil)
    #expect(curve.bezier == nil, "several segments: no single construction")
  }

  @Test func itSavesAndOpensUnchanged() throws {
    let opened = try Document.decode(document(squareWithHole))
    let state = Editor.State(document: opened, url: nil)
    let saved = try Document(state).encoded()
    let text = String(decoding: saved, as: UTF8.self)
    #expect(text.contains(#""fillRule" : "evenodd""#) && text.contains(#""node" : "smooth""#) && text.contains(#""closed" : true"#))
    #expect(!text.contains(#""fillOpacity""#), "fields not set are not written")
    let reopened = try Document.decode(saved)
    #expect(reopened.editorCurves == opened.editorCurves)
    #expect(reopened.curves == opened.curves)
  }

  @Test func aVersionOneCurveIsOneOpenSubpathOfOneSegment() throws {
    let v1 = Data("""
      { "version": 1, "canvas": { "width": 800, "height": 600 }, "curves": [ { "id": "\(id(1).uuidString)",
        "points": [ \(point(2, 10, 10)), \(point(3, 20, 0)), \(point(4, 30, 10)) ] } ],
        "animation": { "totalSteps": 10, "speed": 50 } }
      """.utf8)
    let curve = try #require(try Document.decode(v1).editorCurves.first)
    #expect(curve.subpaths.count == 1 && !curve.subpaths[0].isClosed)
    #expect(curve.isOneSegment)
    #expect(curve.style.isEditorDefault)
    #expect(curve == Curve.State(id: id(1), points: IdentifiedArray(uniqueElements: [
      ControlPoint.State(id: id(2), position: Point(x: 10, y: 10)), ControlPoint.State(id: id(3), position: Point(x: 20, y: 0)),
      ControlPoint.State(id: id(4), position: Point(x: 30, y: 10)),
    ])))
  }

  @Test func errorsNameTheCurveSubpathAndPoint() {
    func error(_ curves: String) -> DocumentError? {
      do { _ = try Document.decode(document(curves)); return nil } catch { return error }
    }
    let second = "{ \"closed\": true, \"points\": [ \(point(21, 5, 5)), \(point(22, 1e999, 5)) ] }"
    let curve = "{ \"id\": \"\(id(1).uuidString)\", \"subpaths\": [ { \"points\": [ \(point(11, 1, 1)), \(point(12, 2, 2)) ] }, \(second) ] }"
    if case .malformed? = error(curve) {} else { Issue.record("1e999 is not a number JSON reads") }
    let color = "{ \"id\": \"\(id(1).uuidString)\", \"subpaths\": [ { \"points\": [ \(point(11, 1, 1)), \(point(12, 2, 2)) ] }, "
      + "{ \"points\": [ \(point(21, 5, 5)), { \"id\": \"\(id(22).uuidString)\", \"x\": 1, \"y\": 1, \"color\": \"red\" } ] } ] }"
    #expect(error(color) == .invalidColor(DocumentError.PointPlace(curve: 1, subpath: 2, point: 2), value: "red"))
    #expect(error(color)?.description.hasPrefix("Point 2 of subpath 2 of curve 1 has the colour \"red\"") == true)
    let short = "{ \"id\": \"\(id(1).uuidString)\", \"subpaths\": [ { \"points\": [ \(point(11, 1, 1)), \(point(12, 2, 2)) ] }, { \"points\": [ \(point(21, 5, 5)) ] } ] }"
    #expect(error(short) == .subpathTooShort(curve: 1, subpath: 2, count: 1))
    let long = (1...17).map { point(100 + $0, Double($0), 0) }.joined(separator: ",")
    #expect(error("{ \"id\": \"\(id(1).uuidString)\", \"subpaths\": [ { \"closed\": true, \"points\": [ \(long) ] } ] }")
      == .segmentTooLong(curve: 1, subpath: 1, count: 18))
    let nodes = (1...17).map { point(100 + $0, Double($0), 0, node: $0 % 8 == 0 ? "corner" : nil) }.joined(separator: ",")
    #expect(error("{ \"id\": \"\(id(1).uuidString)\", \"subpaths\": [ { \"points\": [ \(nodes) ] } ] }") == nil, "nodes split it into segments of 8, 9 and 2")
    #expect(error("{ \"id\": \"\(id(1).uuidString)\", \"style\": { \"opacity\": 2 }, \"points\": [ \(point(11, 1, 1)), \(point(12, 2, 2)) ] }")
      == .invalidStyle(curve: 1, field: "opacity", value: "2.0"))
    #expect(error("{ \"id\": \"\(id(1).uuidString)\", \"style\": { \"fill\": \"blue\" }, \"points\": [ \(point(11, 1, 1)), \(point(12, 2, 2)) ] }")
      == .invalidStyle(curve: 1, field: "fill", value: "\"blue\""))
    #expect(error("{ \"id\": \"\(id(1).uuidString)\", \"points\": [ \(point(11, 1, 1, node: "pointy")), \(point(12, 2, 2)) ] }").map { "\($0)".contains("pointy") } == true)
  }
}
