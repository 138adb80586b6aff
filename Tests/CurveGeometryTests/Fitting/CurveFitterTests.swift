import CurveGeometry
import Foundation
import SeededRandom
import Testing

/// The fitter: every point within the tolerance, few segments, corners where the stroke turns.
struct CurveFitterTests {
  /// The largest distance from a sample to the fitted stroke.
  static func worstDistance(_ samples: [Point], _ stroke: FittedStroke) -> Double {
    samples.map { point in
      stroke.cubics.map { $0.nearest(to: point).distance }.min() ?? point.distance(to: stroke.start)
    }.max() ?? 0
  }

  /// Each node's place, and the cubics end to end from `start`.
  static func expectConnected(_ stroke: FittedStroke, sourceLocation: SourceLocation = #_sourceLocation) {
    var end = stroke.start
    for cubic in stroke.cubics {
      #expect(cubic.p0 == end, sourceLocation: sourceLocation)
      end = cubic.p3
    }
    #expect(stroke.corners.count == stroke.cubics.count + 1, sourceLocation: sourceLocation)
    if stroke.isClosed { #expect(end == stroke.start, sourceLocation: sourceLocation) }
  }

  /// A random smooth scribble: a sum of sinusoids, sampled every unit or so, with noise.
  static func scribble(seed: UInt64, count: Int = 400, noise: Double = 0.3) -> [Point] {
    var random = SplitMix64(seed: seed)
    let waves = (0..<4).map { _ in
      (a: Double.random(in: 10...80, using: &random), f: Double.random(in: 0.2...3, using: &random), p: Double.random(in: 0...6, using: &random))
    }
    return (0..<count).map { index in
      let t = Double(index) / Double(count)
      var point = Point(x: t * 400, y: 200)
      for (n, wave) in waves.enumerated() {
        let value = wave.a * sin(2 * .pi * wave.f * t + wave.p)
        if n % 2 == 0 { point.y += value } else { point.x += value / 4 }
      }
      return point + Point(x: Double.random(in: -noise...noise, using: &random), y: Double.random(in: -noise...noise, using: &random))
    }
  }

  @Test(arguments: [0.25, 1, 2, 5])
  func everyPointOfRandomStrokesIsWithinTheTolerance(tolerance: Double) {
    for seed in 1...30 as ClosedRange<UInt64> {
      let samples = Self.scribble(seed: seed)
      let stroke = CurveFitter(tolerance: tolerance).fit(samples)
      Self.expectConnected(stroke)
      let worst = Self.worstDistance(samples, stroke)
      #expect(worst <= tolerance + 1e-9, "seed \(seed): a point \(worst) away")
      // Noise larger than the tolerance must be followed; above it, the stroke is a few cubics.
      if tolerance >= 1 { #expect(stroke.cubics.count < samples.count / 10, "seed \(seed): \(stroke.cubics.count) cubics for \(samples.count) points") }
    }
  }

  @Test func aCircleSampledDenselyIsAFewSmoothCubicsAndClosed() {
    let samples = (0...720).map { index in
      let angle = Double(index) / 720 * 2 * .pi
      return Point(x: 100 + 80 * cos(angle), y: 100 + 80 * sin(angle))
    }
    let stroke = CurveFitter(tolerance: 0.1).fit(samples)
    Self.expectConnected(stroke)
    #expect(stroke.isClosed)
    #expect((4...6).contains(stroke.cubics.count), "\(stroke.cubics.count) cubics")
    #expect(stroke.corners.allSatisfy { !$0 }, "no corner on a circle")
    #expect(Self.worstDistance(samples, stroke) <= 0.1)
    // Smooth nodes: the cubics meeting there share their tangent's direction.
    for (a, b) in zip(stroke.cubics, stroke.cubics.dropFirst() + [stroke.cubics[0]]) {
      let incoming = (a.p3 - a.p2).normalized, outgoing = (b.p1 - b.p0).normalized
      #expect(incoming.distance(to: outgoing) < 1e-9)
    }
  }

  @Test func aSquareKeepsItsFourCornersAndItsSidesStraight() {
    let corners = [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100), Point(x: 0, y: 0)]
    var samples: [Point] = []
    for (a, b) in zip(corners, corners.dropFirst()) { samples += (0..<100).map { a.lerp(to: b, Double($0) / 100) } }
    samples.append(corners[0])
    let stroke = CurveFitter(tolerance: 0.5).fit(samples)
    Self.expectConnected(stroke)
    #expect(stroke.isClosed && stroke.cubics.count == 4)
    #expect(stroke.corners == [true, true, true, true, true])
    #expect(Set(stroke.cubics.map(\.p0)) == Set(corners.dropLast()))
    #expect(Self.worstDistance(samples, stroke) <= 0.5)
  }

  @Test func aVShapeTurnsAtItsCornerNode() {
    let samples = (0...50).map { Point(x: Double($0), y: Double($0)) } + (1...50).map { Point(x: 50 + Double($0), y: 50 - Double($0)) }
    let stroke = CurveFitter(tolerance: 0.5, cornerAngle: 45).fit(samples)
    #expect(stroke.cubics.count == 2 && stroke.corners == [true, true, true])
    #expect(stroke.cubics[0].p3 == Point(x: 50, y: 50))
    // Above the corner angle, the same V is one smooth stroke (within the tolerance, so more cubics).
    let smooth = CurveFitter(tolerance: 0.5, cornerAngle: 100).fit(samples)
    #expect(smooth.corners.dropFirst().dropLast().allSatisfy { !$0 })
    #expect(Self.worstDistance(samples, smooth) <= 0.5)
  }

  @Test func fewPointsGiveWhatTheyCan() {
    let fitter = CurveFitter(tolerance: 1)
    #expect(fitter.fit([]).cubics.isEmpty)
    let one = fitter.fit([Point(x: 3, y: 4), Point(x: 3, y: 4)])
    #expect(one.start == Point(x: 3, y: 4) && one.cubics.isEmpty)
    let two = fitter.fit([Point(x: 0, y: 0), Point(x: 10, y: 0)])
    #expect(two.cubics.count == 1 && two.cubics[0].p3 == Point(x: 10, y: 0))
    let bad = fitter.fit([Point(x: 0, y: 0), Point(x: .nan, y: 1), Point(x: 10, y: 0)])
    #expect(bad.cubics.count == 1)
  }

  @Test func simplifyingAFinelyCutCurveKeepsItsShapeAndItsCorners() throws {
    // A quarter circle cut into 16 cubics, then a straight side: a corner where they meet.
    let arc = (0..<16).map { index -> Bezier in
      let a0 = Double(index) / 16 * .pi / 2, a1 = Double(index + 1) / 16 * .pi / 2
      let k = 4.0 / 3 * tan((a1 - a0) / 4) * 100
      let p0 = Point(x: 100 * cos(a0), y: 100 * sin(a0)), p3 = Point(x: 100 * cos(a1), y: 100 * sin(a1))
      return Bezier([p0, p0 + Point(x: -sin(a0), y: cos(a0)) * k, p3 - Point(x: -sin(a1), y: cos(a1)) * k, p3])!
    }
    let side = Bezier([Point(x: 0, y: 100), Point(x: 0, y: 0)])!
    let segments = arc + [side]
    let stroke = CurveFitter(tolerance: 0.5).simplify(segments, isClosed: false, corners: [16])
    Self.expectConnected(stroke)
    #expect(stroke.cubics.count <= 3, "\(stroke.cubics.count) cubics")
    #expect(stroke.cubics.map(\.p3).contains { $0.distance(to: Point(x: 0, y: 100)) < 1e-9 }, "the corner stays a node")
    // Every point of the original within the tolerance of the result.
    let original = segments.flatMap { segment in (0...20).map { segment.eval(Double($0) / 20) } }
    #expect(Self.worstDistance(original, stroke) <= 0.5 + 1e-9)
  }
}

extension CurveFitterTests {
  /// Noisy loops that end near their start (not on it) with a sharp corner elsewhere: each is
  /// closed, starts at the corner, and its own last sample is fitted within the tolerance too
  /// (moving it onto the start once let it stray to 1.6 times the tolerance).
  @Test func aNoisyLoopEndingNearItsStartIsClosedWithItsLastSampleFitted() {
    for seed in 1...40 as ClosedRange<UInt64> {
      var random = SplitMix64(seed: seed)
      let noise = { Point(x: Double.random(in: -0.3...0.3, using: &random), y: Double.random(in: -0.3...0.3, using: &random)) }
      // A teardrop: round from angle 0 to 300°, then straight to its tip and back.
      var samples = (0..<300).map { degrees -> Point in
        let angle = Double(degrees) * .pi / 180
        return Point(x: 100 + 50 * cos(angle), y: 100 + 50 * sin(angle)) + noise()
      }
      let tip = Point(x: 200, y: 60)
      samples += (0...40).map { samples[299].lerp(to: tip, Double($0) / 40) + noise() }
      samples += (1...40).map { tip.lerp(to: Point(x: 150, y: 100), Double($0) / 40) + noise() }
      let end = samples[0] + Point(x: Double.random(in: -0.35...0.35, using: &random), y: Double.random(in: -0.35...0.35, using: &random))
      samples.append(end)
      let stroke = CurveFitter(tolerance: 0.5).fit(samples)
      Self.expectConnected(stroke)
      #expect(stroke.isClosed, "seed \(seed)")
      #expect(Self.worstDistance(samples, stroke) <= 0.5, "seed \(seed)")
    }
  }
}
