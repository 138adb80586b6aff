import Composable

/// The panel's style controls: for the selected points a colour swatch and the size slider;
/// for the curves that have a selected point their fill, stroke, stroke width and opacity.
///
/// ```swift
/// Scope(state: \.self, action: \.styling) { Styling() }
/// store.send(.styling(.setColor(RGBColor.palette[0])))
/// store.send(.styling(.setSize(12)))
/// store.send(.styling(.setFill(.color(RGBColor.palette[2]))))
/// store.send(.styling(.beginStyleEdit))            // the width slider pressed
/// store.send(.styling(.setStrokeWidth(4)))
/// store.send(.styling(.endStyleEdit))              // released: one undo step
/// store.send(.styling(.setPaintKind(.fill, .linear)))  // the fill fades across the curve
/// store.send(.styling(.setStopColor(RGBColor.palette[1])))  // the stop pressed on the canvas
/// ```
///
/// A point's colour and size reach its `ControlPoint` through its curve, in the same pass.
/// Each change is one undo step, unless a drag or a style slider's drag is under way (it is
/// one step itself).
public struct Styling: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// The selected points' colour (nil: the default look).
    case setColor(RGBColor?)
    /// The selected points' size, within `PointSize.range` (nil: the default look).
    case setSize(Double?)
    /// The selected points' weight, within `PointWeight.range` (nil: 1): the primer's
    /// rational curves.
    case setWeight(Double?)
    /// The selected curves' fill: a colour, `.none`, or nil for the default look (no fill).
    case setFill(CurveStyle.Paint?)
    /// The selected curves' stroke: a colour, `.none`, or nil for the editor's blue line.
    case setStroke(CurveStyle.Paint?)
    /// The selected curves' stroke width in document units, within `strokeWidthRange` (nil:
    /// the default look, 3 px on screen). A width that is not a finite number changes nothing.
    case setStrokeWidth(Double?)
    /// The selected curves' opacity, within 0…1. A value that is not a finite number changes
    /// nothing.
    case setOpacity(Double)
    /// Turns the selected curves' fill or stroke into a flat colour, a linear or a radial
    /// gradient (see `CurveStyle.Paint.converted(to:)`).
    case setPaintKind(PaintTarget, PaintKind)
    /// The kind swatch clicked: the selected curves' fill or stroke becomes the kind after the
    /// first selected curve's (flat → linear → radial → flat; a pattern → flat).
    case cyclePaintKind(PaintTarget)
    /// A paint swatch clicked: with a stop of that paint's gradient pressed on the canvas, a
    /// colour is that stop's (`setStopColor`); else the selected curves' fill or stroke.
    case pickPaint(PaintTarget, CurveStyle.Paint?)
    /// The colour of the gradient stop pressed on the canvas (`interaction.selectedStop`),
    /// its opacity kept; nothing without one.
    case setStopColor(RGBColor)
    /// A stroke width or opacity slider pressed: its changes until `endStyleEdit` are one
    /// undo step.
    case beginStyleEdit
    /// The slider released.
    case endStyleEdit
  }

  /// What a paint that has no colour (none, or the default look) becomes a gradient of.
  public static let fallbackColor = RGBColor.palette[5]

  /// The panel's stroke widths, in document units.
  public static let strokeWidthRange = 0.0...50.0

  private let curve = Curve()._resolvedReduce

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.interaction.notice = nil
    switch action {
    case let .setColor(color): style(.setColor(color), &state)
    case let .setSize(size): style(.setSize(size), &state)
    case let .setWeight(weight) where state.interaction.splinePoint != nil: setSplineWeight(weight, &state)
    case let .setWeight(weight): style(.setWeight(weight), &state)
    case let .setFill(fill): styleCurves(&state) { $0.fill = fill }
    case let .setStroke(stroke): styleCurves(&state) { $0.stroke = stroke }
    case let .setPaintKind(.fill, kind): styleCurves(&state) { $0.fill = $0.fill.converted(to: kind, fallback: Self.fallbackColor) }
    case let .setPaintKind(.stroke, kind): styleCurves(&state) { $0.stroke = $0.stroke.converted(to: kind, fallback: Self.fallbackColor) }
    case let .cyclePaintKind(target):
      let paint: KeyPath<CurveStyle, CurveStyle.Paint?> = target == .fill ? \.fill : \.stroke
      let current = state.selectedCurveIDs.first.flatMap { state.drawing.curves[id: $0] }.map { $0.style[keyPath: paint].kind } ?? .flat
      return reduce(into: &state, action: .setPaintKind(target, current.next))
    case let .pickPaint(target, paint):
      if state.interaction.selectedStop?.target == target, case let .color(color)? = paint {
        return reduce(into: &state, action: .setStopColor(color))
      }
      return reduce(into: &state, action: target == .fill ? .setFill(paint) : .setStroke(paint))
    case let .setStrokeWidth(width?):
      guard width.isFinite else { break }
      styleCurves(&state) { $0.strokeWidth = min(max(width, Self.strokeWidthRange.lowerBound), Self.strokeWidthRange.upperBound) }
    case .setStrokeWidth(nil): styleCurves(&state) { $0.strokeWidth = nil }
    case let .setOpacity(opacity):
      guard opacity.isFinite else { break }
      styleCurves(&state) { $0.opacity = min(max(opacity, CurveStyle.opacityRange.lowerBound), CurveStyle.opacityRange.upperBound) }
    case let .setStopColor(color):
      guard let stop = state.interaction.selectedStop, let curve = state.drawing.curves[id: stop.curve] else { return .none }
      let paint = stop.target == .fill ? curve.style.fill : curve.style.stroke
      guard var gradient = paint?.gradient, gradient.stops.indices.contains(stop.index), gradient.stops[stop.index].color != color else {
        return .none
      }
      gradient.stops[stop.index].color = color
      if state.history.pending == nil { state.history.record(state.undoSnapshot) }
      if stop.target == .fill {
        state.drawing.curves[id: stop.curve]!.style.fill = .gradient(gradient)
      } else {
        state.drawing.curves[id: stop.curve]!.style.stroke = .gradient(gradient)
      }
      state.drawing.markEdited()
    case .beginStyleEdit: state.beginStyleEdit()
    case .endStyleEdit: state.endStyleEdit()
    }
    return .none
  }

  /// Changes the style of every curve that has a selected point: one undo step, unless a
  /// slider drag is under way.
  private func styleCurves(_ state: inout State, _ change: (inout CurveStyle) -> Void) {
    let ids = state.selectedCurveIDs
    guard !ids.isEmpty else {
      state.interaction.notice = "Select a point of each curve to style."
      return
    }
    let before = state.drawing.curves
    for id in ids { change(&state.drawing.curves[id: id]!.style) }
    guard state.drawing.curves != before else { return }
    // What the drawing tools make next takes this style.
    state.interaction.currentStyle = state.drawing.curves[id: ids[0]]!.style
    if state.history.pending == nil { state.history.record(state.undoSnapshot(of: before)) }
    state.drawing.markEdited()
  }

  /// The selected B-spline control point's weight (nil: 1): its curve made anew.
  private func setSplineWeight(_ weight: Double?, _ state: inout State) {
    guard let point = state.interaction.splinePoint, let value = PointWeight.clamped(weight ?? 1) else { return }
    let before = state.drawing.curves
    guard state.editSpline(of: point.curve, { spline in
      guard spline.weights.indices.contains(point.index) else { return nil }
      var spline = spline
      spline.weights[point.index] = value
      return spline
    }) else { return }
    if !state.isEditingStyle { state.history.record(state.undoSnapshot(of: before)) }
    state.drawing.markEdited()
  }

  private func style(_ action: ControlPoint.Action, _ state: inout State) {
    guard !state.interaction.selection.isEmpty else { return }
    let before = state.drawing.curves
    for reference in state.interaction.selection {
      guard let index = state.drawing.curves.index(id: reference.curve),
        let subpath = state.drawing.curves[index].subpathID(holding: reference.point)
      else { continue }
      _ = curve(&state.drawing.curves[index], .point(reference.point, in: subpath, action))
    }
    guard state.drawing.curves != before else { return }
    if state.interaction.drag == nil, !state.isEditingStyle { state.history.record(state.undoSnapshot(of: before)) }
    state.drawing.markEdited()
  }
}
