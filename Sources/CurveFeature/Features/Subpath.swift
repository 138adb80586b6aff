import Composable
import CurveGeometry
import Foundation

/// One chain of Bézier segments that share their end points, open or closed: what SVG writes
/// as one `M…` run of a path.
///
/// ```swift
/// EmptyReducer<Curve.State, Curve.Action>()
///   .forEach(\.subpaths, action: \.subpaths) { Subpath() }
/// ```
///
/// Its points are nodes (on the curve: `node` is set) and the control points between them;
/// each run from a node to the next is one segment, a Bézier of its own degree (up to
/// `Subpath.pointsPerSegment` points). The first and last points of an open subpath are
/// nodes. A closed subpath's last segment runs from its last node through the points after it
/// back to its first point.
public struct Subpath: Reducer {
  /// At most this many points in one segment, its two end nodes included: degree 15.
  public static let pointsPerSegment = Document.pointsPerSegment

  public struct State: Equatable, Identifiable, Sendable {
    public let id: UUID
    public var isClosed: Bool
    public var points: IdentifiedArrayOf<ControlPoint.State>

    public init(id: UUID, isClosed: Bool = false, points: IdentifiedArrayOf<ControlPoint.State>) {
      self.id = id
      self.isClosed = isClosed
      self.points = points
    }

    /// The indices of the points that start a segment: every node, and the first point
    /// (always a node in a saved document; a subpath of control points alone is one segment).
    public var segmentStarts: [Int] {
      var starts = [0]
      for index in points.indices.dropFirst() where points[index].node != nil {
        if isClosed || index < points.count - 1 { starts.append(index) }
      }
      return starts
    }

    /// Each segment's control points, node to node, in order; a closed subpath's last one
    /// comes back to the first point.
    public var segmentControlPoints: [[Point]] { segmentControlPoints { $0 } }

    /// `segmentControlPoints`, each point through `map` (to the screen, say) as it is
    /// gathered: a drawing maps every segment of every curve each frame, an array each.
    public func segmentControlPoints(_ map: (Point) -> Point) -> [[Point]] {
      guard points.count >= 2 else { return [] }
      let starts = segmentStarts
      var segments: [[Point]] = []
      segments.reserveCapacity(starts.count)
      for (number, start) in starts.enumerated() {
        let isLast = number == starts.count - 1
        let end = isLast ? points.count - 1 : starts[number + 1]
        var segment: [Point] = []
        segment.reserveCapacity(end - start + 2)
        for index in start...end { segment.append(map(points[index].position)) }
        if isLast, isClosed { segment.append(map(points[0].position)) }
        if segment.count >= 2 { segments.append(segment) }
      }
      return segments
    }

    /// Each segment as a Bézier curve.
    public var segments: [Bezier] { segmentControlPoints.compactMap(Bezier.init) }

    /// Whether any point has a weight other than 1: then some segment may be rational.
    public var hasWeights: Bool { points.contains { $0.weight != nil } }

    /// Segment `index` as a rational curve, when its points' weights differ (nil when they
    /// are all the same: the plain curve).
    public func rationalSegment(_ index: Int, controlPoints: [Point]) -> RationalBezier? {
      guard hasWeights else { return nil }
      return rationalSegment(index, controlPoints: controlPoints, starts: segmentStarts)
    }

    /// Every segment as `rationalSegment` gives it, one for each of `controlPoints` (the
    /// segments' own, or mapped to the screen): the weights and the segments' starts looked
    /// for once, not once a segment, as a drawing of every segment needs them.
    public func rationalSegments(_ controlPoints: [[Point]]) -> [RationalBezier?] {
      guard hasWeights else { return Array(repeating: nil, count: controlPoints.count) }
      let starts = segmentStarts
      return controlPoints.enumerated().map { rationalSegment($0.offset, controlPoints: $0.element, starts: starts) }
    }

    private func rationalSegment(_ index: Int, controlPoints: [Point], starts: [Int]) -> RationalBezier? {
      guard starts.indices.contains(index) else { return nil }
      let end = index + 1 < starts.count ? starts[index + 1] : points.count - 1
      var weights = points[starts[index]...end].map { $0.weight ?? 1 }
      if index + 1 == starts.count, isClosed { weights.append(points[0].weight ?? 1) }
      guard weights.count == controlPoints.count, !weights.allSatisfy({ $0 == weights[0] }) else { return nil }
      return RationalBezier(controlPoints, weights: weights)
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case points(IdentifiedActionOf<ControlPoint>)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.points, action: \.points) { ControlPoint() }
  }
}
