import Glibc

/// A circular arc that stands in for part of a curve (the primer's "Approximating Bézier
/// curves with circular arcs"): the circle through the part's start, middle and end.
public struct CurveArc: Equatable, Sendable {
  /// The circle's centre, or nil for a straight piece (the three points on a line).
  public var centre: Point?
  public var radius: Double
  public var start: Point
  public var end: Point
  /// Where the arc starts on its circle, and how far it turns (negative: clockwise in y-up
  /// terms, the other way on screen), in radians.
  public var startAngle: Double
  public var sweep: Double
  /// The part of the curve it stands in for.
  public var parameters: ClosedRange<Double>
  /// The largest distance from the curve's part to the circle (to the line, when straight).
  public var error: Double

  public init(
    centre: Point?, radius: Double, start: Point, end: Point, startAngle: Double, sweep: Double, parameters: ClosedRange<Double>,
    error: Double
  ) {
    self.centre = centre
    self.radius = radius
    self.start = start
    self.end = end
    self.startAngle = startAngle
    self.sweep = sweep
    self.parameters = parameters
    self.error = error
  }

  /// Points along the arc, `count` steps from start to end (the chord when straight).
  public func points(count: Int) -> [Point] {
    guard let centre else { return [start, end] }
    return (0...count).map { index in
      let angle = startAngle + sweep * Double(index) / Double(count)
      return centre + Point(x: cos(angle), y: sin(angle)) * radius
    }
  }
}

extension Bezier {
  /// The curve as circular arcs, each within `tolerance` of the curve (measured at
  /// `CurveArc.samples` points along its part): from t = 0, each arc reaches as far along as
  /// it can (a bisection on its end's parameter), then the next starts there. At most
  /// `CurveArc.maximumCount` arcs; a tolerance below 1e-9 of the curve's size is raised to it.
  public func arcs(tolerance: Double) -> [CurveArc] {
    let box = tightBounds(), size = max(box.width, box.height)
    let tolerance = max(tolerance, size * 1e-9)
    var arcs: [CurveArc] = []
    var start = 0.0
    while start < 1, arcs.count < CurveArc.maximumCount {
      let whole = arc(from: start, to: 1)
      if whole.error <= tolerance {
        arcs.append(whole)
        break
      }
      // The longest arc that fits: `fitting` fits, `failing` does not.
      var fitting = arc(from: start, to: start + CurveArc.shortestPart), failing = 1.0
      for _ in 0..<CurveArc.bisections {
        let middle = (fitting.parameters.upperBound + failing) / 2
        let candidate = arc(from: start, to: middle)
        if candidate.error <= tolerance {
          fitting = candidate
        } else {
          failing = middle
        }
      }
      arcs.append(fitting)
      start = fitting.parameters.upperBound
    }
    return arcs
  }

  /// The arc through the points at `t0`, halfway and `t1`, and how far the curve strays from it.
  func arc(from t0: Double, to t1: Double) -> CurveArc {
    let t1 = min(t1, 1)
    let a = eval(t0), m = eval((t0 + t1) / 2), b = eval(t1)
    let samples = (1..<CurveArc.samples).map { eval(t0 + (t1 - t0) * Double($0) / Double(CurveArc.samples)) }
    guard let centre = circleCentre(a, m, b) else {
      let error = samples.map { distance(from: $0, toSegment: a, b) }.max() ?? 0
      return CurveArc(centre: nil, radius: .infinity, start: a, end: b, startAngle: 0, sweep: 0, parameters: t0...t1, error: error)
    }
    let radius = centre.distance(to: a)
    let error = samples.map { abs($0.distance(to: centre) - radius) }.max() ?? 0
    let startAngle = atan2(a.y - centre.y, a.x - centre.x)
    func turn(to point: Point) -> Double {
      let angle = atan2(point.y - centre.y, point.x - centre.x) - startAngle
      return angle < 0 ? angle + 2 * .pi : angle
    }
    // The way round from a to b that passes through m.
    let toEnd = turn(to: b), toMiddle = turn(to: m)
    let sweep = toMiddle <= toEnd ? toEnd : toEnd - 2 * .pi
    return CurveArc(centre: centre, radius: radius, start: a, end: b, startAngle: startAngle, sweep: sweep, parameters: t0...t1, error: error)
  }
}

extension CurveArc {
  /// Points checked along each arc's part of the curve.
  static let samples = 16
  /// Bisections of an arc's end: it is found to 2⁻²⁰ of the curve's parameter.
  static let bisections = 20
  /// The shortest part an arc stands in for, when nothing longer fits.
  static let shortestPart = 1.0 / 1_048_576
  public static let maximumCount = 4096
}

/// The centre of the circle through three points; nil when they lie on one line (within
/// rounding of their spread).
func circleCentre(_ a: Point, _ b: Point, _ c: Point) -> Point? {
  let ab = b - a, ac = c - a
  let determinant = 2 * ab.cross(ac)
  guard abs(determinant) > 1e-12 * max(ab.lengthSquared, ac.lengthSquared), determinant.isFinite else { return nil }
  let x = (ac.y * ab.lengthSquared - ab.y * ac.lengthSquared) / determinant
  let y = (ab.x * ac.lengthSquared - ac.x * ab.lengthSquared) / determinant
  return a + Point(x: x, y: y)
}

extension CurveArc {
  /// The arc as one cubic (the primer's "Circular arcs and cubic Béziers"): handles along
  /// the tangents at its ends, 4/3 tan(θ/4) of the radius long for a sweep θ; nil when the
  /// piece is straight.
  public var cubic: Bezier? {
    guard centre != nil else { return nil }
    let handle = 4.0 / 3 * tan(sweep / 4) * radius
    func tangent(at angle: Double) -> Point { Point(x: -sin(angle), y: cos(angle)) }
    let startTangent = tangent(at: startAngle), endTangent = tangent(at: startAngle + sweep)
    return Bezier([start, start + startTangent * handle, end - endTangent * handle, end])
  }

  /// How far that cubic strays from the circle, at `samples` points: for a quarter circle,
  /// 0.027% of the radius.
  public var cubicError: Double {
    guard let cubic, let centre else { return 0 }
    return (0...Self.samples * 4).map { abs(cubic.eval(Double($0) / Double(Self.samples * 4)).distance(to: centre) - radius) }.max() ?? 0
  }
}
