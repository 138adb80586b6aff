import CurveGeometry

/// What is under the pointer: a point, a segment's stroke, a gradient's handle.
extension Pointer {
  /// The topmost point under the pointer, through the point index (brought up to date).
  func hit(at screenPoint: Point, _ state: inout State) -> PointReference? {
    state.pointIndex.refresh(state.drawing.curves, revision: state.drawing.shapeRevision)
    // With only the selected curves' marks drawn, only their points are there to grab.
    let marked = state.markedCurveIDs
    return state.pointIndex.point(
      at: state.viewport.documentPoint(atScreen: screenPoint),
      radius: state.viewport.documentLength(Self.hitRadius),
      unitsPerScreenUnit: state.viewport.documentLength(1),
      among: marked.map { marked in { marked.contains($0) } }
    )
  }

  /// The topmost segment whose stroke is under the pointer, and the parameter of the point
  /// of it nearest the pointer, through the segment index (brought up to date).
  func segmentHit(at screenPoint: Point, _ state: inout State) -> (reference: SegmentReference, t: Double)? {
    state.pointIndex.segments.refresh(state.drawing.curves, revision: state.drawing.shapeRevision)
    let marked = state.markedCurveIDs
    return state.pointIndex.segments.segment(
      at: state.viewport.documentPoint(atScreen: screenPoint), radius: state.viewport.documentLength(Self.hitRadius),
      among: marked.map { marked in { marked.contains($0) } }
    )
  }

  /// The gradient handle under the pointer, of a selected curve's fill or stroke, while `G`
  /// shows them: the nearest within `hitRadius`.
  func gradientHandleHit(at screenPoint: Point, _ state: State) -> GradientHandleDrag? {
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
}
