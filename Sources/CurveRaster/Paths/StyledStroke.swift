import CurveGeometry
import Glibc

/// A `StrokeStyle` ready to trace: half the width, the miter limit at least 1.
struct StrokeGeometry {
  let halfWidth: Double
  let cap: LineCap
  let join: LineJoin
  /// `miterLimit²`, for the test (1 + cos θ)·limit² ≥ 2, which is 1/cos(θ/2) ≤ limit for a
  /// turn by θ.
  let miterLimitSquared: Double
  /// A round join turning by less than this angle's cosine is one chord of its arc
  /// (`chordAngle`), its ends within `arcTolerance` of the arc.
  let singleChordCosine: Double
  /// The angle one chord of a join's or cap's arc may span (`chordAngle(radius:)`).
  let arcChordAngle: Double

  init(_ style: StrokeStyle) {
    halfWidth = style.width / 2
    cap = style.cap
    join = style.join
    let limit = style.miterLimit >= 1 ? style.miterLimit : 1
    miterLimitSquared = limit * limit
    arcChordAngle = chordAngle(radius: style.width / 2)
    singleChordCosine = cos(arcChordAngle)
  }
}

/// Strokes with any cap and join (the editor's own lines too, round capped and joined): an
/// open contour is one closed outline, along one side, round the end cap, back along the
/// other side, round the start cap; a closed contour is two, one along each side, each with a
/// join at every vertex, the closing one too. Each side turns outward through the join (an
/// arc, a miter's tip or a bevel's straight line) and inward through the joint itself.
///
/// Why this fills right under the non-zero rule: the outline, edge for edge, is the sum of
/// one rectangle per segment (its two sides and the rungs across its ends), one wedge per
/// outer join (the joint, the join's edge, back to the joint) and one piece per cap, each
/// wound the same way (negative signed area, counter-clockwise on screen). Where pieces
/// overlap, or the stroke crosses itself or another contour of the same stroke, windings add
/// up and never cancel; their union is the SVG stroke shape. A gentle turn's single point
/// (see `join`) replaces the rectangles' shared corner and the wedge by their outline, which
/// winds the same way.
extension OutlineSink {
  /// The outline of `points` stroked by `style`: `points` has no two neighbours the same and,
  /// if `isClosed`, its last point is not its first. One point is a zero-length contour: a
  /// disc with round caps, a square (along x) with square ones, nothing with butt ones.
  mutating func stroke(_ points: [Point], isClosed: Bool, _ style: StrokeGeometry) {
    guard style.halfWidth > 0, let first = points.first else { return }
    if points.count == 1 { return dot(at: first, style) }
    if isClosed {
      ring(points, style, uTurnIsOuter: true)
      ring(points.reversed(), style, uTurnIsOuter: false)
    } else {
      side(points, style, isFirst: true)
      side(points.reversed(), style, isFirst: false)
      close()
    }
  }

  /// The caps of a zero-length contour at `point`, facing along +x and −x.
  private mutating func dot(at point: Point, _ style: StrokeGeometry) {
    guard style.cap != .butt else { return }
    let direction = Point(x: 1, y: 0)
    move(to: offset(point, direction, style.halfWidth))
    cap(at: point, direction: direction, style)
    cap(at: point, direction: -direction, style)
    close()
  }

  /// One side of an open contour (at least two points), to the left of the direction of
  /// travel (+90° from it), with a join at every inner vertex, ending with the cap at the
  /// last point. The first side moves to its start; the second continues the outline.
  private mutating func side(_ points: some RandomAccessCollection<Point>, _ style: StrokeGeometry, isFirst: Bool) {
    let halfWidth = style.halfWidth
    var index = points.startIndex
    let start = points[index]
    index = points.index(after: index)
    var current = points[index]
    var (direction, length) = unit(from: start, to: current)
    let startPoint = offset(start, direction, halfWidth)
    if isFirst { move(to: startPoint) } else { line(to: startPoint) }
    index = points.index(after: index)
    while index != points.endIndex {
      let next = points[index]
      let (nextDirection, nextLength) = unit(from: current, to: next)
      join(at: current, from: direction, to: nextDirection, style, uTurnIsOuter: isFirst, shorterSegment: min(length, nextLength))
      current = next
      (direction, length) = (nextDirection, nextLength)
      index = points.index(after: index)
    }
    line(to: offset(current, direction, halfWidth))
    cap(at: current, direction: direction, style)
  }

  /// One side of a closed contour (at least two points) as a closed outline of its own, with
  /// a join at every vertex, the first point's (where the closing segment meets the first) too.
  private mutating func ring(_ points: some RandomAccessCollection<Point>, _ style: StrokeGeometry, uTurnIsOuter: Bool) {
    let halfWidth = style.halfWidth
    let first = points[points.startIndex]
    var index = points.index(after: points.startIndex)
    var current = points[index]
    let (firstDirection, firstLength) = unit(from: first, to: current)
    var (direction, length) = (firstDirection, firstLength)
    // Starts on the first segment's offset line, which the closing join ends on.
    move(to: offset(first, firstDirection, halfWidth))
    index = points.index(after: index)
    while true {
      let isClosing = index == points.endIndex
      let next = isClosing ? first : points[index]
      let (nextDirection, nextLength) = unit(from: current, to: next)
      join(at: current, from: direction, to: nextDirection, style, uTurnIsOuter: uTurnIsOuter, shorterSegment: min(length, nextLength))
      current = next
      (direction, length) = (nextDirection, nextLength)
      if isClosing { break }
      index = points.index(after: index)
    }
    join(at: first, from: direction, to: firstDirection, style, uTurnIsOuter: uTurnIsOuter, shorterSegment: min(length, firstLength))
    close()
  }

  /// The join at `point` of the segment arriving along `direction` with the one leaving along
  /// `nextDirection`, on the side left of travel: from the arriving segment's offset line to
  /// the leaving one's offset at `point`. On the outside of the turn it is the join's shape;
  /// on the inside it passes through the joint. An exact U-turn has no inside or outside: the
  /// side told `uTurnIsOuter` gets the join (the other side's pass is the same shape, which
  /// would count twice along its edge).
  ///
  /// A gentle turn, as between the chords of a flattened curve, is one point: outside, on the
  /// arc's bisector, at the miter's tip or the bevel's middle; inside,
  /// where the two offset lines cross, when that is within half of the `shorterSegment` of
  /// the two (so the neighbouring joins' crossings cannot pass it). The outline then has one
  /// edge per chord a side instead of four or five, and covers the same pixels.
  private mutating func join(
    at point: Point, from direction: Point, to nextDirection: Point, _ style: StrokeGeometry, uTurnIsOuter: Bool, shorterSegment: Double
  ) {
    let halfWidth = style.halfWidth
    let turn = direction.x * nextDirection.y - direction.y * nextDirection.x
    let cosine = direction.x * nextDirection.x + direction.y * nextDirection.y
    let isUTurn = turn == 0 && cosine < 0
    // The offset lines' crossing: the joint plus the sum of the two normals over 1 + cos θ,
    // halfWidth / cos(θ/2) from it, halfWidth · tan(θ/2) along each segment from the joint.
    let crossing = { (scale: Double) in
      Point(x: point.x - scale * (direction.y + nextDirection.y), y: point.y + scale * (direction.x + nextDirection.x))
    }
    guard turn < 0 || (isUTurn && uTurnIsOuter) else {
      if cosine > 0, halfWidth * turn / (1 + cosine) <= shorterSegment / 2 {
        line(to: crossing(halfWidth / (1 + cosine)))
      } else {
        line(to: offset(point, direction, halfWidth))
        line(to: point)
        line(to: offset(point, nextDirection, halfWidth))
      }
      return
    }
    switch style.join {
    case .round where !isUTurn && cosine >= style.singleChordCosine:
      // The chord's ends are both on the arc: one point, on the bisector, within tolerance.
      line(to: crossing(halfWidth / (2 * (1 + cosine)).squareRoot()))
    case .bevel where cosine >= style.singleChordCosine, .miter where cosine >= style.singleChordCosine && (1 + cosine) * style.miterLimitSquared < 2:
      // The bevel's middle: the corners it cuts off either side are thinner than the arc's.
      line(to: crossing(halfWidth / 2))
    case .round:
      line(to: offset(point, direction, halfWidth))
      // From this segment's normal to the next one's (their offsets' directions).
      arc(
        around: point, radius: halfWidth, from: Point(x: -direction.y, y: direction.x), to: Point(x: -nextDirection.y, y: nextDirection.x),
        sweep: isUTurn ? -.pi : atan2(turn, cosine), chordAngle: style.arcChordAngle)
    case .miter where (1 + cosine) * style.miterLimitSquared >= 2:
      // The tip, on both offset lines.
      line(to: crossing(halfWidth / (1 + cosine)))
    case .miter, .bevel:
      line(to: offset(point, direction, halfWidth))
      line(to: offset(point, nextDirection, halfWidth))
    }
  }

  /// The cap at the end `point` of a segment arriving along `direction`: from `point`'s
  /// offset to the left of travel round to its offset to the right.
  private mutating func cap(at point: Point, direction: Point, _ style: StrokeGeometry) {
    let halfWidth = style.halfWidth
    let other = Point(x: point.x + halfWidth * direction.y, y: point.y - halfWidth * direction.x)
    switch style.cap {
    case .butt:
      line(to: other)
    case .round:
      // Turns from this side's normal through the direction of travel to the other's.
      arc(
        around: point, radius: halfWidth, from: Point(x: -direction.y, y: direction.x), to: Point(x: direction.y, y: -direction.x), sweep: -.pi,
        chordAngle: style.arcChordAngle)
    case .square:
      let ahead = Point(x: halfWidth * direction.x, y: halfWidth * direction.y)
      line(to: offset(point, direction, halfWidth) + ahead)
      line(to: other + ahead)
      line(to: other)
    }
  }

  /// `point` moved `halfWidth` to the left of travel along `direction` (+90° from it).
  @inline(__always)
  private func offset(_ point: Point, _ direction: Point, _ halfWidth: Double) -> Point {
    Point(x: point.x - halfWidth * direction.y, y: point.y + halfWidth * direction.x)
  }

  /// The direction from `a` to `b`, and the distance.
  private func unit(from a: Point, to b: Point) -> (direction: Point, length: Double) {
    let dx = b.x - a.x, dy = b.y - a.y
    let length = (dx * dx + dy * dy).squareRoot()
    return (Point(x: dx / length, y: dy / length), length)
  }
}
