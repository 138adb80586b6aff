import CurveDocument
import CurveGeometry
@testable import CurveSVG
import Foundation
import Testing

/// A `d` animation blends paths of the same commands point i to point i, and jumps between
/// paths that do not blend at its eased half way, as Chromium plays them.
struct SMILPathBlendingTests {
  static let square = "M 50 50 L 150 50 L 150 150 L 50 150 Z"
  static let circle = "M 100 50 C 128 50 150 72 150 100 C 150 128 128 150 100 150 C 72 150 50 128 50 100 C 50 72 72 50 100 50 Z"
  static let squareAsCurves = "M 50 50 C 100 50 100 50 150 50 C 150 100 150 100 150 150 C 100 150 100 150 50 150 C 50 100 50 100 50 50 Z"

  static func drawing(_ values: [String], spline: Bool = false) throws -> Document {
    let timing = spline ? #"calcMode="spline" keyTimes="0;1" keySplines="0.42 0 1 1""# : ""
    let svg = #"""
      <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
        <path fill="#3465a4" d="\#(values[0])"><animate attributeName="d" dur="2s" fill="freeze" \#(timing) values="\#(values.joined(separator: ";"))"/></path>
      </svg>
      """#
    return try SVGImport.import(from: Data(svg.utf8)).document
  }

  static func nodes(_ document: Document, at time: Double) -> [Point] {
    document.frame(at: time).curves[0].subpaths[0].points.filter { $0.node != nil }.map { Point(x: $0.x, y: $0.y) }
  }

  @Test func commandsAreComparedAsBrowsersCompareThem() {
    #expect(SMILImport.commandSignature("M0 0 10 10 20 0z") == ["M", "L", "L", "Z"])
    #expect(SMILImport.commandSignature("m0,0 l10,10 h5 v-5") == ["M", "L", "H", "V"])
    #expect(SMILImport.commandSignature("M1e2-3.5.5.5L0 0") == ["M", "L", "L"], "exponents, signs and bare fractions are numbers")
    #expect(SMILImport.commandSignature(Self.square) != SMILImport.commandSignature(Self.circle))
    #expect(SMILImport.commandSignature(Self.squareAsCurves) == SMILImport.commandSignature(Self.circle))
    #expect(SMILImport.commandSignature("M 0 0 L 1") == nil, "a command short of numbers")
  }

  @Test func pathsOfOtherCommandsJumpHalfWay() throws {
    let document = try Self.drawing([Self.square, Self.circle])
    let square = [Point(x: 50, y: 50), Point(x: 150, y: 50), Point(x: 150, y: 150), Point(x: 50, y: 150)]
    #expect(Self.nodes(document, at: 0.9) == square, "the square, untouched, until 1 s")
    #expect(Self.nodes(document, at: 1.1) == [Point(x: 100, y: 50), Point(x: 150, y: 100), Point(x: 100, y: 150), Point(x: 50, y: 100)])
  }

  @Test func theJumpIsWhereTheEasedProgressIsHalf() throws {
    // ease-in (0.42 0 1 1) reaches 0.5 where its curve's parameter is 0.5 (3s² - 2s³ = 0.5),
    // at x = 0.1575 + 0.375 + 0.125 = 0.6575 of its interval: 1.315 s of 2.
    let document = try Self.drawing([Self.square, Self.circle], spline: true)
    #expect(Self.nodes(document, at: 1.30).first == Point(x: 50, y: 50))
    #expect(Self.nodes(document, at: 1.33).first == Point(x: 100, y: 50))
    #expect(abs(SMILImport.fractionReachingHalf(.easeIn) - 0.6575) < 1e-9)
  }

  @Test func pathsOfTheSameCommandsBlendPointByPoint() throws {
    let document = try Self.drawing([Self.squareAsCurves, Self.circle])
    // Half way, each point half way to its partner: (50, 50) and (100, 50) meet at (75, 50).
    let half = document.frame(at: 1).curves[0].subpaths[0].points.prefix(4).map { Point(x: $0.x, y: $0.y) }
    #expect(half == [Point(x: 75, y: 50), Point(x: 114, y: 50), Point(x: 125, y: 61), Point(x: 150, y: 75)])
  }
}
