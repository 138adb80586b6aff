import CurveDocument
import CurveGeometry
@testable import CurveSVG
import Foundation
import Testing

/// What makes an element an object of the drawing: its label, whether it is hidden
/// (`display:none`, kept rather than left out) or locked, read on import and written back.
struct SVGObjectImportTests {
  static let layers = #"""
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
      xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" viewBox="0 0 100 100">
      <g id="layer1" inkscape:label="Sketch" style="display:none"><rect id="under" x="10" y="10" width="50" height="50" fill="red"/></g>
      <g id="layer2" inkscape:label="Ink" sodipodi:insensitive="true">
        <circle id="sun" cx="50" cy="50" r="20" fill="blue"/>
        <rect id="note" width="10" height="10" display="none"/>
      </g>
      <g id="box" filter="url(#f)"><rect width="10" height="10"/><rect x="90" y="90" width="10" height="10" display="none"/></g>
      <filter id="f" filterUnits="objectBoundingBox"><feOffset dx="1"/></filter>
    </svg>
    """#

  @Test func aHiddenLayerAndAHiddenShapeAreKeptHiddenWithTheirLabelsAndLocks() throws {
    let document = try SVGImport.import(from: Data(Self.layers.utf8)).document
    #expect(document.display.handles == .selected)
    let groups = Dictionary(uniqueKeysWithValues: document.groups.map { ($0.id, $0) })
    #expect(groups["layer1"]?.isHidden == true && groups["layer1"]?.label == "Sketch")
    #expect(groups["layer2"]?.isLocked == true && groups["layer2"]?.isHidden == false)
    #expect(document.curves.map(\.label) == ["under", "sun", "note", nil, nil])
    #expect(document.curves.map(\.isHidden) == [false, false, true, false, true], "the layer is hidden, not each of its shapes")
    // A hidden shape is in no box: the filter's region is the visible square's (10 wide, and
    // objectBoundingBox's default −10% … 120%).
    let region = try #require(groups["box"]?.filter?.region)
    #expect(abs(region.width - 12) < 1e-9 && abs(region.minX + 1) < 1e-9)
  }

  @Test func exportWritesThemBackAsInkscapeDoesAndImportReadsThemAgain() throws {
    let document = try SVGImport.import(from: Data(Self.layers.utf8)).document
    let svg = SVGExport.svg(for: document, pointLook: SMILImportTests.look)
    #expect(svg.contains(#"xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape""#))
    #expect(svg.contains(#"xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd""#))
    #expect(svg.contains(#"<g id="layer1" inkscape:label="Sketch" display="none">"#), "\(svg)")
    #expect(svg.contains(#"sodipodi:insensitive="true""#))
    let again = try SVGImport.import(from: Data(svg.utf8)).document
    #expect(again.curves.map(\.label) == document.curves.map(\.label))
    #expect(again.curves.map(\.isHidden) == document.curves.map(\.isHidden))
    #expect(again.groups.map(\.isHidden) == document.groups.map(\.isHidden))
    #expect(again.groups.map(\.isLocked) == document.groups.map(\.isLocked))
  }
}
