import Composable
import CurveGeometry
import Foundation

/// One curve of the drawing, what SVG calls a path: styled once, filled as one shape, made of
/// one or more subpaths, each a chain of Bézier segments (`Subpath`).
///
/// ```swift
/// Reduce { _, _ in .none }
///   .forEach(\.drawing.curves, action: \.curves) { Curve() }
/// store.send(.curves(.element(id: curve, action: .point(point, in: subpath, .movePoint(p)))))
/// ```
///
/// A point is found by its id alone: `movePoint` reaches its `ControlPoint` through its
/// subpath's `forEach`, after one look-up per subpath (a curve has few).
public struct Curve: Reducer {
  public struct State: Equatable, Identifiable, Sendable {
    public let id: UUID
    /// Invariant: at least one subpath, each of at least two points; point ids unique in the curve.
    public var subpaths: IdentifiedArrayOf<Subpath.State>
    public var style: CurveStyle
    /// The id of the innermost `Group` it is painted in; nil at the top level.
    public var group: String?
    /// The B-spline the curve is drawn from (`Spline`): while its subpath is still the
    /// spline's Bézier form (`liveSpline`), the window shows and drags the spline's control
    /// points and knots, and the animation shows de Boor's construction.
    public var spline: Spline?
    /// What the objects panel calls it (Inkscape's label, or an imported element's id).
    public var label: String?
    /// Kept and listed, not drawn (SVG's `display:none`).
    public var isHidden = false
    /// Not selectable on the canvas (Inkscape's lock).
    public var isLocked = false

    public init(id: UUID, subpaths: IdentifiedArrayOf<Subpath.State>, style: CurveStyle = CurveStyle(), group: String? = nil) {
      self.id = id
      self.subpaths = subpaths
      self.style = style
      self.group = group
    }

    /// The spline, while the curve is still its Bézier form (one subpath, each segment its
    /// piece within a billionth of the drawing's size); nil once an edit of the Bézier
    /// points (a node command, a move of them all) made it a path of its own.
    public var liveSpline: Spline? {
      guard let spline, subpaths.count == 1, subpaths[0].isClosed == spline.isClosed else { return nil }
      let segments = subpaths[0].segmentControlPoints
      let pieces = spline.bezierSegments
      guard segments.count == pieces.count else { return nil }
      let size = Rect(enclosing: spline.points)
      let tolerance = 1e-9 * max(size.width, size.height, 1)
      for (segment, piece) in zip(segments, pieces) {
        guard segment.count == piece.controlPoints.count,
          zip(segment, piece.controlPoints).allSatisfy({ $0.distance(to: $1) <= tolerance })
        else { return nil }
      }
      return spline
    }

    /// Makes the curve `spline`, its subpath the spline's Bézier form (its points keep their
    /// ids, looks and selection while there are as many); `makeID` names new ones.
    public mutating func setSpline(_ spline: Spline, makeID: () -> UUID) {
      let old = subpaths.count == 1 ? Array(subpaths[0].points) : []
      let record = spline.subpath(reusing: old.map(\.id), makeID: makeID)
      let looks = Dictionary(uniqueKeysWithValues: old.map { ($0.id, $0) })
      let points = record.points.map { point in
        ControlPoint.State(
          id: point.id, position: Point(x: point.x, y: point.y), color: looks[point.id]?.color, size: looks[point.id]?.size,
          node: point.node, weight: point.weight
        )
      }
      subpaths = [Subpath.State(id: id, isClosed: spline.isClosed, points: IdentifiedArray(uniqueElements: points))]
      self.spline = spline
    }

    /// One open subpath of `points`, the curve's own id naming it: a curve as version 1 of
    /// the document had it.
    public init(id: UUID, points: IdentifiedArrayOf<ControlPoint.State>, style: CurveStyle = CurveStyle()) {
      self.init(id: id, subpaths: [Subpath.State(id: id, points: points)], style: style)
    }

    /// Every point of every subpath, in order. Setting it keeps each point in its subpath (by
    /// id); a new point joins the subpath of the point before it, and a subpath left with no
    /// points goes.
    public var points: IdentifiedArrayOf<ControlPoint.State> {
      get {
        subpaths.count == 1 ? subpaths[0].points : IdentifiedArray(uniqueElements: subpaths.flatMap(\.points))
      }
      set {
        guard subpaths.count > 1 else {
          subpaths[0].points = newValue
          return
        }
        var owner: [UUID: Int] = [:]
        for (index, subpath) in subpaths.enumerated() {
          for point in subpath.points { owner[point.id] = index }
        }
        var regrouped = subpaths.map { _ in [ControlPoint.State]() }
        var current = 0
        for point in newValue {
          current = owner[point.id] ?? current
          regrouped[current].append(point)
        }
        for index in subpaths.indices.reversed() {
          if regrouped[index].isEmpty {
            subpaths.remove(at: index)
          } else {
            subpaths[index].points = IdentifiedArray(uniqueElements: regrouped[index])
          }
        }
      }
    }

    /// The point with this id, in whichever subpath holds it.
    public subscript(point id: ControlPoint.State.ID) -> ControlPoint.State? {
      for subpath in subpaths { if let point = subpath.points[id: id] { return point } }
      return nil
    }

    /// The subpath that holds the point.
    public func subpathID(holding point: ControlPoint.State.ID) -> Subpath.State.ID? {
      subpaths.first { $0.points[id: point] != nil }?.id
    }

    /// Whether the curve is a single open subpath of one segment: what the de Casteljau
    /// construction, split at t and raising the degree work on.
    public var isOneSegment: Bool {
      subpaths.count == 1 && !subpaths[0].isClosed && subpaths[0].segmentStarts.count == 1
    }

    /// The curve's geometry when it is one segment, for drawing its construction.
    public var bezier: Bezier? { isOneSegment ? Bezier(subpaths[0].points.map(\.position)) : nil }

    /// Every segment of every subpath, in order.
    public var segments: [Bezier] { subpaths.flatMap(\.segments) }

    /// The box of every segment, tight (through their extrema, not their control points): a
    /// box-relative gradient's space, as SVG's `objectBoundingBox` is.
    public var bounds: Rect {
      var box = Rect.empty
      for segment in segments { box.include(segment.bounds) }
      return box
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case subpaths(IdentifiedActionOf<Subpath>)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.subpaths, action: \.subpaths) { Subpath() }
  }
}

extension Curve.Action {
  /// The action that reaches one point's `ControlPoint`, through the subpath that holds it.
  public static func point(_ point: ControlPoint.State.ID, in subpath: Subpath.State.ID, _ action: ControlPoint.Action) -> Self {
    .subpaths(.element(id: subpath, action: .points(.element(id: point, action: action))))
  }
}
