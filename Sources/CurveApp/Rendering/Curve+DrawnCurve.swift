import CurveFeature
import CurveGeometry
import CurveRaster
import CurveRender

/// The editor's curves are painted as a document's are.
extension Curve.State: DrawnCurve {
  package func screenChains(in view: DrawingView) -> [(segments: [Bezier], isClosed: Bool)] {
    subpaths.map { (segments: $0.hasWeights ? $0.drawnScreenSegments(in: view) : $0.screenSegments(in: view), isClosed: $0.isClosed) }
  }

  /// The contours `screenChains` flattens, made from the points where they are: a `Bezier`
  /// (an array) for each segment of 10,000 playing curves was a third of a frame's
  /// recording. Lines and cubics go straight into the contour; a rational or other segment
  /// takes the general way, with the same points.
  package func pixelContours(in view: DrawingView, of drawing: some ShapeDrawing, tolerance: Double) -> [Contour] {
    guard !subpaths.contains(where: { $0.hasWeights }) else { return drawing.pixelContours(screenChains(in: view), tolerance: tolerance) }
    let scale = drawing.scale
    return subpaths.map { subpath in
      let points = subpath.points
      var contour: [Point] = []
      guard points.count >= 2 else { return Contour(contour, isClosed: subpath.isClosed) }
      func pixel(_ index: Int) -> Point { view.screenPoint(atDocument: points[index == points.count ? 0 : index].position) * scale }
      // Node to node, as `segmentControlPoints` cuts them; a closed subpath's last segment
      // comes back to the first point (index `points.count`).
      var start = 0
      while start < points.count - 1 || (subpath.isClosed && start == points.count - 1) {
        var end = start + 1
        while end < points.count - 1, points[end].node == nil { end += 1 }
        if end == points.count - 1, subpath.isClosed, points[end].node == nil { end = points.count }
        // Each segment starts where the last ended: one copy of the shared point.
        if !contour.isEmpty { contour.removeLast() }
        switch end - start {
        case 1:
          let from = pixel(start), to = pixel(end)
          if from.isFinite, to.isFinite {
            contour.append(from)
            contour.append(to)
          }
        case 3:
          CubicBezier(pixel(start), pixel(start + 1), pixel(start + 2), pixel(end)).flatten(tolerance: tolerance, into: &contour)
        default:
          Bezier((start...end).map(pixel))!.flatten(tolerance: tolerance, into: &contour)
        }
        start = end
      }
      return Contour(contour, isClosed: subpath.isClosed)
    }
  }
}

extension Subpath.State {
  /// Each segment mapped through `view`.
  func screenSegments(in view: DrawingView) -> [Bezier] {
    segmentControlPoints(view.screenPoint(atDocument:)).compactMap(Bezier.init)
  }

  /// Each segment mapped through `view` as it is drawn: a rational one as cubics within
  /// `RationalBezier.drawingTolerance` pixels.
  func drawnScreenSegments(in view: DrawingView) -> [Bezier] {
    let screen = segmentControlPoints(view.screenPoint(atDocument:))
    return zip(screen, rationalSegments(screen)).flatMap { points, rational -> [Bezier] in
      if let rational { return rational.cubics(tolerance: RationalBezier.drawingTolerance) }
      return Bezier(points).map { [$0] } ?? []
    }
  }
}

extension Viewport.State {
  /// Where the drawing lands in this view, as the renderer takes it.
  var drawingView: DrawingView { DrawingView(zoom: zoom, origin: origin) }
}
