import CurveDocument
import CurveGeometry
@testable import CurveSVG
import Foundation
import Testing

/// Markers through SVG import: curves at a path's vertices, placed, turned and scaled as SVG
/// says.
struct SVGMarkerImportTests {
  func imported(_ body: String) throws -> (document: Document, repairs: [String]) {
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\#(body)</svg>"#
    let (document, repairs) = try SVGImport.import(from: Data(svg.utf8))
    return (document.inDrawingCoordinates(), repairs)  // where it is seen
  }

  func points(_ curve: Document.CurveRecord) -> [Point] {
    curve.points.map { Point(x: ($0.x * 1e9).rounded() / 1e9, y: ($0.y * 1e9).rounded() / 1e9) }
  }

  @Test func startMidAndEndMarkersSitOnTheirVertices() throws {
    let (document, repairs) = try imported("""
      <marker id="m" markerUnits="userSpaceOnUse" markerWidth="4" markerHeight="4" refX="1" refY="1" overflow="visible">
        <rect width="2" height="2" fill="red"/></marker>
      <polyline points="10,10 50,10 50,50" fill="none" stroke="black" marker-start="url(#m)" marker-mid="url(#m)" marker-end="url(#m)"/>
      """)
    #expect(repairs == [])
    #expect(document.curves.count == 4, "the line, then a marker at each of its three vertices")
    // Unturned (orient 0): each 2 × 2 square centred on its vertex by refX, refY.
    #expect(points(document.curves[1]) == [Point(x: 9, y: 9), Point(x: 11, y: 9), Point(x: 11, y: 11), Point(x: 9, y: 11)])
    #expect(points(document.curves[2])[0] == Point(x: 49, y: 9))
    #expect(points(document.curves[3])[0] == Point(x: 49, y: 49))
  }

  @Test func refXAndRefYArePercentagesOfTheViewportOrKeywords() throws {
    func firstPoint(_ reference: String) throws -> Point {
      let (document, repairs) = try imported("""
        <marker id="m" markerUnits="userSpaceOnUse" markerWidth="20" markerHeight="20" \(reference) overflow="visible">
          <rect width="20" height="10" fill="red"/></marker>
        <path d="M 50 50 H 90" stroke="black" marker-start="url(#m)"/>
        """)
      #expect(repairs == [])
      return try #require(document.curves.dropFirst().first.map(points)?.first)
    }
    // 5% of the 100-unit viewport's width and 10% of its height: the rectangle's corner 5 left
    // of the vertex and 10 above (resvg's `percent-values.svg`; they were read as plain numbers).
    #expect(try firstPoint(#"refX="5%" refY="10%""#) == Point(x: 45, y: 40))
    // SVG 2's keywords, on the marker's viewport (no viewBox): its middle, its bottom right.
    #expect(try firstPoint(#"refX="center" refY="center""#) == Point(x: 40, y: 40))
    #expect(try firstPoint(#"refX="right" refY="bottom""#) == Point(x: 30, y: 30))
  }

  @Test func aContextFillGradientSpansThePathsBoxNotTheMarkers() throws {
    let (document, _) = try imported("""
      <linearGradient id="g"><stop offset="0" stop-color="white"/><stop offset="1" stop-color="green"/></linearGradient>
      <marker id="m" markerUnits="userSpaceOnUse" markerWidth="4" markerHeight="4" overflow="visible">
        <rect width="4" height="4" fill="context-fill"/></marker>
      <path d="M 10 20 H 90 V 60 Z" fill="url(#g)" marker-start="url(#m)" marker-end="url(#m)"/>
      """)
    // The path's box runs x 10…90: each marker takes the gradient there, in the document's
    // units (on its own 4-unit box, each marker showed the whole gradient).
    for marker in document.curves.dropFirst() {
      guard case let .gradient(gradient)? = marker.style.fill else {
        Issue.record("a marker not painted by a gradient: \(String(describing: marker.style.fill))")
        continue
      }
      #expect(gradient.units == .userSpaceOnUse)
      guard case let .linear(x1, y1, x2, y2) = gradient.geometry else { continue }
      let from = gradient.transform.apply(to: Point(x: x1, y: y1)).x, to = gradient.transform.apply(to: Point(x: x2, y: y2)).x
      #expect(abs(from - 10) < 1e-9 && abs(to - 90) < 1e-9, "\(from)…\(to)")
    }
  }

  @Test func autoOrientTurnsAlongThePathAndStrokeWidthScales() throws {
    let (document, _) = try imported("""
      <marker id="tip" orient="auto" markerWidth="10" markerHeight="10" overflow="visible"><line x2="1" stroke="red"/></marker>
      <path d="M 10 10 V 50" stroke="black" stroke-width="3" marker-end="url(#tip)"/>
      """)
    // Downward at the end: the marker's x axis turned 90°, 3 units to one (the stroke's width).
    #expect(points(document.curves[1]) == [Point(x: 10, y: 50), Point(x: 10, y: 53)])
  }

  /// `orient` takes CSS's angle units; `marker` is a CSS shorthand only, not an attribute.
  @Test func orientAnglesInEveryUnitAndTheMarkerShorthandOnlyInCSS() throws {
    #expect(SVGDrawing.degrees("90") == 90 && SVGDrawing.degrees("45deg") == 45 && SVGDrawing.degrees("100grad") == 90)
    #expect(SVGDrawing.degrees("0.25turn") == 90 && abs(SVGDrawing.degrees("3.14159265358979rad")! - 180) < 1e-9)
    #expect(SVGDrawing.degrees("90px") == nil && SVGDrawing.degrees("auto") == nil)
    let (turned, _) = try imported("""
      <marker id="tip" orient="0.25turn" markerWidth="10" markerHeight="10" overflow="visible"><line x2="1" stroke="red"/></marker>
      <path d="M 10 10 H 50" stroke="black" marker-end="url(#tip)"/>
      """)
    #expect(points(turned.curves[1]) == [Point(x: 50, y: 10), Point(x: 50, y: 11)])
    let marker = #"<marker id="m" markerUnits="userSpaceOnUse" overflow="visible"><rect width="2" height="2"/></marker>"#
    let (attribute, _) = try imported(marker + #"<path d="M 10 10 H 50" stroke="black" marker="url(#m)"/>"#)
    #expect(attribute.curves.count == 1)
    let (css, _) = try imported(marker + #"<path d="M 10 10 H 50" stroke="black" style="marker: url(#m)"/>"#)
    #expect(css.curves.count == 3)
  }

  @Test func theBisectorAndTheClosingSegment() {
    let square = SVGSubpath(start: Point(x: 0, y: 0), segments: [
      Bezier([Point(x: 0, y: 0), Point(x: 10, y: 0)])!, Bezier([Point(x: 10, y: 0), Point(x: 10, y: 10)])!,
    ], isClosed: true)
    let vertices = SVGDrawing.vertices(of: [square])
    // Start, the corner, the far end, and the start again after the closing line.
    #expect(vertices.map(\.point) == [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 0)])
    #expect(SVGDrawing.autoAngle(vertices[1]) == 45)
    // The start keeps to the first segment; the end, the start again, bisects the closing
    // line (in at 225°) and the first (out at 0°): -67.5°.
    #expect(SVGDrawing.autoAngle(vertices[0]) == 0)
    #expect(abs(SVGDrawing.autoAngle(vertices[3]) + 67.5) < 1e-9)
  }

  /// resvg's `orient=auto-on-M-L-Z.svg`: along a line and straight back, the turn is a
  /// quarter turn, not the way in (librsvg and resvg point the marker down there).
  @Test func aTurnStraightBackPointsAcross() {
    let there = SVGSubpath(start: Point(x: 30, y: 100), segments: [Bezier([Point(x: 30, y: 100), Point(x: 170, y: 100)])!], isClosed: true)
    let vertices = SVGDrawing.vertices(of: [there])
    #expect(vertices.map(\.point) == [Point(x: 30, y: 100), Point(x: 170, y: 100), Point(x: 30, y: 100)])
    #expect(vertices.map(SVGDrawing.autoAngle) == [0, 90, 90])
  }

  @Test func aMarkerReachingOutOfItsViewportIsClipped() throws {
    let (document, _) = try imported("""
      <marker id="big" markerUnits="userSpaceOnUse" markerWidth="4" markerHeight="4"><circle r="10" cx="2" cy="2"/></marker>
      <path d="M 10 10 H 50" stroke="black" marker-start="url(#big)"/>
      """)
    let clip = try #require(document.groups.first?.clip)
    #expect(clip.subpaths[0].points.map { Point(x: $0.x, y: $0.y) }.contains(Point(x: 14, y: 14)))
    #expect(document.curves[1].group == document.groups[0].id && document.curves[0].group == nil)
  }

  /// `overflow="inherit"` takes the marker's parent's overflow, else the initial `visible`:
  /// either way here the marker is not clipped (resvg's `inherit-on-marker` tests).
  @Test func anInheritedOverflowShowsWhatTheParentShows() throws {
    for root in [#"<g overflow="visible">"#, "<g>"] {
      let (document, _) = try imported("""
        \(root)<marker id="big" markerUnits="userSpaceOnUse" markerWidth="4" markerHeight="4" overflow="inherit"><circle r="10" cx="2" cy="2"/></marker></g>
        <path d="M 10 10 H 50" stroke="black" marker-start="url(#big)"/>
        """)
      #expect(document.groups.allSatisfy { $0.clip == nil }, "\(root)")
    }
    let (hidden, _) = try imported("""
      <g overflow="hidden"><marker id="big" markerUnits="userSpaceOnUse" markerWidth="4" markerHeight="4" overflow="inherit"><circle r="10" cx="2" cy="2"/></marker></g>
      <path d="M 10 10 H 50" stroke="black" marker-start="url(#big)"/>
      """)
    #expect(hidden.groups.first?.clip != nil)
  }

  /// SVG 2's context paints: a marker's shapes take the path's fill and stroke, what a `<use>`
  /// draws takes the use's (through a use inside a marker too), and elsewhere they are none.
  @Test func contextFillAndStrokeTakeTheContextElementsPaints() throws {
    let green = RGBColor(r: 0, g: 128, b: 0), blue = RGBColor(r: 0, g: 0, b: 255)
    let (document, _) = try imported("""
      <defs><rect id="r" width="2" height="2" fill="context-stroke" stroke="context-fill"/></defs>
      <marker id="m" markerUnits="userSpaceOnUse" markerWidth="4" markerHeight="4" overflow="visible">
        <rect width="2" height="2" fill="context-stroke" stroke="context-fill"/><use href="#r" fill="context-fill" stroke="context-stroke"/></marker>
      <path d="M 10 10 L 50 10" fill="green" stroke="blue" marker-end="url(#m)"/>
      <use href="#r" fill="green" stroke="blue"/>
      <rect width="5" height="5" fill="context-fill" stroke="context-stroke"/>
      """)
    let paints = document.curves.map { [$0.style.fill, $0.style.stroke] }
    #expect(paints == [
      [.color(green), .color(blue)],  // the path
      [.color(blue), .color(green)],  // the marker's rect: the path's stroke as its fill
      [.color(blue), .color(green)],  // the use in the marker, its paints the path's: passed through
      [.color(blue), .color(green)],  // the use at the top: its own fill and stroke
      [CurveStyle.Paint.none, CurveStyle.Paint.none],  // no context element
    ])
  }
}

