extension CubicChords {
  /// The deviation planned chords aim at, as a fraction of the tolerance: closer to 1 gives
  /// fewer chords but more that miss and are split. Measured on random cubics: 0.9 saves 2%
  /// of the segments and costs 15% more time; 0.8 costs 3% more segments for no clear gain.
  static let plannedShare = 0.85

  /// How many chord ends are planned before any is checked, on the stack.
  static let batchSize = 64

  /// Plans chords of about `plannedShare · tolerance` over the whole curve at once, then
  /// verifies each; a chord over the tolerance is split (`ChordSplitter`).
  ///
  /// A short chord centred at t deviates by about h²/8 · ρ(t)², ρ² = |B′ × B″| / |B′|, so
  /// chords of equal deviation take equal shares of ∫ρ dt. The integral comes from ρ at 16
  /// interval midpoints (`ChordDensity`), the chord ends from inverting it. Unlike a search
  /// that steps from chord to chord, no chord waits for the previous one's check, so the
  /// processor overlaps the checks: the reason this is 3x faster than that search.
  func appendPlannedPolyline(tolerance: Double, into points: inout [Point]) {
    let density = ChordDensity(self)
    let planned = (density.integral / (8 * Self.plannedShare * tolerance).squareRoot()).rounded(.up)
    guard planned.isFinite, planned < Double(Flattening.maximumPointsPerCurve / 2) else {
      appendAdaptivePolyline(tolerance: tolerance, into: &points)
      return
    }
    let count = max(1, Int(planned))
    let chords = ChordSplitter(curve: self, tolerance: tolerance, curveStart: points.count)
    points.append(curve.p0)
    var start = ChordEnd(t: 0, point: curve.p0, velocity: c)
    var planner = density.planner(chords: count)
    withUnsafeTemporaryAllocation(of: Double.self, capacity: Self.batchSize) { ends in
      withUnsafeTemporaryAllocation(of: Point.self, capacity: Self.batchSize) { pending in
        // Chord ends are found a batch at a time before any is checked: finding them
        // branches unpredictably, and a mispredicted branch among the checks would discard
        // the checks the processor has started ahead. Verified points wait in `pending` and
        // join `points` in one copy.
        while true {
          let endCount = planner.next(into: ends)
          if endCount == 0 { break }
          var pendingCount = 0
          for t in ends[..<endCount] {
            let end = ChordEnd(t: t, point: eval(t), velocity: tangent(t))
            if chordFits(start, end, tolerance: tolerance) {
              pending[pendingCount] = end.point
              pendingCount += 1
            } else {
              chords.append(UnsafeBufferPointer(rebasing: pending[..<pendingCount]), to: &points)
              pendingCount = 0
              chords.appendSplitChords(from: start.t, to: end.t, ending: end.point, into: &points)
            }
            start = end
          }
          chords.append(UnsafeBufferPointer(rebasing: pending[..<pendingCount]), to: &points)
        }
      }
    }
  }

  /// Whether the piece between two chord ends certainly stays within `tolerance` of its
  /// chord, by a bound with no square root, division or data-dependent branch, which planned
  /// chords nearly always pass (`chordDeviation` decides the rest exactly).
  ///
  /// The piece over [t0, t1] has handles q0 + h·B′(t0) and q1 - h·B′(t1), h = (t1 - t0)/3.
  /// When both project inside the chord, the piece's offset from it is
  /// 3s(1-s)((1-s)v1 + s·v2) = 3s(1-s)·m + 3s(1-s)(s - 1/2)·d for the handles' offsets v1, v2,
  /// m = (v1 + v2)/2, d = v2 - v1. The two terms peak at 3/4·|m| and √3/12·|d|, so their sum
  /// bounds the offset, within a few percent of exact for the near-parabolic pieces of a
  /// finely divided curve, where v1 ≈ v2. Offsets here are scaled by the chord's length L
  /// (w = L·v), hence the comparison with tol²·L².
  func chordFits(_ start: ChordEnd, _ end: ChordEnd, tolerance: Double) -> Bool {
    let h = (end.t - start.t) * (1.0 / 3)
    let chord = end.point - start.point
    let e1 = start.velocity * h, e2 = chord - end.velocity * h
    let lengthSquared = chord.lengthSquared
    let u1 = chord.dot(e1), u2 = chord.dot(e2)
    let w1 = chord.cross(e1), w2 = chord.cross(e2)
    let bound = 0.375 * abs(w1 + w2) + (3.0.squareRoot() / 12) * abs(w2 - w1)
    return min(u1, u2) >= 0 && max(u1, u2) <= lengthSquared && bound * bound <= tolerance * tolerance * lengthSquared
  }
}

/// A point on the curve with its parameter and velocity, shared by the chords on each side.
struct ChordEnd {
  var t: Double
  var point: Point
  var velocity: Point
}

/// ∫ρ dt of a cubic, ρ² = |B′ × B″| / |B′|, from ρ at the midpoints of 16 equal parameter
/// intervals, in single precision with four lanes at a time. It only plans where chords end
/// (each chord is then checked exactly), so ρ to 1/10,000 is plenty.
struct ChordDensity {
  static let intervals = 16
  /// ∑ρ over the intervals up to and including each one (the integral in interval units).
  var integralThrough = InlineArray<16, Float>(repeating: 0)
  /// 1 / ρ in each interval (huge where ρ is 0, where no chord ends inside).
  var reciprocal = InlineArray<16, Float>(repeating: 0)

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
        sum += density[lane]
        integralThrough[4 * quarter + lane] = sum
        self.reciprocal[4 * quarter + lane] = reciprocal[lane]
      }
    }
  }

  /// ∫ρ dt over the whole curve.
  var integral: Double { Double(integralThrough[Self.intervals - 1]) / Double(Self.intervals) }

  /// Where `chords` chords of equal shares of the integral end.
  func planner(chords: Int) -> ChordPlanner { ChordPlanner(density: self, chords: chords) }
}

/// The chord ends of a `ChordDensity`, in order, a batch at a time: the parameters where
/// the integral reaches each multiple of integral / chords, with ρ constant in each interval.
struct ChordPlanner {
  let density: ChordDensity
  let chords: Int
  /// The next chord's index (1 is the first chord's end), and the interval it is in.
  private var index = 1
  private var interval = 0
  private let share: Float

  init(density: ChordDensity, chords: Int) {
    self.density = density
    self.chords = chords
    share = density.integralThrough[ChordDensity.intervals - 1] / Float(chords)
  }

  /// Fills `ends` with the next chord ends (the last is exactly 1) and says how many; 0
  /// when there are none left.
  mutating func next(into ends: UnsafeMutableBufferPointer<Double>) -> Int {
    var count = 0
    while count < ends.count && index < chords {
      let position = Float(index) * share
      while interval < ChordDensity.intervals - 1 && density.integralThrough[interval] < position {
        interval += 1
      }
      let before = interval > 0 ? density.integralThrough[interval - 1] : 0
      let fraction = min(1, (position - before) * density.reciprocal[interval])
      ends[count] = (Double(interval) + Double(fraction)) * (1.0 / Double(ChordDensity.intervals))
      count += 1
      index += 1
    }
    if count < ends.count && index == chords {
      ends[count] = 1
      count += 1
      index += 1
    }
    return count
  }
}

/// Replaces a planned chord that misses the tolerance by verified shorter ones, and keeps
/// the point cap.
struct ChordSplitter {
  let curve: CubicChords
  let tolerance: Double
  /// Where this curve's points begin in the caller's buffer.
  let curveStart: Int

  /// Appends `newPoints` as far as the cap allows.
  func append(_ newPoints: UnsafeBufferPointer<Point>, to points: inout [Point]) {
    points.append(contentsOf: newPoints.prefix(room(in: points)))
  }

  /// How many more points this curve may take before its last one.
  private func room(in points: [Point]) -> Int {
    max(0, Flattening.maximumPointsPerCurve - 1 - (points.count - curveStart))
  }

  /// Appends chords over [t0, t1] after the point at t0 (already appended), the last
  /// ending at `end`, each verified exactly: the deviation d of the whole span says how many
  /// equal pieces should fit, √(d / planned deviation) as deviation grows with the square of
  /// the step, and a piece that still misses is split the same way. Spans shorter than the
  /// minimum step (only absurd inputs get there) are taken as they are.
  func appendSplitChords(from t0: Double, to t1: Double, ending end: Point, into points: inout [Point]) {
    let deviation = curve.chordDeviation(t0, t1)
    guard deviation > tolerance, t1 - t0 > Flattening.minimumStep else {
      if room(in: points) > 0 { points.append(end) }
      return
    }
    let pieces = min(16, max(2, Int((deviation / (CubicChords.plannedShare * tolerance)).squareRoot().rounded(.up))))
    var pieceStart = t0
    for index in 1...pieces {
      let pieceEnd = index == pieces ? t1 : t0 + (t1 - t0) * Double(index) / Double(pieces)
      appendSplitChords(
        from: pieceStart, to: pieceEnd, ending: index == pieces ? end : curve.eval(pieceEnd), into: &points
      )
      pieceStart = pieceEnd
    }
  }
}

/// 1/√x to a relative 5·10⁻⁶, four lanes at a time with multiplications only: Swift's square
/// root and division of SIMD vectors go one lane at a time. The classic estimate from the
/// float's bits (halving the exponent) refined by two Newton steps. 0 gives a huge finite value.
@inline(__always)
func inverseSquareRoot(_ x: SIMD4<Float>) -> SIMD4<Float> {
  let bits = unsafeBitCast(x, to: SIMD4<UInt32>.self)
  var y = unsafeBitCast(SIMD4<UInt32>(repeating: 0x5F37_59DF) &- (bits &>> 1), to: SIMD4<Float>.self)
  let half = 0.5 * x
  y = y * (1.5 - half * y * y)
  y = y * (1.5 - half * y * y)
  return y
}
