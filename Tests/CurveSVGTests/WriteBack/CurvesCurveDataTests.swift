import CurveDocument
import CurveGeometry
@testable import CurveSVG
import Foundation
import Testing

/// A drawing saved as Curves's own SVG comes back with every curve as Curves held it: its
/// points' ids and node types, weights, colours and sizes, a degree-4 segment, a B-spline's
/// definition (`curves:curve`), and its timeline with every easing and correspondence
/// (`curves:timeline`), while other programs draw the same paths from `d` and play the SMIL.
struct CurvesCurveDataTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  /// The repository's documents (the other fixtures are peers' answers) and the document fuzz
  /// target's corpus.
  static let documents: [String] = {
    func names(_ folder: String) -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []).sorted().map { folder + "/" + $0 }
    }
    return ["Tests/Fixtures/path-editing.json", "Tests/Fixtures/intersections.json", "docs/construction.json", "Packaging/icon.json"]
      + names("Fuzz/Corpus/document")
  }()

  /// Rational, degree 4, styled points and a B-spline with its own knots, in one drawing.
  static let held = #"""
    { "version": 5, "canvas": { "width": 200, "height": 200 }, "animation": { "totalSteps": 10, "speed": 50 },
      "curves": [
        { "id": "c0000000-0000-4000-8000-000000000001", "style": { "fill": "#3465a4" }, "subpaths": [ { "closed": true, "points": [
          { "id": "c0000000-0000-4000-8000-000000000011", "x": 10, "y": 100, "node": "corner" },
          { "id": "c0000000-0000-4000-8000-000000000012", "x": 10, "y": 10, "weight": 0.7071067811865476 },
          { "id": "c0000000-0000-4000-8000-000000000013", "x": 100, "y": 10, "node": "symmetric", "color": "#ff0000", "size": 8 },
          { "id": "c0000000-0000-4000-8000-000000000014", "x": 130, "y": 30 },
          { "id": "c0000000-0000-4000-8000-000000000015", "x": 160, "y": 5 },
          { "id": "c0000000-0000-4000-8000-000000000016", "x": 190, "y": 60 },
          { "id": "c0000000-0000-4000-8000-000000000017", "x": 150, "y": 120, "node": "smooth" } ] } ] },
        { "id": "c0000000-0000-4000-8000-000000000002",
          "spline": { "degree": 3, "knots": [0, 0, 0, 0, 0.3, 1, 1, 1, 1],
                      "points": [ { "x": 10, "y": 180 }, { "x": 40, "y": 120, "weight": 2 }, { "x": 70, "y": 190 }, { "x": 120, "y": 130 }, { "x": 180, "y": 190 } ] } }
      ] }
    """#

  static func roundTrip(_ document: Document) throws -> Document {
    // As a whole save writes it (`Documents.drawingData`): the timeline as SMIL too.
    try SVGImport.import(from: Data(SVGExport.svg(for: document, pointLook: .editorHandle, animated: true, settings: true).utf8)).document
  }

  @Test func weightsDegreesStyledPointsAndASplineComeBackAsTheyWereHeld() throws {
    let document = try Document.decode(Data(Self.held.utf8))
    let back = try Self.roundTrip(document)
    #expect(back.curves == document.curves)
    #expect(back.curves[1].spline?.knots == [0, 0, 0, 0, 0.3, 1, 1, 1, 1])
    #expect(back.curves[0].points.map(\.weight) == [nil, 0.7071067811865476, nil, nil, nil, nil, nil])
    // Plain SVG (an export) has no Curves attributes: a reader gets the cubics.
    let plain = SVGExport.svg(for: document, pointLook: .editorHandle)
    #expect(!plain.contains("curves:"))
    #expect(try SVGImport.import(from: Data(plain.utf8)).document.curves[1].spline == nil)
  }

  @Test(arguments: documents) func everyCurveOfADocumentComesBack(_ path: String) throws {
    let document = try Document.decode(Data(contentsOf: Self.root.appendingPathComponent(path)))
    let back = try Self.roundTrip(document)
    #expect(back.canvas == document.canvas && back.display == document.display && back.animation == document.animation)
    #expect(back.curves.map(\.id) == document.curves.map(\.id))
    #expect(back.timeline == document.timeline, "every keyframe, easing and correspondence (curves:timeline)")
    // The groups Curves made come back with their labels (a kept element's own <g>s come back
    // as groups too: not yet Curves's to keep apart).
    if !path.hasSuffix("v3-kept") {
      #expect(back.groups.map(\.id) == document.groups.map(\.id) && back.groups.map(\.label) == document.groups.map(\.label), "an unlabelled group stays so")
    }
    for (saved, read) in zip(document.curves, back.curves) {
      #expect(read.subpaths == saved.subpaths && read.spline == saved.spline, "\(saved.id)")
      #expect(read.group == saved.group && read.label == saved.label && read.isHidden == saved.isHidden && read.isLocked == saved.isLocked)
    }
  }

  /// Another program moved the path and left Curves's attribute as it was: the `d` is the curve.
  @Test func aPathMovedElsewhereIsReadFromItsD() throws {
    let document = try Document.decode(Data(Self.held.utf8))
    let svg = SVGExport.svg(for: document, pointLook: .editorHandle, settings: true)
    let path = try #require(svg.split(separator: "\n").first { $0.contains(#"id="curve-c0000000-0000-4000-8000-000000000001""#) })
    let d = try #require(path.split(separator: "\"").drop { !$0.hasSuffix(" d=") }.dropFirst().first)
    let moved = svg.replacingOccurrences(of: #"d="\#(d)""#, with: #"d="M 0 0 L 50 0 L 50 50 Z""#)
    let back = try SVGImport.import(from: Data(moved.utf8)).document
    #expect(back.curves[0].id == document.curves[0].id)
    #expect(back.curves[0].points.map { Point(x: $0.x, y: $0.y) } == [Point(x: 0, y: 0), Point(x: 50, y: 0), Point(x: 50, y: 50)])
    #expect(back.curves[1] == document.curves[1], "the other curve is still as it was held")
  }
}
