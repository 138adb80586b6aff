import CurveGeometry
import Foundation
import Testing

@testable import CurveDocument

/// Groups' transforms: curves stored in their group's coordinates, placed where they are seen.
struct GroupCoordinatesTests {
  static func curve(_ points: [(Double, Double)], group: String?, style: CurveStyle = CurveStyle()) -> Document.CurveRecord {
    Document.CurveRecord(
      id: UUID(), style: style,
      subpaths: [Document.SubpathRecord(points: points.map { Document.PointRecord(id: UUID(), x: $0.0, y: $0.1, node: .corner) })],
      group: group
    )
  }

  /// An outer group moved by (100, 0) holding an inner one scaled by 2, a curve in each.
  static func nested() -> Document {
    let dashed = CurveStyle(strokeWidth: 1.5, dashArray: [2, 1], dashOffset: 0.5)
    var document = Document(
      canvas: Canvas(width: 300, height: 300),
      curves: [curve([(1, 2), (3, 4)], group: "inner", style: dashed), curve([(5, 6), (7, 8)], group: "outer"), curve([(9, 9), (10, 10)], group: nil)],
      animation: Document.AnimationRecord(AnimationSettings())
    )
    document.groups = [
      Group(id: "outer", transform: .translate(x: 100, y: 0)),
      Group(id: "inner", parent: "outer", transform: .scale(x: 2), clip: ClipPath(subpaths: [curve([(0, 0), (10, 0), (10, 10)], group: nil).subpaths[0]])),
    ]
    return document
  }

  static func points(_ curve: Document.CurveRecord) -> [[Double]] { curve.points.map { [$0.x, $0.y] } }

  @Test func transformsComposeOutermostFirst() {
    let transforms = Self.nested().groupTransforms
    #expect(transforms["outer"] == .translate(x: 100, y: 0))
    #expect(transforms["inner"] == .translate(x: 100, y: 0) * .scale(x: 2))
  }

  @Test func curvesArePlacedThroughEveryGroupTheyAreIn() {
    let placed = Self.nested().inDrawingCoordinates()
    #expect(placed.curves.map(Self.points) == [[[102, 4], [106, 8]], [[105, 6], [107, 8]], [[9, 9], [10, 10]]])
    // The stroke's width and dashes scale with the map; an unset width stays unset.
    #expect(placed.curves[0].style.strokeWidth == 3 && placed.curves[0].style.dashArray == [4, 2] && placed.curves[0].style.dashOffset == 1)
    #expect(placed.curves[1].style.strokeWidth == nil)
    // A group's clip is in its own coordinates: through its transform too.
    #expect(placed.groups[1].clip?.subpaths[0].points.map { [$0.x, $0.y] } == [[100, 0], [120, 0], [120, 20]])
    #expect(placed.groups.map(\.transform) == Self.nested().groups.map(\.transform), "the transforms stay given")
  }

  @Test func placingAndPuttingBackGivesTheDocument() throws {
    let document = Self.nested()
    #expect(try #require(document.inDrawingCoordinates().inGroupCoordinates()) == document)
  }

  @Test func aDocumentWithoutTransformsIsTheSameInBothSpaces() {
    var document = Self.nested()
    for index in document.groups.indices { document.groups[index].transform = .identity }
    #expect(document.inDrawingCoordinates() == document)
    #expect(document.inGroupCoordinates() == document)
  }

  @Test func aUserSpaceGradientMovesWithItsCurveAndABoxOneTurnsIntoUserSpace() throws {
    let stops = [Gradient.Stop(offset: 0, color: RGBColor(r: 255, g: 0, b: 0)), Gradient.Stop(offset: 1, color: RGBColor(r: 0, g: 0, b: 255))]
    let user = Gradient(geometry: .linear(x1: 0, y1: 0, x2: 10, y2: 0), units: .userSpaceOnUse, stops: stops)
    let box = Gradient(geometry: .linear(x1: 0, y1: 0, x2: 1, y2: 0), stops: stops)
    let square = [(0.0, 0.0), (10, 0), (10, 10), (0, 10)]
    var document = Document(
      canvas: Canvas(width: 100, height: 100),
      curves: [Self.curve(square, group: "g", style: CurveStyle(fill: .gradient(user))), Self.curve(square, group: "g", style: CurveStyle(fill: .gradient(box)))],
      animation: Document.AnimationRecord(AnimationSettings())
    )
    document.groups = [Group(id: "g", transform: .translate(x: 50, y: 50) * .rotate(degrees: 90))]
    let placed = document.inDrawingCoordinates()
    let movedUser = try #require(placed.curves[0].style.fill?.gradient)
    #expect(movedUser.transform == .translate(x: 50, y: 50) * .rotate(degrees: 90))
    // The box's left-to-right becomes top-to-bottom where it is seen: (0, 0)→(10, 0) turned.
    let movedBox = try #require(placed.curves[1].style.fill?.gradient)
    #expect(movedBox.units == .userSpaceOnUse)
    let map = try #require(movedBox.documentTransform(bounds: .empty))
    #expect(map.apply(to: Point(x: 0, y: 0)) == Point(x: 50, y: 50))
    #expect(map.apply(to: Point(x: 1, y: 0)) == Point(x: 50, y: 60))
  }

  @Test func theFormatKeepsTransformsAndRefusesOnesThatFlatten() throws {
    let document = Self.nested()
    let json = try #require(try JSONSerialization.jsonObject(with: document.encoded()) as? [String: Any])
    let groups = try #require(json["groups"] as? [[String: Any]])
    #expect(groups.map { $0["transform"] as? [Double] } == [[1, 0, 0, 1, 100, 0], [2, 0, 0, 2, 0, 0]])
    #expect(json["version"] as? Int == 5)
    let decoded = try Document.decode(try document.encoded())
    #expect(decoded == document, "stored as given: in the groups' own coordinates")
    var flat = document
    flat.groups[0].transform = .scale(x: 1, y: 0)
    #expect(throws: DocumentError.invalidGroup(id: "outer", reason: "its transform flattens the group onto a line (or is not finite)")) {
      try Document.decode(try flat.encoded())
    }
    var far = document
    far.groups[0].transform = .scale(x: 1e308)
    #expect(throws: DocumentError.self, "placed, a point would not be finite") { try Document.decode(try far.encoded()) }
  }
}

extension GroupCoordinatesTests {
  /// Turned by 30° and back, the numbers a file gave come back as they were, where floating
  /// point alone leaves 80.00000000000006 and the like.
  @Test func puttingBackLeavesNoRoundingNoise() throws {
    var document = Document(
      canvas: Canvas(width: 400, height: 300),
      curves: [Self.curve([(-80, -40), (80, -40), (80, 40), (-80, 40), (0.1, 0.3)], group: "turned", style: CurveStyle(strokeWidth: 6))],
      animation: Document.AnimationRecord(AnimationSettings())
    )
    document.groups = [Group(id: "turned", transform: .translate(x: 200, y: 150) * .rotate(degrees: 30))]
    let back = try #require(document.inDrawingCoordinates().inGroupCoordinates())
    #expect(back.curves[0].points.map { [$0.x, $0.y] } == [[-80, -40], [80, -40], [80, 40], [-80, 40], [0.1, 0.3]])
    #expect(back.curves[0].style.strokeWidth == 6)
    // A number further than the tolerance from every shorter decimal keeps its digits.
    var fine = 1.0 / 3
    fine.removeRoundingNoise(within: 1e-16)
    #expect(fine == 1.0 / 3)
    var noisy = 80.00000000000006
    noisy.removeRoundingNoise(within: 1e-12)
    #expect(noisy == 80)
  }
}
