import CurveDocument
import CurveGeometry
@testable import CurveSVG
import Foundation
import Testing

/// Patterns through SVG import: the tile, its content in tile units, where the tiling lies,
/// what happens when a pattern paints nothing, and the pattern in the document format.
struct SVGPatternImportTests {
  func imported(_ body: String) throws -> (document: Document, repairs: [String]) {
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">\#(body)</svg>"#
    let (document, repairs) = try SVGImport.import(from: Data(svg.utf8))
    return (document.inDrawingCoordinates(), repairs)  // where it is seen
  }

  func pattern(_ body: String) throws -> Pattern {
    guard case let .pattern(pattern)? = try imported(body).document.curves.first?.style.fill else {
      Issue.record("the first curve's fill is not a pattern")
      throw CancellationError()
    }
    return pattern
  }

  /// Each content curve's points, as (x, y) pairs.
  func points(_ pattern: Pattern) -> [[Double]] {
    pattern.curves.map { $0.subpaths.flatMap(\.points).flatMap { [$0.x, $0.y] } }
  }

  static let grey = RGBColor(r: 128, g: 128, b: 128)

  @Test func aUserSpaceTileKeepsItsRectangleAndItsContent() throws {
    let pattern = try pattern("""
      <pattern id="checks" patternUnits="userSpaceOnUse" x="5" y="6" width="20" height="10">
        <rect width="10" height="5" fill="grey"/>
      </pattern>
      <rect x="10" y="10" width="80" height="80" fill="url(#checks)"/>
      """)
    #expect(pattern.id == "checks")
    #expect(pattern.tile == Rect(minX: 5, minY: 6, maxX: 25, maxY: 16))
    #expect(pattern.transform == .identity)
    #expect(points(pattern) == [[0, 0, 10, 0, 10, 5, 0, 5]])
    #expect(pattern.curves[0].style.fill == .color(Self.grey))
  }

  @Test func aBoxTileIsAFractionOfTheShapesBoxAndBoxContentIsScaledByIt() throws {
    // The defaults: patternUnits in the box, content in user space; then content in the box.
    let pattern = try pattern("""
      <pattern id="p" x="0.5" width="25%" height="0.5"><rect width="10" height="10" fill="grey"/></pattern>
      <rect x="20" y="40" width="40" height="20" fill="url(#p)"/>
      """)
    #expect(pattern.tile == Rect(minX: 40, minY: 40, maxX: 50, maxY: 50))
    #expect(points(pattern) == [[0, 0, 10, 0, 10, 10, 0, 10]])
    let scaled = try self.pattern("""
      <pattern id="p" width="0.5" height="0.5" patternContentUnits="objectBoundingBox"><rect width="0.25" height="0.5" fill="grey"/></pattern>
      <rect x="20" y="40" width="40" height="20" fill="url(#p)"/>
      """)
    #expect(scaled.tile == Rect(minX: 20, minY: 40, maxX: 40, maxY: 50))
    #expect(points(scaled) == [[0, 0, 10, 0, 10, 10, 0, 10]])
  }

  @Test func aViewBoxIsFittedIntoTheTile() throws {
    // 40 × 40 into 20 × 40, xMidYMid meet: half the size, centred down the tile.
    let pattern = try pattern("""
      <pattern id="p" patternUnits="userSpaceOnUse" width="20" height="40" viewBox="0 0 40 40">
        <rect x="10" y="10" width="10" height="10" fill="grey"/>
      </pattern>
      <rect width="100" height="100" fill="url(#p)"/>
      """)
    #expect(pattern.tile == Rect(minX: 0, minY: 0, maxX: 20, maxY: 40))
    #expect(points(pattern) == [[5, 15, 10, 15, 10, 20, 5, 20]])
  }

  @Test func attributesAndContentComeThroughHrefsAndTheTransformsCompose() throws {
    let pattern = try pattern("""
      <pattern id="content"><rect width="2" height="2" fill="grey"/></pattern>
      <pattern id="p" xlink:href="#content" patternUnits="userSpaceOnUse" width="4" height="4" patternTransform="rotate(90)"/>
      <g transform="translate(10 20)"><rect width="50" height="50" fill="url(#p)"/></g>
      """)
    #expect(pattern.tile == Rect(minX: 0, minY: 0, maxX: 4, maxY: 4))
    #expect(points(pattern) == [[0, 0, 2, 0, 2, 2, 0, 2]])
    let turned = pattern.transform.apply(to: Point(x: 1, y: 0))
    #expect(abs(turned.x - 10) < 1e-12 && abs(turned.y - 21) < 1e-12)
  }

  @Test func shapesPaintedAlikeShareOnePatternWithFreshIds() throws {
    let (document, _) = try imported("""
      <pattern id="p" patternUnits="userSpaceOnUse" width="10" height="10"><rect width="5" height="5" fill="grey"/></pattern>
      <rect width="50" height="50" fill="url(#p)"/>
      <rect x="50" width="50" height="50" fill="url(#p)" stroke="url(#p)"/>
      """)
    let patterns = document.curves.flatMap { [$0.style.fill, $0.style.stroke] }.compactMap { paint -> Pattern? in
      if case let .pattern(pattern)? = paint { return pattern }
      return nil
    }
    #expect(patterns.count == 3 && patterns.allSatisfy { $0 == patterns[0] })
    let pattern = try #require(patterns.first)
    let contentIDs = pattern.curves.map(\.id) + pattern.curves.flatMap { $0.subpaths.flatMap(\.points).map(\.id) }
    #expect(Set(contentIDs).count == contentIDs.count)
    #expect(!contentIDs.contains(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))))
    #expect(Set(contentIDs).isDisjoint(with: document.curves.map(\.id)))
  }

  @Test func aPatternThatPaintsNothingGivesWayToItsFallback() throws {
    let (document, repairs) = try imported("""
      <pattern id="empty" width="0" height="10"><rect width="5" height="5"/></pattern>
      <pattern id="hollow" patternUnits="userSpaceOnUse" width="10" height="10"/>
      <pattern id="odd" patternUnits="qwe" width="10" height="10"><rect width="5" height="5"/></pattern>
      <rect width="10" height="10" fill="url(#empty) red"/>
      <rect width="10" height="10" fill="url(#hollow)"/>
      <rect width="10" height="10" fill="url(#odd)"/>
      """)
    #expect(document.curves.map(\.style.fill) == [.color(RGBColor(r: 255, g: 0, b: 0)), CurveStyle.Paint.none, CurveStyle.Paint.none])
    #expect(repairs.contains { $0.contains("patternUnits=\"qwe\" is not a unit") })
  }

  @Test func aPatternWhoseContentPaintsWithItselfStops() throws {
    let pattern = try pattern("""
      <pattern id="p" patternUnits="userSpaceOnUse" width="10" height="10">
        <rect width="5" height="5" fill="grey"/><rect x="5" width="5" height="5" fill="url(#p)"/>
      </pattern>
      <rect width="50" height="50" fill="url(#p)"/>
      """)
    #expect(pattern.curves.map(\.style.fill) == [.color(Self.grey), CurveStyle.Paint.none])
  }

  @Test func aPatternSurvivesTheDocumentFormat() throws {
    let document = try imported("""
      <linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
      <pattern id="p" patternUnits="userSpaceOnUse" x="1" width="10" height="8" patternTransform="skewX(10)">
        <rect width="5" height="5" fill="url(#g)"/><circle cx="7" cy="6" r="2" fill="grey" stroke="black"/>
      </pattern>
      <rect width="50" height="50" fill="url(#p)" stroke="url(#p)"/>
      """).document
    let decoded = try Document.decode(try document.encoded())
    #expect(decoded.curves == document.curves)
  }

  @Test func aPatternWithAnEmptyTileOrANumberThatIsNotFiniteIsRefused() throws {
    func json(_ pattern: String) -> Data {
      Data("""
        { "version": 3, "canvas": { "width": 10, "height": 10 }, "animation": { "totalSteps": 10, "speed": 50 },
          "curves": [{ "id": "\(UUID())", "style": { "fill": \(pattern) },
            "subpaths": [{ "points": [{ "id": "\(UUID())", "x": 0, "y": 0 }, { "id": "\(UUID())", "x": 1, "y": 1 }] }] }] }
        """.utf8)
    }
    #expect(throws: DocumentError.self) { try Document.decode(json(#"{ "type": "pattern", "width": 0, "height": 4, "curves": [] }"#)) }
    #expect(throws: DocumentError.self) { try Document.decode(json(#"{ "type": "pattern", "width": 4, "curves": [] }"#)) }
    #expect(throws: DocumentError.self) { try Document.decode(json(#"{ "type": "pattern", "width": 4, "height": 4, "transform": [1, 0, 0, 1, 0], "curves": [] }"#)) }
    let fine = try Document.decode(json(#"{ "type": "pattern", "x": 2, "width": 4, "height": 4, "curves": [] }"#))
    #expect(fine.curves[0].style.fill == .pattern(Pattern(tile: Rect(minX: 2, minY: 0, maxX: 6, maxY: 4), curves: [])))
  }
}
