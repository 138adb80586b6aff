import CurveGeometry
import FoundationEssentials

/// A curve drawn as a B-spline: its degree, control points, knot vector and weights (a NURBS
/// curve when they differ), as the primer's B-spline chapter has it. The document keeps it on
/// its curve (`CurveRecord.spline`) beside the curve's subpath, which is the same curve as
/// exact Bézier segments (`subpath(reusing:makeID:)`), so every reader that knows only
/// Bézier paths draws it right.
///
/// ```json
/// "spline": { "degree": 3, "knots": [0, 0, 0, 0, 0.5, 1, 1, 1, 1],
///             "points": [ { "x": 10, "y": 80 }, { "x": 40, "y": 10, "weight": 2 }, … ] }
/// ```
///
/// Open, the curve runs over the knots' domain (knots[degree] … knots[count]); with
/// open-uniform knots it starts on the first control point and ends on the last. Closed
/// (`"closed": true`), the control points wrap around `degree` times and the knots are
/// uniform: a periodic spline, smooth all the way round.
public struct Spline: Equatable, Sendable {
  public var degree: Int
  public var isClosed: Bool
  public var points: [Point]
  /// One a control point, each in `PointWeight.range`; all 1 for a plain B-spline.
  public var weights: [Double]
  /// Open: one knot more than control points and degree together, never decreasing. Closed:
  /// the uniform knots of the wrapped points (`points.count + 2 × degree + 1` of them).
  public var knots: [Double]

  /// Degree 15 at most: each Bézier segment has at most `Document.pointsPerSegment` points.
  public static let degrees = 1...15
  /// A spline of more control points than this is not drawn by hand; it bounds the Bézier
  /// points a hostile file's spline turns into (each span gives `degree` of them).
  public static let maximumPoints = 256

  /// The knot vectors the window offers.
  public enum KnotKind: String, Equatable, Sendable, CaseIterable {
    /// 0, 1, 2, …: the curve starts and ends away from the end control points.
    case uniform
    /// `degree + 1` knots at each end ("clamped"): the curve starts and ends on them.
    case openUniform = "open uniform"
    /// Knots moved by hand.
    case custom
  }

  public init(degree: Int, points: [Point], weights: [Double]? = nil, knots: [Double]? = nil, isClosed: Bool = false) {
    self.degree = degree
    self.isClosed = isClosed
    self.points = points
    self.weights = weights ?? Array(repeating: 1, count: points.count)
    self.knots = knots ?? (isClosed ? Self.closedKnots(count: points.count, degree: degree) : BSpline.openUniformKnots(count: points.count, degree: degree))
  }

  /// The B-spline the pen's B-spline mode makes of its clicks: cubic (of a lower degree for
  /// fewer than four clicks), open uniform, or periodic when closed; nil for fewer than two
  /// clicks, or three when closed.
  public static func pen(_ clicks: [Point], closed: Bool) -> Spline? {
    guard clicks.count >= (closed ? 3 : 2) else { return nil }
    return Spline(degree: min(3, clicks.count - 1), points: clicks, isClosed: closed)
  }

  /// A closed spline's knots: uniform over its points wrapped `degree` times.
  public static func closedKnots(count: Int, degree: Int) -> [Double] {
    BSpline.uniformKnots(count: count + degree, degree: degree)
  }

  /// What is wrong with the spline, for an error message; nil when it is a curve.
  public var problem: String? {
    guard Self.degrees.contains(degree) else { return "its degree \(degree) is not 1 to \(Self.degrees.upperBound)" }
    guard points.count <= Self.maximumPoints else { return "it has \(points.count) control points; at most \(Self.maximumPoints) are allowed" }
    let fewest = isClosed ? max(3, degree) : degree + 1
    guard points.count >= fewest else { return "a\(isClosed ? " closed" : "") spline of degree \(degree) needs at least \(fewest) control points, not \(points.count)" }
    guard points.allSatisfy(\.isFinite) else { return "a control point has a coordinate that is not a finite number" }
    guard weights.count == points.count, weights.allSatisfy({ PointWeight.range.contains($0) }) else {
      return "a weight is not a number from \(PointWeight.range.lowerBound) to \(PointWeight.range.upperBound)"
    }
    if isClosed {
      guard knots == Self.closedKnots(count: points.count, degree: degree) else { return "a closed spline's knots are uniform: leave them out" }
    } else {
      let needed = points.count + degree + 1
      guard knots.count == needed else { return "it needs \(needed) knots (control points + degree + 1), not \(knots.count)" }
      guard knots.allSatisfy(\.isFinite), zip(knots, knots.dropFirst()).allSatisfy({ $0 <= $1 }) else { return "its knots must be finite and never decrease" }
      guard knots[degree] < knots[points.count] else { return "its knots leave no span to draw (knots[degree] must be below knots[count])" }
      // A knot inside the curve more than `degree` times over would break it in two.
      let inside = knots.filter { $0 > knots[degree] && $0 < knots[points.count] }
      guard Dictionary(grouping: inside, by: { $0 }).values.allSatisfy({ $0.count <= degree }) else {
        return "a knot inside the curve is repeated more than \(degree) times (the degree), which breaks the curve"
      }
    }
    return nil
  }

  /// The spline as `BSpline` computes it: a closed one's points wrapped round; nil when it
  /// has a `problem`.
  public var bSpline: BSpline? {
    guard problem == nil else { return nil }
    if isClosed {
      return BSpline(degree: degree, controlPoints: points + points.prefix(degree), knots: knots, weights: weights + weights.prefix(degree))
    }
    return BSpline(degree: degree, controlPoints: points, knots: knots, weights: weights)
  }

  /// Which of the window's knot vectors the knots are.
  public var knotKind: KnotKind {
    if isClosed || knots == BSpline.uniformKnots(count: points.count, degree: degree) { return .uniform }
    if knots == BSpline.openUniformKnots(count: points.count, degree: degree) { return .openUniform }
    return .custom
  }

  /// The spline with uniform or open-uniform knots (a closed one's stay uniform).
  public func withKnots(_ kind: KnotKind) -> Spline {
    var spline = self
    switch kind {
    case _ where isClosed: spline.knots = Self.closedKnots(count: points.count, degree: degree)
    case .uniform: spline.knots = BSpline.uniformKnots(count: points.count, degree: degree)
    case .openUniform, .custom: spline.knots = BSpline.openUniformKnots(count: points.count, degree: degree)
    }
    return spline
  }

  /// The spline of another degree over the same control points, its knots of the same kind
  /// (hand-moved knots become open uniform); nil when the degree is out of range or needs
  /// more control points.
  public func withDegree(_ newDegree: Int) -> Spline? {
    var spline = self
    spline.degree = newDegree
    spline = spline.withKnots(knotKind)
    return spline.problem == nil ? spline : nil
  }

  /// The spline with knot `index` moved to `value`, kept between its neighbours, and inside
  /// the domain's ends while it is one of them (so a span is never left empty of them all);
  /// a closed spline's knots do not move.
  public func movingKnot(_ index: Int, to value: Double) -> Spline {
    guard !isClosed, knots.indices.contains(index), value.isFinite else { return self }
    var spline = self
    let low = index > 0 ? knots[index - 1] : -Double.infinity, high = index + 1 < knots.count ? knots[index + 1] : Double.infinity
    spline.knots[index] = min(max(value, low), high)
    return spline.problem == nil ? spline : self
  }

  /// The spline without control point `index`, its knots of the same kind (hand-moved ones
  /// become open uniform); nil when too few would be left for its degree.
  public func removingPoint(_ index: Int) -> Spline? {
    guard points.indices.contains(index) else { return nil }
    var spline = self
    let kind = knotKind
    spline.points.remove(at: index)
    spline.weights.remove(at: index)
    spline.knots = Array(knots.dropLast())
    spline = spline.withKnots(kind)
    return spline.problem == nil ? spline : nil
  }

  /// The same curve with the knot `u` inserted (Boehm's insertion: one control point more,
  /// those of the span of `u` blended anew); nil for a closed spline (its knots stay
  /// uniform) or a `u` outside the domain's inside.
  public func insertingKnot(_ u: Double) -> Spline? {
    guard !isClosed, u > domain.lowerBound, u < domain.upperBound, points.count < Self.maximumPoints, let bSpline else { return nil }
    let inserted = bSpline.inserting(knot: u)
    let spline = Spline(degree: degree, points: inserted.controlPoints, weights: inserted.weights, knots: inserted.knots)
    return spline.problem == nil ? spline : nil
  }

  /// The parameters the curve is drawn over.
  public var domain: ClosedRange<Double> { knots[degree]...knots[isClosed ? points.count + degree : points.count] }

  /// The curve as exact Bézier segments, each with its weights (rational where they differ),
  /// and the knot span it covers; empty when the spline has a `problem`.
  public var bezierSegments: [(controlPoints: [Point], weights: [Double], span: ClosedRange<Double>)] {
    guard let bSpline else { return [] }
    return zip(bSpline.bezierSegments(), spans).map { ($0.0.controlPoints, $0.0.weights, $0.1) }
  }

  /// The knot spans the curve is drawn over, in order, each one Bézier segment.
  public var spans: [ClosedRange<Double>] {
    let domain = domain
    return zip(knots, knots.dropFirst()).filter { $0.0 < $0.1 && $0.0 >= domain.lowerBound && $0.1 <= domain.upperBound }.map { $0.0...$0.1 }
  }

  /// The spline's parameter u at the point `t` of its Bézier segment `segment`.
  public func parameter(segment: Int, t: Double) -> Double {
    let spans = spans
    guard spans.indices.contains(segment) else { return domain.lowerBound }
    let span = spans[segment]
    return span.lowerBound + (span.upperBound - span.lowerBound) * t
  }

  /// The curve as the subpath the document keeps beside it: exact Bézier segments, a node at
  /// each span's end, smooth where the spline is (a knot of fewer than `degree` copies),
  /// weights where they are not 1. Its points keep `ids` when there are as many (an edit of
  /// the spline keeps the subpath's ids); else `makeID` names them.
  public func subpath(reusing ids: [UUID] = [], makeID: () -> UUID) -> Document.SubpathRecord {
    let segments = bezierSegments
    var records: [Document.PointRecord] = []
    // Named below, once their number is known.
    let unnamed = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    func add(_ point: Point, weight: Double, node: NodeType?) {
      records.append(Document.PointRecord(id: unnamed, x: point.x, y: point.y, node: node, weight: weight == 1 ? nil : weight))
    }
    for (index, segment) in segments.enumerated() {
      if index == 0 { add(segment.controlPoints[0], weight: segment.weights[0], node: isClosed ? joint(at: segment.span.lowerBound) : .corner) }
      for inner in 1..<degree { add(segment.controlPoints[inner], weight: segment.weights[inner], node: nil) }
      if isClosed, index == segments.count - 1 { break }
      let last = index == segments.count - 1
      add(segment.controlPoints[degree], weight: segment.weights[degree], node: last ? .corner : joint(at: segment.span.upperBound))
    }
    let keepsIDs = ids.count == records.count
    for index in records.indices { records[index].id = keepsIDs ? ids[index] : makeID() }
    return Document.SubpathRecord(closed: isClosed, points: records)
  }

  /// A node inside the curve: smooth where the curve's tangent turns smoothly through it.
  private func joint(at knot: Double) -> NodeType {
    let copies = isClosed ? 1 : knots.filter { $0 == knot }.count
    return degree - copies >= 1 ? .smooth : .corner
  }
}

extension Spline: Encodable {
  private enum CodingKeys: String, CodingKey { case degree, closed, knots, points }
  private enum PointKeys: String, CodingKey { case x, y, weight }

  /// A closed spline's knots, always uniform, are left out; so is a weight of 1.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(degree, forKey: .degree)
    if isClosed { try container.encode(true, forKey: .closed) } else { try container.encode(knots, forKey: .knots) }
    var list = container.nestedUnkeyedContainer(forKey: .points)
    for (point, weight) in zip(points, weights) {
      var entry = list.nestedContainer(keyedBy: PointKeys.self)
      try entry.encode(point.x, forKey: .x)
      try entry.encode(point.y, forKey: .y)
      if weight != 1 { try entry.encode(weight, forKey: .weight) }
    }
  }
}
