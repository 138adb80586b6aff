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

  private let mover = PointMover()
  private let sketching = Sketching()
  private let pen = PenDrawing()
  private let curve = Curve()._resolvedReduce
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
      case .sketch:
        break
      case nil:
        let hover = hit(at: screenPoint, &state)
        if hover != state.interaction.hover { state.interaction.hover = hover }
        // Points win: the stroke under a point is not hovered.
        let segment = hover == nil ? segmentHit(at: screenPoint, &state)?.reference : nil
        if segment != state.interaction.hoveredSegment { state.interaction.hoveredSegment = segment }
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
      state.interaction.hover = nil
      state.interaction.hoveredSegment = nil
      state.interaction.projection = nil

    case .modifiersChanged:
      break
    }
    return .none
  }

  /// The topmost point under the pointer, through the point index (brought up to date).
  private func hit(at screenPoint: Point, _ state: inout State) -> PointReference? {
    state.pointIndex.refresh(state.drawing.curves, revision: state.drawing.shapeRevision)
    return state.pointIndex.point(
      at: state.viewport.documentPoint(atScreen: screenPoint),
      radius: state.viewport.documentLength(Self.hitRadius),
      unitsPerScreenUnit: state.viewport.documentLength(1)
    )
  }

  /// The topmost segment whose stroke is under the pointer, and the parameter of the point
  /// of it nearest the pointer, through the segment index (brought up to date).
  private func segmentHit(at screenPoint: Point, _ state: inout State) -> (reference: SegmentReference, t: Double)? {
    state.pointIndex.segments.refresh(state.drawing.curves, revision: state.drawing.shapeRevision)
    return state.pointIndex.segments.segment(
      at: state.viewport.documentPoint(atScreen: screenPoint), radius: state.viewport.documentLength(Self.hitRadius)
    )
  }

  /// The gradient handle under the pointer, of a selected curve's fill or stroke, while `G`
  /// shows them: the nearest within `hitRadius`.
  private func gradientHandleHit(at screenPoint: Point, _ state: State) -> GradientHandleDrag? {
    guard state.drawing.display.showsGradientHandles else { return nil }
    var best: (drag: GradientHandleDrag, distance: Double)?
    for id in state.selectedCurveIDs {
      guard let curve = state.drawing.curves[id: id] else { continue }
      for target in PaintTarget.allCases {
        guard let gradient = (target == .fill ? curve.style.fill : curve.style.stroke)?.gradient else { continue }
        for (handle, position) in gradient.handles(bounds: curve.bounds) {
          let distance = (state.viewport.screenPoint(atDocument: position) - screenPoint).length
          if distance <= Self.hitRadius, distance < best?.distance ?? .infinity {
            best = (GradientHandleDrag(curve: id, target: target, handle: handle, startRevision: state.drawing.revision), distance)
          }
        }
      }
    }
    return best?.drag
  }

  /// A drag step of a gradient handle.
  private func moveGradientHandle(_ drag: GradientHandleDrag, to position: Point, _ state: inout State) {
    guard let curve = state.drawing.curves[id: drag.curve] else { return }
    let bounds = curve.bounds
    switch drag.target {
    case .fill:
      guard let gradient = curve.style.fill?.gradient else { return }
      state.drawing.curves[id: drag.curve]!.style.fill = .gradient(gradient.moving(drag.handle, to: position, bounds: bounds))
    case .stroke:
      guard let gradient = curve.style.stroke?.gradient else { return }
      state.drawing.curves[id: drag.curve]!.style.stroke = .gradient(gradient.moving(drag.handle, to: position, bounds: bounds))
    }
    state.drawing.markEdited()
  }

  private func leftButtonDown(at screenPoint: Point, clickCount: Int, extending: Bool, _ state: inout State) {
    // A press without the release of the last one (a lost event) ends that drag first.
    state.endGesture()
    let cleared = state.interaction.clearedSelection
    state.interaction.clearedSelection = []
    let position = state.viewport.documentPoint(atScreen: screenPoint)
    if let grab = gradientHandleHit(at: screenPoint, state) {
      state.interaction.gesture = .gradientHandle(grab)
      state.history.begin(state.undoSnapshot)
      if case let .stop(index) = grab.handle {
        state.interaction.selectedStop = GradientStopReference(curve: grab.curve, target: grab.target, index: index)
      } else {
        state.interaction.selectedStop = nil
      }
      return
    }
    state.interaction.selectedStop = nil
    if let (curve, spline) = state.focusedSpline, let strip = state.knotStrip(for: spline),
      let knot = strip.knot(at: screenPoint, of: spline.knots, radius: Self.hitRadius) {
      state.interaction.gesture = .knot(KnotDrag(curve: curve.id, index: knot, start: spline.knots, startRevision: state.drawing.revision))
      state.history.begin(state.undoSnapshot)
      return
    }
    if let grab = state.splinePoint(at: screenPoint, radius: Self.hitRadius), let spline = state.drawing.curves[id: grab.curve]?.liveSpline {
      // The spline's point is the selection now; its curve stays selected through it.
      state.interaction.splinePoint = grab
      state.interaction.selection = []
      state.interaction.gesture = .splinePoint(SplinePointDrag(
        point: grab, grabOffset: position - spline.points[grab.index], startRevision: state.drawing.revision
      ))
      state.history.begin(state.undoSnapshot)
      return
    }
    state.interaction.splinePoint = nil
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
    if let (segment, t) = segmentHit(at: screenPoint, &state), let ends = state.drawing.curves.endNodes(of: segment),
      let bezier = state.drawing.curves[segment: segment] {
      if clickCount >= 2 {
        // A B-spline gains a knot (and a control point) where it is clicked; a path, a node.
        if state.drawing.curves[id: segment.curve]?.liveSpline != nil {
          _ = state.insertKnot(on: segment, at: t)
        } else {
          insertNode(on: segment, at: t, &state)
        }
        return
      }
      state.interaction.hoveredSegment = segment
      if extending {
        // Shift+click toggles the end nodes: both selected, they go (and are not dragged).
        if ends.allSatisfy(state.interaction.selection.contains) {
          state.interaction.selection.subtract(ends)
          return
        }
        state.interaction.selection.append(contentsOf: ends)
      } else {
        state.interaction.selection = OrderedSet(ends)
      }
      // A weighted segment is reshaped by its points (moulding moves a plain curve's), and so
      // is a B-spline, by its control points.
      guard state.drawing.curves.rationalSegment(segment) == nil, state.drawing.curves[id: segment.curve]?.liveSpline == nil else { return }
      state.interaction.gesture = .reshape(Reshape(
        segment: segment, t: t, anchor: position, start: bezier.controlPoints, startRevision: state.drawing.revision
      ))
      state.history.begin(state.undoSnapshot)
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
      mover.moveSelection(by: offset, from: state.history.pending?.curves ?? state.drawing.curves, bounds: drag.bounds, in: &state)
    }
  }

  /// Reshapes the grabbed segment from its start so that its point at the grabbed parameter
  /// moves as the pointer has since the press; its end nodes stay. A smooth or symmetric end
  /// node turns its other handle to keep its constraint. One pass: every point's `movePoint`
  /// runs directly through its `Curve`.
  private func reshapeStep(_ reshape: Reshape, to position: Point, _ state: inout State) {
    guard position.isFinite, let original = Bezier(reshape.start),
      let (subpath, indices) = state.drawing.curves.segment(reshape.segment), indices.count == reshape.start.count,
      let curveIndex = state.drawing.curves.index(id: reshape.segment.curve),
      let moulded = original.moulded(at: reshape.t, to: original.eval(reshape.t) + (position - reshape.anchor))
    else { return }
    var changed = false
    func move(_ index: Int, to target: Point, in subpath: Subpath.State) {
      let point = subpath.points[index], clamped = state.canvas.clamp(target)
      guard point.position != clamped else { return }
      _ = curve(&state.drawing.curves[curveIndex], .point(point.id, in: subpath.id, .movePoint(clamped)))
      changed = true
    }
    for offset in 1..<(indices.count - 1) { move(indices[offset], to: moulded.controlPoints[offset], in: subpath) }
    // The handles next to the end nodes: their nodes' other handles turn with them (unless
    // that handle is in this segment too, as in a closed subpath of one node).
    for handle in Set([indices[1], indices[indices.count - 2]]) {
      guard let moved = state.drawing.curves[curveIndex].subpaths[id: subpath.id],
        let (opposite, target) = moved.constrainedOppositeHandle(afterMoving: handle), !indices.contains(opposite)
      else { continue }
      move(opposite, to: target, in: moved)
    }
    if changed { DocumentCurves.pointMoved(&state) }
  }

  /// A double-click on a segment: a new smooth node at `t`, the segment split there by de
  /// Casteljau into two of its degree that trace it exactly, so the drawing does not change
  /// (a weighted segment by the rational construction, its new points weighted). The handles
  /// next to the old end nodes keep their ids (and look); one undo step.
  private func insertNode(on reference: SegmentReference, at t: Double, _ state: inout State) {
    guard t > 0, t < 1, let (subpath, indices) = state.drawing.curves.segment(reference),
      let bezier = state.drawing.curves[segment: reference]
    else { return }
    let weights = indices.map { subpath.points[$0].weight ?? 1 }
    let halves: (left: (points: [Point], weights: [Double]), right: (points: [Point], weights: [Double]))
    if !weights.allSatisfy({ $0 == 1 }), let rational = RationalBezier(bezier.controlPoints, weights: weights) {
      let (left, right) = rational.split(at: t)
      halves = ((left.controlPoints, left.weights), (right.controlPoints, right.weights))
    } else {
      let (left, right) = bezier.split(at: t)
      let ones = Array(repeating: 1.0, count: weights.count)
      halves = ((left.controlPoints, ones), (right.controlPoints, ones))
    }
    let (left, right) = halves
    let n = bezier.degree
    func weight(_ value: Double) -> Double? { value == 1 ? nil : value }
    func kept(_ index: Int, at position: Point, weight value: Double) -> ControlPoint.State {
      var point = subpath.points[indices[index]]
      point.position = position
      point.weight = weight(value)
      return point
    }
    func new(_ position: Point, weight value: Double, node: NodeType? = nil) -> ControlPoint.State {
      ControlPoint.State(id: uuid(), position: position, node: node, weight: weight(value))
    }
    // The old inner points P1...P(n-1) become the left half's handles, but for the last,
    // which stays by its node as the right half's last handle.
    let keepsLastOnTheRight = n >= 3
    var inner: [ControlPoint.State] = []
    for i in stride(from: 1, to: n, by: 1) {
      let (position, value) = (left.points[i], left.weights[i])
      inner.append(i == n - 1 && keepsLastOnTheRight ? new(position, weight: value) : kept(i, at: position, weight: value))
    }
    let node = new(left.points[n], weight: left.weights[n], node: .smooth)
    inner.append(node)
    for i in stride(from: 1, to: n, by: 1) {
      let (position, value) = (right.points[i], right.weights[i])
      inner.append(i == n - 1 && keepsLastOnTheRight ? kept(n - 1, at: position, weight: value) : new(position, weight: value))
    }
    var points = Array(subpath.points)
    points.replaceSubrange((indices[0] + 1)..<(indices[0] + n), with: inner)
    state.history.record(state.undoSnapshot)
    state.drawing.curves[id: reference.curve]?.subpaths[id: subpath.id]?.points = IdentifiedArray(uniqueElements: points)
    state.interaction.selection = [PointReference(curve: reference.curve, point: node.id)]
    state.interaction.hoveredSegment = nil
    state.drawing.markCurvesEdited()
  }

  /// Selects the points inside the band, besides those selected before it with Shift.
  private func stretch(_ band: RubberBand, to position: Point, _ state: inout State) {
    var band = band
    band.corner = position
    state.interaction.gesture = .rubberBand(band)
    let rect = band.rect
    var selection = band.base
    state.pointIndex.refresh(state.drawing.curves, revision: state.drawing.shapeRevision)
    selection.append(contentsOf: state.pointIndex.points(in: rect))
    if selection != state.interaction.selection { state.interaction.selection = selection }
  }

  /// A double-click on empty canvas: a new point in the control polygon's nearest segment.
  private func insertPoint(at position: Point, into curveID: Curve.State.ID?, _ state: inout State) {
    guard let curveID, let curve = state.drawing.curves[id: curveID], curve.points.count < Editor.pointsPerCurve.upperBound
    else { return }
    state.history.record(state.undoSnapshot)
    let point = ControlPoint.State(id: uuid(), position: state.canvas.clamp(position))
    state.drawing.curves[id: curveID]?.points.insert(point, at: curve.points.insertionIndex(for: point.position))
    state.interaction.selection = [PointReference(curve: curveID, point: point.id)]
    state.drawing.markCurvesEdited()
  }

}
