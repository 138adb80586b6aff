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
  /// Each segment mapped through `view`: `segmentControlPoints`' segments, each mapped as it
  /// is gathered (a playing frame maps 100,000 segments: an array each, not three).
  func screenSegments(in view: DrawingView) -> [Bezier] {
    guard points.count >= 2 else { return [] }
    let starts = segmentStarts
    var segments: [Bezier] = []
    segments.reserveCapacity(starts.count)
    for (number, start) in starts.enumerated() {
      let isLast = number == starts.count - 1
      let end = isLast ? points.count - 1 : starts[number + 1]
      var screen: [Point] = []
      screen.reserveCapacity(end - start + 2)
      for index in start...end { screen.append(view.screenPoint(atDocument: points[index].position)) }
      if isLast, isClosed { screen.append(view.screenPoint(atDocument: points[0].position)) }
      if let segment = Bezier(screen) { segments.append(segment) }
    }
    return segments
  }

  /// Each segment mapped through `view` as it is drawn: a rational one as cubics within
  /// `RationalBezier.drawingTolerance` pixels.
  func drawnScreenSegments(in view: DrawingView) -> [Bezier] {
    let screen = segmentControlPoints.map { $0.map(view.screenPoint(atDocument:)) }
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
