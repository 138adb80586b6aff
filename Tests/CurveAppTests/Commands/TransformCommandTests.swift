import CurveDocument
import CurveGeometry
import Foundation
import Testing

/// `curves transform FILE … -o OUT`, run as a user runs it: the selector's transforms on named
/// objects, by the same code, checked against the matrix worked out here.
struct TransformCommandTests {
  /// A group "wheel" moved by (10, 0) holding a 20 × 10 rectangle, and a circle "hub" of
  /// radius 10 at (50, 50) with a 2-unit stroke.
  static let drawing = """
    <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
      <g id="wheel" transform="translate(10,0)"><rect x="0" y="0" width="20" height="10" fill="red"/></g>
      <circle id="hub" cx="50" cy="50" r="10" fill="none" stroke="blue" stroke-width="2"/>
    </svg>
    """

  static func run(_ arguments: [String]) throws -> Document {
    let directory = try makeTemporaryDirectory()
    try drawing.write(to: directory.appendingPathComponent("in.svg"), atomically: true, encoding: .utf8)
    let run = try CurvesBinary.run(["transform", "in.svg"] + arguments + ["-o", "out.json"], in: directory)
    try #require(run.status == 0, "\(run.error)")
    return try Document.decode(Data(contentsOf: directory.appendingPathComponent("out.json")))
  }

  static func points(_ curve: Document.CurveRecord) -> [Point] { curve.points.map { Point(x: $0.x, y: $0.y) } }

  @Test func aGroupGainsTheTransformAndKeepsItsContent() throws {
    let document = try Self.run(["--rotate", "90", "--ids", "wheel"])
    // About the group's box centre (20, 5): (x, y) → (25 − y, x − 15), after its own (10, 0).
    #expect(document.groups[0].transform == Affine(a: 0, b: 1, c: -1, d: 0, e: 25, f: -5))
    #expect(Self.points(document.curves[0]).prefix(4) == [Point(x: 0, y: 0), Point(x: 20, y: 0), Point(x: 20, y: 10), Point(x: 0, y: 10)])
    #expect(Self.points(document.curves[1]).first == Point(x: 60, y: 50), "the hub is not named: it stays")
  }

  @Test func aCurveIsScaledThenTurnedThenMovedAboutThePointGiven() throws {
    let document = try Self.run(["--scale", "2,3", "--rotate", "90", "--translate", "5,-1", "--about", "50,50", "--ids", "hub"])
    let transform = Affine.translate(x: 5, y: -1) * Affine.rotate(degrees: 90, around: Point(x: 50, y: 50))
      * Affine.translate(x: 50, y: 50) * Affine.scale(x: 2, y: 3) * Affine.translate(x: -50, y: -50)
    // The circle's rightmost node, (60, 50): scaled to (70, 50), turned to (50, 70), moved.
    let node = Self.points(document.curves[1])[0]
    #expect(abs(node.x - 55) < 1e-9 && abs(node.y - 69) < 1e-9)
    #expect(node.distance(to: transform.apply(to: Point(x: 60, y: 50))) < 1e-9)
    // The stroke scales by √|2·3|.
    #expect(abs((document.curves[1].style.strokeWidth ?? 0) - 2 * 6.0.squareRoot()) < 1e-12)
  }

  @Test func everyTopLevelObjectMovesByDefaultAndAnUnknownNameIsRefused() throws {
    let document = try Self.run(["--translate", "3,4"])
    #expect(document.groups[0].transform == .translate(x: 13, y: 4))
    #expect(Self.points(document.curves[1]).first == Point(x: 63, y: 54))
    let directory = try makeTemporaryDirectory()
    try Self.drawing.write(to: directory.appendingPathComponent("in.svg"), atomically: true, encoding: .utf8)
    let run = try CurvesBinary.run(["transform", "in.svg", "--ids", "spoke", "-o", "out.json"], in: directory)
    #expect(run.status != 0)
    #expect(run.error.contains("no curve or group named 'spoke'"))
    let zero = try CurvesBinary.run(["transform", "in.svg", "--scale", "0", "-o", "out.json"], in: directory)
    #expect(zero.status != 0 && zero.error.contains("--scale must not be 0"))
  }
}
