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
}
