import Glibc

/// The area a stroke paints, as shapes to unite, and the offsets built from it: stroke to
/// path (Ctrl+Alt+C), outset and inset (Ctrl+) and Ctrl+().
///
/// ```swift
/// let outline = PathStroke(halfWidth: 4, join: .miter).outline(of: [(segments, closed: false)])   // loops
/// let grown = PathStroke(halfWidth: 2, join: .round).offset(shape, by: 2)
/// ```
///
/// The stroke of a segment is built side by side: on each side, the band between the segment
/// and its offset (`offsetCubics`), or, where the segment bends tighter than the half width
/// on that side, discs along it (or, where the stroke has butt or square ends or corners that
/// are not round, the region its normals sweep, in thin quadrilaterals). Joins are the slice
/// of a disc between the two offsets' ends (round), the triangle between the two offsets'
/// ends (bevel) or that and the miter's tip (miter, within the limit); caps a disc,
/// a square, or nothing. The pieces are united by `PathBoolean`, so the outline is exact up to
/// the offsets' fitting tolerance, with no overlaps.
public struct PathStroke: Sendable {
  public enum Join: String, Sendable, CaseIterable {
    case miter, round, bevel
  }

  public enum Cap: String, Sendable, CaseIterable {
    case butt, round, square
  }

  public var halfWidth: Double
  public var join: Join
  public var cap: Cap
  /// SVG's `stroke-miterlimit`: the longest miter, in stroke widths, before it is bevelled.
  public var miterLimit: Double
  /// How far the outline may stray from the true one; by default 0.1% of the half width or
  /// 0.01 units, whichever is larger.
  public var tolerance: Double

  public init(halfWidth: Double, join: Join = .miter, cap: Cap = .butt, miterLimit: Double = 4, tolerance: Double? = nil) {
    self.halfWidth = abs(halfWidth)
    self.join = join
    self.cap = cap
    self.miterLimit = miterLimit
    self.tolerance = tolerance ?? max(0.001 * abs(halfWidth), 0.01)
  }

  /// The loops bounding what the stroke of `subpaths` paints.
  public func outline(of subpaths: [(segments: [Bezier], closed: Bool)]) -> [[Bezier]] {
    PathBoolean.combine(pieces(of: subpaths), .union)
  }

  /// `shape` grown by `distance` (shrunk for a negative one): the union of its area and the
  /// stroke of the area's boundary, or the area less that stroke. The boundary is the area's
  /// own (`PathBoolean`'s union of the shape alone), so parts of the outline inside the area,
  /// where a path crosses itself, carve nothing.
  public func offset(_ shape: FilledShape, by distance: Double) -> [[Bezier]] {
    let boundary = PathBoolean.combine([shape], .union)
    guard distance != 0, !boundary.isEmpty else { return boundary }
    var stroke = self
    stroke.halfWidth = abs(distance)
    let area = FilledShape(subpaths: boundary, rule: .nonZero)
    // The area lies right of its loops (along the normal): growing needs only the stroke's
    // left half, shrinking its right half. A point outside the area within the distance of
    // its edge is on the outer normal of its nearest edge point, or at a corner.
    var fitting: [Bezier: Double] = [:]
    while true {
      let pieces = stroke.pieces(of: boundary.map { ($0, true) }, onlySide: distance > 0 ? -1 : 1, fitting: fitting)
      let result = PathBoolean.combine([area] + pieces, distance > 0 ? .union : .difference)
      guard fitting.isEmpty else { return result }
      fitting = stroke.fittingAtSharpCorners(of: result, from: Array(boundary.joined()))
      guard !fitting.isEmpty else { return result }
    }
  }

  /// Where two offsets meet at a sharp corner of the result (the tip of a narrow part an inset
  /// nearly closes), an error e across them moves their meeting along them by about
  /// e / sin(θ/2), θ the corner's angle: the boundary's segments near such a corner, each with
  /// the fitting tolerance that keeps the corner within the tolerance.
  func fittingAtSharpCorners(of loops: [[Bezier]], from boundary: [Bezier]) -> [Bezier: Double] {
    let boxes = boundary.map(\.bounds), reach = halfWidth + 4 * tolerance
    var fitting: [Bezier: Double] = [:]
    for loop in loops {
      for (incoming, outgoing) in zip([loop[loop.count - 1]] + loop.dropLast(), loop) {
        guard let a = incoming.tangent(at: 1), let b = outgoing.tangent(at: 0) else { continue }
        // The corner's angle: a half turn less the turn between the two directions.
        let angle = Double.pi - abs(atan2(a.cross(b), a.dot(b)))
        let needed = tolerance * sin(angle / 2)
        guard needed < tolerance / 2 else { continue }
        let corner = outgoing.controlPoints[0]
        for index in boundary.indices where boxes[index].contains(corner, tolerance: reach) && boundary[index].nearest(to: corner).distance <= reach {
          fitting[boundary[index]] = min(fitting[boundary[index]] ?? tolerance / 2, max(needed, tolerance / 256))
        }
      }
    }
    return fitting
  }

  /// The shapes whose union is the stroke: each one simple, filled by the non-zero rule.
  /// With `onlySide`, only the half on that side of the path (+1: along the normal, right of
  /// travel on a y-down screen; −1: left).
  /// `fitting` gives the offsets' fitting tolerance for some segments (half the tolerance for
  /// the rest).
  func pieces(of subpaths: [(segments: [Bezier], closed: Bool)], onlySide: Double? = nil, fitting: [Bezier: Double] = [:]) -> [FilledShape] {
    var pieces: [[Bezier]] = []
    for subpath in subpaths {
      let segments = subpath.segments.filter { !$0.isPoint }
      guard let first = segments.first, let last = segments.last else {
        // A subpath of no length: a dot, for round and square caps.
        if let point = subpath.segments.first?.controlPoints.first, cap != .butt, !subpath.closed {
          pieces.append(cap == .round ? Self.circle(point, halfWidth) : Self.square(point, direction: Point(x: 1, y: 0), halfWidth))
        }
        continue
      }
      // With round caps and joins (or none), the stroke is every point within the half width
      // of the path, and discs cover its tight bends. Otherwise the stroke stops at an end's
      // normal, and a disc anywhere near one bulges past it: tight bends are swept.
      let corners = zip(segments, segments.dropFirst() + (subpath.closed ? [first] : [])).contains { incoming, outgoing in
        guard let a = incoming.tangent(at: 1), let b = outgoing.tangent(at: 0) else { return true }
        return abs(a.cross(b)) >= 1e-9 || a.dot(b) < 0
      }
      let swept = !subpath.closed && cap != .round || corners && join != .round
      for segment in segments {
        pieces += bands(of: segment, sides: onlySide.map { [$0] } ?? [1, -1], sweepingTightBends: swept, fitting: fitting[segment] ?? tolerance / 2)
      }
      for (incoming, outgoing) in zip(segments, segments.dropFirst()) { pieces += joint(incoming, outgoing, onlySide: onlySide) }
      if subpath.closed {
        pieces += joint(last, first, onlySide: onlySide)
      } else {
        pieces += capPieces(at: first.controlPoints[0], leaving: first.tangent(at: 0))
        pieces += capPieces(at: last.controlPoints[last.degree], leaving: last.tangent(at: 1).map { -$0 })
      }
    }
    return pieces.map { FilledShape(subpaths: [$0], rule: .nonZero) }
  }

  /// Both sides of one segment: cut where its direction has turned a third of a turn, so
  /// each band is simple (where the offset does not turn back, the normals of a piece that
  /// turns less than half a turn meet no nearer than its tightest radius of curvature); on
  /// each side, a band where the segment bends gently, and where it bends nearly as tight as
  /// the half width or tighter, the region its normals sweep.
  private func bands(of segment: Bezier, sides: [Double], sweepingTightBends: Bool, fitting: Double) -> [[Bezier]] {
    var result: [[Bezier]] = []
    for piece in Self.thirdTurns(of: segment) {
      for side in sides {
        for (t0, t1, tight) in Self.stretches(of: piece, bendingPast: side * halfWidth) {
          let stretch = piece.subsegment(t0, t1)
          if !tight, let band = band(of: stretch, side: side, fitting: fitting) {
            result.append(band)
          } else if sweepingTightBends {
            result += sweep(along: stretch, side: side)
          } else {
            result += discs(along: stretch)
          }
        }
      }
    }
    return result
  }

  /// The loop around the region between `piece` and its offset on `side`, nil where the
  /// offset turns back. The offset is fitted within `fitting`, half the tolerance unless told
  /// otherwise: where two offsets cross at a shallow angle, their meeting strays from the true
  /// one by more than either.
  private func band(of piece: Bezier, side: Double, fitting: Double) -> [Bezier]? {
    guard let offset = piece.offsetCubics(by: side * halfWidth, tolerance: fitting) else { return nil }
    // A line's offset is a line.
    let back = piece.degree == 1
      ? offset.map { Bezier([$0.p3, $0.p0])! }
      : offset.reversed().map { Bezier([$0.p3, $0.p2, $0.p1, $0.p0])! }
    let start = piece.controlPoints[0], end = piece.controlPoints[piece.degree]
    var loop = [piece]
    if let first = back.first?.controlPoints.first, first != end { loop.append(Bezier([end, first])!) }
    loop += back
    if let last = back.last?.controlPoints.last, last != start { loop.append(Bezier([last, start])!) }
    return loop
  }

  /// Discs along a stretch that bends tighter than the half width on one side, in a stroke
  /// that is every point within the half width of its path. There the stroke's edge is the rim of the discs at
  /// the stretch's ends: a point within the half width whose nearest point of the stretch
  /// lies inside it is nearer than the radius of curvature there, so on the normal that a
  /// disc at a nearby point covers (to first order, within the half width of a centre up to a
  /// half width away). Discs half a width apart and an eighth of a turn apart fill that, and
  /// their rims stay inside the stroke.
  private func discs(along stretch: Bezier) -> [[Bezier]] {
    let length = stretch.arcLength(from: 0, to: 1, accuracy: tolerance)
    let turn: Double
    if let a = stretch.tangent(at: 0), let b = stretch.tangent(at: 1) {
      turn = acos(max(-1, min(1, a.dot(b))))
    } else {
      turn = Double.pi
    }
    let count = min(64, max(1, Int(max(length / (0.5 * halfWidth), turn / (Double.pi / 8)).rounded(.up))))
    return (0...count).map { step in
      Self.circle(stretch.eval(stretch.parameter(atArcLengthFraction: Double(step) / Double(count))), halfWidth)
    }
  }

  /// The region the half-width normals on `side` sweep along a stretch that bends nearly as
  /// tight as the half width, or tighter, in a stroke with butt or square ends or corners that
  /// are not round, where discs would bulge past an end's normal: quadrilaterals between
  /// normals about 4° apart, each filled by the non-zero rule, so where two neighbouring
  /// normals cross (past the centre of curvature) its two triangles both fill. (A single band
  /// between the curve and its offset would count the points swept backwards out.)
  private func sweep(along stretch: Bezier, side: Double) -> [[Bezier]] {
    let samples = 256
    var stops: [(point: Point, normal: Point)] = []
    var lastNormal: Point? = nil
    for step in 0...samples {
      let t = Double(step) / Double(samples)
      guard let normal = stretch.normal(at: t) else { continue }
      let point = stretch.eval(t)
      if let previous = stops.last, let lastNormal, step < samples,
        abs(atan2(lastNormal.cross(normal), lastNormal.dot(normal))) < .pi / 45, previous.point.distance(to: point) < halfWidth / 2
      {
        continue
      }
      stops.append((point, normal))
      lastNormal = normal
    }
    return zip(stops, stops.dropFirst()).map { a, b in
      Self.polygon([a.point, b.point, b.point + b.normal * (side * halfWidth), a.point + a.normal * (side * halfWidth)])
    }
  }

  /// A piece's parameter range cut where its bend on the side of `distance` comes within 5%
  /// of the distance (κ·distance ≥ 0.95 at 65 points, widened by a step): the tight stretches,
  /// whose offset turns back or nearly (a cusp no cubic fits well), and the loose ones between.
  static func stretches(of piece: Bezier, bendingPast distance: Double) -> [(Double, Double, tight: Bool)] {
    let steps = 64
    let tight = (0...steps).map { step in (piece.curvature(at: Double(step) / Double(steps)) ?? 0) * distance >= 0.95 }
    guard tight.contains(true) else { return [(0, 1, false)] }
    // Widen each tight run by a step each way, so the loose stretches stay clear of it.
    let widened = tight.indices.map { index in tight[max(0, index - 1)...min(steps, index + 1)].contains(true) }
    var result: [(Double, Double, tight: Bool)] = []
    var runStart = 0
    for index in 1...steps where widened[index] != widened[runStart] || index == steps {
      let end = widened[index] != widened[runStart] ? index : steps
      // A tight run owns its boundary steps; a loose one ends where the tight one begins.
      result.append((Double(runStart) / Double(steps), Double(end) / Double(steps), widened[runStart]))
      runStart = end
    }
    return result.filter { $0.1 > $0.0 }
  }

  /// The segment cut where its direction has turned by a third of a turn since the last cut.
  static func thirdTurns(of segment: Bezier) -> [Bezier] {
    guard segment.degree > 1, let start = segment.tangent(at: 0) else { return [segment] }
    var cuts: [Double] = [], reference = start
    for step in 1...64 {
      let t = Double(step) / 64
      guard let direction = segment.tangent(at: t) else { continue }
      if reference.dot(direction) < -0.5, t < 1 {
        cuts.append(t)
        reference = direction
      }
    }
    guard !cuts.isEmpty else { return [segment] }
    let stops = [0.0] + cuts + [1.0]
    return zip(stops, stops.dropFirst()).map { segment.subsegment($0, $1) }
  }

  /// What fills the corner where `incoming` ends and `outgoing` starts, on its outer side
  /// (nothing when that is not `onlySide`: the bands on the inner side overlap).
  private func joint(_ incoming: Bezier, _ outgoing: Bezier, onlySide: Double? = nil) -> [[Bezier]] {
    let point = outgoing.controlPoints[0]
    guard let a = incoming.tangent(at: 1), let b = outgoing.tangent(at: 0) else { return [] }
    let turn = a.cross(b)
    if abs(turn) < 1e-9, a.dot(b) > 0 { return [] }
    // The outer side is away from the turn: the normal's side when turning against it.
    let side = turn > 0 ? -1.0 : 1.0
    if let onlySide, side != onlySide, a.dot(b) > -1 + 1e-9 { return [] }
    let na = a.perpendicular * side, nb = b.perpendicular * side
    if join == .round { return [Self.sector(point, halfWidth, from: na, to: nb)] }
    let p = point + na * halfWidth, q = point + nb * halfWidth
    var corner = [point, p]
    let cosine = na.dot(nb)
    // SVG: the miter's length over the stroke's width is 1 / sin(θ / 2), θ the angle between
    // the segments; 2 / √(2(1 + cos φ)) with φ the angle between the normals.
    if join == .miter, cosine > -1 + 1e-12, 2 / (2 * (1 + cosine)).squareRoot() <= miterLimit {
      corner.append(point + (na + nb) * (halfWidth / (1 + cosine)))
    }
    corner.append(q)
    return [Self.polygon(corner)]
  }

  /// A cap at `point`, the stroke leaving it in `direction` (into the segment).
  private func capPieces(at point: Point, leaving direction: Point?) -> [[Bezier]] {
    switch cap {
    case .butt: return []
    case .round: return [Self.circle(point, halfWidth)]
    case .square: return [Self.square(point, direction: -(direction ?? Point(x: 1, y: 0)), halfWidth)]
    }
  }

  /// A circle as four cubics (radial error 2.7e-4 of the radius).
  public static func circle(_ centre: Point, _ radius: Double) -> [Bezier] {
    let k = 0.5522847498307936 * radius
    func p(_ x: Double, _ y: Double) -> Point { centre + Point(x: x, y: y) }
    return [
      Bezier([p(radius, 0), p(radius, k), p(k, radius), p(0, radius)])!,
      Bezier([p(0, radius), p(-k, radius), p(-radius, k), p(-radius, 0)])!,
      Bezier([p(-radius, 0), p(-radius, -k), p(-k, -radius), p(0, -radius)])!,
      Bezier([p(0, -radius), p(k, -radius), p(radius, -k), p(radius, 0)])!,
    ]
  }

  /// The half square beyond `point` in `direction` of a square cap.
  static func square(_ point: Point, direction: Point, _ halfWidth: Double) -> [Bezier] {
    let along = direction * halfWidth, across = direction.perpendicular * halfWidth
    return polygon([point + across, point + across + along, point - across + along, point - across])
  }

  /// The pie slice of the disc about `centre` between the directions `from` and `to` (unit
  /// vectors, the shorter way round): what a round join adds on a corner's outer side, where
  /// the two offsets end. Its arc is one cubic a quarter turn at most, so a corner's arc is as
  /// few segments as it can be (a whole disc would be cut at its own nodes too).
  static func sector(_ centre: Point, _ radius: Double, from: Point, to: Point) -> [Bezier] {
    let angle = atan2(from.cross(to), from.dot(to))
    let count = max(1, Int((abs(angle) / (Double.pi / 2)).rounded(.up)))
    let step = angle / Double(count), k = 4.0 / 3 * tan(step / 4)
    let start = atan2(from.y, from.x)
    func direction(_ a: Double) -> Point { Point(x: cos(a), y: sin(a)) }
    var loop = [Bezier([centre, centre + from * radius])!]
    for index in 0..<count {
      let a0 = start + step * Double(index), a1 = a0 + step
      let p0 = index == 0 ? centre + from * radius : centre + direction(a0) * radius
      let p3 = index == count - 1 ? centre + to * radius : centre + direction(a1) * radius
      loop.append(Bezier([p0, p0 + direction(a0).perpendicular * (k * radius), p3 - direction(a1).perpendicular * (k * radius), p3])!)
    }
    loop.append(Bezier([centre + to * radius, centre])!)
    return loop
  }

  static func polygon(_ points: [Point]) -> [Bezier] {
    points.indices.compactMap { index in
      let a = points[index], b = points[(index + 1) % points.count]
      return a == b ? nil : Bezier([a, b])
    }
  }
}
