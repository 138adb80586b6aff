@testable import CurveApp
@testable import CurveCommandLine
import CurveDocument
import CurveGeometry
@testable import CurveSVG
import Foundation
import Testing

/// `curves fit` and `curves path simplify`, run as a user runs them.
struct FitCommandTests {
  let directory: URL

  init() throws {
    directory = try makeTemporaryDirectory()
  }

  private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  /// The cubics of one line of `M x y C …` path data, checked to be nothing else.
  static func cubics(_ line: Substring) throws -> [CubicBezier] {
    let words = line.split(separator: " ")
    try #require(words.first == "M" && words.count >= 3)
    var current = Point(x: try #require(Double(words[1])), y: try #require(Double(words[2])))
    var cubics: [CubicBezier] = []
    var index = 3
    while index < words.count {
      try #require(words[index] == "C" && index + 6 < words.count, "\(line)")
      let numbers = try words[(index + 1)...(index + 6)].map { try #require(Double($0)) }
      let cubic = CubicBezier(current, Point(x: numbers[0], y: numbers[1]), Point(x: numbers[2], y: numbers[3]), Point(x: numbers[4], y: numbers[5]))
      cubics.append(cubic)
      current = cubic.p3
      index += 7
    }
    return cubics
  }

  /// Up 50, down 50 and so on, in steps of 5: tips every 10 points.
  static let zigzag: [(Int, Int)] = (0...40).map { index in
    let phase = index % 20
    let height = phase <= 10 ? phase * 5 : (20 - phase) * 5
    return (index * 5, height)
  }

  @Test func everyStrokeIsOneLineOfCubicsWithinTheTolerance() throws {
    let circle = (0...360).map { Point(x: 100 + 50 * cos(Double($0) * .pi / 180), y: 100 + 50 * sin(Double($0) * .pi / 180)) }
    let zigzag = Self.zigzag.map { Point(x: Double($0.0), y: Double($0.1)) }
    let strokes = [circle, zigzag]
    let input = strokes.map { $0.map { "\($0.x) \($0.y)" }.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
    let run = try CurvesBinary.run(["fit", "--tolerance", "0.25"], input: input)
    #expect(run.status == 0, "\(run.error)")
    let lines = run.output.split(separator: "\n")
    try #require(lines.count == 2)
    for (stroke, line) in zip(strokes, lines) {
      let cubics = try Self.cubics(line)
      let worst = stroke.map { point in cubics.map { $0.nearest(to: point).distance }.min()! }.max()!
      #expect(worst <= 0.25, "a point \(worst) from its curve")
    }
    #expect(try Self.cubics(lines[0]).count <= 6, "a circle is a few cubics")
    // The zigzag turns by 90° at its tips: a corner node at each, straight sides between.
    #expect(try Self.cubics(lines[1]).count == 4)
  }

  @Test func aCornerAngleAboveTheTurnsMakesTheZigzagSmooth() throws {
    let input = Self.zigzag.map { "\($0.0) \($0.1)" }.joined(separator: "\n")
    let sharp = try CurvesBinary.run(["fit", "--tolerance", "0.25", "--corner-angle", "100"], input: input)
    #expect(sharp.status == 0)
    #expect(try Self.cubics(sharp.output.split(separator: "\n")[0]).count > 4, "no corners: the tips need more cubics")
  }

  @Test func aBadLineStopsWithItsNumberAfterTheStrokesBeforeIt() throws {
    let run = try CurvesBinary.run(["fit", "--tolerance", "1"], input: "0 0\n10 0\n\n5 five\n")
    #expect(run.status == 1)
    #expect(run.output == "M 0 0 C 3.3333333333333335 0 6.666666666666666 0 10 0\n")
    #expect(run.error.contains(#"line 4: expected two numbers "x y", got "5 five""#), "\(run.error)")
    let zero = try CurvesBinary.run(["fit", "--tolerance", "0"], input: "")
    #expect(zero.status != 0 && zero.error.contains("--tolerance must be a positive number"))
  }

  @Test func simplifyRefitsEveryCurveOfADocumentOrAnSVG() throws {
    // A circle drawn as 36 cubics and a square: the circle becomes a few, the square stays four corners.
    var d = "M 150 100"
    for step in 1...36 {
      let a0 = Double(step - 1) * 10 * .pi / 180, a1 = Double(step) * 10 * .pi / 180, k = 4.0 / 3 * tan((a1 - a0) / 4) * 50
      let p3 = Point(x: 100 + 50 * cos(a1), y: 100 + 50 * sin(a1))
      d += " C \(100 + 50 * cos(a0) - k * sin(a0)) \(100 + 50 * sin(a0) + k * cos(a0)) \(p3.x + k * sin(a1)) \(p3.y - k * cos(a1)) \(p3.x) \(p3.y)"
    }
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 200"><path d="\#(d) Z"/><rect x="200" y="20" width="50" height="50"/></svg>"#
    try Data(svg.utf8).write(to: directory.appendingPathComponent("in.svg"))
    let run = try CurvesBinary.run(["path", "simplify", path("in.svg"), "--tolerance", "0.1", "-o", path("out.json")])
    #expect(run.status == 0, "\(run.error)")
    let document = try Document.decode(Data(contentsOf: directory.appendingPathComponent("out.json")))
    let circle = document.curves[0].subpaths[0], square = document.curves[1].subpaths[0]
    #expect(circle.closed && (4...6).contains(circle.segments.count), "\(circle.segments.count) segments")
    #expect(square.closed && square.segments.count == 4 && square.points.filter { $0.node == .corner }.count == 4)
    let cubics = circle.segments.compactMap(Bezier.init)
    for degrees in stride(from: 0.0, to: 360, by: 3) {
      let point = Point(x: 100 + 50 * cos(degrees * .pi / 180), y: 100 + 50 * sin(degrees * .pi / 180))
      #expect(cubics.map { $0.nearest(to: point).distance }.min()! <= 0.1)
    }
    // By OUT's extension: an SVG drawing.
    let toSVG = try CurvesBinary.run(["path", "simplify", path("in.svg"), "--tolerance", "0.1", "-o", path("out.svg")])
    #expect(toSVG.status == 0, "\(toSVG.error)")
    let written = try SVGImport.document(from: Data(contentsOf: directory.appendingPathComponent("out.svg")))
    #expect(written.curves.map { $0.subpaths[0].segments.count } == [circle.segments.count, 4])
  }
}
