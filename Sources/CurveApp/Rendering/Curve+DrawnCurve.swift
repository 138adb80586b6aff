import CurveFeature
import CurveGeometry
import CurveRender

/// The editor's curves are painted as a document's are.
extension Curve.State: DrawnCurve {
  package func screenChains(in view: DrawingView) -> [(segments: [Bezier], isClosed: Bool)] {
    subpaths.map { (segments: $0.hasWeights ? $0.drawnScreenSegments(in: view) : $0.screenSegments(in: view), isClosed: $0.isClosed) }
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
