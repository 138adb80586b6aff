@testable import CurveGeometry
import SeededRandom
import Testing

/// The bounds the planned flattener accepts chords by: each must be at least the true
/// deviation, or a polyline could leave the tolerance.
struct ChordBoundTests {
  /// Random pieces of random cubics, long and short, many across inflections (where the
  /// handles' offsets differ most): a chord must be refused at a tolerance just under its
  /// measured deviation, by the quick bound and by the exact one.
  @Test func neitherBoundAcceptsAChordThatDeviatesMore() {
    var generator = SplitMix64(seed: 21)
    for _ in 0..<3000 {
      let curve = generator.cubic()
      let chords = CubicChords(curve)
      let t0 = Double.random(in: 0..<0.95, using: &generator)
      let t1 = min(1, t0 + Double.random(in: 0.001...0.5, using: &generator))
      let start = ChordEnd(t: t0, point: chords.eval(t0), velocity: chords.tangent(t0))
      let end = ChordEnd(t: t1, point: chords.eval(t1), velocity: chords.tangent(t1))
      let measured = hausdorffDistance(curve.subsegment(t0, t1), [start.point, end.point], samples: 400)
      guard measured > 1e-9 else { continue }
      let justUnder = measured * (1 - 1e-6)
      #expect(!chords.chordFits(start, end, tolerance: justUnder), "quick bound accepts \(curve) on \(t0)...\(t1)")
      #expect(chords.chordDeviation(t0, t1) >= justUnder, "exact bound under on \(curve) on \(t0)...\(t1)")
    }
  }

  /// The flattener checks two chords at a time, one per lane: each lane must decide its own
  /// chord exactly as a check of that chord alone does, whatever the other lane holds.
  @Test func checkingTwoChordsAtOnceDecidesEachAsAlone() {
    var generator = SplitMix64(seed: 23)
    var decided = (fit: 0, missed: 0)
    for _ in 0..<2000 {
      let chords = CubicChords(generator.cubic())
      let ends = (0..<4).map { _ in
        let t = Double.random(in: 0...1, using: &generator)
        return ChordEnd(t: t, point: chords.eval(t), velocity: chords.tangent(t))
      }
      let tolerance = Double.random(in: 0.05...5, using: &generator)
      let fit = CubicChords.chordsFit(
        from: ChordEndPair(ends[0], ends[2]), to: ChordEndPair(ends[1], ends[3]), tolerance: tolerance
      )
      #expect(fit[0] == chords.chordFits(ends[0], ends[1], tolerance: tolerance))
      #expect(fit[1] == chords.chordFits(ends[2], ends[3], tolerance: tolerance))
      if fit[0] { decided.fit += 1 } else { decided.missed += 1 }
    }
    #expect(decided.fit > 100 && decided.missed > 100, "both outcomes exercised: \(decided)")
  }

  /// Planned chords pass the quick bound nearly always: it is close to exact on short pieces.
  @Test func theQuickBoundIsCloseToExactOnShortPieces() {
    var generator = SplitMix64(seed: 22)
    var accepted = 0, tried = 0
    for _ in 0..<500 {
      let chords = CubicChords(generator.cubic())
      let t0 = Double.random(in: 0..<0.97, using: &generator)
      let t1 = t0 + 0.03
      let exact = chords.chordDeviation(t0, t1)
      guard exact > 0 else { continue }
      let start = ChordEnd(t: t0, point: chords.eval(t0), velocity: chords.tangent(t0))
      let end = ChordEnd(t: t1, point: chords.eval(t1), velocity: chords.tangent(t1))
      tried += 1
      if chords.chordFits(start, end, tolerance: exact * 1.1) { accepted += 1 }
    }
    #expect(Double(accepted) > 0.9 * Double(tried))
  }
}
