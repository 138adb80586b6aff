@testable import CurveGeometry
import SeededRandom
import Testing

/// The batch the planned flattener checks its chords in, and what it does with a chord that
/// misses.
struct ChordBatchTests {
  /// Each bit of `misses` must say what checking that chord alone says, for even and odd
  /// batches (an odd one ends with a spare, empty chord that must not count) and for
  /// batches that start where the previous one ended.
  @Test(arguments: [1, 2, 7, 30, 61, 62])
  func missesMarkExactlyTheChordsTheQuickBoundRefuses(count: Int) {
    var generator = SplitMix64(seed: UInt64(40 + count))
    var refused = 0
    for _ in 0..<200 {
      let chords = CubicChords(generator.cubic())
      let tolerance = Double.random(in: 0.05...2, using: &generator)
      var parameters = (0...count).map { _ in Double.random(in: 0...1, using: &generator) }
      parameters.sort()
      ChordBatch.withBatch { batch in
        batch[0] = ChordEnd(t: parameters[0], point: chords.eval(parameters[0]), velocity: chords.tangent(parameters[0]))
        for slot in 1...count { batch.t[slot] = parameters[slot] }
        batch.evaluate(chords, count: count)
        let misses = batch.misses(count: count, tolerance: tolerance)
        #expect(misses >> UInt64(count) == 0, "no bit past the batch")
        for chord in 1...count {
          let alone = chords.chordFits(batch[chord - 1], batch[chord], tolerance: tolerance)
          #expect((misses >> UInt64(chord - 1)) & 1 == (alone ? 0 : 1), "chord \(chord) of \(count)")
          if !alone { refused += 1 }
        }
        #expect(batch.points(1..<count + 1).map(\.x) == (1...count).map { chords.eval(parameters[$0]).x })
      }
    }
    #expect(refused > 0, "some chords refused")
  }

  /// A loop smaller than the tolerance has handles that project outside its chord, so the
  /// quick bound refuses it; its hull is within the tolerance, so it stays one chord.
  @Test func aCurveSmallerThanTheToleranceStaysOneChord() {
    let loop = CubicBezier(Point(x: 0, y: 0), Point(x: 0.2, y: 0.1), Point(x: -0.1, y: 0.1), Point(x: 0.05, y: 0))
    let chords = CubicChords(loop)
    let start = ChordEnd(t: 0, point: loop.p0, velocity: chords.tangent(0))
    let end = ChordEnd(t: 1, point: loop.p3, velocity: chords.tangent(1))
    #expect(!chords.chordFits(start, end, tolerance: 0.25))
    let splitter = ChordSplitter(curve: chords, tolerance: 0.25, curveStart: 0, measuresMisses: false)
    var points = [loop.p0]
    splitter.appendHalvedChord(from: start, to: end, into: &points)
    #expect(points == [loop.p0, loop.p3])
    #expect(flattened(loop, tolerance: 0.25) == [loop.p0, loop.p3])
  }

  /// A chord the quick bound refuses but that fits stays one chord when the splitter
  /// measures its misses (a curve of few chords), and is halved when it does not.
  @Test func measuringAMissKeepsAChordThatFits() {
    var generator = SplitMix64(seed: 45)
    var found = 0
    for _ in 0..<2000 {
      let chords = CubicChords(generator.cubic())
      let t0 = Double.random(in: 0..<0.9, using: &generator)
      let t1 = t0 + Double.random(in: 0.01...0.1, using: &generator)
      let start = ChordEnd(t: t0, point: chords.eval(t0), velocity: chords.tangent(t0))
      let end = ChordEnd(t: t1, point: chords.eval(t1), velocity: chords.tangent(t1))
      let tolerance = chords.chordDeviation(start, end) * 1.02
      guard !chords.chordFits(start, end, tolerance: tolerance) else { continue }
      var measured = [start.point], halved = [start.point]
      ChordSplitter(curve: chords, tolerance: tolerance, curveStart: 0, measuresMisses: true)
        .appendHalvedChord(from: start, to: end, into: &measured)
      ChordSplitter(curve: chords, tolerance: tolerance, curveStart: 0, measuresMisses: false)
        .appendHalvedChord(from: start, to: end, into: &halved)
      #expect(measured == [start.point, end.point])
      #expect(halved.count >= 3 && halved.last == end.point)
      found += 1
    }
    #expect(found > 20, "found \(found) chords the quick bound refuses that fit")
  }

  /// A long planned chord that misses is halved, and each half that still misses is split
  /// further: every chord that results is within the tolerance.
  @Test func aHalvedChordStaysWithinTheTolerance() {
    var generator = SplitMix64(seed: 44)
    var halved = 0
    for _ in 0..<300 {
      let curve = generator.cubic()
      let chords = CubicChords(curve)
      let t0 = Double.random(in: 0..<0.8, using: &generator)
      let t1 = t0 + Double.random(in: 0.02...0.2, using: &generator)
      let start = ChordEnd(t: t0, point: chords.eval(t0), velocity: chords.tangent(t0))
      let end = ChordEnd(t: t1, point: chords.eval(t1), velocity: chords.tangent(t1))
      guard !chords.chordFits(start, end, tolerance: 0.25) else { continue }
      let splitter = ChordSplitter(curve: chords, tolerance: 0.25, curveStart: 0, measuresMisses: false)
      var points = [start.point]
      splitter.appendHalvedChord(from: start, to: end, into: &points)
      #expect(points.count >= 2 && points.last == end.point)
      let deviation = hausdorffDistance(curve.subsegment(t0, t1), points, samples: 400)
      #expect(deviation <= 0.25 * (1 + 1e-6), "deviates \(deviation) on \(curve) over \(t0)...\(t1)")
      halved += 1
    }
    #expect(halved > 100)
  }
}
