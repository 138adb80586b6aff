import Composable
import CurveGeometry
import Foundation

/// One control point: the leaf of the editor, moved by `movePoint` on every step of a drag,
/// and styled by the panel's colour swatches and size slider.
///
/// ```swift
/// store.send(.curves(.element(id: curve, action: .point(point, in: subpath, .movePoint(p)))))
/// store.send(.curves(.element(id: curve, action: .point(point, in: subpath, .setColor(RGBColor.palette[0])))))
/// store.send(.curves(.element(id: curve, action: .point(point, in: subpath, .setSize(12)))))
/// ```
///
/// A point's `size` is nil or within `PointSize.range`, whichever way it was set.
public struct ControlPoint: Reducer {
  public struct State: Equatable, Identifiable, Sendable {
    public let id: UUID
    public var position: Point
    /// The marker's fill; nil draws the editor's default handle.
    public var color: RGBColor?
    /// The handle's diameter (screen units, like every handle), within `PointSize.range`; nil draws the
    /// editor's default handle.
    public var size: Double?
    /// Set on a point of the curve itself, a node, where segments meet; nil on the control
    /// points between nodes.
    public var node: NodeType?
    /// The point's weight on its segment (a rational curve), within `PointWeight.range`;
    /// nil weighs 1.
    public var weight: Double?

    /// `size` and `weight` are clamped to their ranges; one that is not a finite number is
    /// left out.
    public init(id: UUID, position: Point, color: RGBColor? = nil, size: Double? = nil, node: NodeType? = nil, weight: Double? = nil) {
      self.id = id
      self.position = position
      self.color = color
      self.size = size.flatMap(PointSize.clamped)
      self.node = node
      self.weight = weight.flatMap(PointWeight.clamped)
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// Moves the point to a position the parent has already clamped to the canvas.
    case movePoint(Point)
    /// Gives the point a colour, or back the default look with nil.
    case setColor(RGBColor?)
    /// Gives the point a size, clamped to `PointSize.range`, or the default look with nil. A
    /// size that is not a finite number changes nothing.
    case setSize(Double?)
    /// Gives the point a weight, clamped to `PointWeight.range`, or 1 with nil. A weight that
    /// is not a finite number changes nothing.
    case setWeight(Double?)
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .movePoint(position):
      state.position = position
      return .none

    case let .setColor(color):
      state.color = color
      return .none

    case .setSize(nil):
      state.size = nil
      return .none

    case let .setSize(size?):
      guard let size = PointSize.clamped(size) else { return .none }
      state.size = size
      return .none

    case .setWeight(nil):
      state.weight = nil
      return .none

    case let .setWeight(weight?):
      guard let weight = PointWeight.clamped(weight) else { return .none }
      state.weight = weight == 1 ? nil : weight
      return .none
    }
  }
}
