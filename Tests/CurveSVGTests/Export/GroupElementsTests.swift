import CurveDocument
import CurveGeometry
@testable import CurveSVG
import Foundation
import Testing

/// Groups written back as SVG: a mask on a mask as two `<mask>` elements, the outer naming
/// the inner, which imports back as the same masks.
struct GroupElementsTests {
  @Test func aMaskOnAMaskIsWrittenAndReadBack() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
        <mask id="inner" style="mask-type: alpha" maskUnits="userSpaceOnUse" x="0" y="0" width="50" height="100"><rect width="50" height="100" fill="white"/></mask>
        <mask id="outer" mask="url(#inner)" maskUnits="userSpaceOnUse" x="0" y="0" width="100" height="100"><rect width="100" height="100" fill="white"/></mask>
        <rect id="r" width="100" height="100" mask="url(#outer)"/>
      </svg>
      """
    let document = try SVGImport.import(from: Data(svg.utf8)).document
    let look = SVGExport.PointLook(outline: RGBColor(r: 0, g: 0, b: 0), fill: RGBColor(r: 255, g: 255, b: 255), radius: 6)
    let exported = SVGExport.svg(for: document, pointLook: look)
    let id = try #require(document.groups.first?.id)
    #expect(exported.contains(#"<mask id="\#(id)-mask" maskUnits="userSpaceOnUse" x="0" y="0" width="100" height="100" mask="url(#\#(id)-mask-mask)">"#))
    #expect(exported.contains(#"<mask id="\#(id)-mask-mask" maskUnits="userSpaceOnUse" x="0" y="0" width="50" height="100" style="mask-type:alpha">"#))
    let again = try SVGImport.import(from: Data(exported.utf8)).document
    let outer = try #require(again.groups.first?.mask), inner = try #require(outer.mask)
    #expect(outer.region == Rect(minX: 0, minY: 0, maxX: 100, maxY: 100) && inner.region == Rect(minX: 0, minY: 0, maxX: 50, maxY: 100))
    #expect(!inner.usesLuminance && inner.curves.count == 1)
  }

  /// A group's transform is written on its `<g>`, its curves in its own units (the file's
  /// numbers, exactly), its clip in its coordinates; kept text stays inside it, in its place.
  @Test func aTransformedGroupIsWrittenAsTheFileGaveIt() throws {
    let svg = #"""
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
        <clipPath id="c"><rect width="5" height="5"/></clipPath>
        <g id="layer" transform="translate(10 20) rotate(30)">
          <path d="M 0.1 0.2 L 3.3 4.4" stroke="red"/>
          <text>kept</text>
          <g id="clipped" clip-path="url(#c)"><rect width="10" height="10"/></g>
        </g>
      </svg>
      """#
    let document = try SVGImport.import(from: Data(svg.utf8)).document
    let look = SVGExport.PointLook(outline: RGBColor(r: 0, g: 0, b: 0), fill: RGBColor(r: 255, g: 255, b: 255), radius: 6)
    let exported = SVGExport.svg(for: document, pointLook: look)
    let turn = Affine.translate(x: 10, y: 20) * .rotate(degrees: 30)
    let matrix = [turn.a, turn.b, turn.c, turn.d, turn.e, turn.f].map(SVGExport.number).joined(separator: " ")
    #expect(exported.contains(#"<g id="layer" inkscape:label="layer" transform="matrix(\#(matrix))">"#), "\(exported)")
    #expect(exported.contains(#"d="M 0.1 0.2 L 3.3 4.4""#))
    #expect(exported.contains(#"<path d="M 0 0 L 5 0 L 5 5 L 0 5 L 0 0 Z" clip-rule="nonzero"/>"#), "the clip in the group's units")
    // The text as it was, between the path and the clipped group, inside the layer.
    let lines = exported.split(separator: "\n").map(String.init)
    let path = try #require(lines.firstIndex { $0.contains("M 0.1 0.2") })
    #expect(lines[path + 1] == "  <text>kept</text>")
    #expect(lines[path + 2].contains(#"<g id="clipped""#))
    let again = try SVGImport.import(from: Data(exported.utf8)).document
    #expect(again.groups.map(\.transform) == document.groups.map(\.transform))
    #expect(again.curves.map(\.subpaths) .map { $0.map { $0.points.map { [$0.x, $0.y] } } } == document.curves.map(\.subpaths).map { $0.map { $0.points.map { [$0.x, $0.y] } } })
  }

  /// Transfers, morphology and convolution are written as their primitives and read back
  /// the same.
  @Test func filterPrimitivesAreWrittenAndReadBack() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
        <filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="100" height="100">
          <feComponentTransfer><feFuncR type="table" tableValues="0 0.5 1"/><feFuncA type="linear" slope="0.5" intercept="0.1"/></feComponentTransfer>
          <feMorphology operator="dilate" radius="2 3"/>
          <feConvolveMatrix order="3 1" kernelMatrix="1 -2 1" divisor="2" bias="0.25" edgeMode="none"/>
        </filter>
        <rect width="50" height="50" filter="url(#f)"/>
      </svg>
      """
    let document = try SVGImport.import(from: Data(svg.utf8)).document
    let look = SVGExport.PointLook(outline: RGBColor(r: 0, g: 0, b: 0), fill: RGBColor(r: 255, g: 255, b: 255), radius: 6)
    let exported = SVGExport.svg(for: document, pointLook: look)
    #expect(exported.contains(#"<feFuncR type="table" tableValues="0 0.5 1"/>"#))
    #expect(exported.contains(#"<feMorphology operator="dilate" radius="2 3"/>"#))
    #expect(exported.contains(#"<feConvolveMatrix order="3 1" kernelMatrix="1 -2 1" divisor="2" bias="0.25" targetX="1" targetY="0" edgeMode="none"/>"#))
    let again = try SVGImport.import(from: Data(exported.utf8)).document
    #expect(again.groups.map(\.filter) == document.groups.map(\.filter))
    #expect(document.groups.first?.filter?.primitives.count == 3)
  }

  /// An feImage's subregion sides the primitive gives are written once; its picture's
  /// viewport gives the rest.
  @Test func anImagesSubregionIsWrittenOnce() throws {
    let png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
        <filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="100" height="100"><feImage y="5" href="\(png)"/></filter>
        <rect width="50" height="50" filter="url(#f)"/>
      </svg>
      """
    let document = try SVGImport.import(from: Data(svg.utf8)).document
    let look = SVGExport.PointLook(outline: RGBColor(r: 0, g: 0, b: 0), fill: RGBColor(r: 255, g: 255, b: 255), radius: 6)
    let exported = SVGExport.svg(for: document, pointLook: look)
    let line = try #require(exported.split(separator: "\n").first { $0.contains("<feImage") })
    #expect(line.contains(#" y="5""#) && line.contains(#" x="0""#) && line.contains(#" height="100""#))
    #expect(line.components(separatedBy: " y=").count == 2, "y once: \(line)")
    // Read back, the picture is placed the same (the subregion now gives all four sides).
    let again = try SVGImport.import(from: Data(exported.utf8)).document
    #expect(again.groups.map { $0.filter?.primitives.map(\.operation) } == document.groups.map { $0.filter?.primitives.map(\.operation) })
  }

  /// A drop shadow is written as the primitives Filter Effects 1 defines it by (librsvg 2.54
  /// draws nothing for `feDropShadow`), reading its input by name, and draws the same again.
  @Test func aDropShadowIsWrittenAsItsEquivalentPrimitives() throws {
    let filter = Filter(
      region: Rect(minX: 0, minY: 0, maxX: 100, maxY: 100),
      primitives: [
        FilterPrimitive(.offset(dx: 1, dy: 0)),
        FilterPrimitive(.dropShadow(dx: 2, dy: 3, deviationX: 4, deviationY: 4, color: RGBColor(r: 0, g: 0, b: 255), opacity: 0.5), result: "shadowed"),
      ], usesLinearRGB: false)
    #expect(GroupElements.filterElement(filter, id: "f") == [
      #"    <filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="100" height="100" color-interpolation-filters="sRGB">"#,
      #"      <feOffset result="f-input1" dx="1" dy="0"/>"#,
      #"      <feGaussianBlur in="f-input1" stdDeviation="4 4" result="f-shadow1-blur"/>"#,
      #"      <feOffset in="f-shadow1-blur" dx="2" dy="3" result="f-shadow1-offset"/>"#,
      ##"      <feFlood flood-color="#0000ff" flood-opacity="0.5"/>"##,
      #"      <feComposite in2="f-shadow1-offset" operator="in"/>"#,
      #"      <feMerge result="shadowed">"#, "        <feMergeNode/>", #"        <feMergeNode in="f-input1"/>"#, "      </feMerge>",
      "    </filter>",
    ])
  }
}
