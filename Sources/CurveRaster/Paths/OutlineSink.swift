import CurveGeometry
import Foundation

/// Takes closed outlines point by point: the display list records them, the band renderer
/// turns them into edges. The extension builds the shapes we draw out of `move`, `line` and
/// `close`, each wound the same way throughout (a stroke counter-clockwise on screen, a circle
/// clockwise), so overlapping parts (a stroke's joins, a curve crossing itself) add up and
/// clamp to full coverage instead of cancelling.
protocol OutlineSink {
  mutating func move(to point: Point)
  mutating func line(to point: Point)
  /// Ends the contour with a line back to its first point.
  mutating func close()
}

/// How far the polygon standing in for an arc may stray inside it, in pixels: a 40th of a
/// pixel changes no pixel's coverage by more than about 2/255 along an arc's edge.
let arcTolerance = 0.025

/// The angle one chord of a circle of `radius` may span while staying within `arcTolerance`
/// of it: the sagitta r(1 − cos(θ/2)) equals the tolerance.
func chordAngle(radius: Double) -> Double {
  guard radius > arcTolerance else { return .pi / 2 }
  return 2 * acos(1 - arcTolerance / radius)
}

extension OutlineSink {
  /// Lines along the arc of `radius` around `centre` from angle `from`, turning by `sweep`
  /// radians (positive turns from +x towards +y), ending exactly at its end point. One sine
  /// and cosine an arc: each chord's end is the last one rotated.
  mutating func arc(around centre: Point, radius: Double, from angle: Double, sweep: Double) {
    let steps = max(Int((abs(sweep) / chordAngle(radius: radius)).rounded(.up)), 1)
    let step = sweep / Double(steps), cosine = cos(step), sine = sin(step)
    var x = radius * cos(angle), y = radius * sin(angle)
    for _ in 1..<steps {
      (x, y) = (x * cosine - y * sine, x * sine + y * cosine)
      line(to: Point(x: centre.x + x, y: centre.y + y))
    }
    line(to: Point(x: centre.x + radius * cos(angle + sweep), y: centre.y + radius * sin(angle + sweep)))
  }

  /// A full circle.
  mutating func circle(centre: Point, radius: Double) {
    move(to: Point(x: centre.x + radius, y: centre.y))
    arc(around: centre, radius: radius, from: 0, sweep: 2 * .pi)
    close()
  }

  /// A closed polygon through `points`.
  mutating func polygon(_ points: some Sequence<Point>) {
    var iterator = points.makeIterator()
    guard let first = iterator.next() else { return }
    move(to: first)
    while let point = iterator.next() { line(to: point) }
    close()
  }

  /// The outline of `polyline` (no point repeated) stroked `halfWidth` to each side, with
  /// round joins and caps, as one closed contour: along one side, round the end, back along
  /// the other side, round the start. Each side turns outward through an arc around the
  /// joint and inward through the joint itself, so every part of the stroke winds the same
  /// way. A single point is a dot.
  mutating func stroke(_ polyline: [Point], halfWidth: Double) {
    guard halfWidth > 0, let first = polyline.first else { return }
    guard polyline.count > 1 else { return circle(centre: first, radius: halfWidth) }
    side(polyline, halfWidth: halfWidth, isFirst: true)
    side(polyline.reversed(), halfWidth: halfWidth, isFirst: false)
    close()
  }

  /// One side of a stroke along `points` (at least two, none repeated), to the left of the
  /// direction of travel (+90° from it), ending with the round cap at the last point.
  private mutating func side(_ points: some Collection<Point>, halfWidth: Double, isFirst: Bool) {
    var iterator = points.makeIterator()
    let start = iterator.next()!
    var current = iterator.next()!
    var direction = unit(from: start, to: current)
    let startPoint = Point(x: start.x - halfWidth * direction.y, y: start.y + halfWidth * direction.x)
    if isFirst { move(to: startPoint) } else { line(to: startPoint) }
    while let next = iterator.next() {
      let nextDirection = unit(from: current, to: next)
      line(to: Point(x: current.x - halfWidth * direction.y, y: current.y + halfWidth * direction.x))
      let turn = direction.x * nextDirection.y - direction.y * nextDirection.x
      if turn < 0 {
        // Turning towards this side's outside: round it off.
        let angle = atan2(direction.x, -direction.y)
        let sweep = atan2(turn, direction.x * nextDirection.x + direction.y * nextDirection.y)
        arc(around: current, radius: halfWidth, from: angle, sweep: sweep)
      } else {
        line(to: current)
        line(to: Point(x: current.x - halfWidth * nextDirection.y, y: current.y + halfWidth * nextDirection.x))
      }
      current = next
      direction = nextDirection
    }
    line(to: Point(x: current.x - halfWidth * direction.y, y: current.y + halfWidth * direction.x))
    // The cap turns from this side's normal through the direction of travel to the other's.
    arc(around: current, radius: halfWidth, from: atan2(direction.x, -direction.y), sweep: -.pi)
  }

  private func unit(from a: Point, to b: Point) -> Point {
    let dx = b.x - a.x, dy = b.y - a.y
    let length = (dx * dx + dy * dy).squareRoot()
    return Point(x: dx / length, y: dy / length)
  }
}
