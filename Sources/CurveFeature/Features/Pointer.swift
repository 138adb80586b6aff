import Composable
import CurveGeometry

/// The mouse on the canvas: hover, select, drag a point, double-click to insert a point,
/// middle-button drag to pan. Positions are screen points (UI units, the canvas area's
/// top-left at the origin); the viewport turns them into document points.
///
/// ```swift
/// Scope(state: \.self, action: \.pointer) { Pointer() }
/// store.send(.pointer(.down(Point(x: 120, y: 450), button: .left, clickCount: 1, modifiers: [])))
/// store.send(.pointer(.moved(Point(x: 140, y: 460))))
/// store.send(.pointer(.up(Point(x: 140, y: 460), button: .left)))
/// ```
///
/// A drag step is one pass: `moved` runs the point's `movePoint` directly. A whole drag is
/// one undo step, begun when it starts and committed when it ends having moved the point; a
/// click that moves nothing leaves undo and redo as they were.
public struct Pointer: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    case down(Point, button: PointerButton, clickCount: Int, modifiers: PointerModifiers)
    case moved(Point)
    case up(Point, button: PointerButton)
    /// The pointer left the canvas area: nothing is hovered.
    case exited
  }

  /// Screen units within which the pointer grabs a point, at every zoom.
  public static let hitRadius = 8.0

  private let mover = PointMover()
  @Dependency(\.uuid) var uuid

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .down(screenPoint, .left, clickCount, _):
      leftButtonDown(at: screenPoint, clickCount: clickCount, &state)

    case let .down(screenPoint, .middle, _, _):
      state.panAnchor = screenPoint

    case .down(_, .right, _, _):
      break

    case let .moved(screenPoint):
      if let anchor = state.panAnchor {
        _ = Viewport().reduce(into: &state.viewport, action: .pan(by: screenPoint - anchor))
        state.panAnchor = screenPoint
      } else if let drag = state.drag {
        mover.move(drag.point, to: state.viewport.documentPoint(atScreen: screenPoint) - drag.grabOffset, in: &state)
      } else {
        let hover = hit(at: screenPoint, state)
        if hover != state.hover { state.hover = hover }
      }

    case .up(_, .left):
      endDrag(&state)

    case .up(_, .middle):
      state.panAnchor = nil

    case .up(_, .right):
      break

    case .exited:
      state.hover = nil
    }
    return .none
  }

  private func hit(at screenPoint: Point, _ state: State) -> PointReference? {
    state.curves.point(
      at: state.viewport.documentPoint(atScreen: screenPoint),
      radius: state.viewport.documentLength(Self.hitRadius)
    )
  }

  private func leftButtonDown(at screenPoint: Point, clickCount: Int, _ state: inout State) {
    let cleared = state.clearedSelection
    state.clearedSelection = nil
    let position = state.viewport.documentPoint(atScreen: screenPoint)
    if let hit = hit(at: screenPoint, state), let point = state.curves[hit] {
      state.selection = hit
      state.drag = State.Drag(point: hit, grabOffset: position - point.position, start: point.position)
      state.history.begin(state.curves)
      return
    }
    guard clickCount >= 2 else {
      if state.selection != nil {
        state.clearedSelection = state.selection
        state.selection = nil
      }
      return
    }
    insertPoint(at: position, into: (state.selection ?? cleared)?.curve ?? state.curves.last?.id, &state)
  }

  /// A double-click on empty canvas: a new point in the control polygon's nearest segment.
  private func insertPoint(at position: Point, into curveID: CurveReducer.State.ID?, _ state: inout State) {
    guard let curveID, let curve = state.curves[id: curveID], curve.points.count < Editor.pointsPerCurve.upperBound
    else { return }
    state.history.record(state.curves)
    let point = PointFeature.State(id: uuid(), position: state.canvas.clamp(position))
    state.curves[id: curveID]?.points.insert(point, at: curve.points.insertionIndex(for: point.position))
    state.selection = PointReference(curve: curveID, point: point.id)
    state.markCurvesEdited()
  }

  /// Ends a drag by the pointer or by an x/y slider: one undo step if it moved the point.
  private func endDrag(_ state: inout State) {
    guard let drag = state.drag else { return }
    state.drag = nil
    if state.curves[drag.point]?.position != drag.start {
      state.history.commit()
    } else {
      state.history.discard()
    }
  }
}
