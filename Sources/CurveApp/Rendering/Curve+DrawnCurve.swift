import CurveFeature
import CurveGeometry
import CurveRender

/// The editor's curves are painted as a document's are.
extension Curve.State: DrawnCurve {
  package func screenChains(in view: DrawingView) -> [(segments: [Bezier], isClosed: Bool)] {
    subpaths.map { subpath in
      (segments: subpath.segmentControlPoints.compactMap { Bezier($0.map(view.screenPoint(atDocument:))) }, isClosed: subpath.isClosed)
    }
  }
}

extension Viewport.State {
  /// Where the drawing lands in this view, as the renderer takes it.
  var drawingView: DrawingView { DrawingView(zoom: zoom, origin: origin) }
}
