import CurveGeometry
import Foundation

/// The point of the curves nearest the pointer, and how far it is: the primer's projection
/// of a point onto a curve, shown as the pointer moves (`DisplayOptions.showsProjection`).
///
/// ```swift
/// store.send(.display(.toggle(.showsProjection)))
/// store.send(.pointer(.moved(Point(x: 140, y: 460))))
/// store.interaction.projection?.distance   // in document units
/// ```
public struct Projection: Equatable, Sendable {
  /// The pointer, in the document.
  public var pointer: Point
  /// The nearest point of a curve.
  public var point: Point
  public var distance: Double
  public var curve: Curve.State.ID
  /// The segment's parameter there.
  public var t: Double

  public init(pointer: Point, point: Point, distance: Double, curve: Curve.State.ID, t: Double) {
    self.pointer = pointer
    self.point = point
    self.distance = distance
    self.curve = curve
    self.t = t
  }
}

extension Editor.State {
  /// The nearest point to `pointer` of the curves with a selected point, or of every curve
  /// when none is selected; nil when there are none. A curve whose control points' box lies
  /// farther than the best so far is not searched (a curve lies within its control points'
  /// convex hull), so a large drawing costs a box test a curve.
  func projection(of pointer: Point) -> Projection? {
    let selected = selectedCurveIDs
    let curves = selected.isEmpty ? Array(drawing.curves) : selected.compactMap { drawing.curves[id: $0] }
    // Each curve's control points' box, without an array of them: this runs as the pointer moves.
    let boxes = curves.map { curve in
      var box = Rect.empty
      for subpath in curve.subpaths {
        for point in subpath.points { box.include(point.position) }
      }
      return box.distance(to: pointer)
    }
    var best: Projection?
    for index in curves.indices.sorted(by: { boxes[$0] < boxes[$1] }) {
      if let best, boxes[index] > best.distance { break }
      for segment in curves[index].segments {
        let nearest = segment.nearest(to: pointer)
        if nearest.distance < best?.distance ?? .infinity {
          best = Projection(pointer: pointer, point: nearest.point, distance: nearest.distance, curve: curves[index].id, t: nearest.t)
        }
      }
    }
    return best
  }
}
