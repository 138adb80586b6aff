/// A B-spline of any degree with a knot vector of its own and, optionally, a weight at each
/// control point (a NURBS curve): the primer's "B-Splines" chapter, beyond the uniform cubic
/// of the textbooks' first figures.
///
/// The curve runs over the domain knots[degree] … knots[count] (count control points). On
/// the span knots[k] ≤ u < knots[k + 1] it is the blend of control points k − degree … k,
/// found by de Boor's construction (in homogeneous coordinates (w P, w) when weighted). A
/// knot inserted (Boehm) changes the control points, not the curve; with every knot in the
/// domain `degree` times over, each span's control points are its Bézier segment's, which is
/// how `bezierSegments()` writes the spline exactly.
///
/// ```swift
/// let knots = BSpline.openUniformKnots(count: points.count, degree: 3)
/// let spline = BSpline(degree: 3, controlPoints: points, knots: knots)!
/// spline.eval(0.5)
/// spline.bezierSegments()   // the same curve, as Bézier segments
/// ```
public struct BSpline: Equatable, Sendable {
  public let degree: Int
  public let controlPoints: [Point]
  public let knots: [Double]
  /// One a control point, all 1 for a plain (non-rational) spline.
  public let weights: [Double]

  /// Nil unless there are more control points than the degree (at least 1), one knot more
  /// than control points and degree together, the knots never decrease and the domain is not
  /// empty, and every weight (when given) is a finite number above 0.
  public init?(degree: Int, controlPoints: [Point], knots: [Double], weights: [Double]? = nil) {
    let weights = weights ?? Array(repeating: 1, count: controlPoints.count)
    guard degree >= 1, controlPoints.count > degree, knots.count == controlPoints.count + degree + 1,
      weights.count == controlPoints.count, weights.allSatisfy({ $0.isFinite && $0 > 0 }),
      knots.allSatisfy(\.isFinite), controlPoints.allSatisfy(\.isFinite),
      zip(knots, knots.dropFirst()).allSatisfy({ $0 <= $1 }), knots[degree] < knots[controlPoints.count]
    else { return nil }
    self.degree = degree
    self.controlPoints = controlPoints
    self.knots = knots
    self.weights = weights
  }

  /// 0, 1, 2, … : each control point's influence alike; the curve starts and ends away from
  /// the first and last control points.
  public static func uniformKnots(count: Int, degree: Int) -> [Double] {
    (0..<(count + degree + 1)).map(Double.init)
  }

  /// `degree` + 1 knots at 0 and at 1 and the others evenly between ("clamped"): the curve
  /// starts on its first control point and ends on its last.
  public static func openUniformKnots(count: Int, degree: Int) -> [Double] {
    let inner = count - degree - 1
    return Array(repeating: 0, count: degree + 1) + (0..<max(inner, 0)).map { Double($0 + 1) / Double(inner + 1) }
      + Array(repeating: 1, count: degree + 1)
  }

  /// The parameters the curve is drawn over.
  public var domain: ClosedRange<Double> { knots[degree]...knots[controlPoints.count] }

  /// Whether every weight is the same: then the curve is polynomial on each span.
  public var isPolynomial: Bool { weights.allSatisfy { $0 == weights[0] } }

  /// The span of `u` (clamped to the domain): k with knots[k] ≤ u < knots[k + 1], the last
  /// non-empty span at the domain's end.
  public func span(at u: Double) -> Int {
    let count = controlPoints.count
    if u >= knots[count] {
      var k = count - 1
      while k > degree, knots[k] == knots[k + 1] { k -= 1 }
      return k
    }
    var k = degree
    while k + 1 < count, knots[k + 1] <= u { k += 1 }
    return k
  }

  /// De Boor's construction at `u`: the span's degree + 1 control points, then each level's
  /// blends, down to the point on the curve (each divided by its weight when weighted).
  public func deBoorLevels(at u: Double) -> [[Point]] {
    let u = min(max(u, domain.lowerBound), domain.upperBound)
    let k = span(at: u), p = degree
    var level = (0...p).map { j in (point: controlPoints[k - p + j] * weights[k - p + j], weight: weights[k - p + j]) }
    var levels = [level.map { $0.point / $0.weight }]
    for r in 1...p {
      // Point j of level r blends j − 1 and j of level r − 1, over the knots of i = k − p + j.
      var next: [(point: Point, weight: Double)] = []
      for j in r...p {
        let i = k - p + j
        let span = knots[i + p - r + 1] - knots[i]
        let alpha = span > 0 ? (u - knots[i]) / span : 0
        let a = level[j - r], b = level[j - r + 1]
        next.append((a.point * (1 - alpha) + b.point * alpha, a.weight * (1 - alpha) + b.weight * alpha))
      }
      level = next
      levels.append(level.map { $0.point / $0.weight })
    }
    return levels
  }

  public func eval(_ u: Double) -> Point { deBoorLevels(at: u).last![0] }

  /// The same curve with the knot `u` inserted once (Boehm): one control point more, the
  /// ones the span of `u` reaches blended anew.
  public func inserting(knot u: Double) -> BSpline {
    let k = span(at: u), p = degree
    var points: [Point] = [], newWeights: [Double] = []
    for i in 0...controlPoints.count {
      if i <= k - p {
        points.append(controlPoints[i] * weights[i])
        newWeights.append(weights[i])
      } else if i > k {
        points.append(controlPoints[i - 1] * weights[i - 1])
        newWeights.append(weights[i - 1])
      } else {
        let span = knots[i + p] - knots[i]
        let alpha = span > 0 ? (u - knots[i]) / span : 0
        let a = controlPoints[i - 1] * weights[i - 1], b = controlPoints[i] * weights[i]
        points.append(a * (1 - alpha) + b * alpha)
        newWeights.append(weights[i - 1] * (1 - alpha) + weights[i] * alpha)
      }
    }
    var newKnots = knots
    newKnots.insert(u, at: k + 1)
    return BSpline(degree: p, controlPoints: zip(points, newWeights).map { $0 / $1 }, knots: newKnots, weights: newWeights)!
  }

  /// The curve over its domain as Bézier segments, exactly: every knot in the domain (its
  /// ends too) inserted until it is there `degree` times, then each non-empty span's
  /// control points and weights. Rational segments where the weights differ.
  public func bezierSegments() -> [(controlPoints: [Point], weights: [Double])] {
    var spline = self
    for value in Set(knots.filter { domain.contains($0) }).sorted() {
      while spline.knots.filter({ $0 == value }).count < degree { spline = spline.inserting(knot: value) }
    }
    var segments: [(controlPoints: [Point], weights: [Double])] = []
    for k in spline.degree..<spline.controlPoints.count where spline.knots[k] < spline.knots[k + 1] {
      let range = (k - spline.degree)...k
      segments.append((Array(spline.controlPoints[range]), Array(spline.weights[range])))
    }
    return segments
  }
}
