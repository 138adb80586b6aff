import CurveFeature
import CurveGeometry
import Foundation
import Testing

/// SVG drawings as documents: shapes, transforms, the canvas, what is left out, and errors.
struct SVGImportTests {
  func document(_ svg: String) throws(SVGImportError) -> Document {
    var count = 0
    return try SVGImport.document(from: Data(svg.utf8), makeID: {
      count += 1
      return id(count)
    })
  }

  /// Each curve's points, for the common case of a drawing inside `<svg viewBox="0 0 100 100">`.
  func curves(_ body: String) throws -> [[Point]] {
    curves(of: try document(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\#(body)</svg>"#))
  }

  func curves(of document: Document) -> [[Point]] {
    document.curves.map { $0.points.map { Point(x: $0.x, y: $0.y) } }
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

  func close(_ a: [[Point]], _ b: [[Point]], _ tolerance: Double = 1e-9) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.count == $1.count && zip($0, $1).allSatisfy { $0.distance(to: $1) <= tolerance } }
  }

  /// The largest distance from the curves, sampled, to the circle about `center`.
  func deviation(_ curves: [[Point]], fromCircle center: Point, radius: Double) -> Double {
    curves.flatMap { points in
      (0...100).map { abs(Bezier(points)!.eval(Double($0) / 100).distance(to: center) - radius) }
    }.max() ?? .infinity
  }

  // MARK: - The document

  @Test func theDocumentationExample() throws {
    let svg = Data(#"<svg viewBox="0 0 200 100"><rect x="10" y="10" width="50" height="30"/></svg>"#.utf8)
    let document = try SVGImport.document(from: svg)
    #expect(document.canvas == Canvas(width: 200, height: 100))
    #expect(document.curves.map(\.points.count) == [2, 2, 2, 2])
  }

  @Test func aDocumentThatDecodes() throws {
    let imported = try document(#"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><path d="M 10 10 C 20 0 30 0 40 10 Q 50 20 60 10"/></svg>"#)
    #expect(imported.version == Document.currentVersion)
    #expect(imported.canvas == Canvas(width: 300, height: 200))
    #expect(imported.animation.totalSteps == 10 && imported.animation.speed == 50)
    #expect(imported.display == DisplayOptions())
    #expect(curves(of: imported) == [[p(10, 10), p(20, 0), p(30, 0), p(40, 10)], [p(40, 10), p(50, 20), p(60, 10)]])
    // Fresh ids for every curve and point, in order.
    #expect(imported.curves[0].id == id(1) && imported.curves[0].points.map(\.id) == (2...5).map(id))
    let encoded = try imported.encoded()
    #expect(try Document.decode(encoded) == imported)
  }

  // MARK: - Shapes

  @Test func linesPolylinesAndPolygons() throws {
    #expect(try curves(#"<line x1="1" y1="2" x2="30" y2="40"/>"#) == [[p(1, 2), p(30, 40)]])
    #expect(try curves(#"<polyline points="0,0 10,0 10,10"/>"#) == [[p(0, 0), p(10, 0)], [p(10, 0), p(10, 10)]])
    // A polygon closes; its points may be written compactly, with exponents.
    #expect(try curves(#"<polygon points="0 0 1e1 0,10-10"/>"#) == [[p(0, 0), p(10, 0)], [p(10, 0), p(10, -10)], [p(10, -10), p(0, 0)]])
    #expect(try curves(#"<polyline points=""/><line x1="5" y1="5" x2="5" y2="5"/>"#) == [])
  }

  @Test func rectanglesWithAndWithoutCorners() throws {
    #expect(try curves(#"<rect x="10" y="20" width="30" height="40"/>"#) == [
      [p(10, 20), p(40, 20)], [p(40, 20), p(40, 60)], [p(40, 60), p(10, 60)], [p(10, 60), p(10, 20)],
    ])
    // rx alone rounds both ways; each corner is a quarter circle within 0.01.
    let rounded = try curves(#"<rect x="0" y="0" width="40" height="30" rx="5"/>"#)
    let lines = rounded.filter { $0.count == 2 }, arcs = rounded.filter { $0.count == 4 }
    #expect(lines == [[p(5, 0), p(35, 0)], [p(40, 5), p(40, 25)], [p(35, 30), p(5, 30)], [p(0, 25), p(0, 5)]])
    #expect(arcs.count == 4)
    #expect(deviation([arcs[0]], fromCircle: p(35, 5), radius: 5) < 0.01)
    #expect(deviation([arcs[2]], fromCircle: p(5, 25), radius: 5) < 0.01)
    #expect(arcs[0].first == p(35, 0) && arcs[0].last == p(40, 5))
    // Radii beyond half the side are clamped: a stadium, and an ellipse (ry alone sets rx).
    let stadium = try curves(#"<rect width="40" height="10" rx="5" ry="50"/>"#)
    #expect(stadium.filter { $0.count == 2 } == [[p(5, 0), p(35, 0)], [p(35, 10), p(5, 10)]])
    let ellipse = try curves(#"<rect width="40" height="10" ry="50"/>"#)
    #expect(ellipse.count >= 4 && ellipse.allSatisfy { $0.count == 4 })
    // No size, no rect.
    #expect(try curves(#"<rect width="0" height="10"/>"#) == [])
  }

  @Test func circlesAndEllipsesAreCubicsWithinTolerance() throws {
    let circle = try curves(#"<circle cx="50" cy="50" r="40"/>"#)
    #expect(circle.allSatisfy { $0.count == 4 })
    #expect(circle.count >= 4)
    // It starts at (cx + r, cy) and runs clockwise on screen, closing exactly.
    #expect(circle.first?.first == p(90, 50) && circle.last?.last == p(90, 50))
    #expect(circle[0].last!.y > 50)
    #expect(deviation(circle, fromCircle: p(50, 50), radius: 40) <= 0.01)
    let ellipse = try curves(#"<ellipse cx="50" cy="50" rx="40" ry="10"/>"#)
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
    let drawn = try curves(#"<circle r="1" transform="translate(50 50) scale(500)"/>"#)
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
    #expect(close(drawn, [
      [p(10, 20), p(10, 30)],
      [p(12, 22), p(14, 22)],
      [p(11, 19), p(11, 20)],
    ]))
  }

  @Test func matrixChainsAsInkscapeWritesThem() throws {
    let drawn = try curves(#"<g transform="matrix(2,0,0,2,5,5)"><g transform="matrix(1 0 0 1 -2.5e0 -.25E1)"><path d="m 0,0 10,0"/></g></g>"#)
    #expect(drawn == [[p(0, 0), p(20, 0)]])
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
    let imported = try document(svg)
    #expect(imported.canvas == Canvas(width: 210, height: 297))
    let dx = -12.5, dy = 0.31
    #expect(close(curves(of: imported), [
      [p(20.5 + dx, 30.25 + dy), p(22 + dx, 28.25 + dy), p(23.5 + dx, 26.25 + dy), p(25.5 + dx, 24.25 + dy)],
      [p(25.5 + dx, 24.25 + dy), p(25.5 + dx, 24.25 + dy), p(25.501 + dx, 26.25 + dy), p(29.5 + dx, 28.25 + dy)],
      [p(29.5 + dx, 28.25 + dy), p(39.5 + dx, 28.25 + dy)],
      [p(39.5 + dx, 28.25 + dy), p(49.5 + dx, 38.25 + dy)],
      [p(49.5 + dx, 38.25 + dy), p(44.5 + dx, 38.25 + dy)],
      [p(44.5 + dx, 38.25 + dy), p(44.5 + dx, 43.25 + dy)],
      [p(44.5 + dx, 43.25 + dy), p(20.5 + dx, 30.25 + dy)],
      [p(50 + dx, 50 + dy), p(60 + dx, 60 + dy)],
    ]))
  }

  // MARK: - The canvas

  @Test func theViewBoxIsTheCanvasAndItsCornerTheOrigin() throws {
    let imported = try document(#"<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="100 -50 400 300"><line x1="100" y1="-50" x2="500" y2="250"/></svg>"#)
    #expect(imported.canvas == Canvas(width: 400, height: 300))
    #expect(curves(of: imported) == [[p(0, 0), p(400, 300)]])
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

  @Test func percentagesAreOfTheViewport() throws {
    #expect(try curves(#"<line x1="10%" y1="50%" x2="100%" y2="0"/>"#) == [[p(10, 50), p(100, 0)]])
  }

  @Test func nestedSVGsMapTheirViewBox() throws {
    // A 10 × 10 viewBox shown in 100 × 50 at (20, 30): meet scales by 5 and centres in x.
    let drawn = try curves(#"<svg x="20" y="30" width="100" height="50" viewBox="0 0 10 10"><line x1="0" y1="0" x2="10" y2="10"/></svg>"#)
    #expect(drawn == [[p(45, 30), p(95, 80)]])
    let stretched = try curves(#"<svg width="100" height="50" viewBox="0 0 10 10" preserveAspectRatio="none"><line x1="0" y1="0" x2="10" y2="10"/></svg>"#)
    #expect(stretched == [[p(0, 0), p(100, 50)]])
  }

  // MARK: - What is left out

  @Test func contentThatDrawsNoInkIsLeftOut() throws {
    let drawn = try curves("""
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
    #expect(drawn == [[p(1, 1), p(9, 9)], [p(0, 0), p(10, 0)]])
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
    #expect(drawn == [[p(10, 10), p(20, 0), p(30, 0), p(40, 10)]])
    // Only the whole word counts: other classes draw as usual.
    let others = try curves(#"<line class="control-pointy" x1="0" y1="0" x2="1" y2="0"/><line class="my-control-points" x1="0" y1="0" x2="2" y2="0"/>"#)
    #expect(others == [[p(0, 0), p(1, 0)], [p(0, 0), p(2, 0)]])
  }

  @Test func useDrawsWhatItRefersTo() throws {
    let drawn = try curves("""
      <defs><path id="p" d="M 0 0 L 2 0"/></defs>
      <symbol id="s"><line x1="0" y1="0" x2="0" y2="3"/></symbol>
      <use href="#p" x="10" y="10"/>
      <use xlink:href="#s" transform="translate(20 0)" xmlns:xlink="http://www.w3.org/1999/xlink"/>
      <use href="#missing"/>
      """)
    #expect(drawn == [[p(10, 10), p(12, 10)], [p(20, 0), p(20, 3)]])
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
    #expect(drawn == [[p(0, 0), p(1, 0)], [p(0, 0), p(3, 0)]])
  }

  // MARK: - Errors

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

  @Test func badPathDataNamesTheElementAndTheOffset() {
    let svg = "<svg>\n<path id=\"wave\" d=\"M 0 0 L 10 x\"/></svg>"
    let expected = SVGImportError.badPathData(element: #"<path id="wave"> on line 2"#, SVGPathError(offset: 11, expected: "a number", found: "\"x\""))
    #expect(error(svg) == expected)
    #expect(expected.description == #"<path id="wave"> on line 2 has path data Curves cannot read: at offset 11, expected a number but found "x". Fix its d attribute."#)
    #expect(error(#"<svg><polyline points="0 0 10"/></svg>"#) ==
            .badPoints(element: "<polyline> on line 1", SVGPathError(offset: 6, expected: "a number", found: "the end of the data")))
    #expect(error(#"<svg><polygon points="0 0 L 10 10"/></svg>"#) ==
            .badPoints(element: "<polygon> on line 1", SVGPathError(offset: 4, expected: "a number", found: "\"L\"")))
    #expect(error(#"<svg><polyline points="0 0 x"/></svg>"#) ==
            .badPoints(element: "<polyline> on line 1", SVGPathError(offset: 4, expected: "a number", found: "\"x\"")))
  }

  @Test func badNumbersTransformsAndCanvases() {
    #expect(error(#"<svg><rect width="ten" height="5"/></svg>"#) ==
            .badAttribute(element: "<rect> on line 1", name: "width", value: "ten", reason: "it is not a number (with an optional unit)"))
    #expect(error(#"<svg><rect width="-1" height="5"/></svg>"#) ==
            .badAttribute(element: "<rect> on line 1", name: "width", value: "-1", reason: "it must not be negative"))
    if case .badAttribute(_, "r", "2em", _) = error(#"<svg><circle r="2em"/></svg>"#) {} else { Issue.record("em is refused") }
    if case let .badTransform(element, transformError) = error(#"<svg><g id="g" transform="translate(1 2 3)"/></svg>"#) {
      #expect(element == #"<g id="g"> on line 1"#)
      #expect(transformError.offset == 15)
    } else {
      Issue.record("a bad transform is an error")
    }
    #expect(error(#"<svg viewBox="0 0 0 10"/>"#) ==
            .badAttribute(element: "<svg> on line 1", name: "viewBox", value: "0 0 0 10", reason: "its width and height must be positive"))
    if case .badAttribute(_, "viewBox", _, _) = error(#"<svg viewBox="0 0 10"/>"#) {} else { Issue.record("three numbers are not a viewBox") }
    #expect(error(#"<svg width="200000" height="10"/>"#) == .invalidCanvas(width: 200_000, height: 10))
  }

  @Test func coordinatesMustStayFinite() {
    #expect(error(#"<svg><path d="M 1e308 0 L 1e308 1" transform="scale(10)"/></svg>"#) == .nonFiniteCoordinate(element: "<path> on line 1"))
    #expect(error(#"<svg><path d="M 1e308 0 l 1e308 1"/></svg>"#) == .nonFiniteCoordinate(element: "<path> on line 1"))
  }

  @Test func moreSegmentsThanADocumentHoldsIsAnError() throws {
    let path = "M 0 0" + String(repeating: " h 1", count: Document.maximumCurves)
    #expect(try curves(#"<path d="\#(path)"/>"#).count == Document.maximumCurves)
    #expect(error(#"<svg><path d="\#(path) h 1"/></svg>"#) == .tooManySegments)
    #expect(error(#"<svg><path d="\#(path)"/><line x2="1"/></svg>"#) == .tooManySegments)
  }

  @Test func circularReferencesAreAnError() {
    let svg = ##"<svg><g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g></svg>"##
    #expect(error(svg) == .circularReference(element: #"<use> on line 1"#))
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
      .badAttribute(element: "<rect> on line 1", name: "width", value: "1\n2", reason: "it is not a number"),
      .nonFiniteCoordinate(element: "<path> on line 3"), .circularReference(element: "<use> on line 1"), .tooManySegments,
    ]
    for error in errors { #expect(!error.description.contains("\n"), "\(error.description)") }
  }
}
