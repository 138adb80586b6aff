import Foundation

/// Which control point: its curve and itself.
public struct PointReference: Hashable, Sendable {
  public var curve: UUID
  public var point: UUID

  public init(curve: UUID, point: UUID) {
    self.curve = curve
    self.point = point
  }
}
