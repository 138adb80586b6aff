import CurveDocument
import CurveGeometry

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
}

extension Document.CurveRecord: DrawnCurve {
  package func screenChains(in view: DrawingView) -> [(segments: [Bezier], isClosed: Bool)] {
    subpaths.map { subpath in
      (segments: subpath.segments.compactMap { Bezier($0.map(view.screenPoint(atDocument:))) }, isClosed: subpath.closed)
    }
  }
}
