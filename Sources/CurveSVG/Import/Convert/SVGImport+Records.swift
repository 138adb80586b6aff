import CurveDocument
import CurveGeometry
import FoundationEssentials
import Glibc

/// A resolved subpath as the document's points: nodes where segments meet, their types from
/// how they meet, control points between.
extension SVGImport {
  /// A subpath's record: its points, nodes marked by how their segments meet.
  static func record(_ subpath: SVGSubpath, makeID: () -> UUID) -> Document.SubpathRecord {
    let segments = subpath.segments.map(\.controlPoints)
    let closes = closesAtStart(subpath)
    // Point indices of the nodes, and whether each point is one.
    // Appended one by one into arrays sized once: arrays of flags joined a segment were a
    // sixth of converting a drawing.
    let pointCount = segments.reduce(1) { $0 + $1.count - 1 }
    var positions: [Point] = [], nodeFlags: [Bool] = []
    positions.reserveCapacity(pointCount)
    nodeFlags.reserveCapacity(pointCount)
    positions.append(subpath.start)
    nodeFlags.append(true)
    for segment in segments {
      for (index, point) in segment.enumerated() where index > 0 {
        positions.append(point)
        nodeFlags.append(index == segment.count - 1)
      }
    }
    if closes {
      positions.removeLast()
      nodeFlags.removeLast()
    }
    // The segments by the node each starts at; the last node of a closed subpath that does
    // not come back starts the closing line.
    var outgoing = segments
    if subpath.isClosed, !closes, let last = positions.last { outgoing.append([last, subpath.start]) }
    let nodeCount = outgoing.count + (subpath.isClosed ? 0 : 1)
    var types: [NodeType] = []
    types.reserveCapacity(nodeCount)
    for node in 0..<nodeCount {
      let before = node > 0 ? outgoing[node - 1] : subpath.isClosed ? outgoing.last : nil
      let after = node < outgoing.count ? outgoing[node] : nil
      types.append(nodeType(incoming: before, outgoing: after))
    }
    var nodeIndex = 0
    let points = zip(positions, nodeFlags).map { position, isNode -> Document.PointRecord in
      var type: NodeType?
      if isNode {
        type = types[min(nodeIndex, types.count - 1)]
        nodeIndex += 1
      }
      return Document.PointRecord(id: makeID(), x: position.x, y: position.y, node: type)
    }
    return Document.SubpathRecord(closed: subpath.isClosed, points: points)
  }

  /// How the segment ending at a node (`incoming`, its points in order) and the one starting
  /// there meet: `corner` at an end of an open subpath.
  static func nodeType(incoming: [Point]?, outgoing: [Point]?) -> NodeType {
    guard let incoming, let outgoing, let node = outgoing.first else { return .corner }
    // Each side's direction: towards its nearest point that is not the node.
    guard let before = incoming.reversed().first(where: { $0 != node }), let after = outgoing.first(where: { $0 != node }) else {
      return .corner
    }
    let u = before - node, v = after - node
    let angle = atan2(abs(u.cross(v)), -u.dot(v))
    guard angle <= smoothAngle else { return .corner }
    // Symmetric: real handles on both sides (not a line's far end), of one length.
    guard incoming.count > 2, outgoing.count > 2, incoming[incoming.count - 2] == before, outgoing[1] == after else { return .smooth }
    let lengths = (u.length, v.length)
    return abs(lengths.0 - lengths.1) <= symmetricRatio * max(lengths.0, lengths.1) ? .symmetric : .smooth
  }

  /// The points `subpath` becomes: one per node and control point, the start of a closed
  /// subpath not repeated at its end.
  static func pointCount(of subpath: SVGSubpath) -> Int {
    let count = subpath.segments.reduce(1) { $0 + $1.degree }
    return count - (closesAtStart(subpath) ? 1 : 0)
  }

  private static func closesAtStart(_ subpath: SVGSubpath) -> Bool {
    subpath.isClosed && subpath.segments.last?.controlPoints.last == subpath.start && subpath.segments.count > 0
  }
}
