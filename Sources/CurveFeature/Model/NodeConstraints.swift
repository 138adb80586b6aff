import CurveGeometry

/// The constraints of smooth and symmetric nodes as the editor keeps them on the canvas: which
/// handles a moved handle turns, where they go, and how a node's handles are lined up when
/// its type is set.
///
/// ```swift
/// for turn in subpath.constrainedHandles(afterMoving: 2, keepingLengthsOf: start, on: canvas) {
///   // move subpath.points[turn.index] to turn.position
/// }
/// ```
///
/// A handle beside two constrained nodes (the one control point of a quadratic segment) turns
/// the other handle of each. A position that would leave the canvas is brought back along the
/// line through the node, so a smooth node stays smooth there (shorter); a dragged handle of a
/// symmetric node is first kept where its mirror fits (`allowedHandlePosition`).
extension Subpath.State {
  /// The nodes beside the handle at `index` that are smooth or symmetric and have another
  /// handle: each node's index and its other handle's.
  public func constrainedNodes(ofHandle index: Int) -> [(node: Int, opposite: Int)] {
    guard points.indices.contains(index), !isNode(index) else { return [] }
    let count = points.count
    var result: [(node: Int, opposite: Int)] = []
    for offset in [-1, 1] {
      let raw = index + offset
      let node = isClosed ? (raw + count) % count : raw
      guard points.indices.contains(node), isNode(node), let type = points[node].node, type != .corner,
        !result.contains(where: { $0.node == node })
      else { continue }
      let handles = handles(ofNode: node)
      if handles.before == index, let after = handles.after, after != index { result.append((node, after)) }
      if handles.after == index, let before = handles.before, before != index { result.append((node, before)) }
    }
    return result
  }

  /// Where the handles turned by the move of the handle at `index` go, given where it now is:
  /// a smooth node's other handle opposite it with the length it had in `origin` (the
  /// subpath when the edit began; this one if nil), a symmetric node's its mirror; each
  /// brought back onto `canvas` along the line through its node.
  public func constrainedHandles(
    afterMoving index: Int, keepingLengthsOf origin: Subpath.State? = nil, on canvas: Canvas
  ) -> [(index: Int, position: Point)] {
    constrainedNodes(ofHandle: index).compactMap { node, opposite in
      guard let type = points[node].node else { return nil }
      let centre = points[node].position, moved = points[index].position - centre
      let length = moved.length
      guard length > 0 else { return nil }
      let target: Point
      switch type {
      case .corner: return nil
      case .symmetric: target = centre - moved
      case .smooth:
        let lengthSource = origin.flatMap { $0.points.count == points.count ? $0 : nil } ?? self
        let keep = (lengthSource.points[opposite].position - lengthSource.points[node].position).length
        target = centre - moved * (keep / length)
      }
      return (opposite, Self.fit(target, from: centre, on: canvas))
    }
  }

  /// `position` for the handle at `index`, kept where the mirror of every symmetric node it
  /// is a handle of fits on `canvas` (the canvas itself for any other point).
  public func allowedHandlePosition(_ position: Point, forHandle index: Int, on canvas: Canvas) -> Point {
    var x = (low: 0.0, high: canvas.width), y = (low: 0.0, high: canvas.height)
    for (node, _) in constrainedNodes(ofHandle: index) where points[node].node == .symmetric {
      let centre = points[node].position
      x = (max(x.low, 2 * centre.x - canvas.width), min(x.high, 2 * centre.x))
      y = (max(y.low, 2 * centre.y - canvas.height), min(y.high, 2 * centre.y))
    }
    let clamped = canvas.clamp(position)
    return Point(x: min(max(clamped.x, x.low), max(x.high, x.low)), y: min(max(clamped.y, y.low), max(y.high, y.low)))
  }

  /// `target` moved towards `centre` (on the canvas) along the line between them, just far
  /// enough to lie on the canvas.
  static func fit(_ target: Point, from centre: Point, on canvas: Canvas) -> Point {
    let offset = target - centre
    var scale = 1.0
    func limit(_ value: Double, _ start: Double, _ high: Double) {
      if start + value > high, value > 0 { scale = min(scale, (high - start) / value) }
      if start + value < 0, value < 0 { scale = min(scale, -start / value) }
    }
    limit(offset.x, centre.x, canvas.width)
    limit(offset.y, centre.y, canvas.height)
    return canvas.clamp(centre + offset * max(scale, 0))
  }

  /// The node at `index` given `type`, its handles lined up as the type asks: smooth turns
  /// both by the same angle until they are opposite, keeping their lengths; symmetric also
  /// gives both their mean length; corner leaves them. A node with fewer than two handles
  /// only takes the type.
  public mutating func setNodeType(_ type: NodeType, at index: Int, on canvas: Canvas) {
    guard points.indices.contains(index), isNode(index) else { return }
    points[index].node = type
    guard type != .corner else { return }
    let handles = handles(ofNode: index)
    guard let before = handles.before, let after = handles.after, before != after else { return }
    let centre = points[index].position
    let u = points[before].position - centre, v = points[after].position - centre
    var lengths = (u.length, v.length)
    if type == .symmetric { lengths = ((lengths.0 + lengths.1) / 2, (lengths.0 + lengths.1) / 2) }
    // The direction of the handle before: the bisector of it and the other reversed (each
    // turned by half the angle between them), or either one when the other has no length.
    var direction: Point
    if u.length == 0 && v.length == 0 {
      return
    } else if u.length == 0 {
      direction = -v.normalized
    } else if v.length == 0 {
      direction = u.normalized
    } else {
      direction = (u.normalized - v.normalized).normalized
      // Handles pointing the same way: turn each a quarter turn apart.
      if direction == .zero { direction = u.normalized.perpendicular }
    }
    var newBefore = centre + direction * lengths.0, newAfter = centre - direction * lengths.1
    let fittedBefore = Self.fit(newBefore, from: centre, on: canvas), fittedAfter = Self.fit(newAfter, from: centre, on: canvas)
    if type == .symmetric, fittedBefore != newBefore || fittedAfter != newAfter {
      let length = min((fittedBefore - centre).length, (fittedAfter - centre).length)
      newBefore = centre + direction * length
      newAfter = centre - direction * length
    } else {
      newBefore = fittedBefore
      newAfter = fittedAfter
    }
    points[before].position = newBefore
    points[after].position = newAfter
  }
}
