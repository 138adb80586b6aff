/// What the canvas shows: the panel's toggles. Saved in the document, as the original app
/// saved its per-layer settings.
public struct DisplayOptions: Equatable, Sendable, Codable {
  public enum Construction: String, CaseIterable, Equatable, Sendable, Codable {
    case hidden, lastLevel, allLevels
  }

  public var showsCurve = true
  public var showsControlPolygon = true
  public var construction = Construction.allLevels
  public var showsTrace = true

  public init() {}

  /// Every field is optional in a file: a missing one keeps its default.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let defaults = DisplayOptions()
    showsCurve = try container.decodeIfPresent(Bool.self, forKey: .showsCurve) ?? defaults.showsCurve
    showsControlPolygon = try container.decodeIfPresent(Bool.self, forKey: .showsControlPolygon) ?? defaults.showsControlPolygon
    construction = try container.decodeIfPresent(Construction.self, forKey: .construction) ?? defaults.construction
    showsTrace = try container.decodeIfPresent(Bool.self, forKey: .showsTrace) ?? defaults.showsTrace
  }
}
