import CurveGeometry
import Foundation
import SeededRandom
import Testing

@testable import CurveDocument

/// Whole objects moved, scaled and turned: a curve's points in place, a group's transform
/// composed; each checked against the matrix the test computes.
struct ObjectTransformsTests {
  /// A group "wheel" moved by (10, 0) holding a red square (0…20, 0…10) with a 2-unit
  /// stroke, and a loose curve at the top level.
  static func drawing() -> Document {
    let square = Document.CurveRecord(
      id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, style: CurveStyle(stroke: .color(RGBColor(r: 255, g: 0, b: 0)), strokeWidth: 2, dashArray: [4, 2]),
      subpaths: [Document.SubpathRecord(closed: true, points: [(0.0, 0.0), (20, 0), (20, 10), (0, 10)].map { Document.PointRecord(id: UUID(), x: $0.0, y: $0.1, node: .corner) })],
      group: "wheel"
    )
    var loose = Document.CurveRecord(
      id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!,
      subpaths: [Document.SubpathRecord(points: [(50.0, 50.0), (70, 50)].map { Document.PointRecord(id: UUID(), x: $0.0, y: $0.1, node: .corner) })]
    )
    loose.label = "path12"
    var document = Document(canvas: Canvas(width: 100, height: 100), curves: [square, loose], animation: Document.AnimationRecord(AnimationSettings()))
    document.groups = [Group(id: "wheel", transform: .translate(x: 10, y: 0))]
    return document
  }

  static func points(_ curve: Document.CurveRecord) -> [Point] { curve.points.map { Point(x: $0.x, y: $0.y) } }

  @Test func scaleThenRotateThenTranslateAboutAPoint() {
    let transform = Affine.objectTransform(scaleX: 2, scaleY: 3, rotation: 90, translation: Point(x: 5, y: -1), about: Point(x: 10, y: 10))
    // Computed by hand: (x, y) → scale about (10, 10) → (2x − 10, 3y − 20); turn 90° about
    // (10, 10): (u, v) → (20 − v, u); move by (5, −1).
    for point in [Point(x: 0, y: 0), Point(x: 3, y: 7), Point(x: -4, y: 12.5)] {
      let scaled = Point(x: 2 * point.x - 10, y: 3 * point.y - 20)
      let expected = Point(x: 20 - scaled.y + 5, y: scaled.x - 1)
      let actual = transform.apply(to: point)
      #expect(abs(actual.x - expected.x) < 1e-12 && abs(actual.y - expected.y) < 1e-12)
    }
  }

  @Test func aCurveMovesInPlaceWithItsStrokeScaledByTheRootOfTheArea() {
    let document = Self.drawing().inDrawingCoordinates()
    let moved = document.transforming([.curve(document.curves[1].id)], by: .scale(x: 2, y: 8))
    #expect(Self.points(moved.curves[1]) == [Point(x: 100, y: 400), Point(x: 140, y: 400)])
    // The other curve and the group are untouched.
    #expect(moved.curves[0] == document.curves[0])
    #expect(moved.groups == document.groups)

    let square = document.transforming([.group("wheel")], by: .scale(x: 2, y: 8)).curves[0]
    #expect(square.style.strokeWidth == 8)
    #expect(square.style.dashArray == [16, 8])
  }

  @Test func aGroupKeepsItsContentAndGainsTheTransform() throws {
    let document = Self.drawing().inDrawingCoordinates()
    let box = document.bounds(of: [.group("wheel")])
    #expect(box == Rect(minX: 10, minY: 0, maxX: 30, maxY: 10))
    let turn = Affine.objectTransform(rotation: 90, about: Point(x: 20, y: 5))
    let turned = document.transforming([.group("wheel")], by: turn)
    // (x, y) → (25 − y, x − 15) after the group's own move by 10: matrix(0 1 −1 0 25 −5).
    #expect(turned.groups[0].transform == Affine(a: 0, b: 1, c: -1, d: 0, e: 25, f: -5))
    let stored = try #require(turned.inGroupCoordinates())
    // Saved, the square is where it was in the group's coordinates.
    for (actual, expected) in zip(Self.points(stored.curves[0]), Self.points(Self.drawing().curves[0])) {
      #expect(actual.distance(to: expected) < 1e-12)
    }
    #expect(stored.curves[0].style.strokeWidth == 2)
    // Seen, it turned about the box's centre: the corner (10, 0) went to (25, −5).
    #expect(turned.curves[0].points[0].x == 25 && turned.curves[0].points[0].y == -5)
  }

  @Test func aNestedGroupMovesWithItsParent() {
    var document = Self.drawing()
    document.groups.append(Group(id: "hub", parent: "wheel", transform: .scale(x: 2), clip: ClipPath(subpaths: [document.curves[0].subpaths[0]])))
    document.curves[0].group = "hub"
    let seen = document.inDrawingCoordinates()
    let moved = seen.transforming([.group("wheel")], by: .translate(x: 0, y: 7))
    #expect(moved.groups[0].transform == .translate(x: 10, y: 7))
    // The inner group's own transform stays; its clip (held where it is seen) moves.
    #expect(moved.groups[1].transform == .scale(x: 2))
    #expect(moved.groups[1].clip == seen.groups[1].clip?.applying(.translate(x: 0, y: 7)))
  }

  @Test func twentyFourTurnsOf15DegreesComeBackWithin1e9OfTheSize() {
    var random = SplitMix64(seed: 54)
    var document = Self.drawing().inDrawingCoordinates()
    document.curves[1].subpaths[0].points = (0..<40).map { _ in
      Document.PointRecord(id: UUID(), x: Double.random(in: 0..<100, using: &random), y: Double.random(in: 0..<100, using: &random), node: .corner)
    }
    let start = document
    let centre = Point(x: 50, y: 50)
    for _ in 0..<24 { document = document.transforming([.curve(start.curves[1].id)], by: .objectTransform(rotation: 15, about: centre)) }
    for (actual, expected) in zip(Self.points(document.curves[1]), Self.points(start.curves[1])) {
      #expect(actual.distance(to: expected) <= 1e-9 * 100)
    }
    // Scaled by a handle and back.
    let scaled = start.transforming([.curve(start.curves[1].id)], by: .objectTransform(scaleX: 3.7, scaleY: 0.3, about: centre))
    let back = scaled.transforming([.curve(start.curves[1].id)], by: .objectTransform(scaleX: 1 / 3.7, scaleY: 1 / 0.3, about: centre))
    for (actual, expected) in zip(Self.points(back.curves[1]), Self.points(start.curves[1])) {
      #expect(actual.distance(to: expected) <= 1e-9 * 100)
    }
  }

  @Test func objectsAreNamedByGroupIDCurveIDOrLabel() throws {
    let document = Self.drawing()
    #expect(try document.objects(named: []) == [.group("wheel"), .curve(document.curves[1].id)])
    #expect(try document.objects(named: ["wheel", "path12"]) == [.group("wheel"), .curve(document.curves[1].id)])
    #expect(try document.objects(named: ["00000000-0000-0000-0000-000000000002".lowercased()]) == [.curve(document.curves[1].id)])
    #expect(throws: UnknownObjectName(name: "nope")) { try document.objects(named: ["nope"]) }
  }

  @Test func theObjectsOfAContextAreWhatItHoldsDirectly() {
    let tree = ObjectTree(groups: [Group(id: "a"), Group(id: "b", parent: "a"), Group(id: "c")])
    let curve = UUID()
    #expect(tree.object(containing: "b", curve: curve, in: nil) == .group("a"))
    #expect(tree.object(containing: "b", curve: curve, in: "a") == .group("b"))
    #expect(tree.object(containing: "b", curve: curve, in: "b") == .curve(curve))
    #expect(tree.object(containing: "b", curve: curve, in: "c") == nil)
    #expect(tree.object(containing: nil, curve: curve, in: nil) == .curve(curve))
    #expect(tree.object(containing: nil, curve: curve, in: "a") == nil)
    let other = UUID()
    #expect(tree.objects(of: [(curve, "b"), (other, nil), (UUID(), "a")], in: nil) == [.group("a"), .curve(other)])
  }

  @Test func hiddenGroupsHideWhatIsInsideThem() {
    var hidden = Group(id: "a")
    hidden.isHidden = true
    let tree = ObjectTree(groups: [hidden, Group(id: "b", parent: "a"), Group(id: "c")])
    #expect(tree.hiddenGroups == ["a", "b"])
  }
}
