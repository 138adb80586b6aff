import CurveDocument
import CurveGeometry
import Foundation
import Testing

/// `curves path OP FILE -o OUT`, run as a user runs it, on two overlapping squares (the bottom
/// 100 by 100 at (20, 20), the top at (70, 70)): the areas Inkscape's Path menu gives.
struct PathOperationCommandTests {
  static let squares = """
    <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
      <rect x="20" y="20" width="100" height="100" fill="#3465a4"/>
      <rect x="70" y="70" width="100" height="100" fill="#cc0000"/>
    </svg>
    """

  static func run(_ operation: String, on svg: String = squares, output: String = "out.json") throws -> (Document, URL) {
    let directory = try makeTemporaryDirectory()
    try svg.write(to: directory.appendingPathComponent("in.svg"), atomically: true, encoding: .utf8)
    let run = try CurvesBinary.run(["path", operation, "in.svg", "-o", output], in: directory)
    try #require(run.status == 0, "\(run.error)")
    let url = directory.appendingPathComponent(output)
    guard output.hasSuffix(".json") else { return (Document(canvas: Canvas(width: 1, height: 1), curves: [], animation: .init(totalSteps: 1, speed: 1)), url) }
    return (try Document.decode(Data(contentsOf: url)), url)
  }

  static func area(_ curve: Document.CurveRecord) -> Double {
    curve.subpaths.reduce(0) { $0 + Bezier.signedArea(of: $1.segments.compactMap(Bezier.init)) }
  }

  @Test(arguments: [("union", 17_500.0), ("difference", 7_500), ("intersection", 2_500), ("exclusion", 15_000)])
  func eachAreaOperationMakesOneCurveOfTheBottomsStyle(operation: String, area: Double) throws {
    let (document, _) = try Self.run(operation)
    try #require(document.curves.count == 1)
    #expect(abs(Self.area(document.curves[0]) - area) < 1e-9)
    #expect(document.curves[0].style.fill == .color(RGBColor(r: 0x34, g: 0x65, b: 0xa4)))
    #expect(document.curves[0].subpaths.allSatisfy { $0.closed })
  }

  @Test func divisionCutsTheBottomIntoItsPartInsideAndOutside() throws {
    let (document, _) = try Self.run("division")
    let areas = document.curves.map(Self.area).sorted()
    #expect(areas.count == 2 && abs(areas[0] - 2_500) < 1e-9 && abs(areas[1] - 7_500) < 1e-9)
  }

  @Test func cutLeavesTheBottomsOutlineInTwoOpenPieces() throws {
    let (document, _) = try Self.run("cut")
    try #require(document.curves.count == 2)
    #expect(document.curves.allSatisfy { $0.subpaths.count == 1 && !$0.subpaths[0].closed && $0.style.fill == CurveStyle.Paint.none })
    // The top square crosses the bottom's right side at (120, 70) and its bottom at (70, 120).
    let ends = Set(document.curves.flatMap { curve in [curve.subpaths[0].points.first!, curve.subpaths[0].points.last!].map { Point(x: $0.x, y: $0.y) } })
    #expect(ends == [Point(x: 120, y: 70), Point(x: 70, y: 120)])
  }

  @Test func anSVGOutputIsWrittenAsSVG() throws {
    let (_, url) = try Self.run("union", output: "out.svg")
    let svg = try String(contentsOf: url, encoding: .utf8)
    #expect(svg.contains("<svg") && svg.components(separatedBy: "<path").count == 2)
  }

  @Test func anOperationForTwoCurvesRefusesThree() throws {
    let directory = try makeTemporaryDirectory()
    let three = Self.squares.replacingOccurrences(of: "</svg>", with: #"<circle cx="50" cy="50" r="10"/></svg>"#)
    try three.write(to: directory.appendingPathComponent("in.svg"), atomically: true, encoding: .utf8)
    let run = try CurvesBinary.run(["path", "difference", "in.svg", "-o", "out.json"], in: directory)
    #expect(run.status != 0 && run.error.contains("Difference needs exactly two curves"))
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.json").path))
  }

  @Test func offsetGrowsAndShrinksEachCurveWithTheJoinAsked() throws {
    let directory = try makeTemporaryDirectory()
    try Self.squares.write(to: directory.appendingPathComponent("in.svg"), atomically: true, encoding: .utf8)
    for (distance, join, area) in [("5", "miter", 110.0 * 110), ("-5", "round", 90.0 * 90), ("5", "bevel", 110.0 * 110 - 50)] {
      let run = try CurvesBinary.run(["path", "offset", "--distance", distance, "--join", join, "in.svg", "-o", "out.json"], in: directory)
      try #require(run.status == 0, "\(run.error)")
      let document = try Document.decode(Data(contentsOf: directory.appendingPathComponent("out.json")))
      #expect(document.curves.count == 2 && document.curves.allSatisfy { abs(Self.area($0) - area) < 1e-6 }, "\(distance) \(join)")
    }
    let bad = try CurvesBinary.run(["path", "offset", "--distance", "5", "--join", "pointy", "in.svg", "-o", "out.json"], in: directory)
    #expect(bad.status != 0 && bad.error.contains("--join must be round, miter or bevel"))
  }

  @Test func strokeToPathTurnsADashedStrokeIntoFilledDashes() throws {
    let dashed = """
      <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
        <path d="M 10 50 L 110 50" fill="none" stroke="#cc0000" stroke-width="4" stroke-dasharray="10 10"/>
      </svg>
      """
    let (document, _) = try Self.run("stroke-to-path", on: dashed)
    try #require(document.curves.count == 1)
    let curve = document.curves[0]
    #expect(curve.subpaths.count == 5 && abs(Self.area(curve) - 5 * 10 * 4) < 1e-6)
    #expect(curve.style.fill == .color(RGBColor(r: 0xcc, g: 0, b: 0)) && curve.style.stroke == CurveStyle.Paint.none)
  }
}
