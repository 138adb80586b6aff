import Glibc

/// An elliptical arc given as SVG's `A` command gives it: by its end points, radii, the
/// x axis's rotation and two flags choosing one of four candidate arcs.
///
/// ```swift
/// let arc = EllipticalArc(from: Point(x: 0, y: 0), to: Point(x: 100, y: 0),
///                         radiusX: 50, radiusY: 30, largeArc: false, sweep: true)
/// arc.centerForm?.center            // (50, 0): the radii fit exactly
/// arc.beziers(tolerance: 0.01)      // cubics within 0.01 of the half ellipse
/// ```
///
/// Follows SVG 1.1's implementation notes, appendix F.6: radii are made positive (F.6.6.1),
/// radii too small to reach from one end to the other are scaled up until they just do
/// (F.6.6.2–3), the rotation is taken modulo 360°, and the centre and angles come from the
/// conversion of F.6.5.
public struct EllipticalArc: Equatable, Sendable {
  public var start: Point
  public var end: Point
  public var radiusX: Double
  public var radiusY: Double
  /// The x-axis rotation, in degrees.
  public var rotation: Double
  public var largeArc: Bool
  public var sweep: Bool

  public init(from start: Point, to end: Point, radiusX: Double, radiusY: Double, rotation: Double = 0, largeArc: Bool, sweep: Bool) {
    self.start = start
    self.end = end
    self.radiusX = radiusX
    self.radiusY = radiusY
    self.rotation = rotation
    self.largeArc = largeArc
    self.sweep = sweep
  }

  /// The same arc by its ellipse and the range of the ellipse's parameter angle:
  /// `point(at:)` traces it from `startAngle` to `startAngle + sweepAngle`.
  public struct CenterForm: Equatable, Sendable {
    public var center: Point
    /// The radii actually drawn: positive, and scaled up when the given ones were too small.
    public var radiusX: Double
    public var radiusY: Double
    /// The x-axis rotation, in radians.
    public var rotation: Double
    /// Radians; `sweepAngle` is positive when the sweep flag is 1, and larger than π in size
    /// exactly when the large-arc flag is 1 (both within rounding at exactly π).
    public var startAngle: Double
    public var sweepAngle: Double

    /// center + R(rotation) · (rx cos θ, ry sin θ).
    public func point(at angle: Double) -> Point {
      let (cosine, sine) = (cos(rotation), sin(rotation))
      let x = radiusX * cos(angle), y = radiusY * sin(angle)
      return Point(x: center.x + cosine * x - sine * y, y: center.y + sine * x + cosine * y)
    }
  }

  /// The centre parameterization (F.6.5), or `nil` when the arc is not an arc: its ends
  /// coincide (it draws nothing, F.6.2), a radius is zero (it is the straight line, F.6.2), or
  /// a number is not finite.
  public var centerForm: CenterForm? {
    guard start != end, radiusX != 0, radiusY != 0,
      start.isFinite, end.isFinite, radiusX.isFinite, radiusY.isFinite, rotation.isFinite
    else { return nil }
    var rx = abs(radiusX), ry = abs(radiusY)
    let phi = rotation.truncatingRemainder(dividingBy: 360) * .pi / 180
    let (cosine, sine) = (cos(phi), sin(phi))
    // Step 1: the half chord in the ellipse's axes.
    let halfX = (start.x - end.x) / 2, halfY = (start.y - end.y) / 2
    let x1 = cosine * halfX + sine * halfY
    let y1 = -sine * halfX + cosine * halfY
    // F.6.6.2: Λ > 1 means no ellipse of these radii reaches; scale them until one just does.
    let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
    if lambda > 1 {
      rx *= lambda.squareRoot()
      ry *= lambda.squareRoot()
    }
    // Step 2: the centre in the ellipse's axes. The radicand is ≥ 0 in exact arithmetic once
    // the radii fit; rounding can make it a hair negative when they were just scaled.
    let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
    var root = max(0, numerator / denominator).squareRoot()
    if largeArc == sweep { root = -root }
    let cx1 = root * rx * y1 / ry, cy1 = -root * ry * x1 / rx
    // Step 3: the centre in user space.
    let center = Point(
      x: cosine * cx1 - sine * cy1 + (start.x + end.x) / 2,
      y: sine * cx1 + cosine * cy1 + (start.y + end.y) / 2
    )
    // Step 4: the angles, on the unit circle the ellipse is the image of.
    let startAngle = atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
    var sweepAngle = atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - startAngle
    if sweep, sweepAngle < 0 { sweepAngle += 2 * .pi }
    if !sweep, sweepAngle > 0 { sweepAngle -= 2 * .pi }
    return CenterForm(center: center, radiusX: rx, radiusY: ry, rotation: phi, startAngle: startAngle, sweepAngle: sweepAngle)
  }

  /// The arc as Bézier segments: cubics within `tolerance` of the true arc (two-sided: every
  /// point of either is that close to the other); `[line]` when a radius is zero; `[]` when
  /// the ends coincide. The first segment starts exactly at `start` and the last ends exactly
  /// at `end`; consecutive cubics share their joining point.
  ///
  /// Each cubic covers an equal part of the sweep, at most 90°, and there are as many as
  /// `maximumDeviation(radius:angle:)` needs to stay within `tolerance`, which is checked, not
  /// assumed. A tolerance below 1e-9 of the larger radius (or not positive) is raised to it:
  /// rounding in the centre's computation is already about that large.
  public func beziers(tolerance: Double = 0.01) -> [Bezier] {
    guard start != end else { return [] }
    guard let form = centerForm else { return [Bezier([start, end])!] }
    let radius = max(form.radiusX, form.radiusY)
    let floor = radius * 1e-9
    let tolerance = tolerance > floor ? tolerance : floor
    var count = max(1, Int((abs(form.sweepAngle) / (.pi / 2)).rounded(.up)))
    // The deviation falls as count⁻⁶, so a few steps reach any tolerance above the floor; the
    // cap only stops a loop on radii so large that the bound overflows.
    while Self.maximumDeviation(radius: radius, angle: abs(form.sweepAngle) / Double(count)) > tolerance, count < 1024 {
      count += 1
    }
    let step = form.sweepAngle / Double(count)
    // The cubic of the unit circle's arc from θ to θ + step has handles of length
    // k = 4/3·tan(step/4) along the tangents, which puts its midpoint on the circle; the
    // ellipse's cubic is its image under the same affine map (x, y) ↦ c + R·(rx·x, ry·y).
    let k = 4.0 / 3.0 * tan(step / 4)
    let (cosine, sine) = (cos(form.rotation), sin(form.rotation))
    func map(_ x: Double, _ y: Double) -> Point {
      let x = form.radiusX * x, y = form.radiusY * y
      return Point(x: form.center.x + cosine * x - sine * y, y: form.center.y + sine * x + cosine * y)
    }
    var cubics: [Bezier] = []
    var from = start
    for index in 0..<count {
      let angle0 = form.startAngle + step * Double(index), angle1 = angle0 + step
      let (cos0, sin0, cos1, sin1) = (cos(angle0), sin(angle0), cos(angle1), sin(angle1))
      let to = index == count - 1 ? end : map(cos1, sin1)
      cubics.append(Bezier([from, map(cos0 - k * sin0, sin0 + k * cos0), map(cos1 + k * sin1, sin1 - k * cos1), to])!)
      from = to
    }
    return cubics
  }

  /// The largest distance between the arc of `angle` radians (0 < angle ≤ π) on an ellipse
  /// whose larger radius is `radius` and the cubic `beziers` draws for it.
  ///
  /// For the unit circle, that cubic's distance from the centre exceeds 1 by at most
  /// (2/27)·sin⁶(angle/4)/cos²(angle/4) (the closed form of max |B(t)| − 1 for handles
  /// k = 4/3·tan(angle/4); never below 1), e.g. 2.7e-4 for a quarter circle, the familiar
  /// 0.027%. Every cubic point is that close to the circle point in its direction, which is on
  /// the arc, and every arc point has a cubic point in its direction. The ellipse's cubic is
  /// the circle's under a linear map stretching by at most `radius`, so both distances grow
  /// by at most that factor. `EllipticalArcTests` samples random arcs against this bound.
  public static func maximumDeviation(radius: Double, angle: Double) -> Double {
    let quarter = angle / 4
    return radius * (2 * pow(sin(quarter), 6) / (27 * cos(quarter) * cos(quarter)))
  }
}
