import CurveDocument
import CurveGeometry
@testable import CurveSVG
import Foundation
import Testing

/// Styles as the export writes them: what every renderer paints the same way.
struct SVGExportStyleTests {
  @Test func aRadialGradientOfNoRadiusIsWrittenAsItsLastStopsColour() throws {
    // `r="-1"` is repaired to 0 on import; resvg paints the last stop, librsvg nothing.
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
        <radialGradient id="dot" r="-1"><stop offset="0" stop-color="black"/><stop offset="1" stop-color="green" stop-opacity="0.5"/></radialGradient>
        <rect width="50" height="50" fill="url(#dot)" fill-opacity="0.5" stroke="url(#dot)"/>
      </svg>
      """
    let document = try SVGImport.import(from: Data(svg.utf8)).document
    #expect(document.curves.first?.style.fill?.gradient != nil)
    let exported = SVGExport.svg(for: document, pointLook: .editorHandle)
    #expect(exported.contains(##"fill="#008000" fill-rule="nonzero" fill-opacity="0.25" stroke="#008000""##))
    #expect(exported.contains(#"stroke-opacity="0.5""#))
    #expect(!exported.contains("radialGradient"))
  }

  @Test func aRadialGradientWithARadiusStaysAGradient() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
        <radialGradient id="dot" r="0.25"><stop offset="0" stop-color="black"/><stop offset="1" stop-color="green"/></radialGradient>
        <rect width="50" height="50" fill="url(#dot)"/>
      </svg>
      """
    let exported = SVGExport.svg(for: try SVGImport.import(from: Data(svg.utf8)).document, pointLook: .editorHandle)
    #expect(exported.contains(#"<radialGradient id="dot" gradientUnits="objectBoundingBox" cx="0.5" cy="0.5" r="0.25" fx="0.5" fy="0.5">"#))
    #expect(exported.contains(##"fill="url(#dot)""##))
  }
}
