import CurveGeometry
import Foundation
import SeededRandom
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

  @Test func placingInPlaceGivesTheSameDocumentWithoutCopyingThePoints() {
    var document = Self.nested()
    document.curves[0].spline = Spline(degree: 1, points: [Point(x: 0, y: 0), Point(x: 4, y: 2)])
    let placed = document.inDrawingCoordinates()
    #expect(placed.curves[0].spline?.points == [Point(x: 100, y: 0), Point(x: 108, y: 4)])
    let storage = document.curves[0].subpaths[0].points.withUnsafeBufferPointer { $0.baseAddress }
    document.placeInDrawingCoordinates()
    #expect(document == placed)
    #expect(document.curves[0].subpaths[0].points.withUnsafeBufferPointer { $0.baseAddress } == storage, "held once, mapped where it is")
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
  /// A group turned a quarter: its shadow's offset turns with it and its blur's deviations
  /// swap; turned back, the filter is the one read.
  @Test func aTurnedGroupsFilterTurnsItsOffsetsAndSpreads() throws {
    let filter = Filter(region: Rect(minX: 0, minY: 0, maxX: 20, maxY: 10), primitives: [
      FilterPrimitive(.dropShadow(dx: 3, dy: 0, deviationX: 2, deviationY: 0.5, color: RGBColor(r: 0, g: 0, b: 0), opacity: 1)),
      FilterPrimitive(.morphology(dilates: true, radiusX: 4, radiusY: 1)),
    ])
    let quarter = Affine(a: 0, b: 1, c: -1, d: 0, e: 0, f: 0)
    let turned = filter.applying(quarter)
    guard case let .dropShadow(dx, dy, x, y, _, _) = turned.primitives[0].operation,
      case let .morphology(_, radiusX, radiusY) = turned.primitives[1].operation
    else { Issue.record("operations: \(turned.primitives)"); return }
    #expect(abs(dx) < 1e-12 && abs(dy - 3) < 1e-12)
    #expect(abs(x - 0.5) < 1e-12 && abs(y - 2) < 1e-12)
    #expect(abs(radiusX - 1) < 1e-12 && abs(radiusY - 4) < 1e-12)
    #expect(turned.region == Rect(minX: -10, minY: 0, maxX: 0, maxY: 20))
    #expect(turned.applying(try #require(quarter.inverted)) == filter)
  }

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

/// A stroke under a skew or an uneven scale: its pen stretched by what √|det| leaves.
extension GroupCoordinatesTests {
  static let stroked = CurveStyle(stroke: .color(RGBColor(r: 0, g: 0, b: 0)), strokeWidth: 2)

  @Test func aSkewStretchesThePenAndItsInverseRoundsItAgain() throws {
    let skewed = Self.stroked.applying(.skewX(degrees: 45), bounds: .empty)
    #expect(skewed.strokeTransform == Affine(a: 1, b: 0, c: 1, d: 1, e: 0, f: 0))
    #expect(skewed.strokeWidth == 2, "a skew keeps areas")
    let squashed = Self.stroked.applying(Affine(a: 2, b: 0, c: 0, d: 8, e: 5, f: 5), bounds: .empty)
    #expect(squashed.strokeWidth == 8)
    #expect(squashed.strokeTransform == Affine(a: 0.5, b: 0, c: 0, d: 2, e: 0, f: 0))
    let back = try #require(Affine(a: 2, b: 0, c: 0, d: 8, e: 5, f: 5).inverted)
    #expect(squashed.applying(back, bounds: .empty) == Self.stroked, "the round pen and the width again")
    // Moves, turns, even scales and flips keep a round pen round.
    for map in [Affine.translate(x: 3, y: 4), .rotate(degrees: 30), .scale(x: 3), .scale(x: -1, y: 1), .rotate(degrees: 200) * .scale(x: 2, y: -2)] {
      #expect(Self.stroked.applying(map, bounds: .empty).strokeTransform == nil, "\(map)")
    }
    // An unstyled curve keeps the editor's look; one that paints no stroke needs no pen.
    #expect(CurveStyle().applying(.skewX(degrees: 45), bounds: .empty) == CurveStyle())
    #expect(CurveStyle(stroke: CurveStyle.Paint.none).applying(.skewX(degrees: 45), bounds: .empty).strokeTransform == nil)
  }

  @Test func aPenIsTheMapShrunkToAreaOne() throws {
    // On random maps: nil exactly for turns, flips and even scales; otherwise |det| 1 and,
    // times √|det|, the map's linear part (to rounding).
    var random = SplitMix64(seed: 58)
    for _ in 0..<500 {
      let map = Affine(
        a: .random(in: -3...3, using: &random), b: .random(in: -3...3, using: &random), c: .random(in: -3...3, using: &random),
        d: .random(in: -3...3, using: &random), e: 0, f: 0)
      let determinant = map.a * map.d - map.b * map.c
      guard abs(determinant) > 1e-3 else { continue }
      // A random map is almost surely neither a turn nor a flip.
      let pen = try #require(CurveStyle.strokeTransform(for: map), "\(map)")
      #expect(abs(abs(pen.a * pen.d - pen.b * pen.c) - 1) < 1e-12)
      let scale = abs(determinant).squareRoot()
      for (got, want) in [(pen.a, map.a), (pen.b, map.b), (pen.c, map.c), (pen.d, map.d)] { #expect(abs(got * scale - want) < 1e-12 * max(1, abs(want))) }
      let turn = Affine.rotate(degrees: .random(in: 0..<360, using: &random)) * .scale(x: scale)
      #expect(CurveStyle.strokeTransform(for: turn) == nil)
    }
    #expect(CurveStyle.strokeTransform(for: .skewX(degrees: -45)) == Affine(a: 1, b: 0, c: -1, d: 1, e: 0, f: 0), "1 0 −1 1, not −0.9999999999999999")
    #expect(CurveStyle.strokeTransform(for: .scale(x: 1, y: 0)) == nil, "a flattening map has no pen")
  }

  @Test func theFormatKeepsAPenAndRefusesOneThatChangesAreas() throws {
    var document = Self.nested()
    document.curves[2].style = Self.stroked.applying(.skewX(degrees: 30), bounds: .empty)
    let json = try #require(try JSONSerialization.jsonObject(with: document.encoded()) as? [String: Any])
    let curves = try #require(json["curves"] as? [[String: Any]])
    let style = try #require(curves[2]["style"] as? [String: Any])
    let pen = try #require(style["strokeTransform"] as? [Double])
    #expect(pen.count == 4 && pen[0] == 1 && pen[1] == 0 && abs(pen[2] - 1 / 3.squareRoot()) < 1e-15 && pen[3] == 1, "\(pen)")
    #expect(try Document.decode(try document.encoded()) == document)
    var text = try #require(String(data: try document.encoded(), encoding: .utf8))
    text = text.replacing("\"strokeTransform\" : [\n", with: "\"strokeTransform\" : [\n        3,\n")
    #expect(throws: DocumentError.self, "five numbers") { try Document.decode(Data(text.utf8)) }
    document.curves[2].style.strokeTransform = Affine(a: 2, b: 0, c: 0, d: 2, e: 0, f: 0)
    #expect(throws: DocumentError.invalidStyle(curve: 3, field: "strokeTransform", value: "[2.0, 0.0, 0.0, 2.0]")) {
      try Document.decode(try document.encoded())
    }
  }
}
