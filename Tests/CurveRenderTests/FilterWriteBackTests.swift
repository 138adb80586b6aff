import CurveDocument
import CurveRender
import CurveSVG
import Foundation
import Testing

/// Filters written back as they were drawn.
struct FilterWriteBackTests {
  /// Noise on a moved element moves with it: written back, the noise is made that far the
  /// other way and offset into place, so the export, imported again, draws the same noise
  /// (written with its frequencies only, it came out 13 pixels across and down).
  @Test func noiseOnAMovedElementIsWrittenInPlace() throws {
    let svg = #"""
      <svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">
        <filter id="noise" filterUnits="userSpaceOnUse" x="0" y="0" width="30" height="30">
          <feTurbulence type="fractalNoise" baseFrequency="0.2" numOctaves="2" seed="3"/>
          <feComposite in2="SourceAlpha" operator="in"/>
        </filter>
        <rect width="24" height="24" transform="translate(13 7) scale(2)" filter="url(#noise)"/>
      </svg>
      """#
    let document = try SVGImport.import(from: Data(svg.utf8)).document
    let exported = SVGExport.svg(for: document, pointLook: .editorHandle)
    #expect(exported.contains(#"baseFrequency="0.1 0.1""#))
    #expect(exported.contains(#"dx="13" dy="7""#), "\(exported)")
    #expect(exported.contains(#"<feComposite in2="SourceAlpha" x="13" y="7" width="60" height="60" operator="in"/>"#), "the other primitives keep to the region")
    let again = try SVGImport.import(from: Data(exported.utf8)).document
    let before = try DrawingRenderer(document: document, width: 64, height: 64).render()
    let after = try DrawingRenderer(document: again, width: 64, height: 64).render()
    var differing = 0
    for y in 0..<64 {
      for x in 0..<64 {
        let a = before[x, y], b = after[x, y]
        let channels: [(UInt8, UInt8)] = [(a.r, b.r), (a.g, b.g), (a.b, b.b), (a.a, b.a)]
        if channels.contains(where: { abs(Int($0.0) - Int($0.1)) > 8 }) { differing += 1 }
      }
    }
    #expect(before[30, 30].a > 0, "the noise is drawn")
    #expect(differing == 0, "\(differing) pixels differ")
  }
}
