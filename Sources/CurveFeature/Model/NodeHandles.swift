import CurveGeometry

/// A node's handles and the constraint its type puts on them, as Inkscape's node tool keeps
/// them: a smooth node's handles stay on one line through it, a symmetric node's mirror each
/// other; a corner's move freely.
///
/// ```swift
/// let handles = subpath.handles(ofNode: 3)          // (before: 2, after: 4)
/// let turned = subpath.constrainedOppositeHandle(afterMoving: 2)   // (4, its new position)
/// ```
extension Subpath.State {
  /// The indices of the control points right before and after the node at `index` (wrapping
  /// round a closed subpath), each nil where the neighbour is a node or there is none.
  public func handles(ofNode index: Int) -> (before: Int?, after: Int?) {
    let count = points.count
    guard points.indices.contains(index), count >= 2 else { return (nil, nil) }
    func neighbour(_ offset: Int) -> Int? {
      let raw = index + offset
      let wrapped = isClosed ? (raw + count) % count : raw
      guard points.indices.contains(wrapped), wrapped != index, !isNode(wrapped) else { return nil }
      return wrapped
    }
    return (neighbour(-1), neighbour(1))
  }

  /// Whether the point at `index` lies on the curve: it has a node type, or it is an end of an
  /// open subpath (always a node), or the first point of a closed one.
  public func isNode(_ index: Int) -> Bool {
    points[index].node != nil || index == 0 || (!isClosed && index == points.count - 1)
  }

  /// The node whose handle the point at `index` is, and the node's other handle: nil when the
  /// point is a node, or a handle of no node with another handle.
  public func nodeAndOppositeHandle(ofHandle index: Int) -> (node: Int, opposite: Int)? {
    guard points.indices.contains(index), !isNode(index) else { return nil }
    let count = points.count
    for offset in [-1, 1] {
      let raw = index + offset
      let node = isClosed ? (raw + count) % count : raw
      guard points.indices.contains(node), isNode(node) else { continue }
      let handles = handles(ofNode: node)
      if handles.before == index, let after = handles.after { return (node, after) }
      if handles.after == index, let before = handles.before { return (node, before) }
    }
    return nil
  }

  /// Where the other handle of a smooth or symmetric node goes after the point at `index` (one
  /// of its handles) moved: smooth, on the line through the node opposite the moved handle,
  /// keeping its own length; symmetric, the moved handle mirrored through the node. Nil for a
  /// corner, for a point that is no such handle, or for a handle on the node itself.
  public func constrainedOppositeHandle(afterMoving index: Int) -> (index: Int, position: Point)? {
    guard let (node, opposite) = nodeAndOppositeHandle(ofHandle: index), let type = points[node].node, type != .corner else { return nil }
    let centre = points[node].position, moved = points[index].position - centre
    let length = moved.length
    guard length > 0 else { return nil }
    switch type {
    case .symmetric:
      return (opposite, centre - moved)
    case .smooth:
      let keep = (points[opposite].position - centre).length
      return (opposite, centre - moved * (keep / length))
    case .corner:
      return nil
    }
  }
}
