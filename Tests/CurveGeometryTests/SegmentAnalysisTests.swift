import CurveGeometry
import SeededRandom
import Testing

/// The primer's measures of one segment: examples with values worked by hand, and properties
/// over random curves of every degree up to 15 checked against dense sampling.
struct SegmentAnalysisTests {
  /// A random curve of `degree` in a 1000-unit square.
  static func random(degree: Int, _ random: inout SplitMix64) -> Bezier {
    Bezier((0...degree).map { _ in random.point() })!
  }

  static let samples = (0...600).map { Double($0) / 600 }

  // MARK: Aligned bounds

  @Test func anArchAlongADiagonalHasItsBoxAlongTheChord() {
    // A quadratic from (0, 0) to (100, 100) whose handle is 50√2 across the chord: the curve
    // reaches half of that, 25√2, at its middle (25, 75). Along the chord it runs 0 to 100√2.
    let arch = Bezier([Point(x: 0, y: 0), Point(x: 0, y: 100), Point(x: 100, y: 100)])!
    let corners = arch.alignedBounds()
    let expected = [Point(x: 0, y: 0), Point(x: 100, y: 100), Point(x: 75, y: 125), Point(x: -25, y: 25)]
    #expect(corners.count == 4 && zip(corners, expected).allSatisfy { ($0 - $1).length < 1e-12 }, "\(corners)")
  }

  @Test func aSegmentThatEndsWhereItStartsHasTheAxisAlignedBox() {
    let drop = Bezier([Point(x: 100, y: 0), Point(x: 200, y: 100), Point(x: 0, y: 100), Point(x: 100, y: 0)])!
    let box = drop.tightBounds()
    let corners = [Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY), Point(x: box.maxX, y: box.maxY), Point(x: box.minX, y: box.maxY)]
    #expect(zip(drop.alignedBounds(), corners).allSatisfy { ($0 - $1).length < 1e-12 }, "\(drop.alignedBounds())")
  }

  @Test(arguments: 1...15)
  func everyPointLiesInTheAlignedBoxAndEachSideIsTouched(degree: Int) {
    var random = SplitMix64(seed: UInt64(100 + degree))
    for _ in 0..<8 {
      let curve = Self.random(degree: degree, &random)
      let corners = curve.alignedBounds()
      let along = (corners[1] - corners[0]), across = (corners[3] - corners[0])
      let width = along.length, height = across.length
      // A line's box has no height but rounding: its across direction is then the perpendicular.
      let u = width > 0 ? along / width : Point(x: 1, y: 0), v = height > 1e-9 ? across / height : u.perpendicular
      let offsets = Self.samples.map { t -> (Double, Double) in
        let d = curve.eval(t) - corners[0]
        return (d.dot(u), d.dot(v))
      }
      let slack = 1e-9 * 1000
      #expect(offsets.allSatisfy { $0.0 > -slack && $0.0 < width + slack && $0.1 > -slack && $0.1 < height + slack },
              "along \(offsets.map(\.0).min()!)…\(offsets.map(\.0).max()!) of \(width), across \(offsets.map(\.1).min()!)…\(offsets.map(\.1).max()!) of \(height)")
      // Sides touched, to the sampling's resolution.
      let reach = 1e-3 * 1000
      #expect(offsets.map(\.0).min()! < reach && offsets.map(\.0).max()! > width - reach)
      #expect(offsets.map(\.1).min()! < reach && offsets.map(\.1).max()! > height - reach)
      // The first two corners lie on a line parallel to the chord.
      let chord = curve.controlPoints[degree] - curve.controlPoints[0]
      #expect(abs(chord.normalized.cross(u)) < 1e-9)
    }
  }

  // MARK: Curvature

  @Test func anSCurvesCurvatureRunsBetweenOppositeExtremesPlacedSymmetrically() throws {
    let s = Bezier([Point(x: 0, y: 0), Point(x: 30, y: 90), Point(x: 70, y: -90), Point(x: 100, y: 0)])!
    let extremes = try #require(s.curvatureExtremes())
    #expect(abs(extremes.least.t + extremes.greatest.t - 1) < 1e-12, "the S is point-symmetric about t = 1/2")
    #expect(abs(extremes.least.curvature + extremes.greatest.curvature) < 1e-12)
    #expect(extremes.least.curvature < 0 && extremes.greatest.curvature > 0)
  }

  @Test func aStraightSegmentHasNoCurvatureAnywhere() throws {
    let line = Bezier([Point(x: 0, y: 0), Point(x: 10, y: 5), Point(x: 20, y: 10)])!
    let extremes = try #require(line.curvatureExtremes())
    #expect(extremes.least.curvature == 0 && extremes.greatest.curvature == 0 && extremes.least.t == 0)
  }

  @Test(arguments: 2...15)
  func theCurvatureExtremesBoundEverySampleAndAreWhereItStopsChanging(degree: Int) {
    var random = SplitMix64(seed: UInt64(200 + degree))
    for _ in 0..<8 {
      let curve = Self.random(degree: degree, &random)
      guard let extremes = curve.curvatureExtremes() else { continue }
      let sampled = Self.samples.compactMap { curve.curvature(at: $0) }
      let scale = sampled.map(abs).max()!
      // Near a cusp the curvature is unbounded and samples cannot bound it; skip those.
      guard scale < 1 else { continue }
      #expect(sampled.min()! >= extremes.least.curvature - 1e-9 * scale, "degree \(degree)")
      #expect(sampled.max()! <= extremes.greatest.curvature + 1e-9 * scale, "degree \(degree)")
      for extreme in [extremes.least, extremes.greatest] where extreme.t > 0 && extreme.t < 1 {
        // Inside, the curvature is stationary there: a step of h changes it by O(h²).
        let h = 1e-5
        guard let before = curve.curvature(at: extreme.t - h), let after = curve.curvature(at: extreme.t + h) else { continue }
        #expect(abs(after - before) / (2 * h) < 1e-3 * max(scale, 1e-6), "κ′ at t = \(extreme.t): \((after - before) / (2 * h))")
      }
    }
  }

  // MARK: Lowering

  @Test(arguments: 2...15)
  func aRaisedCurveLowersBackToItself(degree: Int) {
    var random = SplitMix64(seed: UInt64(300 + degree))
    let original = Self.random(degree: degree - 1, &random)
    let (points, distance) = original.elevated().lowered()
    #expect(points.count == degree)
    #expect(zip(points, original.controlPoints).allSatisfy { ($0 - $1).length < 1e-7 }, "\(points) against \(original.controlPoints)")
    #expect(distance < 1e-7)
  }

  @Test func aLineLowersToItsMiddle() {
    let (points, distance) = Bezier([Point(x: 0, y: 0), Point(x: 30, y: 40)])!.lowered()
    #expect(points == [Point(x: 15, y: 20)] && abs(distance - 25) < 1e-12)
  }

  @Test(arguments: 2...15)
  func theLoweredCurveIsTheLeastSquaresOneAndTheDistanceItsLargestGap(degree: Int) throws {
    var random = SplitMix64(seed: UInt64(400 + degree))
    for _ in 0..<5 {
      let curve = Self.random(degree: degree, &random)
      let (points, distance) = curve.lowered()
      let lower = try #require(Bezier(points))
      let raised = lower.elevated().controlPoints
      func residual(_ raised: [Point]) -> Double { zip(raised, curve.controlPoints).reduce(0) { $0 + ($1.0 - $1.1).lengthSquared } }
      // Least squares: nudging any lowered point either way only adds to the residual.
      let best = residual(raised)
      for index in points.indices {
        for nudge in [Point(x: 1e-3, y: 0), Point(x: 0, y: -1e-3)] {
          var moved = points
          moved[index] = moved[index] + nudge
          #expect(residual(Bezier(moved)!.elevated().controlPoints) > best, "degree \(degree), point \(index)")
        }
      }
      // The distance is the largest gap at one parameter: no sample beyond it, one within 1e-6 of it.
      let gaps = Self.samples.map { (curve.eval($0) - lower.eval($0)).length }
      #expect(gaps.max()! <= distance * (1 + 1e-9))
      #expect(gaps.max()! >= distance * (1 - 1e-4), "degree \(degree): sampled \(gaps.max()!), found \(distance)")
    }
  }

  // MARK: Cubic shapes

  @Test(arguments: [
    ([(0.0, 0.0), (30, 90), (70, -90), (100, 0)], CubicShape.singleInflection),
    ([(0.0, 0.0), (0, 100), (100, 100), (100, 0)], .arch),
    ([(0.0, 0.0), (100, 100), (0, 100), (100, 0)], .cusp),
    ([(0.0, 0.0), (150, 100), (-50, 100), (100, 0)], .loop),
    // The canonical form's points (0, 0), (0, 1), (1, 1), with the fourth above the cusp
    // parabola y = (−x² + 2x + 3) / 4 and below y = 1: two inflections.
    ([(0.0, 0.0), (0, 100), (100, 100), (0, 90)], .doubleInflection),
  ])
  func aCubicsShapeIsWhatItShowsForTFrom0To1(points: [(Double, Double)], shape: CubicShape) throws {
    let curve = try #require(Bezier(points.map { Point(x: $0.0, y: $0.1) }))
    #expect(curve.cubicShape == shape)
  }

  @Test func aHandleOnItsAnchorIsNoCusp() {
    #expect(Bezier([Point(x: 0, y: 0), Point(x: 0, y: 0), Point(x: 100, y: 100), Point(x: 100, y: 0)])!.cubicShape == .arch)
  }

  @Test func onlyACubicHasAShape() {
    #expect(Bezier([Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 2, y: 0)])!.cubicShape == nil)
  }
}
