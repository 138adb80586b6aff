// Over 400 lines on purpose: one algorithm, the intersection of two Bézier segments (subdivision
// to flat pieces, Newton's refinement, overlaps, folds and touches, then each meeting classified),
// whose steps read together as the method its doc comment describes.
import FoundationEssentials
import Glibc

/// Where two segments (or two parts of one) meet: the parameter on each, the point, and
/// whether they cross there, touch (meet tangentially without crossing), or run together
/// (an overlap, reported as its two ends).
public struct CurveIntersection: Equatable, Sendable {
  public enum Kind: String, Equatable, Sendable {
    case cross
    case touch
    case overlap
  }

  public var t1: Double
  public var t2: Double
  public var point: Point
  public var kind: Kind

  public init(t1: Double, t2: Double, point: Point, kind: Kind) {
    self.t1 = t1
    self.t2 = t2
    self.point = point
    self.kind = kind
  }
}

extension Bezier {
  /// Every point where this segment meets `other`, in order of `t1`: none missed, none
  /// twice, each found to within a billionth of the two segments' size.
  ///
  /// ```swift
  /// let hits = arch.intersections(with: line)   // [CurveIntersection(t1:, t2:, point:, kind: .cross), …]
  /// ```
  ///
  /// The segments are cut in halves while their control boxes meet, until both pieces are
  /// flat to within a millionth of the size; the closest approach of two flat pieces' chords,
  /// when they come that near, is a candidate, which Newton's method (damped, so tangent
  /// touches converge too) refines on the whole segments. A candidate is kept only if the
  /// two points it ends on are within a billionth of the size. Segments that run together
  /// for a stretch are found first, from their end points lying on each other, and reported
  /// as that stretch's two ends; no crossing is looked for inside it.
  public func intersections(with other: Bezier) -> [CurveIntersection] {
    let folds = foldParameters(), otherFolds = other.foldParameters()
    guard folds.isEmpty, otherFolds.isEmpty else { return Self.unfoldedIntersections(self, folds, other, otherFolds) }
    return meetings(with: other)
  }

  /// `intersections(with:)` of segments that do not fold back along a line (or of pieces of
  /// them between their folds, which may still find a fold at their ends by rounding).
  private func meetings(with other: Bezier) -> [CurveIntersection] {
    let scale = Self.scale(self, other)
    let overlap = Self.overlap(self, other, scale: scale)
    var candidates: [(Double, Double)] = []
    let finder = IntersectionFinder(a: self, b: other, scale: scale, excluded: overlap.map { ($0.a, $0.b) })
    if let a = cubic, let b = other.cubic {
      // Cubics halve as plain values, with nothing to allocate.
      finder.subdivide(a, 0, 1, b, 0, 1, depth: 0, into: &candidates)
    } else {
      finder.subdivide(self, 0, 1, other, 0, 1, depth: 0, into: &candidates)
    }
    var found: [CurveIntersection] = []
    for (t1, t2) in candidates {
      guard let refined = Self.refine(self, other, t1, t2, scale: scale) else { continue }
      let point = self.eval(refined.0).lerp(to: other.eval(refined.1), 0.5)
      // The same meeting reached twice: the same parameters, or (a touch converging slowly)
      // the same point at nearly the same parameters. Two meetings at one point but far apart
      // on a curve (a line through another's loop) stay two.
      let duplicate = found.contains { hit in
        let dt1 = abs(hit.t1 - refined.0), dt2 = abs(hit.t2 - refined.1)
        return dt1 < 1e-7 && dt2 < 1e-7 || hit.point.distance(to: point) < 1e-8 * scale && dt1 < 1e-3 && dt2 < 1e-3
      }
      if !duplicate { found.append(CurveIntersection(t1: refined.0, t2: refined.1, point: point, kind: .cross)) }
    }
    if let overlap {
      // The stretch's ends, and nothing else within a hair of them.
      let ends = [(overlap.a.lowerBound, overlap.aStartOnB), (overlap.a.upperBound, overlap.aEndOnB)].map { t1, t2 in
        CurveIntersection(t1: t1, t2: t2, point: self.eval(t1), kind: .overlap)
      }
      found.removeAll { hit in
        ends.contains { $0.point.distance(to: hit.point) < 1e-7 * scale } || overlap.a.contains(hit.t1) && overlap.b.contains(hit.t2)
      }
      found += ends
    }
    for index in found.indices where found[index].kind != .overlap {
      if let (t1, t2) = Self.atAnEnd(self, other, found[index].t1, found[index].t2, scale: scale) {
        found[index].t1 = t1
        found[index].t2 = t2
        found[index].point = t1 == 0 || t1 == 1 ? self.eval(t1) : other.eval(t2)
      }
      let kind = Self.classify(self, other, found[index].t1, found[index].t2)
      found[index].kind = kind
      // A touch is only found to about the square root of the tolerance by closing the
      // gap; where the two directions agree pins it down.
      let atAnEnd = [found[index].t1, found[index].t2].contains { $0 == 0 || $0 == 1 }
      if kind == .touch, !atAnEnd, let (t1, t2) = Self.refineTouch(self, other, found[index].t1, found[index].t2, scale: scale) {
        found[index].t1 = t1
        found[index].t2 = t2
        found[index].point = self.eval(t1).lerp(to: other.eval(t2), 0.5)
      }
    }
    // Two candidates in one tangent stretch can both close the gap, at different points;
    // pinned down, they are the same touch.
    var unique: [CurveIntersection] = []
    for hit in found.sorted(by: { $0.t1 < $1.t1 }) {
      let same = unique.contains { abs($0.t1 - hit.t1) < 1e-7 && abs($0.t2 - hit.t2) < 1e-7 && $0.kind == hit.kind }
      if !same { unique.append(hit) }
    }
    return unique
  }

  /// Where a segment whose control points lie on one line turns back along it, in (0, 1):
  /// empty for any other segment. Between these it runs one way along the line, and an
  /// overlap with it ends at an end of a piece.
  public func foldParameters() -> [Double] {
    let points = controlPoints, start = points[0]
    guard degree >= 2, let far = points.max(by: { $0.distance(to: start) < $1.distance(to: start) }), far != start else { return [] }
    let along = (far - start) * (1 / far.distance(to: start))
    guard points.allSatisfy({ abs(along.cross($0 - start)) <= 1e-12 * far.distance(to: start) }) else { return [] }
    // The segment as s(t), the distance along the line: it turns back where s does.
    // One found at an end (a piece cut at a fold, by rounding) is no fold.
    return Bezier(points.map { Point(x: along.dot($0 - start), y: 0) })!.extremaParameters(along: \.x).filter { $0 > 1e-9 && $0 < 1 - 1e-9 }
  }

  /// `intersections(with:)` of segments that fold back along a line, piece by piece
  /// between their folds, with the parameters mapped back onto the whole segments; a
  /// meeting at a fold, found from both pieces beside it, is kept once.
  private static func unfoldedIntersections(_ a: Bezier, _ aFolds: [Double], _ b: Bezier, _ bFolds: [Double]) -> [CurveIntersection] {
    let aStops = [0.0] + aFolds + [1.0], bStops = [0.0] + bFolds + [1.0]
    var found: [CurveIntersection] = []
    for (a0, a1) in zip(aStops, aStops.dropFirst()) {
      for (b0, b1) in zip(bStops, bStops.dropFirst()) {
        for hit in a.subsegment(a0, a1).meetings(with: b.subsegment(b0, b1)) {
          let t1 = a0 + hit.t1 * (a1 - a0), t2 = b0 + hit.t2 * (b1 - b0)
          guard !found.contains(where: { abs($0.t1 - t1) < 1e-9 && abs($0.t2 - t2) < 1e-9 }) else { continue }
          found.append(CurveIntersection(t1: t1, t2: t2, point: hit.point, kind: hit.kind))
        }
      }
    }
    return found.sorted { $0.t1 < $1.t1 }
  }

  /// A meeting next to an end of either segment (within a thousandth of its parameter) where
  /// that end lies on the other: that end. Found by closing the gap, a touch there (a curve
  /// ending tangent to another) can land a little way along, where the two are closer than
  /// the tolerance but not at the point, and a cut there would leave a sliver.
  static func atAnEnd(_ a: Bezier, _ b: Bezier, _ t1: Double, _ t2: Double, scale: Double) -> (Double, Double)? {
    let bracket = 1e-3
    for end in [0.0, 1.0] {
      if abs(t2 - end) < bracket {
        let onA = a.localProjection(of: b.eval(end), from: t1)
        if abs(onA - t1) < bracket, a.eval(onA).distance(to: b.eval(end)) <= 1e-9 * scale { return (onA, end) }
      }
      if abs(t1 - end) < bracket {
        let onB = b.localProjection(of: a.eval(end), from: t2)
        if abs(onB - t2) < bracket, b.eval(onB).distance(to: a.eval(end)) <= 1e-9 * scale { return (end, onB) }
      }
    }
    return nil
  }

  /// A tangent touch, refined where a's direction and b's (at the point of b nearest a's)
  /// agree: bisection on their cross product across a small bracket; nil when it does not
  /// change sign there or the points end apart.
  static func refineTouch(_ a: Bezier, _ b: Bezier, _ t1: Double, _ t2: Double, scale: Double) -> (Double, Double)? {
    var s = t2
    func turn(_ t: Double) -> Double {
      s = b.localProjection(of: a.eval(t), from: s)
      return a.derivative(at: t).cross(b.derivative(at: s))
    }
    var low = max(t1 - 1e-3, 0), high = min(t1 + 1e-3, 1)
    var lowValue = turn(low)
    let highValue = turn(high)
    let t: Double
    if lowValue == 0 || highValue == 0 {
      // The directions agree exactly at an end of the bracket (a touch at a segment's end,
      // where both leave along one line).
      t = lowValue == 0 ? low : high
    } else {
      guard lowValue * highValue < 0 else { return nil }
      for _ in 0..<80 {
        let mid = (low + high) / 2, value = turn(mid)
        if value * lowValue <= 0 { high = mid } else { low = mid; lowValue = value }
      }
      t = (low + high) / 2
    }
    s = t2
    _ = turn(t)
    return a.eval(t).distance(to: b.eval(s)) <= 1e-9 * scale ? (t, s) : nil
  }

  /// Where the segment crosses or touches itself, each pair once (`t1` < `t2`). A segment
  /// cut at its x and y extrema is monotone in both between them, and a monotone piece
  /// cannot meet itself: the pieces are intersected pairwise, neighbours' shared ends left out.
  public func selfIntersections() -> [CurveIntersection] {
    guard degree >= 3, !hasConvexControlPolygon, Self.turning(of: controlPoints) >= .pi else { return [] }
    let cuts = [0.0] + extremaParameters().filter { $0 > 1e-9 && $0 < 1 - 1e-9 } + [1.0]
    let pieces = zip(cuts, cuts.dropFirst()).map { (range: ($0, $1), curve: subsegment($0, $1)) }
    var found: [CurveIntersection] = []
    for i in pieces.indices {
      for j in pieces.indices where j > i {
        for hit in pieces[i].curve.intersections(with: pieces[j].curve) {
          let t1 = pieces[i].range.0 + hit.t1 * (pieces[i].range.1 - pieces[i].range.0)
          let t2 = pieces[j].range.0 + hit.t2 * (pieces[j].range.1 - pieces[j].range.0)
          // Neighbouring pieces share their cut, and a cusp meets itself at one parameter:
          // neither is a loop.
          if abs(t1 - t2) < 1e-4 { continue }
          if found.contains(where: { abs($0.t1 - t1) < 1e-7 && abs($0.t2 - t2) < 1e-7 }) { continue }
          found.append(CurveIntersection(t1: t1, t2: t2, point: hit.point, kind: hit.kind))
        }
      }
    }
    return found.sorted { $0.t1 < $1.t1 }
  }

  /// Whether the control polygon, closed back to its start, turns one way only and once
  /// around at most: then the curve is convex (the variation-diminishing property) and
  /// cannot cross itself.
  var hasConvexControlPolygon: Bool {
    let points = controlPoints
    var sign = 0.0, turning = 0.0
    for index in points.indices {
      let a = points[index], b = points[(index + 1) % points.count], c = points[(index + 2) % points.count]
      let u = b - a, v = c - b
      let cross = u.cross(v)
      guard u.lengthSquared > 0, v.lengthSquared > 0 else { continue }
      if cross != 0 {
        if sign != 0, (cross > 0) != (sign > 0) { return false }
        sign = cross
      }
      turning += atan2(cross, u.dot(v))
    }
    return abs(turning) < 2 * .pi + 1e-9
  }

  /// How much a polyline's direction turns in all, each turn counted as positive: where it is
  /// under half a turn for a control polygon, its curve cannot cross itself. A Bézier curve
  /// turns no more than its control polygon, and a path that comes back to a point it passed
  /// turns at least half a turn on the way (a closed loop turns a full turn, less the
  /// corner's turn where it closes, which is under half a turn).
  static func turning(of points: [Point]) -> Double {
    var total = 0.0, previous: Point? = nil
    for (a, b) in zip(points, points.dropFirst()) {
      let edge = b - a
      guard edge.lengthSquared > 0 else { continue }
      if let previous { total += abs(atan2(previous.cross(edge), previous.dot(edge))) }
      previous = edge
    }
    return total
  }

  /// The size the tolerances are relative to: the larger side of the two control boxes
  /// together (1 for a point).
  static func scale(_ a: Bezier, _ b: Bezier) -> Double {
    let box = a.bounds.union(b.bounds)
    let size = max(box.width, box.height)
    return size > 0 ? size : 1
  }

  /// The stretch two segments share, if they run together: found from their end points
  /// that lie on the other, checked along the way; nil when they only meet at points.
  static func overlap(_ a: Bezier, _ b: Bezier, scale: Double) -> Overlap? {
    let tolerance = 1e-7 * scale
    // The control points' boxes hold the curves, and cost no root finding as their bounds do.
    let boxA = a.controlBox, boxB = b.controlBox
    var pairs: [(Double, Double)] = []
    // An end outside the other's box (most pairs) is on no point of it.
    for t in [0.0, 1.0] {
      let end = a.eval(t)
      guard boxB.contains(end, tolerance: tolerance), mayLie(end, within: tolerance, of: b) else { continue }
      let near = nearestOrEnd(b, end)
      if near.distance <= tolerance { pairs.append((t, near.t)) }
    }
    for s in [0.0, 1.0] {
      let end = b.eval(s)
      guard boxA.contains(end, tolerance: tolerance), mayLie(end, within: tolerance, of: a) else { continue }
      let near = nearestOrEnd(a, end)
      if near.distance <= tolerance { pairs.append((near.t, s)) }
    }
    guard let first = pairs.min(by: { $0.0 < $1.0 }), let last = pairs.max(by: { $0.0 < $1.0 }),
      last.0 - first.0 > 1e-9, abs(last.1 - first.1) > 1e-9
    else { return nil }
    // Every point of a between the two ends lies on b, between theirs.
    for step in 1..<16 {
      let t = first.0 + (last.0 - first.0) * Double(step) / 16
      let near = b.nearest(to: a.eval(t))
      guard near.distance <= tolerance, near.t >= min(first.1, last.1) - 1e-9, near.t <= max(first.1, last.1) + 1e-9 else { return nil }
    }
    return Overlap(a: first.0...last.0, b: min(first.1, last.1)...max(first.1, last.1), aStartOnB: first.1, aEndOnB: last.1)
  }

  /// Whether `point` may lie within `tolerance` of `curve`: not when it lies outside the band
  /// along the chord that holds the control points, and so the curve (its convex hull). Far
  /// cheaper than `nearest`, and most ends `overlap` looks at (in the other's box, on no point
  /// of it) fail it: the union of 1,000 blobs spent 3% of its time finding their nearest points.
  private static func mayLie(_ point: Point, within tolerance: Double, of curve: Bezier) -> Bool {
    let points = curve.controlPoints
    let first = points[0], last = points[points.count - 1]
    let chord = Point(x: last.x - first.x, y: last.y - first.y)
    let length = (chord.x * chord.x + chord.y * chord.y).squareRoot()
    guard length > 0, length.isFinite else { return true }
    func across(_ p: Point) -> Double { ((p.x - first.x) * chord.y - (p.y - first.y) * chord.x) / length }
    var low = 0.0, high = 0.0
    for control in points.dropFirst() {
      let distance = across(control)
      low = min(low, distance)
      high = max(high, distance)
    }
    let distance = across(point)
    return distance >= low - tolerance && distance <= high + tolerance
  }

  /// `curve.nearest(to:)`, without the search for a point that is one of its ends: segments
  /// of one path meet end to end, and most pairs `overlap` looks at are such neighbours.
  private static func nearestOrEnd(_ curve: Bezier, _ point: Point) -> (t: Double, distance: Double) {
    if point == curve.controlPoints[0] { return (0, 0) }
    if point == curve.controlPoints[curve.degree] { return (1, 0) }
    let near = curve.nearest(to: point)
    return (near.t, near.distance)
  }

  /// A stretch two segments share: its parameters on each, and where each end of a's range
  /// is on b.
  struct Overlap {
    var a: ClosedRange<Double>
    var b: ClosedRange<Double>
    var aStartOnB: Double
    var aEndOnB: Double
  }

  /// Damped Newton on a(t1) − b(t2) = 0 from a candidate, the parameters kept in 0…1:
  /// the meeting, or nil when the two points end farther apart than a billionth of the size.
  static func refine(_ a: Bezier, _ b: Bezier, _ start1: Double, _ start2: Double, scale: Double) -> (Double, Double)? {
    var t1 = start1, t2 = start2
    var gap = a.eval(t1) - b.eval(t2)
    var damping = 1e-3
    for _ in 0..<100 {
      if gap.length <= 1e-15 * scale { break }
      let d1 = a.derivative(at: t1), d2 = b.derivative(at: t2) * -1
      // Levenberg–Marquardt: (JᵀJ + λ·diag) δ = −Jᵀ·gap, for J = [d1 d2].
      let a11 = d1.dot(d1), a12 = d1.dot(d2), a22 = d2.dot(d2)
      let g1 = d1.dot(gap), g2 = d2.dot(gap)
      var improved = false
      for _ in 0..<20 {
        let m11 = a11 * (1 + damping), m22 = a22 * (1 + damping)
        let det = m11 * m22 - a12 * a12
        guard det.isFinite, abs(det) > 0 else { damping *= 10; continue }
        let n1 = min(max(t1 - (m22 * g1 - a12 * g2) / det, 0), 1)
        let n2 = min(max(t2 - (m11 * g2 - a12 * g1) / det, 0), 1)
        let next = a.eval(n1) - b.eval(n2)
        if next.length < gap.length {
          t1 = n1
          t2 = n2
          gap = next
          damping = max(damping / 10, 1e-12)
          improved = true
          break
        }
        damping *= 10
      }
      if !improved { break }
    }
    return gap.length <= 1e-9 * scale ? (t1, t2) : nil
  }

  /// Cross where the segments' directions differ, or where, tangent, b passes from one side
  /// of a to the other; else touch.
  static func classify(_ a: Bezier, _ b: Bezier, _ t1: Double, _ t2: Double) -> CurveIntersection.Kind {
    guard let u = a.direction(at: t1), let v = b.direction(at: t2) else { return .touch }
    if abs(u.cross(v)) > 1e-6 { return .cross }
    let centre = a.eval(t1)
    let h = 1e-3
    let before = b.eval(max(t2 - h, 0)) - centre, after = b.eval(min(t2 + h, 1)) - centre
    // a's own bend over the same step, which the side test must see past.
    let sideBefore = u.cross(before) - u.cross(a.eval(max(t1 - h, 0)) - centre)
    let sideAfter = u.cross(after) - u.cross(a.eval(min(t1 + h, 1)) - centre)
    return sideBefore * sideAfter < 0 ? .cross : .touch
  }

  /// The parameter of the point nearest `point`, by Newton's method from `start` (a local
  /// search: the caller is already near).
  func localProjection(of point: Point, from start: Double) -> Double {
    var t = start
    for _ in 0..<30 {
      let offset = eval(t) - point, d1 = derivative(at: t), d2 = secondDerivative(at: t)
      let slope = d1.dot(d1) + offset.dot(d2)
      guard slope > 0 else { break }
      let next = min(max(t - offset.dot(d1) / slope, 0), 1)
      if abs(next - t) < 1e-15 { t = next; break }
      t = next
    }
    return t
  }

  /// The unit direction at t, from the first derivative that does not vanish there.
  func direction(at t: Double) -> Point? {
    let first = derivative(at: t)
    if first.length > 1e-12 * max(bounds.width, bounds.height, 1e-300) { return first.normalized }
    let chord = eval(min(t + 1e-6, 1)) - eval(max(t - 1e-6, 0))
    return chord.length > 0 ? chord.normalized : nil
  }
}

/// The subdivision behind `Bezier.intersections(with:)`: pieces of the two segments, halved
/// while their control boxes meet, down to flat pieces whose chords come near.
struct IntersectionFinder {
  let a: Bezier
  let b: Bezier
  let scale: Double
  /// A stretch the two segments share: pieces wholly inside it on both are not looked into.
  let excluded: (ClosedRange<Double>, ClosedRange<Double>)?

  /// Pieces flatter than this (a millionth of the size) are lines.
  var flatness: Double { 1e-6 * scale }

  func subdivide<A: SubdividedPiece, B: SubdividedPiece>(
    _ pa: A, _ a0: Double, _ a1: Double, _ pb: B, _ b0: Double, _ b1: Double, depth: Int,
    into candidates: inout [(Double, Double)]
  ) {
    let reach = 4 * flatness
    // The control points' boxes: they hold the curves, and cost no root finding.
    guard pa.controlBox.insetBy(dx: -reach, dy: -reach).intersects(pb.controlBox) else { return }
    if let (ra, rb) = excluded, ra.contains(a0), ra.contains(a1), rb.contains(b0), rb.contains(b1) { return }
    let deviationA = pa.chordDeviation, deviationB = pb.chordDeviation
    let flatA = deviationA <= flatness, flatB = deviationB <= flatness
    if flatA && flatB || depth >= 48 {
      // Closest approach of the two chords.
      let (u, v, distance) = Self.closestApproach(pa.start, pa.end, pb.start, pb.end)
      if distance <= reach { candidates.append((a0 + (a1 - a0) * u, b0 + (b1 - b0) * v)) }
      return
    }
    // Halve the piece that is less flat (or both, alternating on ties).
    if !flatA && (flatB || deviationA >= deviationB) {
      let (left, right) = pa.split(at: 0.5), mid = (a0 + a1) / 2
      subdivide(left, a0, mid, pb, b0, b1, depth: depth + 1, into: &candidates)
      subdivide(right, mid, a1, pb, b0, b1, depth: depth + 1, into: &candidates)
    } else {
      let (left, right) = pb.split(at: 0.5), mid = (b0 + b1) / 2
      subdivide(pa, a0, a1, left, b0, mid, depth: depth + 1, into: &candidates)
      subdivide(pa, a0, a1, right, mid, b1, depth: depth + 1, into: &candidates)
    }
  }

  /// The parameters on segments pq and rs of their closest points, and the distance.
  static func closestApproach(_ p: Point, _ q: Point, _ r: Point, _ s: Point) -> (Double, Double, Double) {
    let d1 = q - p, d2 = s - r, w = p - r
    let a = d1.dot(d1), b = d1.dot(d2), c = d2.dot(d2), d = d1.dot(w), e = d2.dot(w)
    let det = a * c - b * b
    var u = det > 1e-300 ? min(max((b * e - c * d) / det, 0), 1) : 0
    var v = c > 0 ? min(max((b * u + e) / c, 0), 1) : 0
    u = a > 0 ? min(max((b * v - d) / a, 0), 1) : 0
    v = c > 0 ? min(max((b * u + e) / c, 0), 1) : 0
    let gap = (p + d1 * u) - (r + d2 * v)
    return (u, v, gap.length)
  }
}

/// What the intersection search halves: a segment of any degree, or a cubic as a plain value.
protocol SubdividedPiece {
  var start: Point { get }
  var end: Point { get }
  /// The box around the control points, which holds the curve.
  var controlBox: Rect { get }
  /// How far the control points stray from the chord (from the first point, if the chord
  /// has no length).
  var chordDeviation: Double { get }
  func split(at t: Double) -> (Self, Self)
}

extension Bezier: SubdividedPiece {
  var start: Point { controlPoints[0] }
  var end: Point { controlPoints[degree] }
  var controlBox: Rect { Rect(enclosing: controlPoints) }
  var chordDeviation: Double {
    controlPoints.dropFirst().dropLast().reduce(0) { max($0, distance(from: $1, toSegment: start, end)) }
  }
}

extension CubicBezier: SubdividedPiece {
  var start: Point { p0 }
  var end: Point { p3 }
  var controlBox: Rect {
    Rect(minX: min(p0.x, p1.x, p2.x, p3.x), minY: min(p0.y, p1.y, p2.y, p3.y), maxX: max(p0.x, p1.x, p2.x, p3.x), maxY: max(p0.y, p1.y, p2.y, p3.y))
  }
  var chordDeviation: Double { max(distance(from: p1, toSegment: p0, p3), distance(from: p2, toSegment: p0, p3)) }
}
