import CurveDocument
import CurveGeometry
@testable import CurveSVG
import Foundation
import Testing

/// Gradients, dashes and compressed files through SVG import: what the document keeps, in
/// document units.
struct SVGPaintImportTests {
  func imported(_ body: String) throws -> (styles: [CurveStyle], repairs: [String]) {
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">\#(body)</svg>"#
    let (document, repairs) = try SVGImport.import(from: Data(svg.utf8))
    return (document.inDrawingCoordinates().curves.map(\.style), repairs)  // as drawn
  }

  func gradient(_ body: String) throws -> Gradient {
    try #require(try imported(body).styles.first?.fill?.gradient)
  }

  static let red = RGBColor(r: 255, g: 0, b: 0), blue = RGBColor(r: 0, g: 0, b: 255)

  @Test func aLinearGradientKeepsItsGeometryStopsAndSpread() throws {
    let gradient = try gradient("""
      <linearGradient id="sky" x1="10%" y1="0.25" x2="90%" spreadMethod="reflect">
        <stop offset="0.2" stop-color="red"/><stop offset="120%" style="stop-color: blue; stop-opacity: 0.5"/>
      </linearGradient>
      <rect width="10" height="10" fill="url(#sky)"/>
      """)
    #expect(gradient == Gradient(
      id: "sky", geometry: .linear(x1: 0.1, y1: 0.25, x2: 0.9, y2: 0), spread: .reflect,
      stops: [Gradient.Stop(offset: 0.2, color: Self.red), Gradient.Stop(offset: 1, color: Self.blue, opacity: 0.5)]
    ))
  }

  @Test func aStopsCurrentColorAndInheritAreResolvedWhereTheGradientStands() throws {
    // `currentColor`: the stop's `color`, else the gradient's, else its ancestors' (a `<g>`
    // around the gradient, not the shape that uses it).
    let inGroup = try gradient("""
      <g color="red"><linearGradient id="g"><stop offset="0" stop-color="currentColor"/>
        <stop offset="1" stop-color="currentColor" color="blue"/></linearGradient></g>
      <rect width="10" height="10" fill="url(#g)" color="lime"/>
      """)
    #expect(inGroup.stops.map(\.color) == [Self.red, Self.blue])
    // `inherit`: the gradient's own `stop-color` and `stop-opacity`.
    let inherited = try gradient("""
      <linearGradient id="g" stop-color="red" style="stop-opacity: 0.5"><stop offset="0" stop-color="inherit" stop-opacity="inherit"/>
        <stop offset="1" stop-color="blue"/></linearGradient>
      <rect width="10" height="10" fill="url(#g)"/>
      """)
    #expect(inherited.stops == [Gradient.Stop(offset: 0, color: Self.red, opacity: 0.5), Gradient.Stop(offset: 1, color: Self.blue)])
  }

  @Test func attributesAndStopsComeThroughHrefs() throws {
    // Inkscape's habit: the stops in one gradient, the geometry in another that links to it.
    let gradient = try gradient("""
      <linearGradient id="stops" spreadMethod="repeat"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
      <radialGradient id="shape" xlink:href="#stops" cx="20" cy="30" r="10" fx="25" gradientUnits="userSpaceOnUse"/>
      <rect width="50" height="50" fill="url(#shape)"/>
      """)
    #expect(gradient.geometry == .radial(cx: 20, cy: 30, r: 10, fx: 25, fy: 30, fr: 0))
    #expect(gradient.units == .userSpaceOnUse && gradient.spread == .repeat)
    #expect(gradient.stops.map(\.color) == [Self.red, Self.blue])
  }

  /// Stops read once for the gradient that holds them serve every gradient linking to it,
  /// and only those: one with stops of its own keeps them.
  @Test func gradientsSharingStopsEachPaintThem() throws {
    let styles = try imported("""
      <linearGradient id="stops"><stop offset="0.25" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
      <linearGradient id="left" xlink:href="#stops" x2="0.5"/>
      <linearGradient id="right" xlink:href="#stops" x1="0.5"/>
      <linearGradient id="own" xlink:href="#stops"><stop offset="0" stop-color="blue"/><stop offset="0.5" stop-color="red"/></linearGradient>
      <rect width="50" height="50" fill="url(#left)"/>
      <rect width="50" height="50" fill="url(#right)"/>
      <rect width="50" height="50" fill="url(#own)"/>
      <rect width="50" height="50" fill="url(#stops)"/>
      """).styles
    let gradients = try styles.map { try #require($0.fill?.gradient) }
    let shared = [Gradient.Stop(offset: 0.25, color: Self.red), Gradient.Stop(offset: 1, color: Self.blue)]
    #expect(gradients.map(\.stops) == [shared, shared, [Gradient.Stop(offset: 0, color: Self.blue), Gradient.Stop(offset: 0.5, color: Self.red)], shared])
    #expect(gradients[0].geometry == .linear(x1: 0, y1: 0, x2: 0.5, y2: 0) && gradients[1].geometry == .linear(x1: 0.5, y1: 0, x2: 1, y2: 0))
  }

  /// An href that is not a fragment names another file: it ends the chain, and the gradient
  /// paints with what it has (as librsvg and resvg draw it), where a link to nothing in the
  /// file paints nothing.
  @Test func anHrefToAnotherFileIsIgnored() throws {
    let gradient = try gradient("""
      <radialGradient id="glow" xlink:href="other"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></radialGradient>
      <rect width="10" height="10" fill="url(#glow)"/>
      """)
    #expect(gradient.stops.map(\.color) == [Self.red, Self.blue])
    let missing = try imported("""
      <radialGradient id="glow" xlink:href="#nowhere"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></radialGradient>
      <rect width="10" height="10" fill="url(#glow)"/>
      """)
    #expect(missing.styles.first?.fill == CurveStyle.Paint.none)
  }

  @Test func offsetsNeverGoBackwards() throws {
    let gradient = try gradient("""
      <linearGradient id="g"><stop offset="0.6" stop-color="red"/><stop offset="0.3" stop-color="blue"/><stop offset="-1" stop-color="red"/></linearGradient>
      <rect width="1" height="1" fill="url(#g)"/>
      """)
    #expect(gradient.stops.map(\.offset) == [0.6, 0.6, 0.6])
  }

  @Test func aUserSpaceGradientTakesTheShapesTransform() throws {
    let gradient = try gradient("""
      <linearGradient id="g" gradientUnits="userSpaceOnUse" x2="10" gradientTransform="translate(1 0)">
        <stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
      <g transform="translate(5 5) scale(2)"><rect width="10" height="10" fill="url(#g)"/></g>
      """)
    #expect(gradient.units == .userSpaceOnUse)
    #expect(gradient.transform == Affine(a: 2, b: 0, c: 0, d: 2, e: 7, f: 5))
  }

  @Test func aBoxGradientStaysBoxRelativeUnderAScaleAndBecomesUserSpaceUnderARotation() throws {
    let body = """
      <linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
      <g transform="translate(10 0) scale(2 3)"><rect x="1" width="4" height="2" fill="url(#g)"/></g>
      <g transform="rotate(90)"><rect x="1" width="4" height="2" fill="url(#g)"/></g>
      """
    let styles = try imported(body).styles
    let scaled = try #require(styles[0].fill?.gradient), turned = try #require(styles[1].fill?.gradient)
    #expect(scaled.units == .objectBoundingBox && scaled.transform == .identity)
    // Turned: the box (x 1…5, y 0…2) mapped by the rotation, as user space.
    #expect(turned.units == .userSpaceOnUse)
    let map = turned.transform
    let start = map.apply(to: Point(x: 0, y: 0)), end = map.apply(to: Point(x: 1, y: 0))
    #expect(abs(start.x - 0) < 1e-12 && abs(start.y - 1) < 1e-12)
    #expect(abs(end.x - 0) < 1e-12 && abs(end.y - 5) < 1e-12)
  }

  @Test func dashesAreKeptInDocumentUnits() throws {
    let (styles, repairs) = try imported("""
      <g transform="scale(2)"><path d="M0 0 H10" stroke="black" stroke-dasharray="3, 1 2" stroke-dashoffset="1"/></g>
      <path d="M0 0 H10" stroke="black" stroke-dasharray="2 -1"/>
      <path d="M0 0 H10" stroke="black" stroke-dasharray="0 0"/>
      """)
    #expect(styles[0].dashArray == [6, 2, 4] && styles[0].dashOffset == 2)
    #expect(styles[1].dashArray == nil && styles[2].dashArray == nil)
    #expect(repairs == [#"<path> on line 2: stroke-dasharray="2 -1" has a negative length, so the stroke is solid"#])
  }

  @Test func aCompressedDrawingImportsAsThePlainOne() throws {
    let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="4" height="4" fill="red"/></svg>"#.utf8)
    let packed = Gzip.compress(svg)
    #expect(Gzip.isCompressed(packed) && !Gzip.isCompressed(svg))
    #expect(try Gzip.decompress(packed, limit: 1 << 20) == svg)
    let ids = { UUID(uuidString: "00000000-0000-0000-0000-000000000001")! }
    #expect(try SVGImport.document(from: packed, makeID: ids) == SVGImport.document(from: svg, makeID: ids))
  }

  @Test func aDamagedOrHugeCompressedFileIsRefusedInOneLine() {
    let packed = Gzip.compress(Data(repeating: UInt8(ascii: " "), count: 200_000))
    #expect(throws: Gzip.Failure.tooLarge(limit: 100_000)) { try Gzip.decompress(packed, limit: 100_000) }
    #expect(throws: SVGImportError.notDecompressed(.corrupt)) { try SVGImport.document(from: packed.prefix(20)) }
  }

  @Test func aGradientStyleSurvivesTheDocumentFormat() throws {
    var style = CurveStyle(fill: .gradient(Gradient(
      id: "g", geometry: .radial(cx: 1, cy: 2, r: 3, fx: 1.5, fy: 2, fr: 0.5), units: .userSpaceOnUse,
      transform: Affine(a: 1, b: 0.5, c: 0, d: 1, e: 3, f: 4), spread: .reflect,
      stops: [Gradient.Stop(offset: 0, color: Self.red, opacity: 0.25), Gradient.Stop(offset: 1, color: Self.blue)]
    )))
    style.stroke = .gradient(.fading(Self.blue, linear: true))
    style.dashArray = [4, 2]
    style.dashOffset = 1
    let point = { (x: Double) in Document.PointRecord(id: UUID(), x: x, y: 0) }
    let document = Document(
      canvas: Canvas(width: 10, height: 10), curves: [Document.CurveRecord(id: UUID(), style: style, subpaths: [.init(points: [point(0), point(5)])])],
      animation: Document.AnimationRecord(AnimationSettings())
    )
    let decoded = try Document.decode(try document.encoded())
    #expect(decoded.curves[0].style == style)
    #expect(decoded.version == 5)
  }

  @Test func aGradientOutOfRangeIsRefused() throws {
    let json = """
      { "version": 3, "canvas": { "width": 10, "height": 10 }, "animation": { "totalSteps": 10, "speed": 50 },
        "curves": [{ "id": "\(UUID())", "style": { "fill": { "type": "linear", "x1": 0, "y1": 0, "x2": 1, "y2": 0,
          "stops": [{ "offset": 0.5, "color": "#ff0000" }, { "offset": 0.2, "color": "#0000ff" }] } },
          "subpaths": [{ "points": [{ "id": "\(UUID())", "x": 0, "y": 0 }, { "id": "\(UUID())", "x": 1, "y": 1 }] }] }] }
      """
    #expect(throws: DocumentError.self) { try Document.decode(Data(json.utf8)) }
  }
}
