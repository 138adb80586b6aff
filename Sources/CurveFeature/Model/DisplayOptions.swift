/// What the canvas shows; the panel's toggles.
public struct DisplayOptions: Equatable, Sendable {
  public enum Construction: String, CaseIterable, Equatable, Sendable {
    case hidden, lastLevel, allLevels
  }

  public var showsCurve = true
  public var showsControlPolygon = true
  public var construction = Construction.allLevels
  public var showsTrace = true

  public init() {}
}
