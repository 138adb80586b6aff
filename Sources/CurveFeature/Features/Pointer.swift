import Composable
import CurveGeometry
import OrderedCollections

/// The mouse on the canvas: hover, select (Shift adds or removes a point), drag the
/// selection, rubber-band select on empty canvas, double-click to insert a point,
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
/// A drag step is one pass: `moved` runs each moved point's `movePoint` directly. Dragging
/// any selected point moves the whole selection by the same offset, clamped as a group so no
/// point leaves the canvas. A whole drag is one undo step, begun when it starts and committed
/// when it ends having moved something; a click that moves nothing leaves undo and redo alone.
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
    case let .down(screenPoint, .left, clickCount, modifiers):
      leftButtonDown(at: screenPoint, clickCount: clickCount, extending: modifiers.contains(.shift), &state)

    case let .down(screenPoint, .middle, _, _):
      state.panAnchor = screenPoint

    case .down(_, .right, _, _):
      break

    case let .moved(screenPoint):
      if let anchor = state.panAnchor {
        _ = Viewport().reduce(into: &state.viewport, action: .pan(by: screenPoint - anchor))
        state.panAnchor = screenPoint
      } else if state.drag != nil {
        dragStep(to: state.viewport.documentPoint(atScreen: screenPoint), &state)
      } else if state.rubberBand != nil {
        stretchRubberBand(to: state.viewport.documentPoint(atScreen: screenPoint), &state)
      } else {
        let hover = hit(at: screenPoint, &state)
        if hover != state.hover { state.hover = hover }
      }

    case .up(_, .left):
      state.endDrag()
      state.rubberBand = nil

    case .up(_, .middle):
      state.panAnchor = nil

    case .up(_, .right):
      break

    case .exited:
      state.hover = nil
    }
    return .none
  }

  /// The topmost point under the pointer, through the point index (brought up to date).
  private func hit(at screenPoint: Point, _ state: inout State) -> PointReference? {
    state.pointIndex.refresh(state.curves, revision: state.revision)
    return state.pointIndex.point(
      at: state.viewport.documentPoint(atScreen: screenPoint),
      radius: state.viewport.documentLength(Self.hitRadius),
      unitsPerScreenUnit: state.viewport.documentLength(1)
    )
  }

  private func leftButtonDown(at screenPoint: Point, clickCount: Int, extending: Bool, _ state: inout State) {
    // A press without the release of the last one (a lost event) ends that drag first.
    state.endDrag()
    let cleared = state.clearedSelection
    state.clearedSelection = []
    let position = state.viewport.documentPoint(atScreen: screenPoint)
    if let hit = hit(at: screenPoint, &state), let point = state.curves[hit] {
      let wasInLargerSelection = state.selection.contains(hit) && state.selection.count > 1
      if extending {
        // Shift+click toggles the point; a point just taken out is not dragged.
        guard state.selection.remove(hit) == nil else { return }
        state.selection.append(hit)
      } else if !state.selection.contains(hit) {
        state.selection = [hit]
      }
      state.drag = State.Drag(
        point: hit, grabOffset: position - point.position, start: point.position, bounds: state.selectionBounds,
        startRevision: state.revision, selectsOnlyThePointIfNotMoved: wasInLargerSelection && !extending
      )
      state.history.begin(state.curves)
      return
    }
    if clickCount >= 2 {
      let curve = (state.selection.last ?? cleared.last)?.curve ?? state.curves.last?.id
      insertPoint(at: position, into: curve, &state)
      return
    }
    if !extending, !state.selection.isEmpty {
      state.clearedSelection = state.selection
      state.selection = []
    }
    state.rubberBand = State.RubberBand(anchor: position, corner: position, base: state.selection)
  }

  /// Moves the selection with the grabbed point, as a group, from where it was when the drag
  /// began. One selected point (the common case, and the hot path) needs no lookups.
  private func dragStep(to position: Point, _ state: inout State) {
    guard let drag = state.drag, position.x.isFinite, position.y.isFinite else { return }
    let offset = position - drag.grabOffset - drag.start
    if state.selection.count == 1, state.selection[0] == drag.point {
      mover.move(drag.point, to: drag.start + PointMover.clamp(offset, keeping: drag.bounds, on: state.canvas), in: &state)
    } else {
      mover.moveSelection(by: offset, from: state.history.pending ?? state.curves, bounds: drag.bounds, in: &state)
    }
  }

  /// Selects the points inside the band, besides those selected before it with Shift.
  private func stretchRubberBand(to position: Point, _ state: inout State) {
    guard var band = state.rubberBand else { return }
    band.corner = position
    state.rubberBand = band
    let rect = band.rect
    var selection = band.base
    state.pointIndex.refresh(state.curves, revision: state.revision)
    selection.append(contentsOf: state.pointIndex.points(in: rect))
    if selection != state.selection { state.selection = selection }
  }

  /// A double-click on empty canvas: a new point in the control polygon's nearest segment.
  private func insertPoint(at position: Point, into curveID: CurveReducer.State.ID?, _ state: inout State) {
    guard let curveID, let curve = state.curves[id: curveID], curve.points.count < Editor.pointsPerCurve.upperBound
    else { return }
    state.history.record(state.curves)
    let point = PointFeature.State(id: uuid(), position: state.canvas.clamp(position))
    state.curves[id: curveID]?.points.insert(point, at: curve.points.insertionIndex(for: point.position))
    state.selection = [PointReference(curve: curveID, point: point.id)]
    state.markCurvesEdited()
  }

}
