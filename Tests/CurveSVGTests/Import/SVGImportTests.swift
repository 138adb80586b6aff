import CurveDocument
import CurveGeometry
@testable import CurveSVG
import Foundation
import Testing

/// SVG drawings as documents: shapes as curves of subpaths, transforms, the canvas, what is
/// left out, repairs, and the errors that remain errors. Styles: `SVGStyleImportTests`.
struct SVGImportTests {
  func imported(_ svg: String) throws(SVGImportError) -> (document: Document, repairs: [String]) {
    var count = 0
    let (document, repairs) = try SVGImport.import(from: Data(svg.utf8), makeID: {
      count += 1
      return id(count)
    })
    return (document.inDrawingCoordinates(), repairs)  // where it is seen
  }

  func document(_ svg: String) throws(SVGImportError) -> Document {
    try imported(svg).document
  }

  /// A drawing inside `<svg viewBox="0 0 100 100">`.
  func drawing(_ body: String) throws -> (document: Document, repairs: [String]) {
    try imported(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\#(body)</svg>"#)
  }

  /// Each curve's subpaths' points.
  func curves(_ body: String) throws -> [[[Point]]] {
    curves(of: try drawing(body).document)
  }

  func curves(of document: Document) -> [[[Point]]] {
    document.curves.map { $0.subpaths.map { $0.points.map { Point(x: $0.x, y: $0.y) } } }
  }

  /// Each curve's segments (node to node, a closed subpath's last back to its start), in order.
  func segments(of document: Document) -> [[[Point]]] {
    document.curves.map { curve in
      curve.subpaths.flatMap { subpath -> [[Point]] in
        let points = subpath.points.map { Point(x: $0.x, y: $0.y) }
        let nodes = subpath.points.indices.filter { subpath.points[$0].node != nil }
        var result = zip(nodes, nodes.dropFirst()).map { Array(points[$0...$1]) }
        if subpath.closed, let last = nodes.last { result.append(Array(points[last...]) + [points[0]]) }
        return result
      }
    }
  }

  func error(_ svg: String) -> SVGImportError? {
    do {
      _ = try document(svg)
      return nil
    } catch {
      return error
    }
  }

  func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

  func close(_ a: [Point], _ b: [Point], _ tolerance: Double = 1e-9) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.distance(to: $1) <= tolerance }
  }

  /// The largest distance from the segments, sampled, to the circle about `center`.
  func deviation(_ segments: [[Point]], fromCircle center: Point, radius: Double) -> Double {
    segments.flatMap { points in
      (0...100).map { abs(Bezier(points)!.eval(Double($0) / 100).distance(to: center) - radius) }
    }.max() ?? .infinity
  }

  // MARK: - The document

  @Test func theDocumentationExample() throws {
    let svg = Data(#"<svg viewBox="0 0 200 100"><rect x="10" y="10" width="50" height="30" fill="red"/></svg>"#.utf8)
    let (document, repairs) = try SVGImport.import(from: svg)
    #expect(document.canvas == Canvas(width: 200, height: 100))
    #expect(document.curves[0].subpaths[0].points.count == 4)
    #expect(document.curves[0].style.fill == .color(RGBColor(r: 255, g: 0, b: 0)))
    #expect(repairs == [])
    #expect(try SVGImport.document(from: svg).with(ids: document) == document)
  }

  @Test func aDocumentThatDecodes() throws {
    let imported = try document(#"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><path d="M 10 10 C 20 0 30 0 40 10 Q 50 20 60 10 M 0 0 L 5 5 L 0 5 Z"/></svg>"#)
    #expect(imported.version == Document.currentVersion)
    #expect(imported.canvas == Canvas(width: 300, height: 200))
    #expect(imported.animation.totalSteps == 10 && imported.animation.speed == 50)
    var display = DisplayOptions()
    display.handles = .selected
    #expect(imported.display == display, "a drawing opens showing only the edited curves' marks")
    #expect(curves(of: imported) == [[[p(10, 10), p(20, 0), p(30, 0), p(40, 10), p(50, 20), p(60, 10)], [p(0, 0), p(5, 5), p(0, 5)]]])
    // Fresh ids for the curve and every point, in order.
    #expect(imported.curves[0].id == id(1) && imported.curves[0].points.map(\.id) == (2...10).map(id))
    let encoded = try imported.encoded()
    #expect(try Document.decode(encoded) == imported)
  }

  // MARK: - Paths

  @Test func aPathIsOneCurveOfItsSubpathsClosedWhereZClosesThem() throws {
    let document = try drawing("<path d=\"M 0 0 L 10 0 L 10 10 Z M 20 20 h 10 v 10 M 50 50 l 5 0 z m 1 1\"/>").document
    #expect(document.curves.count == 1)
    let subpaths = document.curves[0].subpaths
    #expect(subpaths.map(\.closed) == [true, false, true])
    #expect(curves(of: document) == [[[p(0, 0), p(10, 0), p(10, 10)], [p(20, 20), p(30, 20), p(30, 30)], [p(50, 50), p(55, 50)]]])
    #expect(subpaths.allSatisfy { $0.points.allSatisfy { $0.node != nil } })
    // A subpath with no segment ("m 1 1" at the end, as icons end) draws nothing and is left out.
  }

  @Test func aClosedSubpathThatComesBackDoesNotRepeatItsStart() throws {
    // "L 0 0 Z", a curve ending at the start, and Z's own line: the first point once.
    let back = try curves(#"<path d="M 0 0 L 10 0 L 10 10 L 0 0 Z"/>"#)
    #expect(back == [[[p(0, 0), p(10, 0), p(10, 10)]]])
    let curved = try drawing(#"<path d="M 0 0 L 10 0 C 10 10 0 10 0 0 Z"/>"#).document
    #expect(curves(of: curved) == [[[p(0, 0), p(10, 0), p(10, 10), p(0, 10)]]])
    #expect(curved.curves[0].subpaths[0].points.map(\.node) == [.corner, .corner, nil, nil])
    #expect(segments(of: curved) == [[[p(0, 0), p(10, 0)], [p(10, 0), p(10, 10), p(0, 10), p(0, 0)]]])
  }

  @Test func segmentsKeepTheirDegreeForEveryCommand() throws {
    let document = try drawing(#"<path d="M 0 0 H 10 V 10 L 0 10 h 5 v 5 l 5 5 Q 20 30 30 20 T 50 20 q 5 5 10 0 t 10 0 C 80 0 90 0 90 10 S 100 20 90 30 c 0 5 -5 5 -10 5 s -10 0 -10 -5 A 5 5 0 0 1 60 30 a 5 5 0 0 1 -10 0"/>"#).document
    let degrees = segments(of: document)[0].map { $0.count - 1 }
    #expect(degrees == [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3])
    let points = segments(of: document)[0]
    // T reflects Q's control point; S reflects C's second one.
    #expect(points[7] == [p(30, 20), p(40, 10), p(50, 20)])
    #expect(points[11] == [p(90, 10), p(90, 20), p(100, 20), p(90, 30)])
    #expect(points[13] == [p(80, 35), p(75, 35), p(70, 35), p(70, 30)])
  }

  @Test func nodesAreCornersSmoothOrSymmetricByTheirHandles() throws {
    let document = try drawing("""
      <path d="M 0 50 C 0 40 10 30 20 30 C 30 30 40 40 40 50 C 40 55 45 60 50 60 L 60 40 L 70 20 C 75 10 80 10 90 20"/>
      """).document
    let nodes = document.curves[0].subpaths[0].points.compactMap(\.node)
    // Open ends are corners; (20, 30) has handles 10 each way; (40, 50) has 10 in, 5 out;
    // (50, 60) turns into a line; (60, 40) sits between two collinear lines; (70, 20) leaves
    // its line along the same direction into the curve's handle.
    #expect(nodes == [.corner, .symmetric, .smooth, .corner, .smooth, .smooth, .corner])
    // A closed subpath's first node joins its last segment and its first.
    let circle = try drawing(#"<circle cx="50" cy="50" r="10"/>"#).document
    #expect(circle.curves[0].subpaths[0].points.compactMap(\.node) == [.symmetric, .symmetric, .symmetric, .symmetric])
    let square = try drawing(#"<rect width="10" height="10"/>"#).document
    #expect(square.curves[0].subpaths[0].points.map(\.node) == [.corner, .corner, .corner, .corner])
  }

  @Test func aHandleOnItsNodeLooksPastIt() throws {
    // Inkscape's "c 0,0 …": the tangent runs to the next control point.
    let document = try drawing(#"<path d="M 0 0 C 5 0 10 0 10 0 C 10 0 15 0 20 0"/>"#).document
    #expect(document.curves[0].subpaths[0].points.compactMap(\.node) == [.corner, .smooth, .corner])
  }

  // MARK: - Shapes

  @Test func linesPolylinesAndPolygonsAreOneSubpath() throws {
    #expect(try curves(#"<line x1="1" y1="2" x2="30" y2="40"/>"#) == [[[p(1, 2), p(30, 40)]]])
    let polyline = try drawing(#"<polyline points="0,0 10,0 10,10"/>"#).document
    #expect(curves(of: polyline) == [[[p(0, 0), p(10, 0), p(10, 10)]]])
    #expect(polyline.curves[0].subpaths[0].closed == false)
    // A polygon closes; its points may be written compactly, with exponents.
    let polygon = try drawing(#"<polygon points="0 0 1e1 0,10-10"/>"#).document
    #expect(curves(of: polygon) == [[[p(0, 0), p(10, 0), p(10, -10)]]])
    #expect(polygon.curves[0].subpaths[0].closed)
    #expect(try curves(#"<polyline points=""/><line x1="5" y1="5" x2="5" y2="5"/>"#) == [])
  }

  @Test func rectanglesWithAndWithoutCorners() throws {
    let square = try drawing(#"<rect x="10" y="20" width="30" height="40"/>"#).document
    #expect(curves(of: square) == [[[p(10, 20), p(40, 20), p(40, 60), p(10, 60)]]])
    #expect(square.curves[0].subpaths[0].closed)
    // rx alone rounds both ways; each corner is a quarter circle within 0.01.
    let rounded = segments(of: try drawing(#"<rect x="0" y="0" width="40" height="30" rx="5"/>"#).document)[0]
    let lines = rounded.filter { $0.count == 2 }, arcs = rounded.filter { $0.count == 4 }
    #expect(lines == [[p(5, 0), p(35, 0)], [p(40, 5), p(40, 25)], [p(35, 30), p(5, 30)], [p(0, 25), p(0, 5)]])
    #expect(arcs.count == 4)
    #expect(deviation([arcs[0]], fromCircle: p(35, 5), radius: 5) < 0.01)
    #expect(deviation([arcs[2]], fromCircle: p(5, 25), radius: 5) < 0.01)
    #expect(arcs[0].first == p(35, 0) && arcs[0].last == p(40, 5))
    #expect(arcs[3].last == p(5, 0))
    // Radii beyond half the side are clamped: a stadium, and an ellipse (ry alone sets rx).
    let stadium = segments(of: try drawing(#"<rect width="40" height="10" rx="5" ry="50"/>"#).document)[0]
    #expect(stadium.filter { $0.count == 2 } == [[p(5, 0), p(35, 0)], [p(35, 10), p(5, 10)]])
    let ellipse = segments(of: try drawing(#"<rect width="40" height="10" ry="50"/>"#).document)[0]
    #expect(ellipse.count >= 4 && ellipse.allSatisfy { $0.count == 4 })
    // No size, no rect.
    #expect(try curves(#"<rect width="0" height="10"/>"#) == [])
  }

  @Test func circlesAndEllipsesAreClosedCubicsWithinTolerance() throws {
    let document = try drawing(#"<circle cx="50" cy="50" r="40"/>"#).document
    let circle = segments(of: document)[0]
    #expect(circle.allSatisfy { $0.count == 4 })
    #expect(circle.count >= 4)
    #expect(document.curves[0].subpaths[0].closed)
    // It starts at (cx + r, cy), runs clockwise on screen, and closes on its first point.
    #expect(circle.first?.first == p(90, 50) && circle.last?.last == p(90, 50))
    #expect(document.curves[0].subpaths[0].points.count == 3 * circle.count)
    #expect(circle[0].last!.y > 50)
    #expect(deviation(circle, fromCircle: p(50, 50), radius: 40) <= 0.01)
    let ellipse = segments(of: try drawing(#"<ellipse cx="50" cy="50" rx="40" ry="10"/>"#).document)[0]
    for points in ellipse {
      for step in 0...50 {
        let point = Bezier(points)!.eval(Double(step) / 50)
        // Within 0.01 of the ellipse, measured along the normal: |F| / |∇F| to first order.
        let x = point.x - 50, y = point.y - 50
        let value = x * x / 1600 + y * y / 100 - 1
        let gradient = (Point(x: 2 * x / 1600, y: 2 * y / 100)).length
        #expect(abs(value) / gradient < 0.01)
      }
    }
    #expect(try curves(#"<circle r="0"/><ellipse rx="5" ry="0"/>"#) == [])
  }

  @Test func arcsStayWithinToleranceInDocumentUnitsWhateverTheScale() throws {
    // A circle of radius 1 scaled 500 times: 0.01 of the document, not of the circle's units.
    let drawn = segments(of: try drawing(#"<circle r="1" transform="translate(50 50) scale(500)"/>"#).document)[0]
    #expect(deviation(drawn, fromCircle: p(50, 50), radius: 500) <= 0.01)
    #expect(drawn.count > 4)
  }

  // MARK: - Transforms and groups

  @Test func transformsComposeDownTheTree() throws {
    let drawn = try curves("""
      <g transform="translate(10,20)">
        <g transform="scale(2)">
          <line x1="0" y1="0" x2="5" y2="0" transform="rotate(90)"/>
          <path d="M 1 1 l 1 0"/>
        </g>
        <line x1="0" y1="0" x2="1" y2="0" transform="rotate(90 1 0) skewX(45)"/>
      </g>
      """)
    let expected = [[p(10, 20), p(10, 30)], [p(12, 22), p(14, 22)], [p(11, 19), p(11, 20)]]
    #expect(drawn.count == 3)
    for (curve, points) in zip(drawn, expected) { #expect(close(curve[0], points), "\(curve)") }
  }

  @Test func matrixChainsAsInkscapeWritesThem() throws {
    let drawn = try curves(#"<g transform="matrix(2,0,0,2,5,5)"><g transform="matrix(1 0 0 1 -2.5e0 -.25E1)"><path d="m 0,0 10,0"/></g></g>"#)
    #expect(drawn == [[[p(0, 0), p(20, 0)]]])
  }

  @Test func anInkscapeDrawing() throws {
    let svg = """
      <?xml version="1.0" encoding="UTF-8" standalone="no"?>
      <!-- Created with Inkscape (http://www.inkscape.org/) -->
      <svg width="210mm" height="297mm" viewBox="0 0 210 297" version="1.1" id="svg5"
         inkscape:version="1.2.2 (b0a8486541, 2022-12-01)" sodipodi:docname="drawing.svg"
         xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
         xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
         xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg">
        <sodipodi:namedview id="namedview7" pagecolor="#ffffff" inkscape:zoom="0.7">
          <inkscape:grid type="xygrid" id="grid1"/>
        </sodipodi:namedview>
        <defs id="defs2"><path id="unused" d="M 0 0 L 100 100"/></defs>
        <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1" transform="translate(-12.5,3.1e-1)">
          <path style="fill:none;stroke:#000000;stroke-width:0.264583px"
             d="m 20.5,30.25 c 1.5,-2 3,-4 5,-6 0,0 1e-3,2 4,4 l 10,0 10,10 h -5 v 5 z"
             id="path111" sodipodi:nodetypes="ccccc" />
          <svg:path d="M 50,50 60,60" id="prefixed"/>
        </g>
        <g inkscape:label="Hidden" inkscape:groupmode="layer" id="layer2" style="display:none">
          <path d="M 0,0 L 1,1" id="hidden"/>
        </g>
      </svg>
      """
    let (imported, repairs) = try imported(svg)
    #expect(repairs == [])
    #expect(imported.canvas == Canvas(width: 210, height: 297))
    let dx = -12.5, dy = 0.31
    func q(_ x: Double, _ y: Double) -> Point { p(x + dx, y + dy) }
    let drawn = curves(of: imported)
    // The hidden layer is kept, hidden, with its path.
    #expect(drawn.count == 3)
    #expect(imported.groups.first { $0.id == "layer2" }?.isHidden == true && imported.curves[2].group == "layer2")
    #expect(close(drawn[0][0], [
      q(20.5, 30.25), q(22, 28.25), q(23.5, 26.25), q(25.5, 24.25), q(25.5, 24.25), q(25.501, 26.25),
      q(29.5, 28.25), q(39.5, 28.25), q(49.5, 38.25), q(44.5, 38.25), q(44.5, 43.25),
    ]))
    #expect(imported.curves[0].subpaths[0].closed)
    #expect(close(drawn[1][0], [q(50, 50), q(60, 60)]))
    #expect(imported.curves[0].style.fill == CurveStyle.Paint.none)
    #expect(imported.curves[0].style.stroke == .color(RGBColor(r: 0, g: 0, b: 0)))
    #expect(abs(imported.curves[0].style.strokeWidth! - 0.264583) < 1e-12)
  }

  // MARK: - The canvas

  @Test func theViewBoxIsTheCanvasAndItsCornerTheOrigin() throws {
    let imported = try document(#"<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="100 -50 400 300"><line x1="100" y1="-50" x2="500" y2="250"/></svg>"#)
    #expect(imported.canvas == Canvas(width: 400, height: 300))
    #expect(curves(of: imported) == [[[p(0, 0), p(400, 300)]]])
    // Commas separate viewBox numbers too.
    #expect(try document(#"<svg viewBox="0,0,50,60"/>"#).canvas == Canvas(width: 50, height: 60))
  }

  @Test func withoutAViewBoxTheSizeIsTheCanvas() throws {
    #expect(try document(#"<svg width="300px" height="200"/>"#).canvas == Canvas(width: 300, height: 200))
    #expect(try document(#"<svg width="2in" height="72pt"/>"#).canvas == Canvas(width: 192, height: 96))
    #expect(abs(try document(#"<svg width="254mm" height="1cm"/>"#).canvas.width - 960) < 1e-9)
    #expect(try document(#"<svg/>"#).canvas == Canvas(width: 800, height: 600))
    #expect(try document(#"<svg width="100%" height="400"/>"#).canvas == Canvas(width: 800, height: 400))
  }

  /// No width, height or viewBox: the canvas reaches from the origin as far as what is drawn
  /// (half the stroke past the shape), in whole units, as resvg sizes it.
  @Test func withoutASizeOrViewBoxTheCanvasReachesAsFarAsTheDrawing() throws {
    let imported = try document(#"<svg xmlns="http://www.w3.org/2000/svg"><rect x="50" y="30" width="100" height="60.5" stroke="black" stroke-width="2"/></svg>"#)
    #expect(imported.canvas == Canvas(width: 151, height: 91))
    #expect(curves(of: imported)[0][0].first == p(50, 30), "nothing moves: the origin stays")
    #expect(try document(#"<svg width="100%"><rect width="10" height="10"/></svg>"#).canvas == Canvas(width: 10, height: 10))
  }

  @Test func percentagesAreOfTheViewport() throws {
    #expect(try curves(#"<line x1="10%" y1="50%" x2="100%" y2="0"/>"#) == [[[p(10, 50), p(100, 0)]]])
  }

  @Test func everyUnitResolves() throws {
    // The font is 12 px (librsvg's and resvg's) unless font-size says.
    let drawn = try curves("""
      <line x1="1em" y1="1ex" x2="1in" y2="1cm"/>
      <line x1="1mm" y1="1pc" x2="1pt" y2="1PX"/>
      <g font-size="10"><line x1="2em" y1="2ex" x2="0" y2="0" style="font-size: 150%"/></g>
      """)
    #expect(close(drawn[0][0], [p(12, 6), p(96, 96 / 2.54)]))
    #expect(close(drawn[1][0], [p(96 / 25.4, 16), p(96.0 / 72, 1)]))
    #expect(close(drawn[2][0], [p(30, 15), p(0, 0)]))
  }

  @Test func cssUnitsTheReferencesDoNotReadAreIgnoredAsTheyIgnoreThem() throws {
    // librsvg and resvg read neither Q, rem nor the viewport units: a rect 30vw wide is not
    // drawn (Curves keeps it as written, for the export), a line's x1="10vw" is its default 0.
    let imported = try drawing("""
      <rect x="5" y="5" width="30vw" height="30vh"/><circle r="4Q"/><ellipse rx="1rem" ry="2"/>
      <line x1="10vw" y1="20" x2="5vmin" y2="5vmax"/>
      """)
    #expect(curves(of: imported.document).count == 2, "the ellipse (rx auto, 2) and the line")
    #expect(curves(of: imported.document)[1] == [[p(0, 20), p(0, 0)]])
    #expect(imported.document.kept.map(\.xml) == [#"<rect height="30vh" width="30vw" x="5" y="5"/>"#, #"<circle r="4Q"/>"#])
    #expect(imported.repairs.contains { $0.contains(#"width="30vw" is not drawn: vw is a CSS unit that SVG renderers (librsvg, resvg) do not read; the element is kept as written"#) })
    #expect(imported.repairs.contains { $0.contains(#"x1="10vw" is ignored: vw is a CSS unit"#) })
    let exported = SVGExport.svg(for: imported.document, pointLook: .editorHandle)
    #expect(exported.contains(#"<rect height="30vh" width="30vw" x="5" y="5"/>"#))
  }

  @Test func aViewportOfAnotherShapeWidensTheCanvas() throws {
    // 200 × 100 showing a 200 × 200 viewBox: half size, so the canvas is 400 × 200 viewBox
    // units, the drawing at its left (xMin), in the middle (xMid), or cut to fit (slice); or
    // stretched to fit (none).
    func imported(_ aspect: String) throws -> Document {
      try document(#"<svg width="200" height="100" viewBox="0 0 200 200" preserveAspectRatio="\#(aspect)"><line x2="200" y2="200"/></svg>"#)
    }
    let left = try imported("xMinYMin")
    #expect(left.canvas == Canvas(width: 400, height: 200) && curves(of: left) == [[[p(0, 0), p(200, 200)]]])
    let middle = try imported("xMidYMid meet")
    #expect(middle.canvas == Canvas(width: 400, height: 200) && curves(of: middle) == [[[p(100, 0), p(300, 200)]]])
    let slice = try imported("xMidYMax slice")
    #expect(slice.canvas == Canvas(width: 200, height: 100) && curves(of: slice) == [[[p(0, -100), p(200, 100)]]])
    // none: the viewBox stretched to fill the viewport, halved in y; the canvas is the viewport.
    let (stretched, repairs) = try self.imported(
      #"<svg width="200" height="100" viewBox="10 0 200 200" preserveAspectRatio="none"><line x1="10" x2="210" y2="200"/></svg>"#
    )
    #expect(stretched.canvas == Canvas(width: 200, height: 100) && repairs.isEmpty)
    #expect(curves(of: stretched) == [[[p(0, 0), p(200, 100)]]])
  }

  @Test func nestedSVGsMapTheirViewBox() throws {
    // A 10 × 10 viewBox shown in 100 × 50 at (20, 30): meet scales by 5 and centres in x.
    let drawn = try curves(#"<svg x="20" y="30" width="100" height="50" viewBox="0 0 10 10"><line x1="0" y1="0" x2="10" y2="10"/></svg>"#)
    #expect(drawn == [[[p(45, 30), p(95, 80)]]])
    let stretched = try curves(#"<svg width="100" height="50" viewBox="0 0 10 10" preserveAspectRatio="none"><line x1="0" y1="0" x2="10" y2="10"/></svg>"#)
    #expect(stretched == [[[p(0, 0), p(100, 50)]]])
  }

  // MARK: - What is left out

  @Test func contentThatDrawsNoInkIsLeftOutOrKeptHidden() throws {
    let (document, repairs) = try drawing("""
      <title>A title</title><desc>Words</desc><metadata><path d="M 0 0 L 1 1"/></metadata>
      <defs><path id="p" d="M 0 0 L 2 2"/></defs>
      <clipPath id="c"><rect width="10" height="10"/></clipPath>
      <mask id="m"><rect width="10" height="10"/></mask>
      <symbol id="s"><line x1="0" y1="0" x2="7" y2="7"/></symbol>
      <marker id="k"><path d="M 0 0 L 3 3"/></marker>
      <pattern id="t"><path d="M 0 0 L 4 4"/></pattern>
      <line x1="0" y1="0" x2="5" y2="5" display="none"/>
      <g style="fill: red; display : none"><line x1="0" y1="0" x2="6" y2="6"/></g>
      <g visibility="hidden"><line x1="0" y1="0" x2="8" y2="8"/><line x1="1" y1="1" x2="9" y2="9" visibility="visible"/></g>
      <text x="1" y="1">Not curves</text>
      <line x1="0" y1="0" x2="10" y2="0"/>
      """)
    // What `display:none` hides is kept hidden (the shape, and the group with its line).
    #expect(curves(of: document) == [[[p(0, 0), p(5, 5)]], [[p(0, 0), p(6, 6)]], [[p(1, 1), p(9, 9)]], [[p(0, 0), p(10, 0)]]])
    #expect(document.curves.map(\.isHidden) == [true, false, false, false])
    #expect(document.groups.filter(\.isHidden).map(\.id) == [document.curves[1].group])
    #expect(repairs == [])
    // Text and metadata are kept, in their places: the text before the last line. The text
    // is drawn (its glyphs laid out), the metadata not.
    #expect(document.kept.map(\.name) == ["title", "desc", "metadata", "text"])
    #expect(document.kept[3].xml == #"<text x="1" y="1">Not curves</text>"#)
    #expect(document.kept[3].before == document.curves[3].id)
    #expect(document.kept[3].text?.curves.isEmpty == false)
    #expect(document.kept[0].before == document.curves[0].id)
    #expect(KeptElement.summary(document.kept) == "1 title element kept, not drawn; 1 desc element kept, not drawn; 1 metadata element kept, not drawn")
  }

  @Test func keptElementsCarryWhatTheyInheritAndComeBackVerbatim() throws {
    let (document, _) = try drawing("""
      <g transform="translate(5 6)" fill="green" id="layer" clip-path="url(#c)"><text x="1" y="2" xml:space="preserve">A &amp; <tspan font-weight="bold">B</tspan> &lt;C&gt;</text></g>
      """)
    // In its group, which carries the transform and the clip.
    #expect(document.kept.map(\.xml) == [
      #"<g fill="green"><text x="1" xml:space="preserve" y="2">A &amp; <tspan font-weight="bold">B</tspan> &lt;C&gt;</text></g>"#,
    ])
    #expect(document.kept.map(\.group) == ["layer"])
    #expect(document.groups.map(\.transform) == [.translate(x: 5, y: 6)])
  }

  @Test func ourOwnPointMarkersAreLeftOut() throws {
    // What `curves export-svg` writes for styled points: a group of circles after the paths.
    let drawn = try curves("""
      <path d="M 10 10 C 20 0 30 0 40 10"/>
      <g class="control-points">
        <circle class="control-point" cx="10" cy="10" r="6" fill="#e15759" stroke="#373c48" stroke-width="1"/>
        <circle class="control-point" cx="20" cy="0" r="15" fill="#ffffff" stroke="#373c48" stroke-width="1"/>
      </g>
      <circle class="marker control-point big" cx="50" cy="50" r="3"/>
      <g class="layer  control-points"><line x1="0" y1="0" x2="9" y2="9"/></g>
      """)
    #expect(drawn == [[[p(10, 10), p(20, 0), p(30, 0), p(40, 10)]]])
    // Only the whole word counts: other classes draw as usual.
    let others = try curves(#"<line class="control-pointy" x1="0" y1="0" x2="1" y2="0"/><line class="my-control-points" x1="0" y1="0" x2="2" y2="0"/>"#)
    #expect(others == [[[p(0, 0), p(1, 0)]], [[p(0, 0), p(2, 0)]]])
  }

  @Test func useDrawsWhatItRefersTo() throws {
    let drawn = try curves("""
      <defs><path id="p" d="M 0 0 L 2 0"/></defs>
      <symbol id="s"><line x1="0" y1="0" x2="0" y2="3"/></symbol>
      <use href="#p" x="10" y="10"/>
      <use xlink:href="#s" transform="translate(20 0)" xmlns:xlink="http://www.w3.org/1999/xlink"/>
      <use href="#missing"/>
      """)
    #expect(drawn == [[[p(10, 10), p(12, 10)]], [[p(20, 0), p(20, 3)]]])
  }

  @Test func linksAndSwitchesDrawTheirContent() throws {
    let drawn = try curves("""
      <a href="https://example.com"><line x1="0" y1="0" x2="1" y2="0"/></a>
      <switch>
        <g requiredExtensions="http://example.com/unknown"><line x1="0" y1="0" x2="2" y2="0"/></g>
        <line x1="0" y1="0" x2="3" y2="0"/>
        <line x1="0" y1="0" x2="4" y2="0"/>
      </switch>
      """)
    #expect(drawn == [[[p(0, 0), p(1, 0)]], [[p(0, 0), p(3, 0)]]])
  }

  // MARK: - Repairs: SVG's error rules

  @Test func pathDataIsDrawnUpToItsFirstError() throws {
    let svg = "<svg>\n<path id=\"wave\" d=\"M 0 0 L 10 0 L 10 10 Z M 20 20 L 30 x\"/></svg>"
    let (document, repairs) = try imported(svg)
    #expect(curves(of: document) == [[[p(0, 0), p(10, 0), p(10, 10)]]])
    #expect(repairs == [#"<path id="wave"> on line 2: its path data has an error at offset 36, expected a number but found "x", so it is drawn up to the command before it"#])
    // Data that does not start with M draws nothing.
    let (nothing, why) = try drawing(#"<path d="L 10 10"/>"#)
    #expect(nothing.curves == [] && why.count == 1)
  }

  @Test func pointsAreDrawnUpToTheirFirstErrorAndAnOddLastCoordinateIsDropped() throws {
    let (odd, oddRepairs) = try drawing(#"<polyline points="0 0 10 0 10"/>"#)
    #expect(curves(of: odd) == [[[p(0, 0), p(10, 0)]]])
    #expect(oddRepairs == ["<polyline> on line 1: its points list has an odd number of coordinates; the last one is left out"])
    let (bad, badRepairs) = try drawing(#"<polygon points="0 0 10 0 10 10 L 20 20"/>"#)
    #expect(curves(of: bad) == [[[p(0, 0), p(10, 0), p(10, 10)]]])
    #expect(badRepairs.count == 1 && badRepairs[0].contains("at offset 15"))
  }

  @Test func invalidValuesAreIgnored() throws {
    // Not a number: as if not given (x is 0); a transform that cannot be read: none.
    let (document, repairs) = try drawing("""
      <rect x="ten" width="5" height="5"/>
      <g transform="translate(1 2 3)"><line x2="10"/></g>
      <rect width="-1" height="5"/><circle r="-2"/>
      <rect width="4" height="4" rx="-1"/>
      <line x2="5" y1="1px2"/>
      """)
    #expect(curves(of: document) == [
      [[p(0, 0), p(5, 0), p(5, 5), p(0, 5)]], [[p(0, 0), p(10, 0)]], [[p(0, 0), p(4, 0), p(4, 4), p(0, 4)]], [[p(0, 0), p(5, 0)]],
    ])
    #expect(repairs == [
      #"<rect> on line 1: x="ten" is ignored: it is not a length"#,
      #"<g> on line 2: its transform is ignored: at offset 15, expected 1 or 2 numbers in translate(…) but found 3"#,
      #"<rect> on line 3: width="-1" is negative, which disables the element: it is left out"#,
      #"<circle> on line 3: r="-2" is negative, which disables the element: it is left out"#,
      #"<rect> on line 4: rx="-1" is negative, so it is ignored (auto)"#,
      #"<line> on line 5: y1="1px2" is ignored: it is not a length"#,
    ])
    // A unit that is not one: ignored, and said so.
    #expect(try drawing(#"<circle r="2parsecs"/>"#).repairs == [#"<circle> on line 1: r="2parsecs" is ignored: parsecs is not a unit of length"#])
  }

  @Test func aViewBoxThatIsNotOneIsIgnored() throws {
    let (document, repairs) = try imported(#"<svg width="30" height="20" viewBox="0 0 10"><line x2="30"/></svg>"#)
    #expect(document.canvas == Canvas(width: 30, height: 20))
    #expect(curves(of: document) == [[[p(0, 0), p(30, 0)]]])
    #expect(repairs == [#"<svg> on line 1: viewBox="0 0 10" is ignored: it needs four numbers, min-x min-y width height"#])
    // No area: nothing drawn.
    let (empty, _) = try imported(#"<svg viewBox="0 0 0 10"><line x2="30"/></svg>"#)
    #expect(empty.curves == [])
  }

  @Test func displayNoneOnTheRootIsAnEmptyDrawing() throws {
    let (document, repairs) = try imported(#"<svg viewBox="0 0 10 10" style="display:none"><line x2="10"/></svg>"#)
    #expect(document.canvas == Canvas(width: 10, height: 10))
    #expect(document.curves == [])
    #expect(repairs == ["<svg> on line 1: display is none on the root, so the drawing is empty"])
  }

  @Test func aUseThatRefersToItselfIsLeftOut() throws {
    // Each use would come back to the group it is in: both are left out whole, as resvg does.
    let (document, repairs) = try drawing(##"<g id="a"><line x2="1"/><use href="#b"/></g><g id="b"><use href="#a"/></g>"##)
    #expect(document.curves.count == 1)
    #expect(repairs.count == 2)
    #expect(repairs.allSatisfy { $0.contains("refers to itself") })
  }

  @Test func aUseInsideWhatItRefersToIsLeftOutAndTheRestDrawn() throws {
    // resvg's structure/use/indirect-recursive-3: two uses of their own group, then a rect.
    let (document, repairs) = try drawing(##"<g id="g1"><use x="20" href="#g1"/><use href="#g1"/><rect width="5" height="5"/></g><use id="copy" x="9" href="#r"/><rect id="r" width="1" height="1"/>"##)
    #expect(document.curves.count == 3)  // the group's rect, and r drawn twice: a use elsewhere is no cycle
    #expect(repairs.count == 2)
  }

  @Test func repairsAreOneLineEachAndCapped() throws {
    let many = String(repeating: #"<rect width="x"/>"#, count: 1_500)
    let repairs = try drawing(many).repairs
    #expect(repairs.count == 1_001)
    #expect(repairs.last == "… and 500 more repairs like these")
    #expect(repairs.allSatisfy { !$0.contains("\n") })
  }

  // MARK: - Errors that remain errors

  @Test func notXMLOrNotSVG() {
    #expect(error("this is not xml") == .notXML(line: 1, column: 1))
    if case .notXML = error(#"<svg><g></svg>"#) {} else { Issue.record("unbalanced tags are not XML") }
    if case .notXML = error("") {} else { Issue.record("an empty file is not XML") }
    #expect(error("<html><body/></html>") == .notSVG(root: "html"))
    #expect(error(#"<svg xmlns="http://example.com/other"/>"#) == .notSVG(root: "svg"))
  }

  /// Foundation's parser traps on names that are not UTF-8; such a file is refused first.
  @Test func bytesThatAreNotUTF8AreRefusedWithTheirOffset() throws {
    var bytes = Array(#"<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0L1 1"/></svg>"#.utf8)
    bytes.insert(0xAF, at: 7)
    #expect(throws: SVGImportError.notUTF8(byteOffset: 7)) { try SVGImport.document(from: Data(bytes)) }
    #expect(SVGImportError.notUTF8(byteOffset: 7).description.contains("byte 7"))
    // Multi-byte characters are UTF-8, and import.
    let accented = #"<svg xmlns="http://www.w3.org/2000/svg"><path id="é" d="M0 0L1 1"/></svg>"#
    #expect(try SVGImport.document(from: Data(accented.utf8)).curves.count == 1)
  }

  @Test func aCanvasOutOfRange() {
    #expect(error(#"<svg width="200000" height="10"/>"#) == .invalidCanvas(width: 200_000, height: 10))
  }

  @Test func coordinatesMustStayFinite() {
    #expect(error(#"<svg><path d="M 1e308 0 L 1e308 1" transform="scale(10)"/></svg>"#) == .nonFiniteCoordinate(element: "<path> on line 1"))
    #expect(error(#"<svg><path d="M 1e308 0 l 1e308 1"/></svg>"#) == .nonFiniteCoordinate(element: "<path> on line 1"))
  }

  @Test func moreShapesOrPointsThanADocumentHoldsIsAnError() throws {
    let lines = String(repeating: #"<line x2="1"/>"#, count: Document.maximumCurves)
    #expect(try curves(lines).count == Document.maximumCurves)
    #expect(error(#"<svg>\#(lines)<line x2="2"/></svg>"#) == .tooManyShapes)
    let path = "M 0 0" + String(repeating: " h 1", count: Document.maximumPoints - 1)
    #expect(try curves(#"<path d="\#(path)"/>"#)[0][0].count == Document.maximumPoints)
    #expect(error(#"<svg><path d="\#(path) h 1"/></svg>"#) == .tooManyPoints)
  }

  @Test func hostileNestingStopsWithAnError() {
    let deep = "<svg>" + String(repeating: "<g>", count: 300) + String(repeating: "</g>", count: 300) + "</svg>"
    #expect(error(deep) == .tooDeep(element: "<g> on line 1"))
    // Each level uses the one below ten times: 10⁸ copies of an empty group from a tiny file.
    let levels = (1...8).map { level in
      ##"<g id="l\##(level)">"## + String(repeating: ##"<use href="#l\##(level - 1)"/>"##, count: 10) + "</g>"
    }
    let bomb = ##"<svg><defs><g id="l0"/>\##(levels.joined())</defs><use href="#l8"/></svg>"##
    #expect(error(bomb) == .tooManyElements)
  }

  @Test func messagesAreOneLine() {
    let errors: [SVGImportError] = [
      .notXML(line: 1, column: 2), .notSVG(root: "html"), .invalidCanvas(width: 0, height: 1),
      .nonFiniteCoordinate(element: "<path> on line 3"), .tooManyShapes, .tooManyPoints, .tooManyElements,
    ]
    for error in errors { #expect(!error.description.contains("\n"), "\(error.description)") }
  }
}

extension Document {
  /// This document with `other`'s ids, curve by curve and point by point, for comparing two
  /// imports of one file.
  func with(ids other: Document) -> Document {
    var copy = self
    for curve in copy.curves.indices {
      copy.curves[curve].id = other.curves[curve].id
      for subpath in copy.curves[curve].subpaths.indices {
        for point in copy.curves[curve].subpaths[subpath].points.indices {
          copy.curves[curve].subpaths[subpath].points[point].id = other.curves[curve].subpaths[subpath].points[point].id
        }
      }
    }
    return copy
  }
}
