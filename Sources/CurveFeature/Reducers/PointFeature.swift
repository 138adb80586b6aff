import Composable
import CurveGeometry
import Foundation

/// One control point: the leaf of the editor, moved by `movePoint` on every step of a drag.
///
/// ```swift
/// store.send(.curves(.element(id: curve, action: .points(.element(id: point, action: .movePoint(p))))))
/// ```
public struct PointFeature: Reducer {
  public struct State: Equatable, Identifiable, Sendable, Codable {
    public let id: UUID
    public var position: Point

    public init(id: UUID, position: Point) {
      self.id = id
      self.position = position
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// Moves the point to a position the parent has already clamped to the canvas.
    case movePoint(Point)
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .movePoint(position):
      state.position = position
      return .none
    }
  }
}
