import CurveGeometry
import Glibc

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
    let start = Point(x: cos(angle), y: sin(angle)), end = Point(x: cos(angle + sweep), y: sin(angle + sweep))
    arc(around: centre, radius: radius, from: start, to: end, sweep: sweep, chordAngle: chordAngle(radius: radius))
  }

  /// The same arc given by the unit vectors from `centre` to its ends, in chords spanning at
  /// most `chordAngle` (`chordAngle(radius:)`): a stroke knows its joins' and caps' ends and
  /// its chord angle, and so pays for the step's sine and cosine alone (the ends' angles and
  /// the chord angle cost five more calls a join, a tenth of 10,000 playing stars' recording).
  mutating func arc(around centre: Point, radius: Double, from start: Point, to end: Point, sweep: Double, chordAngle: Double) {
    let steps = max(Int((abs(sweep) / chordAngle).rounded(.up)), 1)
    if steps > 1 {
      let step = sweep / Double(steps), cosine = cos(step), sine = sin(step)
      var x = radius * start.x, y = radius * start.y
      for _ in 1..<steps {
        (x, y) = (x * cosine - y * sine, x * sine + y * cosine)
        line(to: Point(x: centre.x + x, y: centre.y + y))
      }
    }
    line(to: Point(x: centre.x + radius * end.x, y: centre.y + radius * end.y))
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
}
