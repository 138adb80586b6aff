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
    let playback = store.scope(state: \.drawing.animation, action: \.animation)
    switch kind {
    case .x, .y:
      // Several points: the left and top of their box, as in a drawing program's X and Y.
      let topLeft = store.binding(
        get: { $0.selectionBounds.map { Point(x: $0.minX, y: $0.minY) } ?? .zero },
        send: { .moving(.moveSelection(toTopLeft: $0)) }
      )
      return SliderModel(
        label: state.interaction.selection.count > 1 ? (kind == .x ? "x (left)" : "y (top)") : (kind == .x ? "x" : "y"),
        range: 0...(kind == .x ? state.canvas.width : state.canvas.height),
        isInteger: true,
        isEnabled: !state.interaction.selection.isEmpty,
        value: kind == .x ? topLeft.x : topLeft.y
      )
    case .pointSize:
      let size = store.binding(
        get: { state in state.interaction.selection.first.flatMap { state.drawing.curves[$0]?.size } ?? Theme.handleRadius * 2 },
        send: { .styling(.setSize($0)) }
      )
      return SliderModel(
        label: "Point size", range: PointSize.range, isInteger: true, isEnabled: !state.interaction.selection.isEmpty, value: size
      )
    case .strokeWidth, .opacity:
      let style = { (state: Editor.State) in state.firstSelectedCurve?.style ?? CurveStyle() }
      let isEnabled = !state.interaction.selection.isEmpty
      if kind == .strokeWidth {
        // No width of its own: the editor's line, shown as its width at 100%.
        let width = store.binding(get: { style($0).strokeWidth ?? Theme.curveWidth }, send: { .styling(.setStrokeWidth($0)) })
        return SliderModel(label: "Width", range: Styling.strokeWidthRange, isInteger: false, isEnabled: isEnabled, value: width, format: "%.1f")
      }
      let opacity = store.binding(get: { style($0).opacity ?? 1 }, send: { .styling(.setOpacity($0)) })
      return SliderModel(label: "Opacity", range: CurveStyle.opacityRange, isInteger: false, isEnabled: isEnabled, value: opacity)
    case .totalSteps:
      return SliderModel(
        label: "Steps", range: Double(AnimationSettings.stepRange.lowerBound)...Double(AnimationSettings.stepRange.upperBound),
        isInteger: true, isEnabled: state.drawing.animation.mode == .steps, value: playback.binding(\.totalSteps).asDouble
      )
    case .speed:
      return SliderModel(
        label: "Speed", range: Double(AnimationSettings.speedRange.lowerBound)...Double(AnimationSettings.speedRange.upperBound),
        isInteger: true, isEnabled: state.drawing.animation.mode == .steps, value: playback.binding(\.speed).asDouble
      )
    case .duration:
      return SliderModel(
        label: "Duration of a sweep", range: AnimationSettings.durationRange, isInteger: false,
        isEnabled: state.drawing.animation.mode == .smooth, value: playback.binding(\.duration), format: "%.1f s"
      )
    case .t:
      return SliderModel(
        label: "t", range: 0...1, isInteger: false, isEnabled: true,
        value: store.binding(get: \.drawing.animation.t, send: { .animation(.scrub(t: $0)) })
      )
    case .weight:
      // The first selected point's weight (or the B-spline control point's); every selected
      // point takes the one set.
      let weight = store.binding(get: { state in state.selectedWeight ?? 1 }, send: { .styling(.setWeight($0)) })
      return SliderModel(
        label: "Weight of the selected points", range: 0.05...5, isInteger: false, isEnabled: state.selectedWeight != nil, value: weight
      )
    case .objectX, .objectY, .objectWidth, .objectHeight:
      // The selected objects' visual box, as the canvas shows it; a value set moves or
      // scales it from its top-left corner.
      let box = state.selectedObjectsBox
      func value(_ box: Rect) -> Double {
        switch kind {
        case .objectX: box.minX
        case .objectY: box.minY
        case .objectWidth: box.width
        default: box.height
        }
      }
      let binding = store.binding(get: { $0.selectedObjectsBox.map(value) ?? 0 }, send: { newValue -> Editor.Action in
        var target = box ?? Rect(minX: 0, minY: 0, maxX: 0, maxY: 0)
        switch kind {
        case .objectX: target = Rect(minX: newValue, minY: target.minY, maxX: newValue + target.width, maxY: target.maxY)
        case .objectY: target = Rect(minX: target.minX, minY: newValue, maxX: target.maxX, maxY: newValue + target.height)
        case .objectWidth: target.maxX = target.minX + newValue
        default: target.maxY = target.minY + newValue
        }
        return .objects(.setBox(target))
      })
      let label = switch kind {
      case .objectX: "X"
      case .objectY: "Y"
      case .objectWidth: "W"
      default: "H"
      }
      let isSize = kind == .objectWidth || kind == .objectHeight
      let extent = kind == .objectX || kind == .objectWidth ? state.canvas.width : state.canvas.height
      return SliderModel(
        label: label, range: (isSize ? 0.1 : 0)...extent, isInteger: false, isEnabled: box != nil, value: binding, format: "%.1f"
      )
    case .flatteningTolerance, .functionX, .arcTolerance, .offsetStart, .offsetEnd:
      let amount = kind.amount!
      let (label, format, flag): (String, String, KeyPath<DisplayOptions, Bool>) = switch amount {
      case .flatteningTolerance: ("Flattening tolerance", "%.2f px", \.showsFlattening)
      case .functionX: ("Function: x across the segment", "%.2f", \.showsFunction)
      case .arcTolerance: ("Arcs: largest error", "%.1f px", \.showsArcs)
      case .offsetStart: ("Graduated offset at the start", "%.0f", \.showsGraduatedOffset)
      case .offsetEnd: ("Graduated offset at the end", "%.0f", \.showsGraduatedOffset)
      }
      return SliderModel(
        label: label, range: amount.range, isInteger: false, isEnabled: state.drawing.display[keyPath: flag],
        value: store.binding(get: { $0.drawing.display[keyPath: amount.keyPath] }, send: { .display(.set(amount, $0)) }), format: format
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

/// A toggle button of the panel: what it reads and the editor action it sends. The panel only
/// lays toggles out and sends; what a toggle does is reduced and tested in CurveFeature.
@MainActor
struct ToggleModel {
  var label: String
  /// The key that does the same, drawn apart from the word (lighter); nil when none does.
  var key: String?
  var isOn: Bool
  var action: Editor.Action

  /// `level` is the construction level the level toggles are for.
  static func model(for kind: ToggleKind, level: Int, state: Editor.State) -> ToggleModel {
    let display = state.drawing.display, animation = state.drawing.animation
    func flag(_ label: String, _ flag: DisplayOptions.Flag) -> ToggleModel {
      ToggleModel(label: label, isOn: display[keyPath: flag.keyPath], action: .display(.toggle(flag)))
    }
    func levelFlag(_ label: String, _ flag: DisplayOptions.LevelFlag) -> ToggleModel {
      ToggleModel(label: label, isOn: display.options(ofLevel: level)[keyPath: flag.keyPath], action: .display(.toggleLevel(level, flag)))
    }
    switch kind {
    case .curve: return flag("Curve", .showsCurve)
    case .controlPolygon: return flag("Polygon", .showsControlPolygon)
    case .trace: return flag("Trace", .showsTrace)
    case .pointAtT: return flag("Point at t", .showsPointAtT)
    case .tangent: return flag("Tangent", .showsTangent)
    case .curvatureComb: return flag("Comb", .showsCurvatureComb)
    case .osculatingCircle: return flag("Circle", .showsOsculatingCircle)
    case .boundingBox:
      let label = switch (display.showsBoundingBox, display.showsAlignedBounds) {
      case (false, true): "Aligned box"
      case (true, true): "Both boxes"
      default: "Box"
      }
      return ToggleModel(label: label, isOn: display.showsBoundingBox || display.showsAlignedBounds, action: .display(.cycleBoxes))
    case .inflections: return flag("Inflections", .showsInflections)
    case .intersections: return flag("Intersections", .showsIntersections)
    case .levelShown: return levelFlag("Shown", .isShown)
    case .levelLastSegment: return levelFlag("Last only", .showsOnlyLastSegment)
    case .levelTrace: return levelFlag("Path", .showsTrace)
    case .smoothMotion:
      return ToggleModel(label: "Smooth", key: "M", isOn: animation.mode == .smooth, action: .animation(.toggleMode))
    case .repetition:
      let label = switch animation.repetition {
      case .loop: "Loop"
      case .pingPong: "Bounce"
      case .once: "Once"
      }
      return ToggleModel(label: label, key: "Alt+R", isOn: animation.repetition != .once, action: .animation(.cycleRepetition))
    case .constantSpeed:
      return ToggleModel(label: "Constant speed", key: "K", isOn: animation.parametrization == .arcLength, action: .animation(.toggleArcLength))
    case .construction:
      let label = switch display.construction {
      case .allLevels: "Levels"
      case .lastLevel: "Last level"
      case .hidden: "No levels"
      }
      return ToggleModel(label: label, isOn: display.construction != .hidden, action: .display(.cycleConstruction))
    }
  }
}

extension ToggleModel {
  /// A toggle of the Objects page.
  static func model(for kind: ObjectToggle, state: Editor.State) -> ToggleModel {
    switch kind {
    case .lockAspect: ToggleModel(label: "Lock W:H", isOn: state.interaction.locksAspect, action: .objects(.toggleAspectLock))
    case .snapping: ToggleModel(label: "Snap", key: "%", isOn: state.interaction.snaps, action: .objects(.toggleSnapping))
    case .allHandles: ToggleModel(label: "All handles", isOn: state.drawing.display.handles == .all, action: .objects(.toggleAllHandles))
    }
  }

  /// A toggle of the Primer page; its key is drawn beside its word.
  static func model(for kind: PrimerToggle, state: Editor.State) -> ToggleModel {
    let display = state.drawing.display
    func flag(_ label: String, _ key: String?, _ flag: DisplayOptions.Flag) -> ToggleModel {
      ToggleModel(label: label, key: key, isOn: display[keyPath: flag.keyPath], action: .display(.toggle(flag)))
    }
    switch kind {
    case .graphs: return flag("Graphs", "Shift+G", .showsGraphs)
    case .hodograph: return flag("Hodograph", "Shift+H", .showsHodograph)
    case .projection: return flag("Projection", "Shift+P", .showsProjection)
    case .flattening: return flag("Flattening", "Shift+F", .showsFlattening)
    case .function: return flag("y for x", "Shift+X", .showsFunction)
    case .arcs: return flag("Arcs", "Shift+R", .showsArcs)
    case .canonicalMap: return flag("Canonical", "Shift+N", .showsCanonicalMap)
    case .graduatedOffset: return flag("Graduated offset", "Shift+O", .showsGraduatedOffset)
    case .boxes:
      var model = ToggleModel.model(for: .boundingBox, level: 1, state: state)
      model.key = nil
      return model
    case .inflections: return flag("Inflections", nil, .showsInflections)
    case .curvatureComb: return flag("Curvature comb", nil, .showsCurvatureComb)
    }
  }
}

/// A button of the node row: a node type (lit when every selected node has it) or Close/Open
/// (Close while a subpath with a selected point is open).
@MainActor
struct NodeButtonModel {
  var label: String
  var key: String
  var isOn: Bool
  var isEnabled: Bool
  var action: Editor.Action

  static func model(for control: PanelControl, state: Editor.State) -> NodeButtonModel? {
    // The selected points' subpaths (by id: with every point of 10,000 curves selected, a
    // search of a list of them for each point took seconds a frame), whether one is open, and
    // the types of the selected nodes.
    var types: [NodeType] = [], subpaths = Set<Subpath.State.ID>(), anyOpen = false
    for reference in state.interaction.selection {
      guard let curve = state.drawing.curves[id: reference.curve] else { continue }
      for subpath in curve.subpaths {
        guard let index = subpath.points.index(id: reference.point) else { continue }
        if subpaths.insert(subpath.id).inserted, !subpath.isClosed { anyOpen = true }
        if subpath.isNode(index) { types.append(subpath.points[index].node ?? .corner) }
      }
    }
    switch control {
    case let .nodeType(type):
      let (label, key) = switch type {
      case .corner: ("Corner", "Shift+C")
      case .smooth: ("Smooth", "Shift+S")
      case .symmetric: ("Symmetric", "Shift+Y")
      }
      return NodeButtonModel(
        label: label, key: key, isOn: !types.isEmpty && types.allSatisfy { $0 == type }, isEnabled: !types.isEmpty,
        action: .nodes(.setType(type))
      )
    case .closeOpen:
      let closes = subpaths.isEmpty || anyOpen
      return NodeButtonModel(
        label: closes ? "Close" : "Open", key: "Shift+L", isOn: false, isEnabled: !subpaths.isEmpty,
        action: .nodes(.toggleClosedSelectedSubpaths)
      )
    default:
      return nil
    }
  }
}
