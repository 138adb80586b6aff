import CurveGeometry
import Foundation

/// How the pen turns clicks into a path, as Inkscape's pen offers it.
public enum PenMode: String, Equatable, Sendable, CaseIterable {
  /// A click is a corner node; a drag pulls a smooth node's handles.
  case bezier
  /// Each click is a node the curve passes through, its handles Catmull-Rom's tangents.
  case throughPoints
  /// Each click is a control point of a cubic B-spline (`Spline.pen`): open uniform, or
  /// periodic when closed.
  case bSpline
  /// Straight lines from click to click.
  case straight
  /// The primer's curve from three points: a start, a point on the curve, an end, then a
  /// point and an end for each next segment; a quadratic through each three, or a cubic.
  case threePoints
  case threePointsCubic

  /// The tool bar's name for it.
  public var title: String {
    switch self {
    case .bezier: "Bézier"
    case .throughPoints: "Through points"
    case .bSpline: "B-spline"
    case .straight: "Straight lines"
    case .threePoints: "3 points"
    case .threePointsCubic: "3 points, cubic"
    }
  }

  /// The degree of the three-point modes' segments; nil for the other modes.
  public var threePointDegree: Int? {
    switch self {
    case .threePoints: 2
    case .threePointsCubic: 3
    default: nil
    }
  }
}

/// A node the pen has laid down, with its handles (document units; nil where a handle sits
/// on the node).
public struct PenNode: Equatable, Sendable {
  public var point: Point
  public var handleIn: Point?
  public var handleOut: Point?
  /// Symmetric once a drag pulled both handles; corner for a click or an Alt-drag (a cusp).
  public var type: NodeType

  public init(point: Point, handleIn: Point? = nil, handleOut: Point? = nil, type: NodeType = .corner) {
    self.point = point
    self.handleIn = handleIn
    self.handleOut = handleOut
    self.type = type
  }
}

/// The open subpath a pen path extends: started on one of its end nodes.
public struct PenContinuation: Equatable, Sendable {
  public var curve: UUID
  public var subpath: UUID
  /// Started on the subpath's first node: the subpath is reversed before the new nodes go on.
  public var atStart: Bool
  /// The subpath's other end: clicking it closes the subpath.
  public var otherEnd: Point

  public init(curve: UUID, subpath: UUID, atStart: Bool, otherEnd: Point) {
    self.curve = curve
    self.subpath = subpath
    self.atStart = atStart
    self.otherEnd = otherEnd
  }
}

/// The pen's path under way, from its first click until Enter, a right click, a double
/// click or a click on its first node ends it (Escape drops it). Never in the document until
/// then: the whole path is one undo step.
public struct PenPath: Equatable, Sendable {
  public var mode: PenMode
  public var nodes: [PenNode]
  /// Where the pointer is: the live segment runs from the last node to it.
  public var pointer: Point?
  /// The button is down on the last node: moving pulls its handles.
  public var isPressed = false
  /// Where the button went down, in screen units: a move this far from it is a drag.
  public var pressPoint: Point?
  /// The press is on the path's first node (or a continued subpath's other end): letting go
  /// closes the path.
  public var isClosing = false
  public var continuation: PenContinuation?
  /// The through-points mode's cardinal tension (0: Catmull-Rom).
  public var tension: Double

  public init(mode: PenMode, nodes: [PenNode], continuation: PenContinuation? = nil, tension: Double = 0) {
    self.mode = mode
    self.nodes = nodes
    self.continuation = continuation
    self.tension = tension
  }

  /// The node a click closes the path on.
  public var closingPoint: Point? {
    if let continuation { return continuation.otherEnd }
    // A path closes on its first node once it has a segment to close; a three-point path
    // does not close (its clicks alternate points on the curve and ends).
    guard mode.threePointDegree == nil else { return nil }
    return nodes.count >= (mode == .bSpline ? 3 : 2) ? nodes.first?.point : nil
  }

  /// The path's segments, node to node, as it would be made now; with `live`, the segment to
  /// the pointer too (drawn while the pen waits for the next click).
  public func segments(closed: Bool = false, live: Point? = nil) -> [[Point]] {
    var nodes = self.nodes
    if let live { nodes.append(PenNode(point: live)) }
    let points = nodes.map(\.point)
    switch mode {
    case .bezier:
      var segments = zip(nodes, nodes.dropFirst()).map(Self.segment)
      if closed, let first = nodes.first, let last = nodes.last, nodes.count >= 2 { segments.append(Self.segment(last, first)) }
      return segments
    case .straight:
      var segments = zip(points, points.dropFirst()).map { [$0, $1] }
      if closed, let first = points.first, let last = points.last, points.count >= 2 { segments.append([last, first]) }
      return segments
    case .throughPoints:
      return CardinalSpline(points: points, isClosed: closed, tension: tension).cubics.map { [$0.p0, $0.p1, $0.p2, $0.p3] }
    case .bSpline:
      return Spline.pen(points, closed: closed)?.bezierSegments.map(\.controlPoints) ?? []
    case .threePoints, .threePointsCubic:
      return Self.threePointSegments(points, degree: mode.threePointDegree!).map(\.points)
    }
  }

  /// The three-point modes' segments: through each start, point and end in turn (`made` is
  /// the primer's construction, nil for a line); a point still waiting for its end is a
  /// line to it for now.
  public static func threePointSegments(_ points: [Point], degree: Int) -> [(points: [Point], made: ThreePointCurve?)] {
    var segments: [(points: [Point], made: ThreePointCurve?)] = []
    var index = 0
    while index + 2 < points.count {
      if let made = ThreePointCurve(start: points[index], point: points[index + 1], end: points[index + 2], degree: degree) {
        segments.append((made.curve.controlPoints, made))
      } else {
        segments.append(([points[index], points[index + 2]], nil))
      }
      index += 2
    }
    if index + 1 < points.count { segments.append(([points[index], points[index + 1]], nil)) }
    return segments
  }

  /// The type of each node of `segments(closed:)`: the first, then each segment's end (a
  /// closed path's last segment ends on the first node).
  public func nodeTypes(closed: Bool) -> [NodeType] {
    let count = segments(closed: closed).count + (closed ? 0 : 1)
    switch mode {
    case .bezier:
      return Array(nodes.map(\.type).prefix(count))
    case .straight, .threePoints, .threePointsCubic:
      return Array(repeating: .corner, count: count)
    case .throughPoints, .bSpline:
      // A cardinal spline's handles mirror each other at each node (a B-spline's subpath is
      // its own: `Spline.subpath`).
      return (0..<count).map { closed || (0 < $0 && $0 < count - 1) ? .symmetric : .corner }
    }
  }

  /// The finished path as a subpath, new points named by `makeID`; nil until it has a
  /// segment.
  public func subpath(closed: Bool, makeID: () -> UUID) -> Document.SubpathRecord? {
    if mode == .bSpline { return Spline.pen(nodes.map(\.point), closed: closed)?.subpath(makeID: makeID) }
    let segments = segments(closed: closed)
    guard let first = segments.first?.first else { return nil }
    let types = nodeTypes(closed: closed)
    var records = [Document.PointRecord(id: makeID(), x: first.x, y: first.y, node: types[0])]
    for (index, segment) in segments.enumerated() {
      for handle in segment.dropFirst().dropLast() { records.append(Document.PointRecord(id: makeID(), x: handle.x, y: handle.y)) }
      if closed, index == segments.count - 1 { break }
      let end = segment[segment.count - 1]
      records.append(Document.PointRecord(id: makeID(), x: end.x, y: end.y, node: types[index + 1]))
    }
    return Document.SubpathRecord(closed: closed, points: records)
  }

  /// A segment from one node to the next: a line between two clicks, else a cubic (a handle
  /// not pulled sits on its node).
  private static func segment(_ start: PenNode, _ end: PenNode) -> [Point] {
    if start.handleOut == nil, end.handleIn == nil { return [start.point, end.point] }
    return [start.point, start.handleOut ?? start.point, end.handleIn ?? end.point, end.point]
  }

  /// `point` moved so the line from `origin` to it turns in steps of `step` radians (Ctrl),
  /// its distance along that direction kept.
  public static func snapped(_ point: Point, from origin: Point, step: Double = .pi / 12) -> Point {
    let offset = point - origin
    guard offset.length > 0 else { return point }
    let angle = (atan2(offset.y, offset.x) / step).rounded() * step
    let direction = Point(x: cos(angle), y: sin(angle))
    return origin + direction * offset.dot(direction)
  }
}
