import CurveFeature
import CurveGeometry
import CurveRaster

/// Where the selected curves meet, and while the animation plays the box subdivision that
/// finds it.
extension CanvasPainter {
  /// The most segments whose meetings are marked each frame: enough for any selection drawn by
  /// hand; a larger one (Ctrl+A on a big drawing) is left unmarked, `curves intersect` lists it.
  static let intersectionSegmentLimit = 400

  /// With "Intersections" on, where the selected curves meet one another and themselves: a
  /// ring at each crossing, a disc at each touch, a square at each end of an overlap.
  /// Neighbouring segments of a subpath meeting at their shared node are not marked.
  func drawIntersections() {
    guard state.drawing.display.showsIntersections else { return }
    var segments: [(place: (curve: Int, subpath: Int, index: Int), count: Int, closed: Bool, bezier: Bezier, box: Rect)] = []
    for (c, id) in state.selectedCurveIDs.enumerated() {
      guard let curve = state.drawing.curves[id: id] else { continue }
      for (s, subpath) in curve.subpaths.enumerated() {
        let pieces = subpath.segments
        for (k, piece) in pieces.enumerated() { segments.append(((c, s, k), pieces.count, subpath.isClosed, piece, piece.bounds)) }
      }
    }
    guard segments.count <= Self.intersectionSegmentLimit else { return }
    var hits: [CurveIntersection] = []
    for i in segments.indices {
      let a = segments[i]
      hits += a.bezier.selfIntersections()
      for j in (i + 1)..<segments.count where segments[j].box.intersects(a.box) {
        let b = segments[j]
        let sameSubpath = a.place.curve == b.place.curve && a.place.subpath == b.place.subpath
        for hit in a.bezier.intersections(with: b.bezier) {
          if sameSubpath, hit.kind != .overlap {
            let next = b.place.index == a.place.index + 1 && abs(hit.t1 - 1) < 1e-9 && abs(hit.t2) < 1e-9
            let wrap = a.closed && a.place.index == 0 && b.place.index == a.count - 1 && abs(hit.t1) < 1e-9 && abs(hit.t2 - 1) < 1e-9
            if next || wrap { continue }
          }
          hits.append(hit)
        }
      }
    }
    let color = Theme.Palette.intersection, radius = Theme.handleRadius * 0.8
    if state.drawing.animation.isPlaying { drawBoxSubdivision(of: segments.map(\.bezier)) }
    for hit in hits {
      let centre = viewport.screenPoint(atDocument: hit.point)
      switch hit.kind {
      case .cross:
        painter.disc(centre, radius: radius, color)
        painter.disc(centre, radius: radius * 0.5, Theme.Palette.page)
      case .touch:
        painter.disc(centre, radius: radius * 0.8, color)
      case .overlap:
        painter.fill(Rect(minX: centre.x - radius * 0.7, minY: centre.y - radius * 0.7, maxX: centre.x + radius * 0.7, maxY: centre.y + radius * 0.7), color)
      }
    }
  }

  /// How many halvings the subdivision shows at the end of a sweep (t = 1).
  static let subdivisionSteps = 12

  /// While the animation plays, the bounding-box subdivision that finds the meetings, one
  /// halving further at each twelfth of the sweep: the boxes of the pieces of each pair of
  /// selected segments still overlapping (first segment's pieces in the marks' colour, the
  /// second's in the selection's), closing in on where they meet.
  private func drawBoxSubdivision(of segments: [Bezier]) {
    let steps = min(Self.subdivisionSteps, Int(state.drawing.animation.t * Double(Self.subdivisionSteps)))
    var drawn = 0
    for i in segments.indices {
      for j in (i + 1)..<segments.count where segments[i].bounds.intersects(segments[j].bounds) {
        for pair in BoxSubdivision.pairs(segments[i], segments[j], steps: steps, limit: 64) where drawn < 2_000 {
          drawBox(pair.a.bounds, Theme.Palette.intersection)
          drawBox(pair.b.bounds, Theme.Palette.selection)
          drawn += 1
        }
      }
    }
  }

  private func drawBox(_ box: Rect, _ color: RGBA8) {
    let corners = [Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY), Point(x: box.maxX, y: box.maxY), Point(x: box.minX, y: box.maxY)]
    let screen = corners.map(viewport.screenPoint(atDocument:))
    painter.line(screen + [screen[0]], width: 1, color)
  }
}
