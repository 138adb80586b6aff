import CurveDocument
import CurveGeometry
import Foundation
import Testing

@testable import CurveSVG

/// An edited drawing saved over its file: every byte as it was but the edited objects'
/// elements, which keep their other attributes in their order.
struct SVGWriteBackTests {
  /// Inkscape-like: a comment, metadata, a namespace of its own, attributes in no order, a
  /// class styled by a sheet, a path and a rect in a transformed group, a circle outside it.
  static let drawing = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!-- made by hand -->
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="200" height="100" viewBox="0 0 200 100">
      <style>.warm { fill: #c00 }</style>
      <metadata><title>A test</title></metadata>
      <g id="layer" inkscape:label="Layer 1" transform="translate(10 5)">
        <path class="warm" inkscape:label="wave" id="wave" d="M 0 0 L 40 0 L 40 30 Z" stroke="#000"/>
        <rect y="40" x="50" width="30" height="20" rx="0" id="box" fill="blue"><title>a box</title></rect>
      </g>
      <circle r="10" cy="50" cx="150" id="dot" fill="green"/>
    </svg>
    """

  static func open() throws -> (Document, SVGSource) {
    var next = 0
    let (document, _, source) = try SVGImport.importForEditing(from: Data(drawing.utf8)) {
      next += 1
      return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", next))!
    }
    return (document, source)
  }

  static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

  @Test func savedWithNoEditItIsTheFileAsItWas() throws {
    let (document, source) = try Self.open()
    let saved = try #require(SVGWriteBack.write(document, over: source))
    #expect(Self.text(saved.data) == Self.drawing)
  }

  /// What only Curves knows goes into one element of its namespace, the root's first child,
  /// which other programs ignore and Curves reads back; changed again, it is rewritten there.
  @Test func curvesOwnSettingsGoIntoItsNamespaceAndComeBack() throws {
    var (document, source) = try Self.open()
    document.display.handles = .all
    document.display.showsControlPolygon.toggle()
    document.animation.speed = 80
    let saved = try #require(SVGWriteBack.write(document, over: source))
    let rootTag = try #require(Self.drawing.range(of: #"viewBox="0 0 200 100">"#)).upperBound
    let text = Self.text(saved.data)
    #expect(text.hasPrefix(String(Self.drawing[..<rootTag]) + #"<curves:settings xmlns:curves="https://curves.invalid/ns/1">{"#))
    #expect(text.hasSuffix(String(Self.drawing[rootTag...])))
    let (reopened, _, resaved) = try SVGImport.importForEditing(from: saved.data)
    #expect(reopened.display == document.display && reopened.animation == document.animation)
    #expect(reopened.kept.allSatisfy { !$0.xml.contains("curves:settings") }, "read, not kept")
    // Changed again: the same element, rewritten.
    var again = reopened
    again.animation.speed = 90
    let twice = Self.text(try #require(SVGWriteBack.write(again, over: resaved)).data)
    #expect(twice.components(separatedBy: "<curves:settings").count == 2)
    #expect(try SVGImport.document(from: Data(twice.utf8)).animation.speed == 90)
  }

  /// (A closed subpath is written as the export writes it: its closing segment, then `Z`.)
  @Test func aMovedPathGetsANewDInItsOwnUnitsAndNothingElseChanges() throws {
    var (document, source) = try Self.open()
    let wave = try #require(document.curves.firstIndex { $0.label == "wave" })
    document.curves[wave] = document.curves[wave].applying(.translate(x: 5, y: 0))
    let saved = try #require(SVGWriteBack.write(document, over: source))
    let expected = Self.drawing.replacingOccurrences(
      of: ##"<path class="warm" inkscape:label="wave" id="wave" d="M 0 0 L 40 0 L 40 30 Z" stroke="#000"/>"##,
      with: ##"<path class="warm" inkscape:label="wave" id="wave" d="M 5 0 L 45 0 L 45 30 L 5 0 Z" stroke="#000"/>"##)
    #expect(Self.text(saved.data) == expected)
    // Saved again with no further edit: the same bytes, the source following the file.
    let again = try #require(SVGWriteBack.write(document, over: saved.source))
    #expect(again.data == saved.data)
    // And read back, the path is where it was moved.
    let reread = try SVGImport.document(from: saved.data)
    #expect(reread.curves[0].subpaths[0].points.map(\.x) == [5, 45, 45])
  }

  @Test func aBasicShapeMovedWholeStaysItselfAndGainsATransform() throws {
    var (document, source) = try Self.open()
    let dot = try #require(document.curves.firstIndex { $0.label == "dot" })
    document.curves[dot] = document.curves[dot].applying(.translate(x: 5, y: -2))
    let saved = try #require(SVGWriteBack.write(document, over: source))
    #expect(Self.text(saved.data) == Self.drawing.replacingOccurrences(
      of: #"<circle r="10" cy="50" cx="150" id="dot" fill="green"/>"#,
      with: #"<circle r="10" cy="50" cx="150" id="dot" fill="green" transform="matrix(1 0 0 1 5 -2)"/>"#))
  }

  @Test func aReshapedRectBecomesAPathKeepingItsOtherAttributesAndContent() throws {
    var (document, source) = try Self.open()
    let box = try #require(document.curves.firstIndex { $0.label == "box" })
    document.curves[box].subpaths[0].points[0].x -= 10
    let saved = try #require(SVGWriteBack.write(document, over: source))
    let text = Self.text(saved.data)
    #expect(text.contains(#"<path d="M 40 40 L 80 40 L 80 60 L 50 60 L 40 40 Z" id="box" fill="blue"><title>a box</title></path>"#), "\(text)")
    #expect(!text.contains("<rect"))
  }

  @Test func aMovedGroupGetsATransformAndItsContentStaysAsItWas() throws {
    var (document, source) = try Self.open()
    let layer = try #require(document.groups.firstIndex { $0.id == "layer" })
    document.groups[layer].transform = .translate(x: 30, y: 5)
    let saved = try #require(SVGWriteBack.write(document, over: source))
    let expected = Self.drawing.replacingOccurrences(
      of: #"<g id="layer" inkscape:label="Layer 1" transform="translate(10 5)">"#,
      with: #"<g id="layer" inkscape:label="Layer 1" transform="matrix(1 0 0 1 30 5)">"#)
    #expect(Self.text(saved.data) == expected)
  }

  /// A shape painted with a gradient in its own units, moved whole (its paint with it): it
  /// gains the move in its `transform`, which carries the gradient too.
  @Test func aShapeMovedWholeWithItsGradientGainsATransform() throws {
    let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><defs><linearGradient id="g" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="10" y2="0"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient></defs><path id="p" transform="scale(2)" d="M 0 0 L 10 0 L 10 10 Z" fill="url(#g)"/></svg>"##
    var (document, _, source) = try SVGImport.importForEditing(from: Data(svg.utf8))
    document.curves[0] = document.curves[0].applying(.translate(x: 6, y: 0))
    let saved = try #require(SVGWriteBack.write(document, over: source))
    #expect(Self.text(saved.data) == svg.replacingOccurrences(of: #"transform="scale(2)""#, with: #"transform="matrix(2 0 0 2 6 0)""#))
    let reread = try SVGImport.document(from: saved.data)
    #expect(reread.curves[0].subpaths[0].points.map(\.x) == [6, 26, 26])
    // Reshaped as well, no transform takes it there: a new `d` would lose the gradient's move.
    document.curves[0].subpaths[0].points[1].y += 3
    #expect(SVGWriteBack.write(document, over: source) == nil)
  }

  @Test func whatItCannotWriteSoIsLeftToTheWholeExport() throws {
    var (document, source) = try Self.open()
    document.curves.removeLast()
    #expect(SVGWriteBack.write(document, over: source) == nil, "a curve removed")
    (document, source) = try Self.open()
    document.curves[0].style.strokeWidth = 4
    #expect(SVGWriteBack.write(document, over: source) == nil, "a style changed")
  }
}
