extension CubicBezier {
  /// Appends the polyline of this curve to `points`, from `p0` to `p3` inclusive, with
  /// `.adaptive` chords.
  ///
  /// Guarantees: the two-sided Hausdorff distance between curve and polyline is at most
  /// `tolerance` (every chord's deviation is bounded from above before it is emitted); the
  /// first and last points are exactly `p0` and `p3`; at most
  /// `Flattening.maximumPointsPerCurve` points; same input, same output. Non-finite control
  /// points append nothing; the tolerance is clamped to `Flattening.minimumTolerance`.
  public func flatten(tolerance: Double, into points: inout [Point]) {
    flatten(tolerance: tolerance, method: .adaptive, into: &points)
  }

  /// Appends the polyline by `method`; the same guarantees as `flatten(tolerance:into:)`.
  public func flatten(tolerance: Double, method: FlatteningMethod, into points: inout [Point]) {
    guard isFinite else { return }
    // Without an array: one allocation a curve was a tenth of the flattening's time.
    let largest = max(
      max(max(abs(p0.x), abs(p0.y)), max(abs(p1.x), abs(p1.y))), max(max(abs(p2.x), abs(p2.y)), max(abs(p3.x), abs(p3.y)))
    )
    if largest > Flattening.largestExactCoordinate {
      // Differences of coordinates near Double's limit overflow to infinity, and then to NaN;
      // a power of two scales exactly, so the curve is flattened smaller and scaled back.
      let scale = Flattening.powerOfTwoScale(bringing: largest)
      let start = points.count
      CubicBezier(p0 * scale, p1 * scale, p2 * scale, p3 * scale).flatten(tolerance: tolerance * scale, method: method, into: &points)
      for index in start..<points.count { points[index] = points[index] / scale }
      points[start] = p0
      points[points.count - 1] = p3
      return
    }
    let tolerance = Flattening.clamp(tolerance)
    switch method {
    case .adaptive:
      if handleDeviation <= tolerance {
        points.append(p0)
        points.append(p3)
        return
      }
      CubicChords(self).appendPlannedPolyline(tolerance: tolerance, into: &points)
    case .wang:
      appendUniformPolyline(tolerance: tolerance, into: &points)
    case .subdivision:
      points.append(p0)
      appendSubdivided(tolerance: tolerance, depth: 0, into: &points)
    }
    // Read first: a write checks that the array is not shared, and the adaptive polyline
    // nearly always ends at p3 already.
    if points[points.count - 1] != p3 { points[points.count - 1] = p3 }
  }

  /// How far the handles stray from the chord (the segment from `p0` to `p3`). Within the
  /// tolerance, the chord alone is the polyline: the curve stays in its control points'
  /// hull, within that distance of the chord, and runs from one end to the other, so each
  /// point of the chord has a point of the curve as near. A straight segment drawn as a cubic
  /// (a polygon's side, after a morph made it one) is common, and planning its one chord
  /// cost more than the rest of its drawing.
  var handleDeviation: Double {
    max(distance(from: p1, toSegment: p0, p3), distance(from: p2, toSegment: p0, p3))
  }

  /// Wang's formula: n uniform steps keep every chord within `tolerance` when
  /// n ≥ √(3·2/8 · max|p_i - 2p_{i+1} + p_{i+2}| / tolerance) (max |B''| / 8 · (1/n)² ≤ tol).
  private func appendUniformPolyline(tolerance: Double, into points: inout [Point]) {
    let bend = max((p0 - 2 * p1 + p2).length, (p1 - 2 * p2 + p3).length)
    // Capped as a Double: for absurd coordinates the root is past what an Int holds.
    let wanted = (0.75 * bend / tolerance).squareRoot().rounded(.up)
    let count = Int(min(max(1, wanted.isNaN ? 1 : wanted), Double(Flattening.maximumPointsPerCurve - 1)))
    let step = 1 / Double(count)
    points.append(p0)
    for index in 1...count { points.append(eval(Double(index) * step)) }
  }

  /// Halves the curve until its handles lie within `tolerance` of its chord.
  private func appendSubdivided(tolerance: Double, depth: Int, into points: inout [Point]) {
    let deviation = handleDeviation
    // Depth 15 gives at most 2^15 segments, 2^15 + 1 points, under maximumPointsPerCurve.
    if deviation <= tolerance || depth >= 15 {
      points.append(p3)
      return
    }
    let (left, right) = split(at: 0.5)
    left.appendSubdivided(tolerance: tolerance, depth: depth + 1, into: &points)
    right.appendSubdivided(tolerance: tolerance, depth: depth + 1, into: &points)
  }
}

/// A cubic in power form, for cheap evaluation of points and tangents anywhere.
struct CubicChords: ChordMeasurable {
  let a, b, c, d: Point
  let curve: CubicBezier

  init(_ curve: CubicBezier) {
    self.curve = curve
    a = curve.p3 - curve.p0 + 3 * (curve.p1 - curve.p2)
    b = 3 * (curve.p0 - 2 * curve.p1 + curve.p2)
    c = 3 * (curve.p1 - curve.p0)
    d = curve.p0
  }

  func eval(_ t: Double) -> Point {
    Point(x: ((a.x * t + b.x) * t + c.x) * t + d.x, y: ((a.y * t + b.y) * t + c.y) * t + d.y)
  }

  func tangent(_ t: Double) -> Point {
    Point(x: (3 * a.x * t + 2 * b.x) * t + c.x, y: (3 * a.y * t + 2 * b.y) * t + c.y)
  }

  /// Uniform steps this long satisfy Wang's bound everywhere on the curve.
  func safeStep(tolerance: Double) -> Double {
    let bend = max((curve.p0 - 2 * curve.p1 + curve.p2).length, (curve.p1 - 2 * curve.p2 + curve.p3).length)
    return bend > 0 ? min(1, (tolerance / (0.75 * bend)).squareRoot()) : 1
  }

  /// The exact distance to the chord when the piece stays over it, a hull bound otherwise.
  ///
  /// The piece on [t0, t1] is the cubic (q0, q0 + h·B'(t0), q1 - h·B'(t1), q1), h = (t1-t0)/3.
  /// In the chord's frame its end points have offset 0, so its offset from the chord line is
  /// v(s) = 3s(1-s)((1-s)v1 + s·v2) for the handles' offsets v1, v2; the maximum of |v| is at
  /// a root of v1 + 2(v2 - 2v1)s + 3(v1 - v2)s² (the derivative of v / 3). When both handles project inside
  /// the chord, so does the whole piece, and then max |v| is exactly the Hausdorff distance
  /// (every chord point has a curve point straight above it, by continuity).
  func chordDeviation(_ t0: Double, _ t1: Double) -> Double {
    chordDeviation(
      ChordEnd(t: t0, point: eval(t0), velocity: tangent(t0)), ChordEnd(t: t1, point: eval(t1), velocity: tangent(t1))
    )
  }

  /// `chordDeviation(_:_:)` between chord ends already evaluated.
  func chordDeviation(_ start: ChordEnd, _ end: ChordEnd) -> Double {
    let h = (end.t - start.t) / 3
    let q0 = start.point, q1 = end.point
    let e1 = start.velocity * h, e2 = q1 - end.velocity * h - q0
    let chord = q1 - q0
    let lengthSquared = chord.lengthSquared
    let u1 = chord.dot(e1), u2 = chord.dot(e2)
    guard lengthSquared > 0, u1 >= 0, u1 <= lengthSquared, u2 >= 0, u2 <= lengthSquared else {
      return max(distance(from: q0 + e1, toSegment: q0, q1), distance(from: q0 + e2, toSegment: q0, q1))
    }
    // Offsets scaled by the chord length L (w = L·v): where |v| peaks does not depend on the
    // scale, so the root is found without normalising, and one division by L remains.
    let w1 = chord.cross(e1), w2 = chord.cross(e2)
    let qa = 3 * (w1 - w2), qb = 2 * (w2 - 2 * w1), qc = w1
    var peak = 0.0
    if abs(qa) > 1e-12 * (abs(qb) + abs(qc)) {
      let discriminant = qb * qb - 4 * qa * qc
      if discriminant >= 0 {
        let root = discriminant.squareRoot()
        let q = -0.5 * (qb + (qb >= 0 ? root : -root))
        if q != 0 {
          peak = max(scaledOffset(q / qa, w1, w2), scaledOffset(qc / q, w1, w2))
        }
      }
    } else if qb != 0 {
      peak = scaledOffset(-qc / qb, w1, w2)
    }
    return peak / lengthSquared.squareRoot()
  }

  /// |w(s)| for s inside (0, 1), else 0.
  private func scaledOffset(_ s: Double, _ w1: Double, _ w2: Double) -> Double {
    s > 0 && s < 1 ? abs(3 * s * (1 - s) * ((1 - s) * w1 + s * w2)) : 0
  }
}
