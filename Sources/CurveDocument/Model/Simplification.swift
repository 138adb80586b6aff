import CurveGeometry
import FoundationEssentials
import Glibc

extension Document.SubpathRecord {
  /// The subpath refitted by `fitter` (`CurveFitter.simplify`): as few cubics as it finds
  /// within its tolerance, a corner kept where the path turns by the fitter's corner angle
  /// or more, every other node smooth. New points take ids from `makeID`; a subpath of fewer than
  /// two points is returned as it is.
  public func simplified(by fitter: CurveFitter, makeID: () -> UUID) -> Document.SubpathRecord {
    // A weighted segment is fitted as its rational curve's cubics (`drawnSegments`).
    let pieces = drawnSegments
    let segments = pieces.flatMap(\.self)
    guard !segments.isEmpty else { return self }
    // Where each segment's first piece is among them all.
    var firstPiece: [Int] = [], pieceCount = 0
    for segment in pieces {
      firstPiece.append(pieceCount)
      pieceCount += segment.count
    }
    // The node starting each segment, and for an open subpath the last point.
    let nodeIndices = [0] + points.indices.dropFirst().filter { points[$0].node != nil && ($0 < points.count - 1 || closed) }
    // A corner by the shape, as Inkscape's simplify: a node where the path turns by the
    // fitter's corner angle or more, whatever its type (a polygon's nodes along a circle are
    // not corners; an open subpath's ends keep their type).
    var corners = Set<Int>()
    for (number, index) in nodeIndices.enumerated() where number < firstPiece.count {
      let piece = firstPiece[number]
      guard piece > 0 || closed else {
        if points[index].node == .corner { corners.insert(piece) }
        continue
      }
      let before = segments[(piece + segments.count - 1) % segments.count], after = segments[piece]
      if Self.turn(from: before, to: after) >= fitter.cornerAngle { corners.insert(piece) }
    }
    if closed, corners.contains(0) { corners.insert(segments.count) }
    if !closed, points.last?.node == .corner { corners.insert(segments.count) }
    let stroke = fitter.simplify(segments, isClosed: closed, corners: corners)
    return Self(fitted: stroke, makeID: makeID)
  }

  /// How far, in degrees, the path turns where `before` ends and `after` starts (0 when a
  /// tangent there is undefined: a point of no length).
  static func turn(from before: Bezier, to after: Bezier) -> Double {
    guard let incoming = before.tangent(at: 1), let outgoing = after.tangent(at: 0) else { return 0 }
    let cosine = max(-1, min(1, incoming.x * outgoing.x + incoming.y * outgoing.y))
    return acos(cosine) * 180 / .pi
  }

  /// A fitted stroke as a subpath: its nodes (corner or smooth) and each cubic's two
  /// control points between them.
  public init(fitted stroke: FittedStroke, makeID: () -> UUID) {
    func node(_ point: Point, corner: Bool) -> Document.PointRecord {
      Document.PointRecord(id: makeID(), x: point.x, y: point.y, node: corner ? .corner : .smooth)
    }
    var points = [node(stroke.start, corner: stroke.corners.first ?? true)]
    for (index, cubic) in stroke.cubics.enumerated() {
      points.append(Document.PointRecord(id: makeID(), x: cubic.p1.x, y: cubic.p1.y))
      points.append(Document.PointRecord(id: makeID(), x: cubic.p2.x, y: cubic.p2.y))
      // A closed subpath's last cubic comes back to its first node.
      if !(stroke.isClosed && index == stroke.cubics.count - 1) {
        points.append(node(cubic.p3, corner: stroke.corners[index + 1]))
      }
    }
    if points.count == 1 { points.append(node(stroke.start, corner: true)) }
    self.init(closed: stroke.isClosed, points: points)
  }
}
