import CurveFeature
import CurveGeometry
import Foundation

/// The stroke of each curve, in pixels for the current view, kept between frames and rebuilt
/// only for curves whose control points moved on screen (an edit, a zoom or a pan): a drag
/// re-tessellates one curve per frame, however many there are. Tessellating on screen keeps
/// the tolerance in screen pixels at every zoom.
struct CurveMeshCache {
  /// Pixels the polyline may deviate from the curve: well under what the eye sees.
  static let tolerance = 0.2

  private struct Entry {
    var controlPoints: [Point]
    var mesh: RenderMesh
  }

  private var entries: [UUID: Entry] = [:]
  private var style: StrokeStyle?
  private var polyline: [Point] = []
  private var stroke = StrokeMesh()
  /// How many strokes were built, for tests and the frame benchmark.
  private(set) var rebuildCount = 0

  /// The stroke of `curve` as `viewport` shows it, in the painter's pixels (`style` is in
  /// pixels too).
  @MainActor
  mutating func mesh(for curve: CurveReducer.State, viewport: Viewport.State, painter: Painter, style: StrokeStyle) -> RenderMesh {
    if style != self.style {
      entries.removeAll(keepingCapacity: true)
      self.style = style
    }
    let controlPoints = curve.points.map { painter.pixels(viewport.screenPoint(atDocument: $0.position)) }
    if let entry = entries[curve.id], entry.controlPoints == controlPoints { return entry.mesh }
    polyline.removeAll(keepingCapacity: true)
    Bezier(controlPoints)?.flatten(tolerance: Self.tolerance, into: &polyline)
    stroke.removeAll()
    stroke.appendStroke(of: Painter.splittingLongSegments(polyline), style: style)
    let mesh = RenderMesh(stroke)
    entries[curve.id] = Entry(controlPoints: controlPoints, mesh: mesh)
    rebuildCount += 1
    return mesh
  }

  /// Forgets curves that are gone, so a long session does not keep their meshes.
  mutating func keepOnly(_ ids: some Collection<UUID>) {
    guard entries.count > ids.count else { return }
    let live = Set(ids)
    entries = entries.filter { live.contains($0.key) }
  }
}
