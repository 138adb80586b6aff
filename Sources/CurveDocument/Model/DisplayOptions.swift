/// What the canvas shows: the panel's toggles. Saved in the document, as the original app
/// saved its per-layer settings.
public struct DisplayOptions: Equatable, Sendable, Codable {
  public enum Construction: String, CaseIterable, Equatable, Sendable, Codable {
    case hidden, lastLevel, allLevels
  }

  /// How one level of the construction is drawn, as the original app's layers were.
  public struct Level: Equatable, Sendable, Codable {
    public var isShown = true
    /// Only the level's last segment (with its two points), not its whole polyline.
    public var showsOnlyLastSegment = false
    /// The paths the level's points sweep from 0 to t: each is a Bézier curve of the level's
    /// degree over consecutive control points, drawn exactly.
    public var showsTrace = false

    public init() {}

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      isShown = try container.decodeIfPresent(Bool.self, forKey: .isShown) ?? true
      showsOnlyLastSegment = try container.decodeIfPresent(Bool.self, forKey: .showsOnlyLastSegment) ?? false
      showsTrace = try container.decodeIfPresent(Bool.self, forKey: .showsTrace) ?? false
    }
  }

  /// Whose editing marks (nodes, handles, control polygons, the construction and the
  /// overlays) the canvas draws: every curve's, as the curve lab shows them, or only the
  /// selected curves' in the node tool, as Inkscape shows a drawing.
  public enum Handles: String, CaseIterable, Equatable, Sendable, Codable {
    case all, selected
  }

  /// Version 5; a file without it shows every curve's marks, as before.
  public var handles = Handles.all
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
  /// The tight box aligned with the chord from the first point to the last (the primer's
  /// "tight bounding box").
  public var showsAlignedBounds = false
  /// The hodograph beside the segment under t: the curve of its derivative, B′(t) / n, drawn
  /// from an origin of its own with its control polygon, and the derivative at t (`Shift+H`).
  public var showsHodograph = false
  /// The nearest point of the curves to the pointer and how far it is (the primer's
  /// projection), as the pointer moves (`Shift+P`).
  public var showsProjection = false
  /// Where the selected curves cross, touch or overlap each other and themselves.
  public var showsIntersections = false
  // The primer's panes and figures, on the segment under t (the panel's Primer page).
  /// Graphs of x(t), y(t), the speed, the curvature and the arc length, with t moving
  /// through them and the extrema and inflections marked (`Shift+G`).
  public var showsGraphs = false
  /// The chords the flattening makes at `flatteningTolerance`, with their count beside the
  /// count Wang's uniform steps need (`Shift+F`).
  public var showsFlattening = false
  /// The segment read as a function: y at the x that `functionX` picks (`Shift+X`).
  public var showsFunction = false
  /// The segment as circular arcs within `arcTolerance` (`Shift+R`).
  public var showsArcs = false
  /// The canonical map of the cubic under t, with its fourth point on it (`Shift+N`).
  public var showsCanonicalMap = false
  /// The segment's graduated offset on both sides, from `offsetStart` to `offsetEnd`
  /// (`Shift+O`).
  public var showsGraduatedOffset = false
  /// The flattening's tolerance, in screen pixels.
  public var flatteningTolerance = 1.0
  /// Where along the segment's x span the function is read, 0 (its left) to 1 (its right).
  public var functionX = 0.5
  /// How far the arcs may stray from the curve, in screen pixels.
  public var arcTolerance = 1.0
  /// The graduated offset's distance at the segment's start and at its end, in units.
  public var offsetStart = 10.0
  public var offsetEnd = 40.0
  /// The selected curves' gradients' handles on the canvas: a linear one's ends, a radial
  /// one's centre, radius and focus, and the stops (`G`).
  public var showsGradientHandles = false
  /// Options of construction levels 1, 2, …; a level past the end has the defaults.
  public var levels: [Level] = []

  public init() {}

  /// The primer page's sliders: the values its figures are drawn at.
  public enum Amount: CaseIterable, Equatable, Sendable {
    case flatteningTolerance, functionX, arcTolerance, offsetStart, offsetEnd

    public var keyPath: WritableKeyPath<DisplayOptions, Double> {
      switch self {
      case .flatteningTolerance: \.flatteningTolerance
      case .functionX: \.functionX
      case .arcTolerance: \.arcTolerance
      case .offsetStart: \.offsetStart
      case .offsetEnd: \.offsetEnd
      }
    }

    public var range: ClosedRange<Double> {
      switch self {
      case .flatteningTolerance: 0.05...20
      case .functionX: 0...1
      case .arcTolerance: 0.1...20
      case .offsetStart, .offsetEnd: 0...100
      }
    }

    /// `value` brought into `range` (NaN to its lower end).
    public func clamped(_ value: Double) -> Double {
      value.isNaN ? range.lowerBound : min(max(value, range.lowerBound), range.upperBound)
    }
  }

  /// The options of construction level `level` (1 is the first after the control polygon).
  public func options(ofLevel level: Int) -> Level {
    levels.indices.contains(level - 1) ? levels[level - 1] : Level()
  }

  /// Sets level `level`'s options, growing `levels` as needed (at most 15 levels exist).
  public mutating func setOptions(_ options: Level, ofLevel level: Int) {
    guard (1...15).contains(level) else { return }
    while levels.count < level { levels.append(Level()) }
    levels[level - 1] = options
  }

  /// Every field is optional in a file: a missing one keeps its default.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func flag(_ key: CodingKeys, _ fallback: Bool) throws -> Bool {
      try container.decodeIfPresent(Bool.self, forKey: key) ?? fallback
    }
    let defaults = DisplayOptions()
    handles = try container.decodeIfPresent(Handles.self, forKey: .handles) ?? defaults.handles
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
    showsAlignedBounds = try flag(.showsAlignedBounds, defaults.showsAlignedBounds)
    showsProjection = try flag(.showsProjection, defaults.showsProjection)
    showsHodograph = try flag(.showsHodograph, defaults.showsHodograph)
    showsIntersections = try flag(.showsIntersections, defaults.showsIntersections)
    showsGradientHandles = try flag(.showsGradientHandles, defaults.showsGradientHandles)
    showsGraphs = try flag(.showsGraphs, defaults.showsGraphs)
    showsFlattening = try flag(.showsFlattening, defaults.showsFlattening)
    showsFunction = try flag(.showsFunction, defaults.showsFunction)
    showsArcs = try flag(.showsArcs, defaults.showsArcs)
    showsCanonicalMap = try flag(.showsCanonicalMap, defaults.showsCanonicalMap)
    showsGraduatedOffset = try flag(.showsGraduatedOffset, defaults.showsGraduatedOffset)
    // A value out of range is brought into it, as the slider would.
    func amount(_ key: CodingKeys, _ amount: Amount) throws -> Double {
      try container.decodeIfPresent(Double.self, forKey: key).map(amount.clamped) ?? defaults[keyPath: amount.keyPath]
    }
    flatteningTolerance = try amount(.flatteningTolerance, .flatteningTolerance)
    functionX = try amount(.functionX, .functionX)
    arcTolerance = try amount(.arcTolerance, .arcTolerance)
    offsetStart = try amount(.offsetStart, .offsetStart)
    offsetEnd = try amount(.offsetEnd, .offsetEnd)
    levels = try container.decodeIfPresent([Level].self, forKey: .levels) ?? []
    guard levels.count <= 15 else {
      throw DecodingError.dataCorruptedError(forKey: .levels, in: container, debugDescription: "at most 15 construction levels")
    }
  }
}
