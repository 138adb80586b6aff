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

  var viewport: Viewport.State { state.viewport }

  func draw(layer: StaticLayer?) {
    let playing = playingCurveIDs(), edited = liveCurveIDs(), moving = movingCurveIDs()
    let live = edited.union(playing).union(moving)
    // The curve lab shows every curve's marks: those of the moved curves go with them.
    let marked = state.drawing.display.handles == .all ? edited.union(moving) : edited
    // A plain array: the layer compares it every frame and needs no lookup by id. With no live
    // curve it is the document's own array, whose storage the layer's last scene shares while
    // nothing changed, so comparing them is one pointer check instead of 10,000 curves.
    let curves = live.isEmpty ? state.drawing.curves.elements : staticCurves(besides: live)
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
    drawContextFaded()
    drawOnionSkin()
    drawViewFrame()
    drawPointsAtT(of: scene.curves)
    drawHoveredSegment()
    if moving.isEmpty, let layer, let lists = layer.movingLooks.leftover(revision: state.drawing.revision, isSettled: layer.isSettled) {
      painter.canvas.draw(lists)
    }
    drawLiveLooks(live, moving: moving, cache: layer?.movingLooks)
    // The primer's figures (arcs, chords, y for x) on a few curves only: on every curve of a
    // large selection they would cost seconds a frame and show nothing one can read.
    let withFigures = live.count <= Self.maximumCurvesWithFigures
    // The figures' captions go under the panes' segment alone: one a segment would pile up.
    let display = state.drawing.display
    let showsFigures = display.showsFlattening || display.showsArcs || display.showsFunction || display.showsGraduatedOffset
    let subject = showsFigures || display.showsGraphs || display.showsCanonicalMap ? PrimerSubject(state) : nil
    for curve in marked.isEmpty ? [] : state.drawing.curves.elements where marked.contains(curve.id) && !playing.contains(curve.id) {
      drawLiveCurve(curve, withFigures: withFigures, captionedSubpath: subject?.curve == curve.id ? subject?.subpath : nil)
    }
    // A hovered handle of a static curve is drawn again on top, so hovering never
    // re-renders the layer.
    if let hover = state.interaction.hover, !live.contains(hover.curve), let point = state.drawing.curves[hover] {
      drawHandle(point, isNode: isNode(hover), isSelected: state.interaction.selection.contains(hover), isHovered: true)
    }
    if let band = state.interaction.rubberBand { drawRubberBand(band.rect) }
    drawObjectOverlays()
    if let sketch = state.interaction.sketch { drawSketch(sketch) }
    if let pen = state.interaction.pen { drawPenPath(pen) }
    drawTextCursor()
    drawIntersections()
    drawProjection()
    drawGradientHandles()
    KnotStripPainter(state: state, painter: painter).draw()
    if display.showsGraphs || display.showsCanonicalMap, let subject {
      PrimerPainter(painter: painter, display: display, viewport: viewport, area: layout.canvasArea).drawPanes(for: subject)
    }
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
  /// every curve when nothing is selected and there are few enough (in a drawing that shows
  /// only the edited curves' marks, those). The rest go into the static layer.
  private func liveCurveIDs() -> Set<UUID> {
    // A drawing shows the marks of the curves being edited only.
    if let marked = state.markedCurveIDs { return marked }
    if let point = state.interaction.splinePoint { return Set(state.interaction.selection.map(\.curve)).union([point.curve]) }
    if !state.interaction.selection.isEmpty { return Set(state.interaction.selection.map(\.curve)) }
    return state.drawing.curves.count <= Self.maximumConstructionsWithoutSelection ? Set(state.drawing.curves.ids) : []
  }

  /// The curves but `live`, in order, found by their ids: going through the curves copies
  /// each, and 10,000 moved curves leave none here.
  private func staticCurves(besides live: Set<Curve.State.ID>) -> [Curve.State] {
    let curves = state.drawing.curves
    return curves.indices.filter { !live.contains(curves.ids[$0]) }.map { curves[$0] }
  }

  /// The curves a selector drag moves (by a move, scale, rotate or skew handle): drawn each
  /// frame over the static layer, which then stays as it was for the whole drag.
  private func movingCurveIDs() -> Set<UUID> {
    guard case let .objects(drag) = state.interaction.gesture else { return [] }
    switch drag.grip {
    case .move, .scale, .rotate, .skew: return Set(state.curveIDs(of: drag.objects))
    case .centre, .box: return []
    }
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
  private func drawLiveLooks(_ live: Set<Curve.State.ID>, moving: Set<Curve.State.ID>, cache: MovingLooks?) {
    let curves = state.drawing.curves
    // By id, not by curve: going through the curves copies each (10,000 while playing).
    guard state.drawing.display.showsCurve, !live.isEmpty, let first = curves.ids.firstIndex(where: live.contains) else { return }
    if let cache, live == moving, drawMovingLooks(moving, from: first, cache: cache) { return }
    let overlapping = curvesDrawnAgain(over: live, from: first)
    // Images by the curve they are painted before (nil: after every curve); most drawings have none.
    var images: [Curve.State.ID?: [KeptImage]] = [:]
    for element in state.drawing.kept {
      guard let image = element.image else { continue }
      images[element.before.flatMap { curves[id: $0] == nil ? nil : $0 }, default: []].append(image)
    }
    var looks: [LiveLooks.Look] = []
    looks.reserveCapacity(live.count + overlapping.count)
    var drawnAgain: [Curve.State] = []
    for index in first..<curves.count {
      let id = curves.ids[index]
      if index > first, !images.isEmpty, let before = images[id] { looks += before.map(LiveLooks.Look.image) }
      if live.contains(id) {
        looks.append(.curve(index, culled: true))
      } else if overlapping.contains(id) {
        drawnAgain.append(curves[index])
        looks.append(.curve(index, culled: false))
      }
    }
    looks += (images[nil] ?? []).map(LiveLooks.Look.image)
    let recorded = LiveLooks(curves: curves.elements, looks: looks, groups: state.drawing.groups, viewport: viewport, reach: Self.liveDrawingReach)
    painter.canvas.draw(recorded.lists(width: painter.canvas.width, height: painter.canvas.height, scale: painter.scale))
    var drawing = painter
    for curve in drawnAgain { StaticScene.drawMarks(of: curve, display: state.drawing.display, viewport: viewport, into: &drawing) }
  }

  /// The static curves painted after the first live one (at `first`) that reach into the
  /// live ones' boxes: none when there are more than `maximumCurvesDrawnAgain`, and none to
  /// look for when every curve from `first` on is live (the whole timeline playing), whose
  /// 10,000 boxes would otherwise be measured each frame for nothing.
  private func curvesDrawnAgain(over live: Set<Curve.State.ID>, from first: Int) -> Set<Curve.State.ID> {
    let curves = state.drawing.curves
    let staticAfter = ((first + 1)..<curves.count).filter { !live.contains(curves.ids[$0]) }
    guard !staticAfter.isEmpty else { return [] }
    var covered = Rect.empty
    for index in first..<curves.count where live.contains(curves.ids[index]) {
      covered.include(StaticScene.bounds(of: curves[index], in: viewport))
    }
    var overlapping = Set<Curve.State.ID>()
    for index in staticAfter where StaticScene.bounds(of: curves[index], in: viewport).intersects(covered) {
      overlapping.insert(curves.ids[index])
      if overlapping.count > Self.maximumCurvesDrawnAgain { return [] }
    }
    return overlapping
  }

  /// A selector drag's moved curves, when they are the top of the drawing (nothing else, no
  /// image, painted after the first of them): recorded at the drag's first frame and carried
  /// to each step's place (`MovingLooks`), not recorded again. False when that does not apply
  /// or the lists cannot be carried, and they are drawn as every live curve is.
  private func drawMovingLooks(_ moving: Set<Curve.State.ID>, from first: Int, cache: MovingLooks) -> Bool {
    let curves = state.drawing.curves
    guard case let .objects(drag) = state.interaction.gesture, !state.drawing.kept.contains(where: { $0.image != nil }),
      curves.ids[first...].allSatisfy(moving.contains)
    else { return false }
    let (width, height, scale) = (painter.canvas.width, painter.canvas.height, painter.scale)
    let key = MovingLooks.Key(
      startRevision: drag.startRevision, objects: drag.objects, viewport: viewport, groups: state.drawing.groups, width: width, height: height,
      scale: scale)
    let lists = cache.lists(for: key, at: drag.transform, revision: state.drawing.revision) {
      // Every moved curve, in or out of view: a step may bring any of them into it.
      let looks = (first..<curves.count).map { LiveLooks.Look.curve($0, culled: false) }
      return LiveLooks(curves: curves.elements, looks: looks, groups: state.drawing.groups, viewport: viewport, reach: Self.liveDrawingReach)
        .lists(width: width, height: height, scale: scale)
    }
    guard let lists else { return false }
    painter.canvas.draw(lists)
    return true
  }
}
