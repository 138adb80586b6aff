import CurveDocument
import CurveGeometry
@testable import CurveSVG
import Foundation
import SeededRandom
import Testing

/// The geometry SVG import and export stand on: path data read into subpaths as a renderer
/// reads it, number lists, and cubics for curves of higher degree.
struct SVGGeometryTests {
  func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

  @Test func theDocumentationExample() {
    let path = SVGPathData.subpaths("M0 0 L10 0 L10 10 Z M20 20 L 30 x")
    #expect(path.subpaths.map(\.isClosed) == [true])
    #expect(path.error?.offset == 32)
  }

  @Test func subpathsStartAtMAndCloseAtZ() throws {
    let path = SVGPathData.subpaths("M 0 0 L 10 0 L 10 10 Z L 0 10 M 20 20 M 30 30 q 5 5 10 0 z m 0 0")
    #expect(path.error == nil)
    #expect(path.subpaths.map(\.isClosed) == [true, false, true])
    // After Z, a line starts a new subpath at the closed one's start.
    #expect(path.subpaths.map(\.start) == [p(0, 0), p(0, 0), p(30, 30)])
    #expect(path.subpaths.map { $0.segments.map(\.degree) } == [[1, 1, 1], [1], [2, 1]])
    // Z's line ends exactly at the start; a subpath that is already back adds none.
    #expect(path.subpaths[0].segments.last?.controlPoints == [p(10, 10), p(0, 0)])
    let back = SVGPathData.subpaths("M 0 0 L 10 0 L 0 0 Z").subpaths
    #expect(back.map(\.segments.count) == [2] && back[0].isClosed)
    // The same segments as `segments` reads, in the same order.
    let d = "M10-20.5.5.5 h30 q5 5 10 0 t10 0 a5 5 0 01 10 0z m 3 3 l 1 1"
    #expect(try SVGPathData.subpaths(d).subpaths.flatMap(\.segments) == SVGPathData.segments(d))
  }

  @Test func dataIsReadUpToTheCommandInError() {
    let cases: [(String, [[Int]], Int?)] = [
      ("M 0 0 L 10 0 L 10 x", [[1]], 18),
      ("M 0 0 L 10 0 20 0 30", [[1, 1]], 20),
      ("M 0 0 L 10 0 Z 5", [[1, 1]], 15),
      ("M 0 0 C 1 1 2 2", [], 15),
      ("L 10 10", [], 0),
      ("M 0 0 A 1 1 0 2 0 5 5", [], 14),
      ("M 0 0 h 5 X", [[1]], 10),
    ]
    for (d, degrees, offset) in cases {
      let path = SVGPathData.subpaths(d)
      #expect(path.subpaths.map { $0.segments.map(\.degree) } == degrees, "\(d)")
      #expect(path.error?.offset == offset, "\(d)")
    }
  }

  @Test func numberLists() {
    #expect(SVGPathData.numbers("0,0 1e1 0,10-10").numbers == [0, 0, 10, 0, 10, -10])
    #expect(SVGPathData.numbers("  ").numbers == [] && SVGPathData.numbers("").error == nil)
    let bad = SVGPathData.numbers("1 2 3 L 4")
    #expect(bad.numbers == [1, 2, 3] && bad.error?.offset == 6)
    #expect(SVGPathData.numbers("1 2,").error?.expected == "a number after the comma")
    #expect(SVGPathData.numbers("1 2 3 4", limit: 3).numbers == [1, 2, 3])
  }

  @Test func cubicsOfLowDegreesAreTheCurvesThemselves() {
    let line = Bezier([p(0, 0), p(1, 1)])!, quadratic = Bezier([p(0, 0), p(1, 1), p(2, 0)])!
    let cubic = Bezier([p(0, 0), p(1, 1), p(2, 1), p(3, 0)])!
    #expect(line.cubics(tolerance: 0.01) == [line])
    #expect(quadratic.cubics(tolerance: 0.01) == [quadratic])
    #expect(cubic.cubics(tolerance: 0.01) == [cubic])
    // A cubic raised in degree comes back as one cubic, the same within rounding.
    let raised = cubic.elevated().elevated()
    let back = raised.cubics(tolerance: 1e-9)
    #expect(back.count == 1)
    #expect(zip(back[0].controlPoints, cubic.controlPoints).allSatisfy { $0.distance(to: $1) < 1e-12 })
  }

  /// Cut alike (`cubics(halvings:)` at `commonCubicHalvings`), the versions of one segment at
  /// several keyframes have as many cubics each, every one within the tolerance of its equal
  /// share of t.
  @Test func versionsCutAlikeHaveAsManyCubicsEachWithinTolerance() {
    var random = SplitMix64(seed: 37)
    for _ in 0..<30 {
      let degree = Int.random(in: 4...9, using: &random)
      let versions = (0..<3).map { _ in
        Bezier((0...degree).map { _ in p(.random(in: 0...500, using: &random), .random(in: 0...500, using: &random)) })!
      }
      let halvings = Bezier.commonCubicHalvings(versions, tolerance: 0.01)
      #expect(halvings >= 1 && halvings <= Bezier.maximumCubicHalvings)
      for version in versions {
        let cubics = version.cubics(halvings: halvings)
        #expect(cubics.count == 1 << halvings && cubics.allSatisfy { $0.degree == 3 })
        #expect(cubics.first?.controlPoints.first == version.controlPoints.first && cubics.last?.controlPoints.last == version.controlPoints.last)
        for (index, cubic) in cubics.enumerated() {
          let share = 1 / Double(cubics.count), part = version.subsegment(Double(index) * share, Double(index + 1) * share)
          let worst = (0...20).map { part.eval(Double($0) / 20).distance(to: cubic.eval(Double($0) / 20)) }.max()!
          #expect(worst <= 0.01 + 1e-7, "degree \(degree), part \(index) of \(cubics.count)")
        }
      }
    }
    // Cubics and lower need no cutting.
    #expect(Bezier.commonCubicHalvings([Bezier([p(0, 0), p(1, 1), p(2, 0)])!], tolerance: 0.01) == 0)
  }

  @Test func cubicsStayWithinToleranceOfRandomCurves() {
    var random = SplitMix64(seed: 26)
    for _ in 0..<100 {
      let degree = Int.random(in: 4...15, using: &random)
      let curve = Bezier((0...degree).map { _ in p(.random(in: 0...1000, using: &random), .random(in: 0...1000, using: &random)) })!
      let tolerance = [0.01, 0.1, 1][Int.random(in: 0..<3, using: &random)]
      let cubics = curve.cubics(tolerance: tolerance)
      #expect(cubics.allSatisfy { $0.degree == 3 })
      #expect(cubics.first?.controlPoints.first == curve.controlPoints.first)
      #expect(cubics.last?.controlPoints.last == curve.controlPoints.last)
      for (a, b) in zip(cubics, cubics.dropFirst()) { #expect(a.controlPoints.last == b.controlPoints.first) }
      // Each cubic follows its part of the curve at every t: the parts are halves of halves,
      // found again from where each cubic ends.
      var start = 0.0
      for cubic in cubics {
        var step = 1.0
        while step > 1e-6, !(start + step <= 1 && curve.eval(start + step).distance(to: cubic.controlPoints.last!) < 1e-7) { step /= 2 }
        let part = curve.subsegment(start, start + step)
        for index in 0...20 {
          let t = Double(index) / 20
          #expect(part.eval(t).distance(to: cubic.eval(t)) <= tolerance + 1e-7, "degree \(degree)")
        }
        start += step
      }
      #expect(start == 1)
    }
  }
}
