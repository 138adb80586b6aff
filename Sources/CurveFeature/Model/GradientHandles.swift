import CurveGeometry

/// A handle of a gradient on the canvas (`G` shows them): a linear gradient's two ends, a
/// radial one's centre, radius and focus, and each stop, on the line from the start (or
/// centre) to the end (or the radius handle).
public enum GradientHandle: Hashable, Sendable {
  case start, end
  case centre, radius, focus
  case stop(Int)
}

/// A gradient stop chosen on the canvas (pressed while `G` shows the handles): the panel's
/// palette colours it (`Styling.setStopColor`).
public struct GradientStopReference: Hashable, Sendable {
  public var curve: Curve.State.ID
  public var target: PaintTarget
  public var index: Int

  public init(curve: Curve.State.ID, target: PaintTarget, index: Int) {
    self.curve = curve
    self.target = target
    self.index = index
  }
}

/// A gradient handle being dragged: one undo step, begun at the press.
public struct GradientHandleDrag: Equatable, Sendable {
  public var curve: Curve.State.ID
  public var target: PaintTarget
  public var handle: GradientHandle
  public var startRevision: Int

  public init(curve: Curve.State.ID, target: PaintTarget, handle: GradientHandle, startRevision: Int) {
    self.curve = curve
    self.target = target
    self.handle = handle
    self.startRevision = startRevision
  }
}

extension Gradient {
  /// Every handle and where it is in the document, for a curve whose box is `bounds`:
  /// stops after the geometry's handles, so a stop on an end is still grabbed by the end.
  public func handles(bounds: Rect) -> [(handle: GradientHandle, position: Point)] {
    guard let map = documentTransform(bounds: bounds) else { return [] }
    let (from, to): (Point, Point)
    var handles: [(GradientHandle, Point)]
    switch geometry {
    case let .linear(x1, y1, x2, y2):
      (from, to) = (Point(x: x1, y: y1), Point(x: x2, y: y2))
      handles = [(.start, map.apply(to: from)), (.end, map.apply(to: to))]
    case let .radial(cx, cy, r, fx, fy, _):
      (from, to) = (Point(x: cx, y: cy), Point(x: cx + r, y: cy))
      handles = [(.centre, map.apply(to: from)), (.radius, map.apply(to: to)), (.focus, map.apply(to: Point(x: fx, y: fy)))]
    }
    for (index, stop) in stops.enumerated() {
      handles.append((.stop(index), map.apply(to: from.lerp(to: to, stop.offset))))
    }
    return handles
  }

  /// The gradient with `handle` moved to `point` (in the document), for a curve whose box is
  /// `bounds`: an end, the centre or the focus goes there; the radius becomes the distance
  /// from the centre; a stop slides along its line, between its neighbours.
  public func moving(_ handle: GradientHandle, to point: Point, bounds: Rect) -> Gradient {
    guard let inverse = documentTransform(bounds: bounds)?.inverted else { return self }
    let local = inverse.apply(to: point)
    var moved = self
    switch (handle, geometry) {
    case let (.start, .linear(_, _, x2, y2)): moved.geometry = .linear(x1: local.x, y1: local.y, x2: x2, y2: y2)
    case let (.end, .linear(x1, y1, _, _)): moved.geometry = .linear(x1: x1, y1: y1, x2: local.x, y2: local.y)
    case let (.centre, .radial(cx, cy, r, fx, fy, fr)):
      // The focus moves with the centre, as in Inkscape.
      moved.geometry = .radial(cx: local.x, cy: local.y, r: r, fx: fx + local.x - cx, fy: fy + local.y - cy, fr: fr)
    case let (.radius, .radial(cx, cy, _, fx, fy, fr)):
      moved.geometry = .radial(cx: cx, cy: cy, r: max((local - Point(x: cx, y: cy)).length, 0), fx: fx, fy: fy, fr: fr)
    case let (.focus, .radial(cx, cy, r, _, _, fr)): moved.geometry = .radial(cx: cx, cy: cy, r: r, fx: local.x, fy: local.y, fr: fr)
    case let (.stop(index), _) where stops.indices.contains(index):
      let (from, to): (Point, Point) = switch geometry {
      case let .linear(x1, y1, x2, y2): (Point(x: x1, y: y1), Point(x: x2, y: y2))
      case let .radial(cx, cy, r, _, _, _): (Point(x: cx, y: cy), Point(x: cx + r, y: cy))
      }
      let axis = to - from, length = axis.dot(axis)
      guard length > 0 else { return self }
      let low = index > 0 ? stops[index - 1].offset : 0, high = index + 1 < stops.count ? stops[index + 1].offset : 1
      moved.stops[index].offset = min(max((local - from).dot(axis) / length, low), high)
    default: break
    }
    return moved
  }
}
