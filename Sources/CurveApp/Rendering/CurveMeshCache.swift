import CurveFeature
import CurveGeometry
import Foundation

/// The stroke of each curve, in pixels, kept between frames and rebuilt only for curves
/// whose control points (or the scale) changed: a drag re-tessellates one curve per frame,
/// however many there are.
struct CurveMeshCache {
  /// Pixels the polyline may deviate from the curve: well under what the eye sees.
  static let tolerance = 0.2

  private struct Entry {
    var controlPoints: [Point]
    var mesh: StrokeMesh
  }

  private var entries: [UUID: Entry] = [:]
  private var painterScale = 0.0
  private var pixelOffset = 0.0
  private var style: StrokeStyle?
  private var polyline: [Point] = []
  /// How many strokes were built, for tests and the frame benchmark.
  private(set) var rebuildCount = 0

  /// The stroke of `curve` in the painter's pixels (`style` is in pixels too).
  @MainActor
  mutating func mesh(for curve: CurveReducer.State, painter: Painter, style: StrokeStyle) -> StrokeMesh {
    if painter.scale != painterScale || painter.pixelOffset != pixelOffset || style != self.style {
      entries.removeAll(keepingCapacity: true)
      painterScale = painter.scale
      pixelOffset = painter.pixelOffset
      self.style = style
    }
    let controlPoints = curve.points.map { painter.pixels($0.position) }
    if let entry = entries[curve.id], entry.controlPoints == controlPoints { return entry.mesh }
    polyline.removeAll(keepingCapacity: true)
    Bezier(controlPoints)?.flatten(tolerance: Self.tolerance, into: &polyline)
    var mesh = StrokeMesh()
    mesh.appendStroke(of: Painter.splittingLongSegments(polyline), style: style)
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
