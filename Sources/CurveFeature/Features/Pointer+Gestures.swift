import Composable
import CurveGeometry
import OrderedCollections

/// The left button's gestures: what a press grabs or begins, and each drag step of what it
/// began (a selection drag, a segment reshaped, a rubber band, a gradient handle).
extension Pointer {
  func leftButtonDown(at screenPoint: Point, clickCount: Int, extending: Bool, _ state: inout State) {
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
    // With only the selected curves' marks drawn, a click on another curve selects it, as
    // Inkscape's node tool does: its nodes show.
    if clickCount < 2, state.drawing.display.handles == .selected,
      let object = state.object(at: position, radius: state.viewport.documentLength(Selector.strokeReach), curveItself: true) {
      if !extending { state.interaction.selection = [] }
      if !extending || state.interaction.selectedObjects.remove(object) == nil {
        state.interaction.selectedObjects = extending ? state.interaction.selectedObjects.union([object]) : [object]
      }
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
  func dragStep(_ drag: Drag, to position: Point, _ state: inout State) {
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
  func reshapeStep(_ reshape: Reshape, to position: Point, _ state: inout State) {
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

  /// Selects the points inside the band, besides those selected before it with Shift.
  func stretch(_ band: RubberBand, to position: Point, _ state: inout State) {
    var band = band
    band.corner = position
    state.interaction.gesture = .rubberBand(band)
    let rect = band.rect
    var selection = band.base
    state.pointIndex.refresh(state.drawing.curves, revision: state.drawing.shapeRevision)
    let marked = state.markedCurveIDs
    selection.append(contentsOf: state.pointIndex.points(in: rect).filter { marked?.contains($0.curve) ?? true })
    if selection != state.interaction.selection { state.interaction.selection = selection }
  }

  /// A drag step of a gradient handle.
  func moveGradientHandle(_ drag: GradientHandleDrag, to position: Point, _ state: inout State) {
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
}
