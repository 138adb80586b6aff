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
  /// Each curve's point at t.
  public var showsPointAtT = true
  // The analysis overlays, on the curves whose construction is drawn.
  /// The unit tangent and normal at t.
  public var showsTangent = false
  /// Curvature along the curve, drawn as teeth along the normal.
  public var showsCurvatureComb = false
  /// The circle that best fits the curve at t (radius 1/κ).
  public var showsOsculatingCircle = false
  /// The tight bounding box, with the extrema that touch it marked.
  public var showsBoundingBox = false
  /// Where the curvature changes sign.
  public var showsInflections = false

  public init() {}

  /// Every field is optional in a file: a missing one keeps its default.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func flag(_ key: CodingKeys, _ fallback: Bool) throws -> Bool {
      try container.decodeIfPresent(Bool.self, forKey: key) ?? fallback
    }
    let defaults = DisplayOptions()
    showsCurve = try flag(.showsCurve, defaults.showsCurve)
    showsControlPolygon = try flag(.showsControlPolygon, defaults.showsControlPolygon)
    construction = try container.decodeIfPresent(Construction.self, forKey: .construction) ?? defaults.construction
    showsTrace = try flag(.showsTrace, defaults.showsTrace)
    showsPointAtT = try flag(.showsPointAtT, defaults.showsPointAtT)
    showsTangent = try flag(.showsTangent, defaults.showsTangent)
    showsCurvatureComb = try flag(.showsCurvatureComb, defaults.showsCurvatureComb)
    showsOsculatingCircle = try flag(.showsOsculatingCircle, defaults.showsOsculatingCircle)
    showsBoundingBox = try flag(.showsBoundingBox, defaults.showsBoundingBox)
    showsInflections = try flag(.showsInflections, defaults.showsInflections)
  }
}
