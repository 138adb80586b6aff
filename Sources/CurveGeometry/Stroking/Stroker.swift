import Foundation

/// How to draw a line: its width, the width of its anti-aliasing feather, its colour.
public struct StrokeStyle: Hashable, Sendable {
  /// Full width, in document units: the feather is centred on each edge.
  public var width: Double
  /// Width of the band over which alpha falls from the colour's to 0 at each edge.
  public var feather: Double
  public var color: Color

  public init(width: Double, feather: Double = 1, color: Color) {
    self.width = width
    self.feather = feather
    self.color = color
  }

  /// Distance from the centre line to where the opaque core ends.
  var coreRadius: Double { max(0, (width - feather) / 2) }
  /// Distance from the centre line to the outer, fully transparent edge.
  var outerRadius: Double { max(width, feather) / 2 + feather / 2 }
}

extension StrokeMesh {
  /// Appends a stroke along `polyline`: an opaque core, feathered edges (alpha falling to 0
  /// at `style.outerRadius`), round joins and round caps. Round joins have no miter, so a
  /// 180-degree turn makes a half disc rather than a spike, and the outside of every turn is
  /// filled, so there are no gaps. Repeated points are skipped. Arcs use steps of at most 30
  /// degrees, which keeps their chords within 3.4% of the radius.
  public mutating func appendStroke(of polyline: [Point], style: StrokeStyle) {
    var points: [Point] = []
    points.reserveCapacity(polyline.count)
    for point in polyline where point.isFinite && points.last.map({ $0.distance(to: point) > 1e-9 }) ?? true {
      points.append(point)
    }
    guard style.width > 0, style.width.isFinite, style.feather >= 0, style.feather.isFinite else { return }
    guard points.count >= 2 else {
      if let dot = points.first { appendArc(around: dot, from: Point(x: 1, y: 0), sweep: 2 * .pi, style: style) }
      return
    }
    for index in 0..<(points.count - 1) {
      appendSegment(from: points[index], to: points[index + 1], style: style)
    }
    for index in 1..<(points.count - 1) {
      appendJoin(at: points[index], from: points[index] - points[index - 1], to: points[index + 1] - points[index], style: style)
    }
    let startDirection = (points[1] - points[0]).normalized
    appendArc(around: points[0], from: startDirection.perpendicular, sweep: .pi, style: style)
    let endDirection = (points[points.count - 1] - points[points.count - 2]).normalized
    appendArc(around: points[points.count - 1], from: -endDirection.perpendicular, sweep: .pi, style: style)
  }

  /// A segment: three bands across it, feather, core, feather. No temporary arrays: this
  /// runs for every segment of every curve drawn.
  private mutating func appendSegment(from a: Point, to b: Point, style: StrokeStyle) {
    let normal = (b - a).normalized.perpendicular
    let clear = style.color.withOpacity(0)
    let outer = normal * style.outerRadius, core = normal * style.coreRadius
    let startOuterLeft = addVertex(a - outer, clear), endOuterLeft = addVertex(b - outer, clear)
    let startCoreLeft = addVertex(a - core, style.color), endCoreLeft = addVertex(b - core, style.color)
    let startCoreRight = addVertex(a + core, style.color), endCoreRight = addVertex(b + core, style.color)
    let startOuterRight = addVertex(a + outer, clear), endOuterRight = addVertex(b + outer, clear)
    addQuad(startOuterLeft, endOuterLeft, endCoreLeft, startCoreLeft)
    addQuad(startCoreLeft, endCoreLeft, endCoreRight, startCoreRight)
    addQuad(startCoreRight, endCoreRight, endOuterRight, startOuterRight)
  }

  /// Fills the outside of the turn between two segments with an arc around the vertex.
  private mutating func appendJoin(at point: Point, from incoming: Point, to outgoing: Point, style: StrokeStyle) {
    let d0 = incoming.normalized, d1 = outgoing.normalized
    let turn = d0.cross(d1)
    // The outside of a left turn (turn > 0, y up) is the right side, -normal, and vice versa;
    // a reversal (turn == 0, d1 == -d0) may go round either side.
    let side: Double = turn >= 0 ? -1 : 1
    let from = d0.perpendicular * side, to = d1.perpendicular * side
    // Sweep from `from` to `to` through the direction of travel d0 (the outside corner).
    let direction: Double = from.cross(d0) >= 0 ? 1 : -1
    var sweep = atan2(from.cross(to), from.dot(to))
    if direction > 0 && sweep < 0 { sweep += 2 * .pi }
    if direction < 0 && sweep > 0 { sweep -= 2 * .pi }
    if abs(sweep) < 1e-9 { return }
    appendArc(around: point, from: from, sweep: sweep, style: style)
  }

  /// A fan around `center` from the unit vector `from`, turning by `sweep` radians: an opaque
  /// sector out to the core radius and a feather ring around it.
  private mutating func appendArc(around center: Point, from: Point, sweep: Double, style: StrokeStyle) {
    let steps = max(1, Int((abs(sweep) / (Double.pi / 6)).rounded(.up)))
    let clear = style.color.withOpacity(0)
    let middle = addVertex(center, style.color)
    var previousCore: Int32 = -1, previousOuter: Int32 = -1
    for step in 0...steps {
      let angle = sweep * Double(step) / Double(steps)
      let (sine, cosine) = (sin(angle), cos(angle))
      let direction = Point(x: from.x * cosine - from.y * sine, y: from.x * sine + from.y * cosine)
      let core = addVertex(center + direction * style.coreRadius, style.color)
      let outer = addVertex(center + direction * style.outerRadius, clear)
      if step > 0 {
        addTriangle(middle, previousCore, core)
        addQuad(previousCore, previousOuter, outer, core)
      }
      (previousCore, previousOuter) = (core, outer)
    }
  }
}
