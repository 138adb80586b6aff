import Composable
import CurveFeature
import CurveGeometry

/// A slider as the panel draws and drives it: every read and write goes through one of the
/// store's bindings, like a SwiftUI `Slider(value: viewStore.binding(...))`.
@MainActor
struct SliderModel {
  var label: String
  var range: ClosedRange<Double>
  /// Integer sliders round what the mouse sets.
  var isInteger: Bool
  var isEnabled: Bool
  var value: StoreBinding<Double>
  /// How the value is printed beside the label (a format for `String(format:)`), when it is
  /// not a whole number.
  var format = "%.2f"

  /// The value as the panel prints it.
  var valueText: String {
    guard isEnabled else { return "–" }
    return isInteger ? String(Int(value.wrappedValue.rounded())) : String(format: format, value.wrappedValue)
  }

  /// Where the value sits along the track, 0...1.
  var fraction: Double {
    let span = range.upperBound - range.lowerBound
    return span > 0 ? min(max((value.wrappedValue - range.lowerBound) / span, 0), 1) : 0
  }

  /// Sets the value for a pointer at `fraction` of the track (clamped).
  func set(fraction: Double) {
    guard isEnabled, fraction.isFinite else { return }
    var newValue = range.lowerBound + min(max(fraction, 0), 1) * (range.upperBound - range.lowerBound)
    if isInteger { newValue = newValue.rounded() }
    if newValue != value.wrappedValue { value.wrappedValue = newValue }
  }

  static func model(for kind: SliderKind, store: StoreOf<Editor>) -> SliderModel {
    let state = store.state
    let playback = store.scope(state: \.animation, action: \.playback)
    switch kind {
    case .x, .y:
      // Several points: the left and top of their box, as in a drawing program's X and Y.
      let topLeft = store.binding(
        get: { $0.selectionBounds.map { Point(x: $0.minX, y: $0.minY) } ?? .zero },
        send: { .editing(.moveSelection(toTopLeft: $0)) }
      )
      return SliderModel(
        label: state.selection.count > 1 ? (kind == .x ? "x (left)" : "y (top)") : (kind == .x ? "x" : "y"),
        range: 0...(kind == .x ? state.canvas.width : state.canvas.height),
        isInteger: true,
        isEnabled: !state.selection.isEmpty,
        value: kind == .x ? topLeft.x : topLeft.y
      )
    case .pointSize:
      let size = store.binding(
        get: { state in state.selection.first.flatMap { state.curves[$0]?.size } ?? Theme.handleRadius * 2 },
        send: { .editing(.setSize($0)) }
      )
      return SliderModel(
        label: "Point size", range: PointSize.range, isInteger: true, isEnabled: !state.selection.isEmpty, value: size
      )
    case .totalSteps:
      return SliderModel(
        label: "Steps", range: Double(AnimationSettings.stepRange.lowerBound)...Double(AnimationSettings.stepRange.upperBound),
        isInteger: true, isEnabled: state.animation.mode == .steps, value: playback.binding(\.totalSteps).asDouble
      )
    case .speed:
      return SliderModel(
        label: "Speed", range: Double(AnimationSettings.speedRange.lowerBound)...Double(AnimationSettings.speedRange.upperBound),
        isInteger: true, isEnabled: state.animation.mode == .steps, value: playback.binding(\.speed).asDouble
      )
    case .duration:
      return SliderModel(
        label: "Duration of a sweep", range: AnimationSettings.durationRange, isInteger: false,
        isEnabled: state.animation.mode == .smooth, value: playback.binding(\.duration), format: "%.1f s"
      )
    case .t:
      return SliderModel(
        label: "t", range: 0...1, isInteger: false, isEnabled: true,
        value: store.binding(get: \.animation.t, send: { .playback(.scrub(t: $0)) })
      )
    }
  }
}

extension StoreBinding<Int> {
  /// The same binding seen as a `Double`, rounding what is written.
  @MainActor var asDouble: StoreBinding<Double> {
    StoreBinding<Double>(get: { Double(self.wrappedValue) }, set: { self.wrappedValue = Int($0.rounded()) })
  }
}

/// A toggle button of the panel, bound to a display option.
@MainActor
struct ToggleModel {
  var label: String
  var isOn: Bool
  /// Flips the option (the construction toggle cycles all levels → last level → hidden).
  var toggle: () -> Void

  /// `level` is the construction level the level toggles are for.
  static func model(for kind: ToggleKind, level: Int, store: StoreOf<Editor>) -> ToggleModel {
    let display = store.display
    func flag(_ label: String, _ keyPath: WritableKeyPath<Editor.State, Bool>) -> ToggleModel {
      let binding = store.binding(keyPath)
      return ToggleModel(label: label, isOn: binding.wrappedValue, toggle: { binding.wrappedValue.toggle() })
    }
    switch kind {
    case .curve: return flag("Curve", \.display.showsCurve)
    case .controlPolygon: return flag("Polygon", \.display.showsControlPolygon)
    case .trace: return flag("Trace", \.display.showsTrace)
    case .pointAtT: return flag("Point at t", \.display.showsPointAtT)
    case .tangent: return flag("Tangent", \.display.showsTangent)
    case .curvatureComb: return flag("Comb", \.display.showsCurvatureComb)
    case .osculatingCircle: return flag("Circle", \.display.showsOsculatingCircle)
    case .boundingBox: return flag("Box", \.display.showsBoundingBox)
    case .inflections: return flag("Inflect.", \.display.showsInflections)
    case .levelShown, .levelLastSegment, .levelTrace:
      let options = display.options(ofLevel: level)
      let field: WritableKeyPath<DisplayOptions.Level, Bool> = switch kind {
      case .levelShown: \.isShown
      case .levelLastSegment: \.showsOnlyLastSegment
      default: \.showsTrace
      }
      let label = switch kind {
      case .levelShown: "Shown"
      case .levelLastSegment: "Last seg."
      default: "Path"
      }
      let levels = store.binding(\.display.levels)
      return ToggleModel(label: label, isOn: options[keyPath: field]) {
        var display = store.display
        var changed = options
        changed[keyPath: field].toggle()
        display.setOptions(changed, ofLevel: level)
        levels.wrappedValue = display.levels
      }
    case .smoothMotion:
      return ToggleModel(label: "Smooth M", isOn: store.animation.mode == .smooth) { store.send(.playback(.toggleMode)) }
    case .repetition:
      let label = switch store.animation.repetition {
      case .loop: "Loop R"
      case .pingPong: "Bounce R"
      case .once: "Once R"
      }
      return ToggleModel(label: label, isOn: store.animation.repetition != .once) { store.send(.playback(.cycleRepetition)) }
    case .constantSpeed:
      return ToggleModel(label: "Even K", isOn: store.animation.parametrization == .arcLength) {
        store.send(.playback(.toggleArcLength))
      }
    case .construction:
      let binding = store.binding(\.display.construction)
      let label = switch display.construction {
      case .allLevels: "Levels"
      case .lastLevel: "Last level"
      case .hidden: "No levels"
      }
      return ToggleModel(label: label, isOn: display.construction != .hidden) {
        binding.wrappedValue = switch binding.wrappedValue {
        case .allLevels: .lastLevel
        case .lastLevel: .hidden
        case .hidden: .allLevels
        }
      }
    }
  }
}
