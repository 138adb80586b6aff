import CurveFeature
import CurveGeometry
import CurveRaster
import CurveRender
import Foundation

/// Draws the canvas area: the page and its grid through the viewport, then the curves with
/// their control polygons, the de Casteljau construction at `t`, the trace and the handles.
/// Positions are document points mapped to the screen; widths and radii are screen units,
/// the same at every zoom.
@MainActor
struct CanvasPainter {
  let state: Editor.State
  let layout: Layout
  let painter: Painter

  private var viewport: Viewport.State { state.viewport }

  func draw(layer: StaticLayer?) {
    let playing = playingCurveIDs()
    let live = liveCurveIDs().union(playing)
    // A plain array: the layer compares it every frame and needs no lookup by id. With no live
    // curve it is the document's own array, whose storage the layer's last scene shares while
    // nothing changed, so comparing them is one pointer check instead of 10,000 curves.
    let curves = live.isEmpty ? state.drawing.curves.elements : state.drawing.curves.elements.filter { !live.contains($0.id) }
    let scene = StaticScene(
      curves: curves, groups: state.drawing.groups, kept: state.drawing.kept, display: state.drawing.display, viewport: viewport,
      area: layout.canvasArea
    )
    if let layer {
      layer.draw(scene, layout: layout, painter: painter)
    } else {
      var drawing = painter
      scene.draw(in: nil, into: &drawing)
    }
    drawOnionSkin()
    drawViewFrame()
    drawPointsAtT(of: scene.curves)
    drawHoveredSegment()
    drawLiveLooks(live)
    // The primer's figures (arcs, chords, y for x) on a few curves only: on every curve of a
    // large selection they would cost seconds a frame and show nothing one can read.
    let withFigures = live.count <= Self.maximumCurvesWithFigures
    // The figures' captions go under the panes' segment alone: one a segment would pile up.
    let display = state.drawing.display
    let showsFigures = display.showsFlattening || display.showsArcs || display.showsFunction || display.showsGraduatedOffset
    let subject = showsFigures || display.showsGraphs || display.showsCanonicalMap ? PrimerSubject(state) : nil
    for curve in state.drawing.curves where live.contains(curve.id) && !playing.contains(curve.id) {
      drawLiveCurve(curve, withFigures: withFigures, captionedSubpath: subject?.curve == curve.id ? subject?.subpath : nil)
    }
    // A hovered handle of a static curve is drawn again on top, so hovering never
    // re-renders the layer.
    if let hover = state.interaction.hover, !live.contains(hover.curve), let point = state.drawing.curves[hover] {
      drawHandle(point, isNode: isNode(hover), isSelected: state.interaction.selection.contains(hover), isHovered: true)
    }
    if let band = state.interaction.rubberBand { drawRubberBand(band.rect) }
    if let sketch = state.interaction.sketch { drawSketch(sketch) }
    if let pen = state.interaction.pen { drawPenPath(pen) }
    drawIntersections()
    drawProjection()
    drawGradientHandles()
    KnotStripPainter(state: state, painter: painter).draw()
    if display.showsGraphs || display.showsCanonicalMap, let subject {
      PrimerPainter(painter: painter, display: display, viewport: viewport, area: layout.canvasArea).drawPanes(for: subject)
    }
  }

  static let onionBefore = RGBA8(r: 214, g: 39, b: 40, a: 110)
  static let onionAfter = RGBA8(r: 44, g: 160, b: 44, a: 110)

  /// With onion skin on, each keyed curve's keyframes either side of the playhead, outlined
  /// faintly: the one before in red, the one after in green, each colour in one stroke. A
  /// curve in a moving group is outlined where the group's track puts it at that keyframe's
  /// time, and the other curves of a moving group where its own keyframes either side put them.
  /// The view's keyframes either side are framed in the same colours.
  private func drawOnionSkin() {
    guard state.playhead.showsOnionSkin, let timeline = state.drawing.timeline else { return }
    let now = state.playhead.time
    var before: [Bezier] = [], after: [Bezier] = []
    var motions: [Double: [String: Affine]] = [:]
    func motion(of group: String?, at time: Double) -> Affine {
      guard let group, !timeline.groupTracks.isEmpty else { return .identity }
      if motions[time] == nil { motions[time] = timeline.groupMotions(at: time, groups: state.drawing.groups) }
      return motions[time]?[group] ?? .identity
    }
    func outlines(_ subpaths: [Document.SubpathRecord], _ motion: Affine) -> [Bezier] {
      subpaths.flatMap(\.segments).compactMap { Bezier($0.map { viewport.screenPoint(atDocument: motion.apply(to: $0)) }) }
    }
    func neighbours(_ times: [Double]) -> (earlier: Double?, later: Double?) {
      (times.last { $0 < now - 1e-9 }, times.first { $0 > now + 1e-9 })
    }
    var tracked = Set<UUID>()
    for track in timeline.tracks {
      guard let curve = state.drawing.curves[id: track.curve] else { continue }
      tracked.insert(curve.id)
      let keyframes = track.filledKeyframes(from: state.drawing.stillRecord(of: Document.CurveRecord(curve)))
      let (earlier, later) = neighbours(keyframes.map(\.time))
      if let earlier, let key = keyframes.first(where: { $0.time == earlier }) { before += outlines(key.subpaths ?? [], motion(of: curve.group, at: earlier)) }
      if let later, let key = keyframes.first(where: { $0.time == later }) { after += outlines(key.subpaths ?? [], motion(of: curve.group, at: later)) }
    }
    let groups = Dictionary(state.drawing.groups.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for track in timeline.groupTracks {
      let (earlier, later) = neighbours(track.keyframes.map(\.time))
      guard earlier != nil || later != nil else { continue }
      for curve in state.drawing.curves where !tracked.contains(curve.id) && Group.chain(of: curve.group, in: groups).contains(where: { $0.id == track.group }) {
        let still = state.drawing.stillRecord(of: Document.CurveRecord(curve)).subpaths
        if let earlier { before += outlines(still, motion(of: curve.group, at: earlier)) }
        if let later { after += outlines(still, motion(of: curve.group, at: later)) }
      }
    }
    painter.curves(before, tolerance: Theme.flatteningTolerance, width: 2, Self.onionBefore)
    painter.curves(after, tolerance: Theme.flatteningTolerance, width: 2, Self.onionAfter)
    // The view's keyframes either side, framed as the frame at the playhead is.
    let (earlierView, laterView) = neighbours(timeline.view.map(\.time))
    for (time, color) in [(earlierView, Self.onionBefore), (laterView, Self.onionAfter)] {
      guard let time, let key = timeline.view.first(where: { $0.time == time }), let corners = viewFrameCorners(key.box) else { continue }
      painter.line(corners, width: Self.viewFrameWidth, color)
    }
  }

  static let viewFrame = RGBA8(r: 128, g: 64, b: 200, a: 220)

  static let viewFrameWidth = 1.5

  /// With a keyed view, what the frame at the playhead shows, outlined. Seen wherever the
  /// window's own view has been zoomed or panned to.
  private func drawViewFrame() {
    guard let box = state.drawing.timeline?.viewBox(atLocalTime: state.playhead.time), let corners = viewFrameCorners(box) else { return }
    painter.line(corners, width: Self.viewFrameWidth, Self.viewFrame)
  }

  /// The corners, on the screen and closed, of what a frame showing `box` shows: the box
  /// grown to the canvas's shape about its centre, as an export fits it. Nil for an empty box.
  private func viewFrameCorners(_ box: Rect) -> [Point]? {
    guard box.width > 0, box.height > 0 else { return nil }
    let canvas = viewport.canvas
    let fit = min(canvas.width / box.width, canvas.height / box.height)
    let centre = Point(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2)
    let half = Point(x: canvas.width / fit / 2, y: canvas.height / fit / 2)
    return [Point(x: -1, y: -1), Point(x: 1, y: -1), Point(x: 1, y: 1), Point(x: -1, y: 1), Point(x: -1, y: -1)].map { corner in
      viewport.screenPoint(atDocument: Point(x: centre.x + corner.x * half.x, y: centre.y + corner.y * half.y))
    }
  }

  /// A drawing tool's gesture as it goes: the pencil's trail, or the outline of the
  /// rectangle or ellipse that letting go makes.
  private func drawSketch(_ sketch: Sketch) {
    var outline: [Point]
    switch sketch.tool {
    case .pencil, .node, .pen:
      outline = sketch.points
    case .rectangle:
      let box = sketch.box
      outline = [Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY), Point(x: box.maxX, y: box.maxY),
                 Point(x: box.minX, y: box.maxY), Point(x: box.minX, y: box.minY)]
    case .star:
      outline = sketch.starPoints.map { $0 + [$0[0]] } ?? []
    case .ellipse:
      let box = sketch.box
      outline = (0...72).map { step in
        let angle = Double(step) / 72 * 2 * .pi
        return Point(x: (box.minX + box.maxX) / 2 + box.width / 2 * cos(angle), y: (box.minY + box.maxY) / 2 + box.height / 2 * sin(angle))
      }
    }
    guard outline.count >= 2 else { return }
    painter.line(outline.map(viewport.screenPoint(atDocument:)), width: Theme.rubberBandEdgeWidth, Theme.Palette.selection)
  }

  /// The most segments whose meetings are marked each frame: enough for any selection drawn by
  /// hand; a larger one (Ctrl+A on a big drawing) is left unmarked, `curves intersect` lists it.
  static let intersectionSegmentLimit = 400

  /// With "Intersections" on, where the selected curves meet one another and themselves: a
  /// ring at each crossing, a disc at each touch, a square at each end of an overlap.
  /// Neighbouring segments of a subpath meeting at their shared node are not marked.
  /// With projection shown (Shift+P), the line from the pointer to the nearest point of the
  /// curves, that point, and the distance in document units beside it.
  private func drawProjection() {
    guard state.drawing.display.showsProjection, let projection = state.interaction.projection else { return }
    let pointer = viewport.screenPoint(atDocument: projection.pointer), point = viewport.screenPoint(atDocument: projection.point)
    painter.line([pointer, point], width: Theme.analysisWidth, Theme.Palette.projection)
    painter.disc(point, radius: Theme.analysisPointRadius, Theme.Palette.projection)
    let middle = (pointer + point) / 2
    painter.text(String(format: "%.2f", projection.distance), at: middle + Point(x: 6, y: 4), size: Theme.FontSize.hint, Theme.Palette.projection)
  }

  private func drawIntersections() {
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

  /// The pen's path as it would be made, with the live segment to the pointer while no
  /// button is held; its nodes, and the handles of the node being pulled.
  private func drawPenPath(_ pen: PenPath) {
    let live = pen.isPressed ? nil : pen.pointer
    let width = Theme.rubberBandEdgeWidth * 1.5
    for segment in pen.segments(live: live) {
      guard let bezier = Bezier(segment.map(viewport.screenPoint(atDocument:))) else { continue }
      painter.curve(bezier, tolerance: 0.25, width: width, Theme.Palette.selection)
    }
    for node in pen.nodes {
      let centre = viewport.screenPoint(atDocument: node.point)
      for handle in [node.handleIn, node.handleOut].compactMap({ $0 }) where node == pen.nodes.last || node == pen.nodes.first {
        let end = viewport.screenPoint(atDocument: handle)
        painter.line([centre, end], width: Theme.handleBorder, Theme.Palette.handleBorder)
        painter.disc(end, radius: Theme.handleRadius * 0.6, Theme.Palette.selection)
      }
      let half = Theme.handleRadius * 0.7
      painter.fill(Rect(minX: centre.x - half, minY: centre.y - half, maxX: centre.x + half, maxY: centre.y + half), Theme.Palette.selection)
    }
    if let degree = pen.mode.threePointDegree, let made = PenPath.threePointSegments(pen.nodes.map(\.point) + (live.map { [$0] } ?? []), degree: degree).last?.made {
      drawABC(made)
    }
  }

  /// The primer's A, B and C of the three-point segment being made: the chord from start to
  /// end with C on it, and the line from A through B to C, each point named.
  private func drawABC(_ made: ThreePointCurve) {
    let a = viewport.screenPoint(atDocument: made.a), b = viewport.screenPoint(atDocument: made.point)
    let c = viewport.screenPoint(atDocument: made.c)
    painter.line([made.start, made.end].map(viewport.screenPoint(atDocument:)), width: Theme.analysisWidth, Theme.Palette.polygon)
    painter.line([a, c], width: Theme.analysisWidth, Theme.Palette.boundingBox)
    for (name, point, color) in [("A", a, Theme.levelColor(1)), ("B", b, Theme.Palette.pointAtT), ("C", c, Theme.Palette.boundingBox)] {
      painter.disc(point, radius: Theme.analysisPointRadius + 1, color)
      painter.text(name, at: point + Point(x: 7, y: -17), size: Theme.FontSize.label, color)
    }
  }

  /// With `G` on, the selected curves' gradients' handles over everything: the line from
  /// start to end (or centre to radius), squares for the geometry's handles, a disc of each
  /// stop's colour on the line (ringed in the selection colour when chosen for the palette).
  private func drawGradientHandles() {
    guard state.drawing.display.showsGradientHandles else { return }
    let radius = Theme.handleRadius, border = Theme.handleBorder
    for id in state.selectedCurveIDs {
      guard let curve = state.drawing.curves[id: id] else { continue }
      for (target, paint) in [(PaintTarget.fill, curve.style.fill), (.stroke, curve.style.stroke)] {
        guard let gradient = paint?.gradient else { continue }
        let handles = gradient.handles(bounds: curve.bounds).map { ($0.handle, viewport.screenPoint(atDocument: $0.position)) }
        guard handles.count >= 2 else { continue }
        painter.line([handles[0].1, handles[1].1], width: border, Theme.Palette.handleBorder)
        for (handle, centre) in handles {
          if case let .stop(index) = handle {
            let stop = gradient.stops[index]
            if state.interaction.selectedStop == GradientStopReference(curve: id, target: target, index: index) {
              painter.disc(centre, radius: radius * 0.8 + border * 1.5, Theme.Palette.selection)
            }
            painter.disc(centre, radius: radius * 0.8, Theme.Palette.handleBorder)
            painter.disc(centre, radius: radius * 0.8 - border / 2, Theme.color(stop.color))
          } else {
            let box = Rect(minX: centre.x - radius, minY: centre.y - radius, maxX: centre.x + radius, maxY: centre.y + radius)
            painter.fill(box, Theme.Palette.handleBorder)
            painter.fill(box.insetBy(dx: border / 2, dy: border / 2), handle == .focus ? Theme.Palette.selection : Theme.Palette.handleFill)
          }
        }
      }
    }
  }

  /// The segment under the pointer (or being reshaped), a wide translucent stroke in the
  /// hover colour over the static layer and under the live curves: drawn live, so hovering
  /// never re-renders the layer.
  private func drawHoveredSegment() {
    guard let segment = state.interaction.hoveredSegment, let bezier = state.drawing.curves[segment: segment] else { return }
    // A weighted segment is highlighted as the rational curve it is drawn as.
    let pieces = state.drawing.curves.rationalSegment(segment)?.cubics(tolerance: RationalBezier.drawingTolerance / viewport.zoom) ?? [bezier]
    var polyline: [Point] = []
    for piece in pieces {
      Bezier(piece.controlPoints.map(viewport.screenPoint(atDocument:)))?.flatten(tolerance: Theme.flatteningTolerance / painter.scale, into: &polyline)
    }
    painter.line(polyline, width: Theme.curveWidth + 2 * Theme.hoverHalo, Theme.Palette.hover.withOpacity(Theme.hoverHaloOpacity))
  }

  /// A translucent rectangle with an edge, on screen.
  private func drawRubberBand(_ rect: Rect) {
    let topLeft = viewport.screenPoint(atDocument: Point(x: rect.minX, y: rect.minY))
    let bottomRight = viewport.screenPoint(atDocument: Point(x: rect.maxX, y: rect.maxY))
    let screen = Rect(minX: topLeft.x, minY: topLeft.y, maxX: bottomRight.x, maxY: bottomRight.y)
    painter.fill(screen, Theme.Palette.selection.withOpacity(Theme.rubberBandOpacity))
    let corners = [
      Point(x: screen.minX, y: screen.minY), Point(x: screen.maxX, y: screen.minY), Point(x: screen.maxX, y: screen.maxY),
      Point(x: screen.minX, y: screen.maxY), Point(x: screen.minX, y: screen.minY),
    ]
    painter.line(corners, width: Theme.rubberBandEdgeWidth, Theme.Palette.selection)
  }

  /// Above this many curves, with nothing selected, no construction is drawn: constructions
  /// are drawn every frame, and 100 of them at t = 0.5 take 10.5 ms a frame, 200 take 19 ms
  /// (`curves-dev benchmark-frames --curves 100 --t 0.5`). Select curves to see theirs. The
  /// pointer grabs a B-spline's control points on the same curves.
  static let maximumConstructionsWithoutSelection = Editor.State.maximumCurvesShownWhole
  /// Past this many live curves, the primer's figures are left off.
  static let maximumCurvesWithFigures = 50

  /// How far, in units, a live curve's drawing reaches past its control points' box: the
  /// analysis overlays (an osculating circle's centre, a tangent's length) go beyond it.
  static let liveDrawingReach = 400.0
  /// The most static curves painted after a live one that are drawn again over it each frame.
  static let maximumCurvesDrawnAgain = 500

  /// Curves drawn with their construction, live each frame: those with a selected point, or
  /// every curve when nothing is selected and there are few enough. The rest go into the
  /// static layer.
  private func liveCurveIDs() -> Set<UUID> {
    if let point = state.interaction.splinePoint { return Set(state.interaction.selection.map(\.curve)).union([point.curve]) }
    if !state.interaction.selection.isEmpty { return Set(state.interaction.selection.map(\.curve)) }
    return state.drawing.curves.count <= Self.maximumConstructionsWithoutSelection ? Set(state.drawing.curves.ids) : []
  }

  /// While the timeline plays, the curves it moves: drawn each frame as their styles paint
  /// them, without editing marks, so the static layer keeps only what stands still and is
  /// not drawn again every frame.
  private func playingCurveIDs() -> Set<UUID> {
    guard state.playhead.isPlaying, let timeline = state.drawing.timeline else { return [] }
    return Set(timeline.tracks.map(\.curve))
  }

  /// The live curves painted as their styles say, in painting order, inside their groups'
  /// layers. The static layer holds the rest under them, so what is painted after the first
  /// live curve goes back over them: the static curves that reach into the live ones' boxes
  /// (with their editing marks, unless more than `maximumCurvesDrawnAgain` do: then they stay
  /// under, as drawing them each frame would cost a whole layer's redraw) and the images. The
  /// live curves' marks go over all of them.
  private func drawLiveLooks(_ live: Set<Curve.State.ID>) {
    let curves = state.drawing.curves
    guard state.drawing.display.showsCurve, !live.isEmpty, let first = curves.firstIndex(where: { live.contains($0.id) }) else { return }
    var covered = Rect.empty
    for curve in curves[first...] where live.contains(curve.id) { covered.include(StaticScene.bounds(of: curve, in: viewport)) }
    // Images by the curve they are painted before (nil: after every curve); most drawings have none.
    var images: [Curve.State.ID?: [KeptImage]] = [:]
    for element in state.drawing.kept {
      guard let image = element.image else { continue }
      images[element.before.flatMap { curves[id: $0] == nil ? nil : $0 }, default: []].append(image)
    }
    var overlapping = Set<Curve.State.ID>()
    for curve in curves[(first + 1)...] where !live.contains(curve.id) && StaticScene.bounds(of: curve, in: viewport).intersects(covered) {
      overlapping.insert(curve.id)
      if overlapping.count > Self.maximumCurvesDrawnAgain { break }
    }
    if overlapping.count > Self.maximumCurvesDrawnAgain { overlapping = [] }
    var looks: [LiveLooks.Look] = []
    var drawnAgain: [Curve.State] = []
    for (offset, curve) in curves[first...].enumerated() {
      if offset > 0, let before = images[curve.id] { looks += before.map(LiveLooks.Look.image) }
      if live.contains(curve.id) {
        looks.append(.curve(curve, culled: true))
      } else if overlapping.contains(curve.id) {
        drawnAgain.append(curve)
        looks.append(.curve(curve, culled: false))
      }
    }
    looks += (images[nil] ?? []).map(LiveLooks.Look.image)
    let recorded = LiveLooks(looks: looks, groups: state.drawing.groups, viewport: viewport, reach: Self.liveDrawingReach)
    painter.canvas.draw(recorded.lists(width: painter.canvas.width, height: painter.canvas.height, scale: painter.scale))
    var drawing = painter
    for curve in drawnAgain { StaticScene.drawMarks(of: curve, display: state.drawing.display, viewport: viewport, into: &drawing) }
  }

  /// Whether anything of the curve can show: a curve zoomed far out of view costs nothing, as
  /// its trace and construction would be flattened at a fraction of a pixel along their
  /// whole length.
  private func isShown(_ curve: Curve.State) -> Bool {
    let allPoints = curve.points.map { viewport.screenPoint(atDocument: $0.position) }
    return painter.canvas.mayShow(painter.pixelBounds(of: allPoints), reach: Self.liveDrawingReach * painter.scale)
  }

  /// A live curve's construction at t, its trace and analysis, over its look: each subpath
  /// animates as one chain, its construction drawn for the segment under t.
  private func drawLiveCurve(_ curve: Curve.State, withFigures: Bool, captionedSubpath: Subpath.State.ID?) {
    let display = state.drawing.display
    guard isShown(curve) else { return }
    // The lines from nodes to handles go under the construction, which runs along them.
    var drawing = painter
    if let spline = curve.liveSpline {
      // A B-spline shows its own control points, not its Bézier form's.
      drawLiveSubpath(curve.subpaths[0], display, spline: spline, withFigures: withFigures, captioned: captionedSubpath == curve.subpaths[0].id)
      let grabbed: Int? = if case let .splinePoint(drag) = state.interaction.gesture, drag.point.curve == curve.id { drag.point.index } else { nil }
      let selected = state.interaction.splinePoint.flatMap { $0.curve == curve.id ? $0.index : nil }
      StaticScene.drawSplineMarks(of: spline, curve: curve.id, display: display, viewport: viewport, selected: selected, hovered: grabbed, into: &drawing)
      return
    }
    StaticScene.drawHandleLines(of: curve, viewport: viewport, into: &drawing)
    for subpath in curve.subpaths { drawLiveSubpath(subpath, display, withFigures: withFigures, captioned: captionedSubpath == subpath.id) }
    for subpath in curve.subpaths {
      for (index, point) in subpath.points.enumerated() {
        let reference = PointReference(curve: curve.id, point: point.id)
        let isHovered = state.interaction.hover == reference || state.interaction.drag?.point == reference
        drawHandle(point, isNode: subpath.isNode(index), isSelected: state.interaction.selection.contains(reference), isHovered: isHovered)
      }
    }
  }

  /// With `spline` (the B-spline the subpath still is), de Boor's construction takes de
  /// Casteljau's place. A segment whose points have weights shows the rational
  /// construction (each level's points divided by their weights) and the overlays its
  /// rational curve has, without the levels' own traces and the primer's figures, which are
  /// a polynomial curve's.
  private func drawLiveSubpath(_ subpath: Subpath.State, _ display: DisplayOptions, spline: Spline? = nil, withFigures: Bool, captioned: Bool) {
    let segments = StaticScene.screenSegments(of: subpath, in: viewport)
    let controlPoints = subpath.segmentControlPoints.map { $0.map(viewport.screenPoint(atDocument:)) }
    guard let place = state.drawing.animation.place(on: segments) else { return }
    let segment = segments[place.segment], t = place.t
    let rational = subpath.rationalSegment(place.segment, controlPoints: controlPoints[place.segment])
    if display.showsTrace, place.segment > 0 || t > 0 {
      var trace: [Point] = []
      let tolerance = Theme.flatteningTolerance / painter.scale
      // Weights looked for once a subpath, not once a segment (a long pencil stroke's trace
      // would scan every point for every segment, every frame).
      let passedRationals = subpath.rationalSegments(Array(controlPoints[..<place.segment]))
      for (passed, rational) in zip(segments[..<place.segment], passedRationals) {
        let pieces = rational?.cubics(tolerance: RationalBezier.drawingTolerance) ?? [passed]
        for piece in pieces { piece.flatten(tolerance: tolerance, into: &trace) }
      }
      if let rational {
        trace += (0...Self.rationalTraceSteps).map { rational.eval(t * Double($0) / Double(Self.rationalTraceSteps)) }
      } else {
        segment.subsegment(0, t).flatten(tolerance: tolerance, into: &trace)
      }
      painter.line(trace, width: Theme.traceWidth, Theme.Palette.trace)
      if state.drawing.animation.mode == .steps { drawTicks(on: segments) }
    }
    if display.showsControlPolygon, spline == nil {
      painter.line(StaticScene.screenPolygon(of: subpath, in: viewport), width: Theme.polygonWidth, Theme.Palette.polygon)
    }
    if let spline {
      drawDeBoor(spline, at: spline.parameter(segment: place.segment, t: t), display)
    } else if let rational {
      drawConstruction(rational.deCasteljauLevels(at: t), controlPoints: nil, at: t, display)
    } else {
      drawConstruction(segment.deCasteljauLevels(at: t), controlPoints: controlPoints[place.segment], at: t, display)
    }
    let analysis = AnalysisPainter(painter: painter, display: display, area: layout.canvasArea)
    if let rational {
      analysis.draw(rational, at: t)
    } else {
      analysis.draw(segment, at: t)
      if withFigures { PrimerPainter(painter: painter, display: display, viewport: viewport, area: layout.canvasArea).drawFigures(on: segment, captioned: captioned) }
    }
    if display.showsPointAtT { painter.disc(rational?.eval(t) ?? segment.eval(t), radius: Theme.pointAtTRadius, Theme.Palette.pointAtT) }
  }

  /// Points along a rational segment's trace from 0 to t.
  static let rationalTraceSteps = 96

  /// Steps mode's ticks passed so far, marked on the trace (at the step's place on the chain,
  /// by arc length with constant speed).
  private func drawTicks(on segments: [Bezier]) {
    let animation = state.drawing.animation
    for step in 0...min(animation.step, animation.totalSteps) {
      var tick = animation
      tick.step = step
      guard let place = tick.place(on: segments) else { continue }
      painter.disc(segments[place.segment].eval(place.t), radius: Theme.tickRadius, Theme.Palette.tick)
    }
  }

  /// Every curve animates: the curves drawn without their construction (in the static
  /// layer) still show their point at t, one a subpath, drawn live over the layer. At t = 0 it
  /// is each subpath's first point, under its handle already, so a still document pays nothing
  /// for it (with 1,000 curves it costs about 7 ms a frame).
  private func drawPointsAtT(of curves: [Curve.State]) {
    guard state.drawing.display.showsPointAtT, state.drawing.animation.t > 0 else { return }
    for curve in curves {
      for subpath in curve.subpaths {
        let segments = StaticScene.screenSegments(of: subpath, in: viewport)
        guard let place = state.drawing.animation.place(on: segments) else { continue }
        let segment = segments[place.segment]
        let point = subpath.rationalSegment(place.segment, controlPoints: segment.controlPoints)?.eval(place.t) ?? segment.eval(place.t)
        painter.disc(point, radius: Theme.plainPointAtTRadius, Theme.Palette.pointAtT)
      }
    }
  }

  /// Level 0 is the control polygon (drawn already); each later level gets its colour, its
  /// segments and its points, as its options say. The last level is the point on the curve,
  /// drawn separately. A level's trace: its point j sweeps the Bézier curve of the level's
  /// degree over control points j...j + level, so its path from 0 to t is drawn exactly.
  private func drawConstruction(_ levels: [[Point]], controlPoints: [Point]?, at t: Double, _ display: DisplayOptions) {
    guard display.construction != .hidden, levels.count > 2 else { return }
    let shown = display.construction == .allLevels ? 1..<(levels.count - 1) : (levels.count - 2)..<(levels.count - 1)
    for level in shown {
      let options = display.options(ofLevel: level)
      guard options.isShown else { continue }
      let color = Theme.levelColor(level)
      if options.showsTrace, t > 0, let controlPoints {
        for start in 0..<levels[level].count {
          guard let path = Bezier(Array(controlPoints[start...(start + level)])) else { continue }
          var polyline: [Point] = []
          path.subsegment(0, t).flatten(tolerance: Theme.flatteningTolerance / painter.scale, into: &polyline)
          painter.line(polyline, width: Theme.constructionWidth, color.withOpacity(Theme.levelTraceOpacity))
        }
      }
      let points = options.showsOnlyLastSegment ? Array(levels[level].suffix(2)) : levels[level]
      painter.line(points, width: Theme.constructionWidth, color)
      for point in points { painter.disc(point, radius: Theme.constructionPointRadius, color) }
    }
  }

  /// De Boor's construction at the spline's parameter `u`: the degree + 1 control points
  /// whose span holds u, then each level's blends (divided by their weights when weighted),
  /// in the levels' colours, down to the point on the curve.
  private func drawDeBoor(_ spline: Spline, at u: Double, _ display: DisplayOptions) {
    guard display.construction != .hidden, let bSpline = spline.bSpline else { return }
    let levels = bSpline.deBoorLevels(at: u).map { $0.map(viewport.screenPoint(atDocument:)) }
    guard levels.count > 2 else { return }
    painter.line(levels[0], width: Theme.constructionWidth, Theme.Palette.polygon)
    for level in 1..<(levels.count - 1) {
      let options = display.options(ofLevel: level)
      guard options.isShown, display.construction == .allLevels || level == levels.count - 2 else { continue }
      let color = Theme.levelColor(level)
      painter.line(levels[level], width: Theme.constructionWidth, color)
      for point in levels[level] { painter.disc(point, radius: Theme.constructionPointRadius, color) }
    }
  }

  private func drawHandle(_ point: ControlPoint.State, isNode: Bool, isSelected: Bool, isHovered: Bool) {
    var drawing = painter
    StaticScene.drawHandle(
      point, at: viewport.screenPoint(atDocument: point.position), isNode: isNode, isSelected: isSelected, isHovered: isHovered, into: &drawing
    )
  }

  /// Whether the referenced point is a node of its subpath (drawn square).
  private func isNode(_ reference: PointReference) -> Bool {
    guard let curve = state.drawing.curves[id: reference.curve] else { return false }
    for subpath in curve.subpaths {
      if let index = subpath.points.index(id: reference.point) { return subpath.isNode(index) }
    }
    return false
  }
}
