import CurveGeometry

/// Where a drawing lands on screen: `zoom` screen units a document unit, the document's
/// origin at `origin`. The editor's viewport gives one for each frame; a drawing rendered
/// alone makes its own.
///
/// ```swift
/// let view = DrawingView(zoom: 2, origin: Point(x: 10, y: 0))
/// view.screenPoint(atDocument: Point(x: 1, y: 1))   // (12, 2)
/// ```
package struct DrawingView: Equatable, Sendable {
  package var zoom: Double
  package var origin: Point

  package init(zoom: Double, origin: Point) {
    self.zoom = zoom
    self.origin = origin
  }

  package func screenPoint(atDocument point: Point) -> Point {
    origin + point * zoom
  }
}
