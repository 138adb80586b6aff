import CurveDocument
import CurveGeometry
import CurveRaster

/// A curve as the renderer paints it: its style, its box and its subpaths' segments. The
/// editor's curves and a document's records both are one, so the window and a drawing
/// rendered alone paint a curve the same way.
package protocol DrawnCurve {
  var style: CurveStyle { get }
  /// The tight box of its segments, in document units: a box-relative gradient's space, as
  /// SVG's `objectBoundingBox` is.
  var bounds: Rect { get }
  /// Each subpath's segments mapped through `view`, and whether it is closed.
  func screenChains(in view: DrawingView) -> [(segments: [Bezier], isClosed: Bool)]
  /// Each subpath as `drawing` paints it: mapped through `view` into its pixels, flattened to
  /// within `tolerance` pixels. `screenChains` flattened, unless a curve has a faster way.
  func pixelContours(in view: DrawingView, of drawing: some ShapeDrawing, tolerance: Double) -> [Contour]
}

extension DrawnCurve {
  package func pixelContours(in view: DrawingView, of drawing: some ShapeDrawing, tolerance: Double) -> [Contour] {
    drawing.pixelContours(screenChains(in: view), tolerance: tolerance)
  }
}

extension Document.CurveRecord: DrawnCurve {
  package func screenChains(in view: DrawingView) -> [(segments: [Bezier], isClosed: Bool)] {
    subpaths.map { subpath in
      let weights = subpath.points.contains { $0.weight != nil } ? subpath.segmentWeights : []
      let segments = subpath.segments.enumerated().flatMap { index, points -> [Bezier] in
        let screen = points.map(view.screenPoint(atDocument:))
        if weights.indices.contains(index), let weights = weights[index], let rational = RationalBezier(screen, weights: weights) {
          return rational.cubics(tolerance: RationalBezier.drawingTolerance)
        }
        return Bezier(screen).map { [$0] } ?? []
      }
      return (segments: segments, isClosed: subpath.closed)
    }
  }
}

extension RationalBezier {
  /// How far, in pixels, the cubics a rational segment is drawn as may stray from it.
  package static let drawingTolerance = 0.05
}
