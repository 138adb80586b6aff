@testable import CurveGeometry
import Foundation
import SeededRandom
import Testing

/// Offsets and stroke outlines: exact areas where the answer is known, and for random blobs
/// every point of the result at the offset distance from the original, within the tolerance.
struct PathStrokeTests {
  static func area(_ loops: [[Bezier]]) -> Double { loops.reduce(0) { $0 + Bezier.signedArea(of: $1) } }
  static let square = FilledShape(subpaths: [PathBooleanTests.rectangle(0, 0, 100, 100)])
  static let line = [(segments: [Bezier([Point(x: 0, y: 0), Point(x: 100, y: 0)])!], closed: false)]
  /// The area of the four-cubic circle the round joins and caps are made of.
  static func disc(_ radius: Double) -> Double { area([PathStroke.circle(.zero, radius)]) }

  @Test func aSquareGrowsByItsJoins() {
    let round = PathStroke(halfWidth: 10, join: .round).offset(Self.square, by: 10)
    #expect(round.count == 1 && abs(Self.area(round) - (10_000 + 4_000 + Self.disc(10))) < 1e-6)
    let miter = PathStroke(halfWidth: 10, join: .miter).offset(Self.square, by: 10)
    #expect(abs(Self.area(miter) - 14_400) < 1e-6 && miter[0].count == 4, "\(miter.map(\.count))")
    let bevel = PathStroke(halfWidth: 10, join: .bevel).offset(Self.square, by: 10)
    #expect(abs(Self.area(bevel) - 14_200) < 1e-6 && bevel[0].count == 8)
    // A miter longer than the limit (√2 here) is bevelled.
    let limited = PathStroke(halfWidth: 10, join: .miter, miterLimit: 1.2).offset(Self.square, by: 10)
    #expect(abs(Self.area(limited) - 14_200) < 1e-6)
  }

  @Test func aSquareShrinksToASmallerSquareAndToNothing() {
    let inset = PathStroke(halfWidth: 10, join: .round).offset(Self.square, by: -10)
    #expect(abs(Self.area(inset) - 6_400) < 1e-6 && inset.count == 1)
    #expect(PathStroke(halfWidth: 60, join: .round).offset(Self.square, by: -60).isEmpty)
  }

  @Test func aLinesStrokeByItsCaps() {
    #expect(abs(Self.area(PathStroke(halfWidth: 5, cap: .butt).outline(of: Self.line)) - 1_000) < 1e-6)
    #expect(abs(Self.area(PathStroke(halfWidth: 5, cap: .square).outline(of: Self.line)) - 1_100) < 1e-6)
    #expect(abs(Self.area(PathStroke(halfWidth: 5, cap: .round).outline(of: Self.line)) - (1_000 + Self.disc(5))) < 1e-6)
  }

  @Test func aClosedSquaresStrokeIsARing() {
    let ring = PathStroke(halfWidth: 5, join: .miter).outline(of: [(PathBooleanTests.rectangle(0, 0, 100, 100), true)])
    #expect(ring.count == 2 && abs(Self.area(ring) - (110 * 110 - 90 * 90)) < 1e-6)
  }

  @Test func dashesCutTheLineByArcLength() {
    let dashes = Dashes(pattern: [10, 10]).pieces(of: Self.line[0].segments, closed: false)
    #expect(dashes.count == 5)
    #expect(dashes.allSatisfy { abs($0.reduce(0) { $0 + $1.arcLength(from: 0, to: 1) } - 10) < 1e-6 })
    #expect(dashes.map { $0[0].controlPoints[0].x } == [0, 20, 40, 60, 80])
    // An odd pattern repeats twice over; an offset moves into it.
    let odd = Dashes(pattern: [30], offset: 15).pieces(of: Self.line[0].segments, closed: false)
    #expect(odd.map { $0[0].controlPoints[0].x } == [0, 45])
    #expect(Dashes(pattern: [0, 0]).pieces(of: Self.line[0].segments, closed: false).count == 1, "no dashes: the whole line")
    let stroke = PathStroke(halfWidth: 2).outline(of: dashes.map { ($0, false) })
    #expect(stroke.count == 5 && abs(Self.area(stroke) - 5 * 10 * 4) < 1e-6)
  }

  /// A curve tighter than the half width on one side (a small circle under a wide stroke):
  /// the inside is filled, not left as a hole.
  @Test func aStrokeWiderThanTheCurvesBendFillsItsInside() {
    let circle = PathBooleanTests.circle(50, 50, 5)
    let outline = PathStroke(halfWidth: 10, join: .round).outline(of: [(circle, true)])
    #expect(outline.count == 1, "one disc, no hole: \(outline.count) loops")
    #expect(abs(Self.area(outline) - Self.disc(15)) < 0.01 * Self.disc(15))
  }

  /// A quarter circle of radius 2 stroked 10 wide with butt ends: the normals cross at its
  /// centre, and the stroke is what they sweep: a quarter of a ring from radius 2 to 7, a
  /// quarter disc of radius 2 inside the arc, and past the centre, touching it there, a quarter
  /// disc of radius 3: (π/4)·(7² − 2² + 2² + 3²) = 58π/4. It stops at the end normals (discs of
  /// the half width there would bulge 5 past them).
  @Test func aButtEndedStrokeOfATighterBendIsWhatItsNormalsSweep() {
    let k = 0.5522847498307936 * 2
    let arc = Bezier([Point(x: 2, y: 0), Point(x: 2, y: k), Point(x: k, y: 2), Point(x: 0, y: 2)])!
    let outline = PathStroke(halfWidth: 5, cap: .butt).outline(of: [([arc], false)])
    #expect(abs(Self.area(outline) - 58 * .pi / 4) < 0.05 && outline.count == 2, "\(Self.area(outline)), \(outline.count) loops")
    // Behind the start, along the centre line: outside.
    #expect(outline.allSatisfy { PathBoolean.winding(of: $0, around: Point(x: 2, y: -1)) == 0 })
    #expect(outline.contains { PathBoolean.winding(of: $0, around: Point(x: -1, y: -1)) != 0 }, "past the centre")
  }

  /// A random blob grown and shrunk: every point of the result's outline lies within the
  /// tolerance of |D| from the blob's outline (the offsets are fitted within half of it; where
  /// two cross at a shallow angle their meeting strays further).
  @Test func anOffsetOfARandomBlobKeepsItsDistance() {
    var random = SplitMix64(seed: 2 &+ 0x0FF5)
    let blob = PathBooleanTests.randomBlob(&random)
    let outline = Array(PathBoolean.combine([blob], .union).joined())
    for distance in [4.0, -3.0] {
      let stroke = PathStroke(halfWidth: abs(distance), join: .round)
      let result = stroke.offset(blob, by: distance)
      var worst = 0.0
      for segment in result.joined() {
        for step in 0...4 {
          let point = segment.eval(Double(step) / 4)
          worst = max(worst, abs(outline.map { $0.nearest(to: point).distance }.min()! - abs(distance)))
        }
      }
      #expect(!result.isEmpty && worst <= stroke.tolerance, "distance \(distance): \(worst) from |D|")
      #expect(result.joined().allSatisfy { $0.degree <= 3 })
    }
  }

  /// A lens (the meeting of two discs of radius 12 whose centres are 20 apart) inset by 1.9:
  /// its offsets meet at tips about 16° wide, where a fitting error across the two moves their meeting along them
  /// about seven times as far. The tip stays within the tolerance of the true one: the point on
  /// the lens's axis 1.9 from both arcs.
  @Test func anInsetsSharpTipStaysWithinTheToleranceOfTheTrueOne() throws {
    let left = FilledShape(subpaths: [PathStroke.circle(Point(x: -10, y: 0), 12)]), right = FilledShape(subpaths: [PathStroke.circle(Point(x: 10, y: 0), 12)])
    let lens = PathBoolean.combine([left, right], .intersection)
    let outline = Array(lens.joined()), distance = 1.9
    let stroke = PathStroke(halfWidth: distance, join: .round)
    let inset = stroke.offset(FilledShape(subpaths: lens), by: -distance)
    // The true tip: on x = 0 (the lens is symmetric), where the arcs are 1.9 away.
    var inside = 0.0, outside = 12.0
    for _ in 0..<60 {
      let y = (inside + outside) / 2
      if outline.map({ $0.nearest(to: Point(x: 0, y: -y)).distance }).min()! > distance { inside = y } else { outside = y }
    }
    let tip = try #require(inset.joined().map { $0.controlPoints[0] }.min { $0.y < $1.y })
    // Circles of radius 10.1 about (±10, 0) meet at y = ±√2.01; the four-cubic circles are a
    // little off true ones.
    #expect(abs(inside - 2.01.squareRoot()) < 0.05, "the true tip at \(inside)")
    #expect(tip.distance(to: Point(x: 0, y: -inside)) <= stroke.tolerance, "tip \(tip), true tip (0, \(-inside))")
  }

  /// Fitted by area and moment, the offset of an arch by 4 takes two cubics within 0.005 of
  /// the true offset, where least squares alone took three. Every point of them is 4 from the
  /// arch, within that.
  @Test func anArchsOffsetFittedByAreaAndMomentTakesFewerCubics() throws {
    let arch = Bezier([Point(x: 0, y: 0), Point(x: 30, y: -40), Point(x: 70, y: -40), Point(x: 100, y: 0)])!
    #expect(arch.areaMomentFits(4).count >= 1)
    for distance in [4.0, -4.0] {
      let offset = try #require(arch.offsetCubics(by: distance, tolerance: 0.005))
      #expect(offset.count == 2, "\(offset.count) cubics at \(distance)")
      for cubic in offset {
        for step in 0...100 {
          let point = cubic.eval(Double(step) / 100)
          #expect(abs(arch.nearest(to: point).distance - 4) <= 0.005, "at \(point)")
        }
      }
    }
  }
}
