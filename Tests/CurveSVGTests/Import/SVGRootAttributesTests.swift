import CurveDocument
@testable import CurveSVG
import Foundation
import Testing

/// The root `<svg>`'s own attributes kept through import and written back by export, and the
/// size in pixels they give the drawing (`Document.displaySize`), as librsvg sizes a file.
struct SVGRootAttributesTests {
  func imported(_ root: String, _ body: String = #"<rect width="4" height="4"/>"#) throws -> Document {
    try SVGImport.import(from: Data("<svg \(root)>\(body)</svg>".utf8)).document
  }

  static let inkscapeRoot = #"""
    xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
    xmlns:xlink="http://www.w3.org/1999/xlink" id="svg1" width="100mm" height="50mm" viewBox="0 0 200 100"
    inkscape:version="1.2" xml:space="preserve" version="1.1" fill="red" style="opacity:0.5" transform="scale(2)"
    preserveAspectRatio="xMinYMin" xlink:href="#x"
    """#

  @Test func theRootsSizeIdAndOtherNamespacesAttributesAreKeptAndNothingTheCanvasOrStylesSay() throws {
    let document = try imported(Self.inkscapeRoot)
    #expect(
      document.rootAttributes == [
        "id": "svg1", "width": "100mm", "height": "50mm", "inkscape:version": "1.2", "xml:space": "preserve", "version": "1.1",
      ])
    #expect(document.namespaces["inkscape"] == "http://www.inkscape.org/namespaces/inkscape")
    // The root's fill reached the rectangle, and is not kept to be written again.
    #expect(document.curves[0].style.fill == .color(RGBColor(r: 255, g: 0, b: 0)))
  }

  @Test func exportWritesTheKeptAttributesBackAndTheSizeAsTheFileHadIt() throws {
    let svg = SVGExport.svg(for: try imported(Self.inkscapeRoot), pointLook: .editorHandle)
    let root = try #require(svg.split(separator: "\n").first { $0.hasPrefix("<svg") })
    #expect(root.contains(#" id="svg1" width="100mm" height="50mm" viewBox="0 0 200 100" inkscape:version="1.2" version="1.1" xml:space="preserve">"#))
    #expect(root.contains(#"xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape""#))
    #expect(!root.contains("fill=") && !root.contains("style=") && !root.contains("transform=") && !root.contains("xlink:href"))
    // And reads back the same.
    let again = try SVGImport.import(from: Data(svg.utf8)).document
    #expect(again.rootAttributes == (try imported(Self.inkscapeRoot)).rootAttributes)
  }

  /// librsvg's sizes: both lengths as they are; a percentage or a missing one from the other
  /// and the viewBox's proportions; neither, the viewBox's size.
  @Test(arguments: [
    (#"width="48" height="48" viewBox="0 0 16 16""#, 48.0, 48.0),
    (#"width="100%" height="297mm" viewBox="0 0 594 840""#, 1122.5196850393702 * 594 / 840, 1122.5196850393702),
    (#"width="96" viewBox="0 0 16 32""#, 96, 192),
    (#"width="1in" height="auto" viewBox="0 0 10 5""#, 96, 48),
    (#"width="100%" height="100%" viewBox="0 0 16 32""#, 16, 32),
    (#"viewBox="0 0 16 32""#, 16, 32),
  ])
  func theDisplaySizeIsTheFilesAsLibrsvgSizesIt(root: String, width: Double, height: Double) throws {
    let size = try imported(#"xmlns="http://www.w3.org/2000/svg" "# + root).displaySize
    #expect(abs(size.width - width) < 1e-9 && abs(size.height - height) < 1e-9, "\(size)")
  }

  /// A canvas changed since (another shape than the kept size's) is not stretched into the
  /// old size: the canvas's own numbers are shown and written.
  @Test func aCanvasOfAnotherShapeThanTheKeptSizeUsesItsOwn() throws {
    var document = try imported(#"xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 16 16""#)
    document.canvas = Canvas(width: 32, height: 16)
    #expect(document.displaySize == (32, 16))
    #expect(SVGExport.svg(for: document, pointLook: .editorHandle).contains(#"<svg xmlns="http://www.w3.org/2000/svg" width="32" height="16" viewBox="0 0 32 16">"#))
  }

  /// A document's kept attributes with names XML does not allow, or prefixes it never
  /// declared, are left out of the export rather than written as broken XML.
  @Test func namesThatCannotBeWrittenAreLeftOut() throws {
    var document = try imported(#"xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16""#)
    document.rootAttributes = ["id": "a", "bad name": "x", "nowhere:thing": "y", "2d": "z", "xmlns:q": "w", "fill": "red"]
    let root = try #require(SVGExport.svg(for: document, pointLook: .editorHandle).split(separator: "\n").first { $0.hasPrefix("<svg") })
    #expect(root == #"<svg xmlns="http://www.w3.org/2000/svg" id="a" width="16" height="16" viewBox="0 0 16 16">"#)
  }
}
