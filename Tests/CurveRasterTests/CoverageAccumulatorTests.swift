import CurveGeometry
import Foundation
import SeededRandom
import Testing

@testable import CurveRaster

/// The accumulator's coverage against a 16×16-supersampled reference, and its exact sums.
struct CoverageAccumulatorTests {
  /// Coverage of each pixel of a `width × height` buffer after `shape` wrote its edges.
  static func coverage(width: Int, height: Int, rule: FillRule = .nonZero, _ shape: (CoverageAccumulator) -> Void) -> [Float] {
    let accumulator = CoverageAccumulator(width: width, height: height)
    shape(accumulator)
    var result = [Float](repeating: 0, count: width * height)
    accumulator.sweep(rule: rule) { x, y, count, coverage in
      for index in x..<(x + count) { result[y * width + index] = coverage }
    }
    return result
  }

  /// The fraction of a pixel's 16×16 sample points inside the polygon, by `rule`.
  static func supersampled(_ polygon: [Point], width: Int, height: Int, rule: FillRule = .nonZero) -> [Float] {
    var result = [Float](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        var inside = 0
        for sy in 0..<16 {
          for sx in 0..<16 {
            let sample = Point(x: Double(x) + (Double(sx) + 0.5) / 16, y: Double(y) + (Double(sy) + 0.5) / 16)
            let winding = winding(of: polygon, at: sample)
            if rule == .nonZero ? winding != 0 : winding % 2 != 0 { inside += 1 }
          }
        }
        result[y * width + x] = Float(inside) / 256
      }
    }
    return result
  }

  static func winding(of polygon: [Point], at point: Point) -> Int {
    var winding = 0
    for index in polygon.indices {
      let a = polygon[index], b = polygon[(index + 1) % polygon.count]
      if a.y <= point.y, b.y > point.y, (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y) > 0 { winding += 1 }
      if a.y > point.y, b.y <= point.y, (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y) < 0 { winding -= 1 }
    }
    return winding
  }

  static func addPolygon(_ polygon: [Point], to accumulator: CoverageAccumulator) {
    for index in polygon.indices {
      let a = polygon[index], b = polygon[(index + 1) % polygon.count]
      accumulator.addLine(from: (a.x, a.y), to: (b.x, b.y))
    }
  }

  /// The exact area of `polygon` (convex) inside pixel (`x`, `y`): the polygon clipped to the
  /// pixel's square, then the shoelace formula.
  static func exactArea(of polygon: [Point], inPixel x: Int, _ y: Int) -> Double {
    var clipped = polygon
    let edges: [(Point) -> Double] = [{ $0.x - Double(x) }, { Double(x + 1) - $0.x }, { $0.y - Double(y) }, { Double(y + 1) - $0.y }]
    for inside in edges {
      var next: [Point] = []
      for index in clipped.indices {
        let a = clipped[index], b = clipped[(index + 1) % clipped.count]
        let da = inside(a), db = inside(b)
        if da >= 0 { next.append(a) }
        if (da >= 0) != (db >= 0) { next.append(a.lerp(to: b, da / (da - db))) }
      }
      clipped = next
    }
    guard clipped.count > 2 else { return 0 }
    var twice = 0.0
    for index in clipped.indices {
      let a = clipped[index], b = clipped[(index + 1) % clipped.count]
      twice += a.x * b.y - b.x * a.y
    }
    return abs(twice) / 2
  }

  static func randomTriangles(count: Int) -> [[Point]] {
    var random = SplitMix64(seed: 14)
    return (0..<count).map { _ in
      (0..<3).map { _ in Point(x: Double.random(in: -4...28, using: &random), y: Double.random(in: -4...28, using: &random)) }
    }
  }

  @Test func randomTrianglesCoverTheirExactArea() {
    for triangle in Self.randomTriangles(count: 100) {
      let ours = Self.coverage(width: 24, height: 24) { Self.addPolygon(triangle, to: $0) }
      for y in 0..<24 {
        for x in 0..<24 {
          let exact = Self.exactArea(of: triangle, inPixel: x, y)
          // Coverage under 1/1024 (a quarter of an 8-bit step) is left out as zero.
          #expect(abs(Double(ours[y * 24 + x]) - exact) <= 1.0 / 1024 + 1e-5, "pixel (\(x), \(y)) of \(triangle)")
        }
      }
    }
  }

  @Test func randomTrianglesMatchTheSupersampledReference() {
    var errors: [Float] = []
    for triangle in Self.randomTriangles(count: 40) {
      let ours = Self.coverage(width: 24, height: 24) { Self.addPolygon(triangle, to: $0) }
      let reference = Self.supersampled(triangle, width: 24, height: 24)
      errors += zip(ours, reference).map { abs($0 - $1) }
    }
    // 16×16 samples measure a pixel's area only to within half a sample per sample row, so
    // the reference itself strays by up to 1/32 along an edge that runs nearly along the
    // sample grid; nearly every pixel still agrees within 2/255, and on average far closer.
    let withinTwo = errors.filter { $0 <= 2.0 / 255 }.count
    #expect(Double(withinTwo) / Double(errors.count) > 0.99)
    #expect(errors.reduce(0, +) / Float(errors.count) < 0.2 / 255)
    #expect(errors.max()! <= 1.0 / 32)
  }

  /// A star polygon of 23 points joined every ninth: its edges cross inside pixels all over,
  /// so the sums alone would grey out what even-odd leaves empty and what it fills.
  @Test func aSelfCrossingStarMatchesTheSupersampledReferenceEvenOdd() {
    let star = (0..<23).map { index -> Point in
      let angle = Double(index * 9) * 2 * .pi / 23
      return Point(x: 12 + 11.3 * cos(angle), y: 12 + 11.3 * sin(angle))
    }
    let ours = Self.coverage(width: 24, height: 24, rule: .evenOdd) { Self.addPolygon(star, to: $0) }
    let reference = Self.supersampled(star, width: 24, height: 24, rule: .evenOdd)
    let errors = zip(ours, reference).map { abs($0 - $1) }
    // 16 sampled lines a row against 16 × 16 points: within a line's share where an edge runs
    // nearly along them, and close on average.
    #expect(errors.max()! <= 1.0 / 16 + 1.0 / 64)
    #expect(errors.reduce(0, +) / Float(errors.count) < 2.0 / 255)
  }

  @Test func aSquareWithASameWayHoleKeepsItsExactEdgesEvenOdd() {
    // Sums past 1 send the shape to the sampled cover: its edges still come out exact where
    // they are pixel fractions on sampled lines.
    let outer = [Point(x: 2.25, y: 2), Point(x: 21.75, y: 2), Point(x: 21.75, y: 22), Point(x: 2.25, y: 22)]
    let hole = [Point(x: 8, y: 8), Point(x: 16, y: 8), Point(x: 16, y: 16), Point(x: 8, y: 16)]
    let ours = Self.coverage(width: 24, height: 24, rule: .evenOdd) {
      Self.addPolygon(outer, to: $0)
      Self.addPolygon(hole, to: $0)
    }
    #expect(ours[10 * 24 + 2] == 0.75 && ours[10 * 24 + 21] == 0.75)
    #expect(ours[12 * 24 + 12] == 0 && ours[12 * 24 + 7] == 1 && ours[12 * 24 + 16] == 1)
  }

  @Test func withoutItsEdgesAnEvenOddShapeKeepsItsFoldedSums() {
    // A caller that keeps no edges (as the band renderer for a non-zero shape) loses nothing
    // when it sweeps even-odd after all: the folded sums, exact for a same-way hole.
    let outer = [Point(x: 2, y: 2), Point(x: 22, y: 2), Point(x: 22, y: 22), Point(x: 2, y: 22)]
    let hole = [Point(x: 8, y: 8), Point(x: 16, y: 8), Point(x: 16, y: 16), Point(x: 8, y: 16)]
    let ours = Self.coverage(width: 24, height: 24, rule: .evenOdd) {
      $0.keepsEdges = false
      Self.addPolygon(outer, to: $0)
      Self.addPolygon(hole, to: $0)
    }
    #expect(ours[12 * 24 + 12] == 0 && ours[12 * 24 + 7] == 1 && ours[12 * 24 + 16] == 1 && ours[1 * 24 + 12] == 0)
  }

  @Test func coverageIsExactForAPixelAlignedSquareAndHalfPixels() {
    let square = [Point(x: 2, y: 1), Point(x: 5, y: 1), Point(x: 5, y: 3.5), Point(x: 2, y: 3.5)]
    let ours = Self.coverage(width: 8, height: 5) { Self.addPolygon(square, to: $0) }
    for y in 0..<5 {
      for x in 0..<8 {
        let expected: Float = (2..<5).contains(x) ? (y == 1 || y == 2 ? 1 : y == 3 ? 0.5 : 0) : 0
        #expect(abs(ours[y * 8 + x] - expected) < 1e-6, "pixel (\(x), \(y))")
      }
    }
  }

  @Test func adjacentTrianglesSharingAnEdgeLeaveNoSeam() {
    // A square cut along its diagonal, both halves in one shape: every pixel fully covered.
    let a = [Point(x: 1, y: 1), Point(x: 15, y: 1), Point(x: 15, y: 9)]
    let b = [Point(x: 1, y: 1), Point(x: 15, y: 9), Point(x: 1, y: 9)]
    let ours = Self.coverage(width: 16, height: 10) {
      Self.addPolygon(a, to: $0)
      Self.addPolygon(b, to: $0)
    }
    for y in 1..<9 {
      for x in 1..<15 { #expect(abs(ours[y * 16 + x] - 1) < 1e-5, "pixel (\(x), \(y))") }
    }
  }

  @Test func edgesOutsideTheBufferAreClippedExactly() {
    // A triangle reaching far past every border covers the buffer as its visible part does.
    let triangle = [Point(x: -50, y: -30), Point(x: 90, y: 4), Point(x: -20, y: 60)]
    let ours = Self.coverage(width: 12, height: 12) { Self.addPolygon(triangle, to: $0) }
    let reference = Self.supersampled(triangle, width: 12, height: 12)
    for (a, b) in zip(ours, reference) { #expect(abs(a - b) <= 4.0 / 255) }
  }

  @Test func nonFiniteEdgesAreIgnoredAndTheNextShapeStartsClean() {
    let accumulator = CoverageAccumulator(width: 8, height: 8)
    accumulator.addLine(from: (.nan, 1), to: (3, 5))
    accumulator.addLine(from: (1, 1), to: (.infinity, 5))
    var touched = 0
    accumulator.sweep { _, _, _, _ in touched += 1 }
    #expect(touched == 0)
    Self.addPolygon([Point(x: 1, y: 1), Point(x: 3, y: 1), Point(x: 3, y: 3), Point(x: 1, y: 3)], to: accumulator)
    var covered: [Int] = []
    accumulator.sweep { x, y, count, coverage in
      if coverage > 0.99 { covered.append(contentsOf: (x..<(x + count)).map { y * 8 + $0 }) }
    }
    #expect(covered == [9, 10, 17, 18])
  }
}
