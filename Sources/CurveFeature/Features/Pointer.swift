import Composable
import CurveGeometry
import OrderedCollections

/// The mouse on the canvas: hover, select (Shift adds or removes a point), drag the
/// selection, rubber-band select on empty canvas, double-click to insert a point,
/// middle-button drag to pan. The curve itself, between points: hovering its stroke
/// highlights the segment, a click selects the segment's end nodes (Shift adds or removes
/// them), a drag reshapes it (`Bezier.moulded(at:to:)`), a double-click splits it with a new
/// smooth node. Positions are screen points (UI units, the canvas area's
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
/// A segment's reshaping is one undo step the same way, ended here at the release.
public struct Pointer: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    case down(Point, button: PointerButton, clickCount: Int, modifiers: PointerModifiers)
    case moved(Point)
    case up(Point, button: PointerButton)
    /// The pointer left the canvas area: nothing is hovered.
    case exited
    /// Shift, Ctrl or Alt pressed or let go: a drag under way reads them at each step.
    case modifiersChanged(PointerModifiers)
  }

  /// Screen units within which the pointer grabs a point, at every zoom.
  public static let hitRadius = 8.0

  let mover = PointMover()
  private let sketching = Sketching()
  private let selector = Selector()
  private let pen = PenDrawing()
  let curve = Curve()._resolvedReduce
  @Dependency(\.uuid) var uuid

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case let .modifiersChanged(modifiers) = action {
      state.interaction.modifiers = modifiers
      // Ctrl makes a square, a circle or a star's 15° steps at any time during the drag.
      if var sketch = state.interaction.sketch, sketch.isConstrained != modifiers.contains(.control) {
        sketch.isConstrained = modifiers.contains(.control)
        state.interaction.gesture = .sketch(sketch)
      }
      return .none
    }
    // The pen's clicks and moves are its own, and so are the other drawing tools' left
    // button and the moves while they draw.
    if state.interaction.tool == .pen {
      switch action {
      case .down(_, .left, _, _), .up(_, .left), .down(_, .right, _, _): return pen.reduce(into: &state, action: action)
      // A middle-button pan goes on under the pen.
      case .moved where state.interaction.gesture?.isPan != true: return pen.reduce(into: &state, action: action)
      default: break
      }
    } else if state.interaction.tool == .selector {
      switch action {
      case .down(_, .left, _, _), .up(_, .left): return selector.reduce(into: &state, action: action)
      case .moved where state.interaction.gesture.map(\.isSelectors) ?? true: return selector.reduce(into: &state, action: action)
      default: break
      }
    } else if state.interaction.tool == .text {
      switch action {
      case let .down(screenPoint, .left, _, _):
        _ = TextEditing().reduce(into: &state, action: .click(state.viewport.documentPoint(atScreen: screenPoint)))
        return .none
      case .up(_, .left): return .none
      default: break
      }
    } else if state.interaction.tool != .node {
      switch action {
      case .down(_, .left, _, _), .up(_, .left): return sketching.reduce(into: &state, action: action)
      case .moved where state.interaction.sketch != nil: return sketching.reduce(into: &state, action: action)
      default: break
      }
    }
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
      case let .reshape(reshape):
        reshapeStep(reshape, to: state.viewport.documentPoint(atScreen: screenPoint), &state)
      case let .gradientHandle(drag):
        moveGradientHandle(drag, to: state.viewport.documentPoint(atScreen: screenPoint), &state)
      case let .splinePoint(drag):
        let position = state.canvas.clamp(state.viewport.documentPoint(atScreen: screenPoint) - drag.grabOffset)
        guard position.isFinite else { break }
        if state.editSpline(of: drag.point.curve, { spline in
          var spline = spline
          spline.points[drag.point.index] = position
          return spline
        }) { DocumentCurves.pointMoved(&state) }
      case let .knot(drag):
        guard let strip = state.knotStrip else { break }
        if state.editSpline(of: drag.curve, { $0.movingKnot(drag.index, to: strip.value(atX: screenPoint.x)) }) { DocumentCurves.pointMoved(&state) }
      case .sketch, .objects, .objectBand:
        break
      case nil:
        let hover = hit(at: screenPoint, &state)
        if hover != state.interaction.hover { state.interaction.hover = hover }
        // Points win: the stroke under a point is not hovered.
        let segment = hover == nil ? segmentHit(at: screenPoint, &state)?.reference : nil
        if segment != state.interaction.hoveredSegment { state.interaction.hoveredSegment = segment }
        if state.drawing.display.handles == .selected {
          let position = state.viewport.documentPoint(atScreen: screenPoint)
          let object = hover == nil && segment == nil ? state.object(at: position, radius: state.viewport.documentLength(Selector.strokeReach), curveItself: true) : nil
          if object != state.interaction.hoveredObject { state.interaction.hoveredObject = object }
        }
        if state.drawing.display.showsProjection { state.interaction.projection = state.projection(of: state.viewport.documentPoint(atScreen: screenPoint)) }
      }

    case .up(_, .left):
      // The left button's gestures end with it; a middle-button pan goes on.
      if state.interaction.gesture?.isPan == false { state.endGesture() }

    case .up(_, .middle):
      if case .pan = state.interaction.gesture { state.endGesture() }

    case .up(_, .right):
      break

    case .exited:
      state.interaction.hoveredObject = nil
      state.interaction.hover = nil
      state.interaction.hoveredSegment = nil
      state.interaction.projection = nil

    case .modifiersChanged:
      break
    }
    return .none
  }
}
