import Composable
import CurveGeometry

/// Keyboard and panel edits of the selection and the document: nudge, the x/y sliders,
/// select the next point, deselect, delete a point, add a curve. Each edit is one undo step.
///
/// ```swift
/// Scope(state: \.self, action: \.editing) { Editing() }
/// store.send(.editing(.arrow(dx: 10, dy: 0)))   // nudges the selection, or steps t
/// ```
public struct Editing: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// An arrow key: nudges the selected point by (dx, dy); with nothing selected, ← and →
    /// step t back and on.
    case arrow(dx: Double, dy: Double)
    /// The x and y sliders: moves the selected point.
    case moveSelectedPoint(to: Point)
    /// Starts a drag of the selected point by an x or y slider: its moves are one undo step,
    /// ended by the pointer's `up`.
    case grabSelectedPoint
    case selectNextPoint
    case clearSelection
    case deleteSelectedPoint
    case addCurve
  }

  private let mover = PointMover()
  private let playback = Playback()._resolvedReduce
  @Dependency(\.uuid) var uuid

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .arrow(dx, dy):
      if let point = state.selectedPoint {
        moveSelectedPoint(to: point.position + Point(x: dx, y: dy), &state)
      } else if dx != 0 {
        // Stepping starts no effects.
        _ = playback(&state.animation, .step(by: dx > 0 ? 1 : -1))
      }

    case let .moveSelectedPoint(position):
      moveSelectedPoint(to: position, &state)

    case .grabSelectedPoint:
      guard state.drag == nil, let selection = state.selection, let point = state.curves[selection] else { break }
      state.drag = State.Drag(point: selection, grabOffset: .zero, start: point.position)
      state.history.begin(state.curves)

    case .selectNextPoint:
      let all = state.curves.allPointReferences
      guard !all.isEmpty else { break }
      let index = state.selection.flatMap { all.firstIndex(of: $0) }.map { ($0 + 1) % all.count } ?? 0
      state.selection = all[index]

    case .clearSelection:
      state.selection = nil

    case .deleteSelectedPoint:
      guard let selection = state.selection,
        let curve = state.curves[id: selection.curve],
        curve.points.count > Editor.pointsPerCurve.lowerBound
      else { break }
      state.history.record(state.curves)
      state.curves[id: selection.curve]?.points.remove(id: selection.point)
      state.selection = nil
      state.markCurvesEdited()

    case .addCurve:
      state.history.record(state.curves)
      let curve = newCurve(in: state.canvas, offset: Double(state.curves.count))
      state.curves.append(curve)
      state.selection = PointReference(curve: curve.id, point: curve.points[0].id)
      state.markCurvesEdited()
    }
    return .none
  }

  /// One undo step, unless a slider drag of the point is under way (it is one step itself).
  private func moveSelectedPoint(to position: Point, _ state: inout State) {
    guard let selection = state.selection, let point = state.curves[selection],
      point.position != state.canvas.clamp(position)
    else { return }
    if state.drag?.point != selection { state.history.record(state.curves) }
    mover.move(selection, to: position, in: &state)
  }

  /// A four-point curve across the middle of the canvas, shifted down for each existing curve.
  private func newCurve(in canvas: Canvas, offset: Double) -> CurveReducer.State {
    let y = canvas.height * 0.5 + (offset * 24).truncatingRemainder(dividingBy: max(canvas.height * 0.4, 1))
    let xs = [0.15, 0.38, 0.62, 0.85].map { $0 * canvas.width }
    let ys = [y, y - canvas.height * 0.3, y - canvas.height * 0.3, y]
    return CurveReducer.State(
      id: uuid(),
      points: IdentifiedArray(uniqueElements: zip(xs, ys).map { x, y in
        PointFeature.State(id: uuid(), position: canvas.clamp(Point(x: x, y: y)))
      })
    )
  }
}
