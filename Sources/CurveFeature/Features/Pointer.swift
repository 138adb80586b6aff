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
      state.endGesture()
      state.interaction.gesture = .pan(anchor: screenPoint)

    case .down(_, .right, _, _):
      break

    case let .moved(screenPoint):
      switch state.interaction.gesture {
      case let .pan(anchor):
        state.viewport.pan(by: screenPoint - anchor)
        state.interaction.gesture = .pan(anchor: screenPoint)
      case let .drag(drag):
        dragStep(drag, to: state.viewport.documentPoint(atScreen: screenPoint), &state)
      case let .rubberBand(band):
        stretch(band, to: state.viewport.documentPoint(atScreen: screenPoint), &state)
      case nil:
        let hover = hit(at: screenPoint, &state)
        if hover != state.interaction.hover { state.interaction.hover = hover }
      }

    case .up(_, .left):
      if state.interaction.drag != nil || state.interaction.rubberBand != nil { state.endGesture() }

    case .up(_, .middle):
      if case .pan = state.interaction.gesture { state.endGesture() }

    case .up(_, .right):
      break

    case .exited:
      state.interaction.hover = nil
    }
    return .none
  }

  /// The topmost point under the pointer, through the point index (brought up to date).
  private func hit(at screenPoint: Point, _ state: inout State) -> PointReference? {
    state.pointIndex.refresh(state.drawing.curves, revision: state.drawing.revision)
    return state.pointIndex.point(
      at: state.viewport.documentPoint(atScreen: screenPoint),
      radius: state.viewport.documentLength(Self.hitRadius),
      unitsPerScreenUnit: state.viewport.documentLength(1)
    )
  }

  private func leftButtonDown(at screenPoint: Point, clickCount: Int, extending: Bool, _ state: inout State) {
    // A press without the release of the last one (a lost event) ends that drag first.
    state.endGesture()
    let cleared = state.interaction.clearedSelection
    state.interaction.clearedSelection = []
    let position = state.viewport.documentPoint(atScreen: screenPoint)
    if let hit = hit(at: screenPoint, &state), let point = state.drawing.curves[hit] {
      let wasInLargerSelection = state.interaction.selection.contains(hit) && state.interaction.selection.count > 1
      if extending {
        // Shift+click toggles the point; a point just taken out is not dragged.
        guard state.interaction.selection.remove(hit) == nil else { return }
        state.interaction.selection.append(hit)
      } else if !state.interaction.selection.contains(hit) {
        state.interaction.selection = [hit]
      }
      state.beginDrag(Drag(
        point: hit, grabOffset: position - point.position, start: point.position, bounds: state.selectionBounds,
        startRevision: state.drawing.revision, selectsOnlyThePointIfNotMoved: wasInLargerSelection && !extending
      ))
      return
    }
    if clickCount >= 2 {
      let curve = (state.interaction.selection.last ?? cleared.last)?.curve ?? state.drawing.curves.last?.id
      insertPoint(at: position, into: curve, &state)
      return
    }
    if !extending, !state.interaction.selection.isEmpty {
      state.interaction.clearedSelection = state.interaction.selection
      state.interaction.selection = []
    }
    state.interaction.gesture = .rubberBand(RubberBand(anchor: position, corner: position, base: state.interaction.selection))
  }

  /// Moves the selection with the grabbed point, as a group, from where it was when the drag
  /// began. One selected point (the common case, and the hot path) needs no lookups.
  private func dragStep(_ drag: Drag, to position: Point, _ state: inout State) {
    guard position.x.isFinite, position.y.isFinite else { return }
    let offset = position - drag.grabOffset - drag.start
    if state.interaction.selection.count == 1, state.interaction.selection[0] == drag.point {
      mover.move(drag.point, to: drag.start + PointMover.clamp(offset, keeping: drag.bounds, on: state.canvas), in: &state)
    } else {
      mover.moveSelection(by: offset, from: state.history.pending ?? state.drawing.curves, bounds: drag.bounds, in: &state)
    }
  }

  /// Selects the points inside the band, besides those selected before it with Shift.
  private func stretch(_ band: RubberBand, to position: Point, _ state: inout State) {
    var band = band
    band.corner = position
    state.interaction.gesture = .rubberBand(band)
    let rect = band.rect
    var selection = band.base
    state.pointIndex.refresh(state.drawing.curves, revision: state.drawing.revision)
    selection.append(contentsOf: state.pointIndex.points(in: rect))
    if selection != state.interaction.selection { state.interaction.selection = selection }
  }

  /// A double-click on empty canvas: a new point in the control polygon's nearest segment.
  private func insertPoint(at position: Point, into curveID: Curve.State.ID?, _ state: inout State) {
    guard let curveID, let curve = state.drawing.curves[id: curveID], curve.points.count < Editor.pointsPerCurve.upperBound
    else { return }
    state.history.record(state.drawing.curves)
    let point = ControlPoint.State(id: uuid(), position: state.canvas.clamp(position))
    state.drawing.curves[id: curveID]?.points.insert(point, at: curve.points.insertionIndex(for: point.position))
    state.interaction.selection = [PointReference(curve: curveID, point: point.id)]
    state.drawing.markCurvesEdited()
  }

}
