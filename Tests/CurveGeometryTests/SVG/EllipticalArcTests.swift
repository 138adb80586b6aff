import CurveGeometry
import Foundation
import SeededRandom
import Testing

/// Arcs against the true ellipse: the centre form is checked against the flags and end points
/// on its own, then the cubics are sampled densely against it.
struct EllipticalArcTests {
  /// The distance from `point` to the arc of `form`: to the nearest point at an angle within
  /// the sweep, found by sampling the angle and refining by ternary search.
  func distance(from point: Point, toArcOf form: EllipticalArc.CenterForm) -> Double {
    let samples = 360
    let angle = { (index: Double) in form.startAngle + form.sweepAngle * index / Double(samples) }
    var best = 0.0, bestDistance = Double.infinity
    for index in 0...samples {
      let distance = form.point(at: angle(Double(index))).distance(to: point)
      if distance < bestDistance { (best, bestDistance) = (Double(index), distance) }
    }
    var low = max(0, best - 1), high = min(Double(samples), best + 1)
    for _ in 0..<80 {
      let a = low + (high - low) / 3, b = high - (high - low) / 3
      if form.point(at: angle(a)).distance(to: point) < form.point(at: angle(b)).distance(to: point) { high = b } else { low = a }
    }
    return min(bestDistance, form.point(at: angle((low + high) / 2)).distance(to: point))
  }

  /// The two-sided distance between the arc and its cubics, by dense sampling of both.
  func deviation(_ arc: EllipticalArc, tolerance: Double) throws -> Double {
    let form = try #require(arc.centerForm)
    let cubics = arc.beziers(tolerance: tolerance)
    var worst = 0.0
    for cubic in cubics {
      for step in 0...100 { worst = max(worst, distance(from: cubic.eval(Double(step) / 100), toArcOf: form)) }
    }
    // Arc to cubics: each arc sample against a fine polyline of the cubics.
    var polyline: [Point] = []
    for cubic in cubics { for step in 0...200 { polyline.append(cubic.eval(Double(step) / 200)) } }
    for step in 0...300 {
      let onArc = form.point(at: form.startAngle + form.sweepAngle * Double(step) / 300)
      let nearest = zip(polyline, polyline.dropFirst()).map { CurveGeometry.distance(from: onArc, toSegment: $0, $1) }.min()!
      worst = max(worst, nearest)
    }
    return worst
  }

  /// Whether `point` is on the ellipse of `form`: its implicit equation, to rounding.
  func isOnEllipse(_ point: Point, _ form: EllipticalArc.CenterForm) -> Bool {
    let d = point - form.center
    let x = cos(form.rotation) * d.x + sin(form.rotation) * d.y
    let y = -sin(form.rotation) * d.x + cos(form.rotation) * d.y
    return abs((x / form.radiusX) * (x / form.radiusX) + (y / form.radiusY) * (y / form.radiusY) - 1) < 1e-9
  }

  @Test func randomArcsStayWithinTheToleranceOfTheTrueEllipse() throws {
    var generator = SplitMix64(seed: 2026)
    var worstRatio = 0.0
    for _ in 0..<60 {
      let arc = EllipticalArc(
        from: generator.point(), to: generator.point(),
        radiusX: Double.random(in: 1...800, using: &generator), radiusY: Double.random(in: 1...800, using: &generator),
        rotation: Double.random(in: -360...360, using: &generator),
        largeArc: Bool.random(using: &generator), sweep: Bool.random(using: &generator)
      )
      let form = try #require(arc.centerForm)
      // The centre form is the arc the flags and end points ask for.
      #expect(isOnEllipse(arc.start, form) && isOnEllipse(arc.end, form))
      #expect(form.point(at: form.startAngle).distance(to: arc.start) < 1e-9 * 1000)
      #expect(form.point(at: form.startAngle + form.sweepAngle).distance(to: arc.end) < 1e-9 * 1000)
      #expect((form.sweepAngle > 0) == arc.sweep)
      #expect((abs(form.sweepAngle) >= .pi - 1e-9) == arc.largeArc || abs(abs(form.sweepAngle) - .pi) < 1e-9)
      // The cubics: exact ends, joined, within 0.01.
      let cubics = arc.beziers(tolerance: 0.01)
      #expect(cubics.allSatisfy { $0.degree == 3 })
      #expect(cubics.first?.controlPoints.first == arc.start)
      #expect(cubics.last?.controlPoints.last == arc.end)
      #expect(zip(cubics, cubics.dropFirst()).allSatisfy { $0.controlPoints.last == $1.controlPoints.first })
      #expect(cubics.count >= Int((abs(form.sweepAngle) / (.pi / 2)).rounded(.up)))
      let deviation = try deviation(arc, tolerance: 0.01)
      #expect(deviation <= 0.01, "\(arc): \(deviation)")
      worstRatio = max(worstRatio, deviation / 0.01)
    }
    // Not wastefully many pieces either: the worst arc uses a good part of the allowance.
    #expect(worstRatio > 0.3)
  }

  @Test func theBoundIsTheMeasuredDeviationOfOnePiece() throws {
    // A single quarter of a unit circle deviates by the bound itself, 2.7e-4 (0.027%).
    let quarter = EllipticalArc(from: Point(x: 1, y: 0), to: Point(x: 0, y: 1), radiusX: 1, radiusY: 1, largeArc: false, sweep: true)
    let bound = EllipticalArc.maximumDeviation(radius: 1, angle: .pi / 2)
    #expect(abs(bound - 2.7257e-4) < 1e-7)
    let measured = try deviation(quarter, tolerance: 1)
    #expect(measured <= bound * (1 + 1e-6))
    #expect(measured > bound * 0.99)
  }

  @Test func largeRadiiTakeMorePiecesAndSmallOnesFewer() {
    func pieces(_ radius: Double) -> Int {
      EllipticalArc(from: Point(x: 0, y: 0), to: Point(x: 2 * radius, y: 0), radiusX: radius, radiusY: radius, largeArc: false, sweep: true)
        .beziers(tolerance: 0.01).count
    }
    #expect(pieces(1) == 2)  // never more than 90° a piece
    #expect(pieces(10000) > 2)
  }

  @Test func radiiTooSmallAreScaledUpUntilTheyReach() throws {
    // Radius 1 cannot span 10: the radius becomes 5 and the arc a half circle about the midpoint.
    let arc = EllipticalArc(from: Point(x: 0, y: 0), to: Point(x: 10, y: 0), radiusX: 1, radiusY: 1, largeArc: false, sweep: true)
    let form = try #require(arc.centerForm)
    #expect(form.center.distance(to: Point(x: 5, y: 0)) < 1e-12)
    #expect(abs(form.radiusX - 5) < 1e-12 && abs(form.radiusY - 5) < 1e-12)
    #expect(abs(abs(form.sweepAngle) - .pi) < 1e-12)
    // Scaled in proportion for an ellipse.
    let ellipse = EllipticalArc(from: Point(x: 0, y: 0), to: Point(x: 10, y: 0), radiusX: 1, radiusY: 2, largeArc: true, sweep: false)
    #expect(abs(try #require(ellipse.centerForm).radiusY / (try #require(ellipse.centerForm)).radiusX - 2) < 1e-12)
    #expect(try deviation(ellipse, tolerance: 0.01) <= 0.01)
  }

  @Test func negativeRadiiAreTheirSizes() {
    let positive = EllipticalArc(from: Point(x: 0, y: 0), to: Point(x: 10, y: 5), radiusX: 8, radiusY: 4, rotation: 30, largeArc: true, sweep: false)
    let negative = EllipticalArc(from: Point(x: 0, y: 0), to: Point(x: 10, y: 5), radiusX: -8, radiusY: -4, rotation: 390, largeArc: true, sweep: false)
    #expect(positive.beziers() == negative.beziers())
  }

  @Test func degenerateArcs() {
    let start = Point(x: 3, y: 4), end = Point(x: 13, y: 4)
    // Ends equal: the arc is omitted (F.6.2).
    #expect(EllipticalArc(from: start, to: start, radiusX: 5, radiusY: 5, largeArc: true, sweep: true).beziers() == [])
    // A zero radius: the straight line (F.6.2).
    #expect(EllipticalArc(from: start, to: end, radiusX: 0, radiusY: 5, largeArc: false, sweep: true).beziers() == [Bezier([start, end])!])
    #expect(EllipticalArc(from: start, to: end, radiusX: 5, radiusY: 0, largeArc: false, sweep: true).centerForm == nil)
  }

  @Test func theFlagsChooseAmongFourArcs() throws {
    // Radius 10 between (0, 0) and (10, 0): centres above and below, small and large arcs.
    var sweeps: [Double] = []
    for (largeArc, sweep) in [(false, false), (false, true), (true, false), (true, true)] {
      let arc = EllipticalArc(from: Point(x: 0, y: 0), to: Point(x: 10, y: 0), radiusX: 10, radiusY: 10, largeArc: largeArc, sweep: sweep)
      let form = try #require(arc.centerForm)
      sweeps.append(form.sweepAngle)
      #expect(abs(abs(form.sweepAngle) - (largeArc ? 5 * .pi / 3 : .pi / 3)) < 1e-12)
      // Sweep 1 runs through increasing angles: on screen (y down), clockwise, so from
      // (0, 0) to (10, 0) both sweep-1 arcs pass above, at negative y, and sweep-0 ones below.
      let middle = form.point(at: form.startAngle + form.sweepAngle / 2)
      #expect((middle.y < 0) == sweep)
      // The large arcs' centres are on the side they bulge to.
      #expect((form.center.y < 0) == (sweep == largeArc))
    }
    #expect(Set(sweeps).count == 4)
  }
}
