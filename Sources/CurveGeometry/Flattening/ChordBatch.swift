/// A batch of planned chord ends, one array per coordinate, for checking chords two at a time.
///
/// Slot 0 holds the previous batch's last end (where the first chord starts), slots
/// 1...count the batch's ends, and slot count + 1 a copy of the last end, so that an odd
/// batch's last pair of chords ends with an empty one. Chord k runs from end k - 1 to end k,
/// so the starts of chords k and k + 1 are slots k - 1 and k of each array, and their ends
/// slots k and k + 1: every lane is read straight from memory. Carrying the previous pair's
/// end into the next pair's start in registers instead took a shuffle per coordinate.
struct ChordBatch {
  /// Ends planned a batch: even, for pairs; the two extra slots must keep the points in the
  /// 1 KiB that temporary allocations get on the stack without a check (65 points went to
  /// the heap, every curve).
  static let plannedCapacity = 62
  static let slots = plannedCapacity + 2

  let t, x, y, vx, vy: UnsafeMutablePointer<Double>
  /// Each end's point, for appending verified chords in one copy.
  let points: UnsafeMutablePointer<Point>

  /// Runs `body` with a batch on the stack.
  static func withBatch<Result>(_ body: (ChordBatch) -> Result) -> Result {
    func slots<T>(_: T.Type, _ body: (UnsafeMutablePointer<T>) -> Result) -> Result {
      withUnsafeTemporaryAllocation(of: T.self, capacity: Self.slots) { body($0.baseAddress!) }
    }
    return slots(Double.self) { t in
      slots(Double.self) { x in
        slots(Double.self) { y in
          slots(Double.self) { vx in
            slots(Double.self) { vy in
              slots(Point.self) { points in body(ChordBatch(t: t, x: x, y: y, vx: vx, vy: vy, points: points)) }
            }
          }
        }
      }
    }
  }

  /// Where the planner writes the batch's parameters: slots 1...plannedCapacity.
  var plannedParameters: UnsafeMutableBufferPointer<Double> {
    UnsafeMutableBufferPointer(start: t + 1, count: Self.plannedCapacity)
  }

  subscript(slot: Int) -> ChordEnd {
    get { ChordEnd(t: t[slot], point: Point(x: x[slot], y: y[slot]), velocity: Point(x: vx[slot], y: vy[slot])) }
    nonmutating set {
      t[slot] = newValue.t
      x[slot] = newValue.point.x
      y[slot] = newValue.point.y
      vx[slot] = newValue.velocity.x
      vy[slot] = newValue.velocity.y
    }
  }

  /// Puts the curve's exact end point at `slot` (where t = 1), for its check and its copy.
  func setPoint(_ point: Point, at slot: Int) {
    x[slot] = point.x
    y[slot] = point.y
    points[slot] = point
  }

  /// The points of ends `range`.
  func points(_ range: Range<Int>) -> UnsafeBufferPointer<Point> {
    UnsafeBufferPointer(start: points + range.lowerBound, count: range.count)
  }

  /// Evaluates points and velocities at the parameters of slots 1...count, and fills the
  /// spare slot when count is odd.
  func evaluate(_ curve: CubicChords, count: Int) {
    t[count + 1] = t[count]
    var slot = 1
    while slot <= count {
      defer { slot &+= 2 }
      let pair = ChordEndPair(curve, at: load(t, slot))
      store(pair.x, x, slot)
      store(pair.y, y, slot)
      store(pair.vx, vx, slot)
      store(pair.vy, vy, slot)
      points[slot] = Point(x: pair.x[0], y: pair.y[0])
      points[slot + 1] = Point(x: pair.x[1], y: pair.y[1])
    }
  }

  /// The chords among 1...count (count ≤ `plannedCapacity`) that `CubicChords.chordsFit`
  /// does not accept: bit k - 1 for chord k. Without a branch, so the processor overlaps
  /// the pairs' arithmetic.
  func misses(count: Int, tolerance: Double) -> UInt64 {
    var misses: UInt64 = 0
    var slot = 1
    while slot <= count {
      let fit = CubicChords.chordsFit(from: pair(at: slot &- 1), to: pair(at: slot), tolerance: tolerance)
      let fitBits = (unsafeBitCast(fit, to: SIMD2<Int64>.self) & SIMD2(1, 2)).wrappedSum()
      misses |= UInt64(truncatingIfNeeded: 3 ^ fitBits) &<< UInt64(truncatingIfNeeded: slot &- 1)
      slot &+= 2
    }
    return misses & (1 &<< UInt64(truncatingIfNeeded: count) &- 1)
  }

  private func pair(at slot: Int) -> ChordEndPair {
    ChordEndPair(t: load(t, slot), x: load(x, slot), y: load(y, slot), vx: load(vx, slot), vy: load(vy, slot))
  }
}

@inline(__always)
private func load(_ values: UnsafeMutablePointer<Double>, _ slot: Int) -> SIMD2<Double> {
  UnsafeRawPointer(values + slot).loadUnaligned(as: SIMD2<Double>.self)
}

@inline(__always)
private func store(_ value: SIMD2<Double>, _ values: UnsafeMutablePointer<Double>, _ slot: Int) {
  UnsafeMutableRawPointer(values + slot).storeBytes(of: value, as: SIMD2<Double>.self)
}
