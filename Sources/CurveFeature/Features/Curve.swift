import Composable
import CurveGeometry
import Foundation

/// One Bézier curve of degree n - 1 over its n control points (2...16), each a `ControlPoint`.
///
/// ```swift
/// Reduce { _, _ in .none }
///   .forEach(\.curves, action: \.curves) { Curve() }
/// ```
public struct Curve: Reducer {
  public struct State: Equatable, Identifiable, Sendable {
    public let id: UUID
    public var points: IdentifiedArrayOf<ControlPoint.State>

    public init(id: UUID, points: IdentifiedArrayOf<ControlPoint.State>) {
      self.id = id
      self.points = points
    }

    /// The curve's geometry, for drawing and hit-testing.
    public var bezier: Bezier? { Bezier(points.map(\.position)) }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case points(IdentifiedActionOf<ControlPoint>)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.points, action: \.points) { ControlPoint() }
  }
}
