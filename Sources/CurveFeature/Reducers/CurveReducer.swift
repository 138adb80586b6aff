import Composable
import CurveGeometry
import Foundation

/// One Bézier curve of degree n - 1 over its n control points (2...16), each a `PointFeature`.
///
/// ```swift
/// Reduce { _, _ in .none }
///   .forEach(\.curves, action: \.curves) { CurveReducer() }
/// ```
public struct CurveReducer: Reducer {
  public struct State: Equatable, Identifiable, Sendable, Codable {
    public let id: UUID
    public var points: IdentifiedArrayOf<PointFeature.State>

    public init(id: UUID, points: IdentifiedArrayOf<PointFeature.State>) {
      self.id = id
      self.points = points
    }

    /// The curve's geometry, for drawing and hit-testing.
    public var bezier: Bezier? { Bezier(points.map(\.position)) }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case points(IdentifiedActionOf<PointFeature>)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.points, action: \.points) { PointFeature() }
  }
}
