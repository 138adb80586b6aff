extension CubicChords {
  /// The deviation planned chords aim at, as a fraction of the tolerance: closer to 1 gives
  /// fewer chords but more that miss and are halved. Measured on random cubics: 0.9 saves 1%
  /// of the segments and costs 6% more time; 0.8 saves 4% of the time for 2% more segments.
  static let plannedShare = 0.85

  /// Plans chords of about `plannedShare · tolerance` over the whole curve at once, then
  /// verifies each; a chord over the tolerance is split (`ChordSplitter`).
  ///
  /// A short chord centred at t deviates by about h²/8 · ρ(t)², ρ² = |B′ × B″| / |B′|, so
  /// chords of equal deviation take equal shares of ∫ρ dt. The integral comes from ρ at 16
  /// interval midpoints, the chord ends from inverting it (`ChordPlanner`). Unlike a search
  /// that steps from chord to chord, no chord waits for the previous one's check, so the
  /// processor overlaps the checks: the reason this is 4x faster than that search.
  func appendPlannedPolyline(tolerance: Double, into points: inout [Point]) {
    // The reciprocal depends on the tolerance alone, so the processor finds it while it
    // still plans: the chord count waits for a multiplication, not a division.
    let chordsPerIntegral = 1 / (8 * Self.plannedShare * tolerance).squareRoot()
    var planner = ChordPlanner(self)
    let planned = planner.integral * chordsPerIntegral
    guard planned.isFinite, planned < Double(Flattening.maximumPointsPerCurve / 2) else {
      appendAdaptivePolyline(tolerance: tolerance, into: &points)
      return
    }
    // Rounded up by truncation: `rounded(.up)` is a call to `ceil` on baseline x86-64.
    let whole = Int(planned)
    let count = max(1, Double(whole) < planned ? whole + 1 : whole)
    planner.plan(chords: count)
    let chords = ChordSplitter(
      curve: self, tolerance: tolerance, curveStart: points.count, measuresMisses: count <= ChordSplitter.fewChords
    )
    ChordBatch.withBatch { batch in
      batch[0] = ChordEnd(t: 0, point: curve.p0, velocity: c)
      batch.points[0] = curve.p0
      // Ends are planned, evaluated and checked a batch at a time; the chords that miss
      // (under 3% of them) are halved, and the runs between them join `points` in one copy,
      // the first run with p0.
      var unappended = 0
      while true {
        let endCount = planner.next(into: batch.plannedParameters)
        if endCount == 0 { break }
        batch.evaluate(self, count: endCount)
        if planner.isFinished { batch.setPoint(curve.p3, at: endCount) }
        var misses = batch.misses(count: endCount, tolerance: tolerance)
        while misses != 0 {
          let missed = misses.trailingZeroBitCount + 1
          chords.append(batch.points(unappended..<missed), to: &points)
          chords.appendHalvedChord(from: batch[missed - 1], to: batch[missed], into: &points)
          unappended = missed + 1
          misses &= misses - 1
        }
        chords.append(batch.points(unappended..<endCount + 1), to: &points)
        batch[0] = batch[endCount]
        unappended = 1
      }
    }
  }

  /// Whether the piece between two chord ends certainly stays within `tolerance` of its
  /// chord (`chordsFit` for one chord).
  func chordFits(_ start: ChordEnd, _ end: ChordEnd, tolerance: Double) -> Bool {
    Self.chordsFit(from: ChordEndPair(start, start), to: ChordEndPair(end, end), tolerance: tolerance)[0]
  }

  /// Whether each of two pieces between chord ends certainly stays within `tolerance` of its
  /// chord, one per lane, by a bound with no square root, division or branch, which planned
  /// chords nearly always pass (`chordDeviation` decides the rest exactly).
  ///
  /// The piece over [t0, t1] has handles q0 + h·B′(t0) and q1 - h·B′(t1), h = (t1 - t0)/3.
  /// When both project inside the chord, the piece's offset from it is
  /// 3s(1-s)((1-s)v1 + s·v2) = 3s(1-s)·m + 3s(1-s)(s - 1/2)·d for the handles' offsets v1, v2,
  /// m = (v1 + v2)/2, d = v2 - v1. The two terms peak at 3/4·|m| and √3/12·|d|, so their sum
  /// bounds the offset, within a few percent of exact for the near-parabolic pieces of a
  /// finely divided curve, where v1 ≈ v2.
  ///
  /// With the chord c = q1 - q0 of length L, the handles' projections are h·c·B′(t0) and
  /// L² - h·c·B′(t1), and their offsets, scaled by L, h·c × B′(t0) and -h·c × B′(t1): so
  /// only the velocities' dot and cross products with the chord are needed, and the
  /// comparison is with tol²·L². A NaN fails the check, and so does a chord of zero length (a
  /// closed piece, where every scaled offset is zero whatever the piece does):
  /// `chordDeviation` measures those.
  @inline(__always)
  static func chordsFit(from start: ChordEndPair, to end: ChordEndPair, tolerance: Double) -> SIMDMask<SIMD2<Int64>> {
    let span = end.t - start.t  // 3h
    let chordX = end.x - start.x, chordY = end.y - start.y
    let lengthSquared = chordX * chordX + chordY * chordY
    let along0 = chordX * start.vx + chordY * start.vy, along1 = chordX * end.vx + chordY * end.vy
    let across0 = chordX * start.vy - chordY * start.vx, across1 = chordX * end.vy - chordY * end.vx
    // 3/4·|m| + √3/12·|d| with m = h·(across0 - across1)/2 and d = -h·(across0 + across1).
    let bound = span * (0.125 * magnitude(across0 - across1) + (3.0.squareRoot() / 36) * magnitude(across0 + across1))
    // Each handle apart: `pointwiseMax` branches, to order NaNs.
    let limit = 3 * lengthSquared
    return (lengthSquared .> 0) .& (along0 .>= 0) .& (along1 .>= 0) .& (span * along0 .<= limit)
      .& (span * along1 .<= limit) .& (bound * bound .<= tolerance * tolerance * lengthSquared)
  }
}

/// |v| lane by lane: the sign bits cleared.
@inline(__always)
private func magnitude(_ v: SIMD2<Double>) -> SIMD2<Double> {
  unsafeBitCast(unsafeBitCast(v, to: SIMD2<UInt64>.self) & 0x7FFF_FFFF_FFFF_FFFF, to: SIMD2<Double>.self)
}

/// Two chord ends, one per lane: what `chordsFit` checks two chords at a time with.
struct ChordEndPair {
  var t, x, y, vx, vy: SIMD2<Double>

  init(t: SIMD2<Double>, x: SIMD2<Double>, y: SIMD2<Double>, vx: SIMD2<Double>, vy: SIMD2<Double>) {
    (self.t, self.x, self.y, self.vx, self.vy) = (t, x, y, vx, vy)
  }

  init(_ first: ChordEnd, _ second: ChordEnd) {
    t = SIMD2(first.t, second.t)
    x = SIMD2(first.point.x, second.point.x)
    y = SIMD2(first.point.y, second.point.y)
    vx = SIMD2(first.velocity.x, second.velocity.x)
    vy = SIMD2(first.velocity.y, second.velocity.y)
  }

  /// The curve's points and velocities at the two parameters `t`: `eval` and `tangent`'s
  /// Horner forms, one lane per parameter.
  @inline(__always)
  init(_ curve: CubicChords, at t: SIMD2<Double>) {
    let (a, b, c, d) = (curve.a, curve.b, curve.c, curve.d)
    self.t = t
    x = ((a.x * t + b.x) * t + c.x) * t + d.x
    y = ((a.y * t + b.y) * t + c.y) * t + d.y
    vx = (3 * a.x * t + 2 * b.x) * t + c.x
    vy = (3 * a.y * t + 2 * b.y) * t + c.y
  }

  func lane(_ lane: Int) -> ChordEnd {
    ChordEnd(t: t[lane], point: Point(x: x[lane], y: y[lane]), velocity: Point(x: vx[lane], y: vy[lane]))
  }
}

/// A point on the curve with its parameter and velocity, shared by the chords on each side.
struct ChordEnd {
  var t: Double
  var point: Point
  var velocity: Point
}

/// Where a cubic's chords end, for chords of equal deviation.
///
/// ∫ρ dt, ρ² = |B′ × B″| / |B′|, comes from ρ at the midpoints of 16 equal parameter
/// intervals, in single precision with four lanes at a time. It only plans where chords end
/// (each chord is then checked), so ρ to a few parts in 1,000 is plenty. Chord k ends where
/// the integral reaches k · share, ρ taken as constant in each interval.
///
/// Chord k's end is in the last interval whose integral before it is below k · share. Rather
/// than search for it per chord (which either branches unpredictably or compares all 16
/// intervals per chord), each interval marks the first chord it holds, and one running
/// maximum over the marks gives every chord its interval: a few instructions a chord.
struct ChordPlanner {
  static let intervals = 16
  /// Per interval: ∑ρ over the intervals before it (the integral in interval units), 1 / ρ
  /// (huge where ρ is 0, where no chord ends inside), and the first chord that ends in it.
  /// (Read only through `self`: reading an element of another value's `InlineArray` at a
  /// variable index copies the whole array first.)
  private var integralBefore = InlineArray<16, Double>(repeating: 0)
  private var reciprocal = InlineArray<16, Double>(repeating: 0)
  private var firstChord = InlineArray<16, Int>(repeating: 0)
  /// ∑ρ over all the intervals.
  private var total: Double = 0
  private var chords = 1
  private var share: Double = 0
  /// The next chord's index (1 is the first chord's end).
  private var index = 1

  init(_ curve: CubicChords) {
    let ax = Float(curve.a.x), ay = Float(curve.a.y), bx = Float(curve.b.x), by = Float(curve.b.y)
    let cx = Float(curve.c.x), cy = Float(curve.c.y)
    var sum: Float = 0
    for quarter in 0..<4 {
      let t = (SIMD4<Float>(0, 1, 2, 3) + Float(4 * quarter) + 0.5) * (1.0 / 16)
      let vx = (3 * ax * t + 2 * bx) * t + cx, vy = (3 * ay * t + 2 * by) * t + cy
      let cross = vx * (6 * ay * t + 2 * by) - vy * (6 * ax * t + 2 * bx)
      let magnitude = unsafeBitCast(unsafeBitCast(cross, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
      let q = magnitude * inverseSquareRoot(vx * vx + vy * vy)  // ρ = √q
      let reciprocal = inverseSquareRoot(q)
      let density = q * reciprocal
      for lane in 0..<4 {
        integralBefore[4 * quarter + lane] = Double(sum)
        self.reciprocal[4 * quarter + lane] = Double(reciprocal[lane])
        sum += density[lane]
      }
    }
    total = Double(sum)
  }

  /// Whether every chord end has been planned (the last, at t = 1, included).
  var isFinished: Bool { index > chords }

  /// ∫ρ dt over the whole curve.
  var integral: Double { total / Double(Self.intervals) }

  /// Plans `chords` chords of equal shares of the integral.
  mutating func plan(chords: Int) {
    self.chords = chords
    share = total / Double(chords)
    // Truncation rounds down here (nothing is negative) and, unlike `rounded(.down)`, is one
    // instruction on baseline x86-64, not a call.
    let chordsPerUnit = total > 0 ? Double(chords) / total : 0  // 0 for a straight line: one chord
    for interval in 0..<Self.intervals {
      firstChord[interval] = Int(min(integralBefore[interval] * chordsPerUnit, Double(chords))) + 1
    }
  }

  /// Fills `ends` with the next chord ends (the last is exactly 1) and says how many; 0
  /// when there are none left.
  mutating func next(into ends: UnsafeMutableBufferPointer<Double>) -> Int {
    let first = index
    let count = max(0, min(ends.count, ChordBatch.plannedCapacity, chords - first))
    withUnsafeTemporaryAllocation(of: Int.self, capacity: ChordBatch.plannedCapacity + 1) { marks in
      // Marks of intervals starting before this batch land on its first chord, of those
      // after it on a spare slot; later intervals overwrite earlier ones.
      marks[...count].initialize(repeating: 0)
      for interval in 0..<Self.intervals {
        marks[min(max(firstChord[interval] - first, 0), count)] = interval
      }
      var interval = 0
      for offset in 0..<count {
        interval = max(interval, marks[offset])
        let position = Double(first + offset) * share
        let fraction = min(1, max(0, (position - integralBefore[interval]) * reciprocal[interval]))
        ends[offset] = (Double(interval) + fraction) * (1.0 / Double(Self.intervals))
      }
    }
    index += count
    guard count < ends.count && index == chords else { return count }
    ends[count] = 1
    index += 1
    return count + 1
  }
}

/// Replaces a planned chord that misses the tolerance by verified shorter ones, and keeps
/// the point cap.
struct ChordSplitter {
  let curve: CubicChords
  let tolerance: Double
  /// Where this curve's points begin in the caller's buffer.
  let curveStart: Int
  /// Whether a chord that misses the quick bound is measured exactly before it is halved.
  /// About a fifth of the chords that miss fit: halving those costs one chord in a hundred
  /// on a long curve but doubles a curve of one chord, and the exact measure takes longer
  /// than the halving.
  let measuresMisses: Bool

  /// Curves of at most this many planned chords measure their misses.
  static let fewChords = 4

  /// Appends `newPoints` as far as the cap allows.
  func append(_ newPoints: UnsafeBufferPointer<Point>, to points: inout [Point]) {
    points.append(contentsOf: newPoints.prefix(room(in: points)))
  }

  /// How many more points this curve may take before its last one.
  private func room(in points: [Point]) -> Int {
    max(0, Flattening.maximumPointsPerCurve - 1 - (points.count - curveStart))
  }

  /// Appends the two halves of the chord from `start` (already appended) to `end`, each
  /// split further if it misses.
  func appendHalvedChord(from start: ChordEnd, to end: ChordEnd, into points: inout [Point]) {
    // Handles this close to their ends keep the whole piece this close to the chord (its
    // hull), and so the chord to the piece: what lets a curve smaller than the tolerance
    // stay one chord even where its handles project outside it.
    let h = (end.t - start.t) / 3
    if h * h * max(start.velocity.lengthSquared, end.velocity.lengthSquared) <= tolerance * tolerance
      || measuresMisses && curve.chordDeviation(start, end) <= tolerance
    {
      if room(in: points) > 0 { points.append(end.point) }
      return
    }
    let t = 0.5 * (start.t + end.t)
    let middle = ChordEnd(t: t, point: curve.eval(t), velocity: curve.tangent(t))
    let fit = CubicChords.chordsFit(from: ChordEndPair(start, middle), to: ChordEndPair(middle, end), tolerance: tolerance)
    if fit[0] {
      if room(in: points) > 0 { points.append(middle.point) }
    } else {
      appendSplitChords(from: start, to: middle, into: &points)
    }
    if fit[1] {
      if room(in: points) > 0 { points.append(end.point) }
    } else {
      appendSplitChords(from: middle, to: end, into: &points)
    }
  }

  /// Appends chords from `start` (already appended) to `end`: the deviation d of the whole
  /// span says how many equal pieces should fit, √(d / planned deviation) as deviation grows
  /// with the square of the step. A piece passes by the quick bound or is split the same way,
  /// by its exact deviation. Spans shorter than the minimum step (only absurd inputs get
  /// there) are taken as they are.
  func appendSplitChords(from start: ChordEnd, to end: ChordEnd, into points: inout [Point]) {
    let deviation = curve.chordDeviation(start, end)
    guard deviation > tolerance, end.t - start.t > Flattening.minimumStep else {
      if room(in: points) > 0 { points.append(end.point) }
      return
    }
    let pieces = min(16, max(2, Int((deviation / (CubicChords.plannedShare * tolerance)).squareRoot().rounded(.up))))
    var pieceStart = start
    for index in 1...pieces {
      let t = start.t + (end.t - start.t) * Double(index) / Double(pieces)
      let pieceEnd = index == pieces ? end : ChordEnd(t: t, point: curve.eval(t), velocity: curve.tangent(t))
      if curve.chordFits(pieceStart, pieceEnd, tolerance: tolerance) {
        if room(in: points) > 0 { points.append(pieceEnd.point) }
      } else {
        appendSplitChords(from: pieceStart, to: pieceEnd, into: &points)
      }
      pieceStart = pieceEnd
    }
  }
}

/// 1/√x to a relative 2·10⁻³, four lanes at a time with multiplications only: Swift's square
/// root and division of SIMD vectors go one lane at a time. The classic estimate from the
/// float's bits (halving the exponent) refined by one Newton step, plenty for planning (a
/// second step changed the split chords by 0.06% and cost 4% of the time). 0 gives a huge
/// finite value.
@inline(__always)
func inverseSquareRoot(_ x: SIMD4<Float>) -> SIMD4<Float> {
  let bits = unsafeBitCast(x, to: SIMD4<UInt32>.self)
  var y = unsafeBitCast(SIMD4<UInt32>(repeating: 0x5F37_59DF) &- (bits &>> 1), to: SIMD4<Float>.self)
  let half = 0.5 * x
  y = y * (1.5 - half * y * y)
  return y
}
