import Composable

/// What the canvas shows, from the panel's toggles: the curve, its polygon, the trace, the
/// analysis overlays, each construction level's look and the construction cycle.
///
/// ```swift
/// Scope(state: \.drawing.display, action: \.display) { Display() }
/// store.send(.display(.toggle(.showsTangent)))
/// store.send(.display(.toggleLevel(2, .showsTrace)))
/// store.send(.display(.cycleConstruction))   // all levels → last level → hidden → all
/// store.send(.display(.cycleBoxes))          // none → axis-aligned → chord-aligned → both → none
/// store.send(.display(.set(.arcTolerance, 2)))
/// ```
///
/// The options are saved with the drawing, so every change is an edit of it.
public struct Display: Reducer {
  public typealias State = DisplayOptions

  @CasePathable
  public enum Action: Equatable, Sendable {
    case toggle(DisplayOptions.Flag)
    /// One of construction level `level`'s options (1 is the first level after the polygon).
    case toggleLevel(Int, DisplayOptions.LevelFlag)
    case cycleConstruction
    /// The panel's Box toggle: the axis-aligned box, then the one aligned with the chord,
    /// then both, then neither.
    case cycleBoxes
    /// One of the primer page's sliders (kept in its range).
    case set(DisplayOptions.Amount, Double)
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .toggle(flag):
      state[keyPath: flag.keyPath].toggle()
    case let .set(amount, value):
      state[keyPath: amount.keyPath] = amount.clamped(value)
    case let .toggleLevel(level, flag):
      var options = state.options(ofLevel: level)
      options[keyPath: flag.keyPath].toggle()
      state.setOptions(options, ofLevel: level)
    case .cycleBoxes:
      (state.showsBoundingBox, state.showsAlignedBounds) = switch (state.showsBoundingBox, state.showsAlignedBounds) {
      case (false, false): (true, false)
      case (true, false): (false, true)
      case (false, true): (true, true)
      case (true, true): (false, false)
      }
    case .cycleConstruction:
      state.construction = switch state.construction {
      case .allLevels: .lastLevel
      case .lastLevel: .hidden
      case .hidden: .allLevels
      }
    }
    return .none
  }
}

extension DisplayOptions {
  /// The options a toggle turns on and off.
  public enum Flag: CaseIterable, Equatable, Sendable {
    case showsCurve, showsControlPolygon, showsTrace, showsPointAtT
    case showsTangent, showsCurvatureComb, showsOsculatingCircle, showsBoundingBox, showsAlignedBounds, showsInflections
    case showsIntersections, showsProjection, showsHodograph
    case showsGraphs, showsFlattening, showsFunction, showsArcs, showsCanonicalMap, showsGraduatedOffset
    case showsGradientHandles

    public var keyPath: WritableKeyPath<DisplayOptions, Bool> {
      switch self {
      case .showsCurve: \.showsCurve
      case .showsControlPolygon: \.showsControlPolygon
      case .showsTrace: \.showsTrace
      case .showsPointAtT: \.showsPointAtT
      case .showsTangent: \.showsTangent
      case .showsCurvatureComb: \.showsCurvatureComb
      case .showsOsculatingCircle: \.showsOsculatingCircle
      case .showsBoundingBox: \.showsBoundingBox
      case .showsAlignedBounds: \.showsAlignedBounds
      case .showsInflections: \.showsInflections
      case .showsIntersections: \.showsIntersections
      case .showsProjection: \.showsProjection
      case .showsHodograph: \.showsHodograph
      case .showsGraphs: \.showsGraphs
      case .showsFlattening: \.showsFlattening
      case .showsFunction: \.showsFunction
      case .showsArcs: \.showsArcs
      case .showsCanonicalMap: \.showsCanonicalMap
      case .showsGraduatedOffset: \.showsGraduatedOffset
      case .showsGradientHandles: \.showsGradientHandles
      }
    }
  }

  /// The options of one construction level a toggle turns on and off.
  public enum LevelFlag: CaseIterable, Equatable, Sendable {
    case isShown, showsOnlyLastSegment, showsTrace

    public var keyPath: WritableKeyPath<DisplayOptions.Level, Bool> {
      switch self {
      case .isShown: \.isShown
      case .showsOnlyLastSegment: \.showsOnlyLastSegment
      case .showsTrace: \.showsTrace
      }
    }
  }
}
