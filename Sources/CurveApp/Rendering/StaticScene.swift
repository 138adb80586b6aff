import CurveFeature
import CurveGeometry
import CurveRaster
import CurveRender
import Dispatch
import Foundation

/// The canvas content that the current interaction does not change: the pasteboard, the
/// page and its grid, and every curve drawn without its construction (curve, control polygon,
/// handles). Plain values, so the static layer can draw it on a background thread; equal
/// scenes draw the same pixels. Positions are document points mapped to the screen; widths
/// and radii are screen units, the same at every zoom.
struct StaticScene: Equatable, Sendable {
  var curves: [Curve.State]
  /// The groups the curves are painted in: layers with their opacity, clip and mask.
  var groups: [Group] = []
  /// What the drawing keeps undrawn; its images are drawn in their places (under the live
  /// curves, which the static layer does not hold).
  var kept: [KeptElement] = []
  var display: DisplayOptions
  var viewport: Viewport.State
  /// The canvas area of the frame, in units.
  var area: Rect

  /// Draws everything that touches `region` (all of it when nil; the caller clips to it);
  /// `curveBounds`, where given, is each curve's `bounds(of:in:marks: false)`.
  func draw(in region: Rect?, curveBounds: [Rect]? = nil, into drawing: inout some ShapeDrawing) {
    if let region {
      drawing.fill(region, Theme.Palette.pasteboard)
    } else {
      drawing.clear(Theme.Palette.pasteboard)
    }
    drawPage(into: &drawing)
    drawLooks(in: region, curveBounds: curveBounds, into: &drawing)
    drawMarks(in: region, into: &drawing)
  }

  /// The drawing itself: every curve that reaches `region` (all when nil) as its style paints
  /// it, under every editing mark.
  private func drawLooks(in region: Rect?, curveBounds: [Rect]? = nil, into drawing: inout some ShapeDrawing) {
    guard display.showsCurve else { return }
    var layers = GroupLayers(groups: groups, viewport: viewport.drawingView)
    let keptLooks = KeptLooks(kept, curves: curves.lazy.map(\.id))
    let hiddenGroups = ObjectTree(groups: groups).hiddenGroups
    let measured = curveBounds?.count == curves.count ? curveBounds : nil
    // Measured only when a region is drawn without the reaches given.
    lazy var filters = FilterReach(groups: groups, viewport: viewport)
    for (index, curve) in curves.enumerated() {
      for look in keptLooks.before(curve.id) {
        layers.enter(look.group, into: &drawing)
        look.draw(viewport: viewport.drawingView, into: &drawing)
      }
      guard region.map({ (measured?[index] ?? filters.reach(of: curve, in: viewport)).intersects($0) }) ?? true, !curve.isHidden,
        !(curve.group.map(hiddenGroups.contains) ?? false)
      else { continue }
      layers.enter(curve.group, into: &drawing)
      CurveLook(curve: curve, viewport: viewport.drawingView).draw(into: &drawing)
    }
    for look in keptLooks.trailing {
      layers.enter(look.group, into: &drawing)
      look.draw(viewport: viewport.drawingView, into: &drawing)
    }
    layers.enter(nil, into: &drawing)
  }

  /// Where the curves of each filtered group can paint on screen: the regions of the filters
  /// of the group and its ancestors. A shadow reaches past its curve, and one curve changed
  /// changes its filtered group's whole picture (a blur reads every curve in it), so a partial
  /// drawing covers those regions and draws again every curve that reaches them.
  struct FilterReach {
    private var regions: [String: Rect] = [:]

    init(groups: [Group], viewport: Viewport.State) {
      guard groups.contains(where: { $0.filter != nil }) else { return }
      let byID = Dictionary(groups.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      for group in groups {
        let filtered = Group.chain(of: group.id, in: byID).compactMap(\.filter)
        guard let first = filtered.first else { continue }
        let region = filtered.dropFirst().reduce(first.region) { $0.union($1.region) }
        let low = viewport.screenPoint(atDocument: Point(x: region.minX, y: region.minY))
        let high = viewport.screenPoint(atDocument: Point(x: region.maxX, y: region.maxY))
        let margin = StaticScene.antialiasingMargin
        regions[group.id] = Rect(minX: low.x - margin, minY: low.y - margin, maxX: high.x + margin, maxY: high.y + margin)
      }
    }

    /// Where `curve` can paint: its own reach (`bounds(of:in:marks: false)`) and its groups'
    /// filter regions.
    func reach(of curve: Curve.State, in viewport: Viewport.State, marks: Bool = false) -> Rect {
      let own = StaticScene.bounds(of: curve, in: viewport, marks: marks)
      guard let group = curve.group, let region = regions[group] else { return own }
      return own.union(region)
    }
  }

  /// The editing marks of the curves that touch `region`: control polygons and handles.
  private func drawMarks(in region: Rect?, into drawing: inout some ShapeDrawing) {
    // A drawing shows no marks but the edited curves', which are live.
    guard display.handles == .all else { return }
    for curve in curves where region.map({ Self.bounds(of: curve, in: viewport).intersects($0) }) ?? true {
      Self.drawMarks(of: curve, display: display, viewport: viewport, into: &drawing)
    }
  }

  /// A curve's editing marks as the layer draws them: its control polygon, handle lines and
  /// handles, none selected or hovered.
  static func drawMarks(of curve: Curve.State, display: DisplayOptions, viewport: Viewport.State, into drawing: inout some ShapeDrawing) {
    if let spline = curve.liveSpline {
      drawSplineMarks(of: spline, curve: curve.id, display: display, viewport: viewport, selected: nil, hovered: nil, into: &drawing)
      return
    }
    drawPolygons(of: curve, display: display, viewport: viewport, into: &drawing)
    drawHandleLines(of: curve, viewport: viewport, into: &drawing)
    for subpath in curve.subpaths {
      for (index, point) in subpath.points.enumerated() {
        drawHandle(
          point, at: viewport.screenPoint(atDocument: point.position), isNode: subpath.isNode(index), isSelected: false, isHovered: false,
          into: &drawing
        )
      }
    }
  }

  /// A B-spline curve's marks: its own control polygon and control points (its Bézier points
  /// are the spline's to place), drawn as handles, the selected and hovered ones marked.
  static func drawSplineMarks(
    of spline: Spline, curve: Curve.State.ID, display: DisplayOptions, viewport: Viewport.State, selected: Int?, hovered: Int?,
    into drawing: inout some ShapeDrawing
  ) {
    let points = spline.points.map(viewport.screenPoint(atDocument:))
    if display.showsControlPolygon { drawing.line(spline.isClosed ? points + points.prefix(1) : points, width: Theme.polygonWidth, Theme.Palette.polygon) }
    for (index, centre) in points.enumerated() {
      let mark = ControlPoint.State(id: curve, position: spline.points[index])
      drawHandle(mark, at: centre, isNode: false, isSelected: index == selected, isHovered: index == hovered, into: &drawing)
    }
  }

  /// A thin line from each node to each of its handles, under the handles.
  static func drawHandleLines(of curve: Curve.State, viewport: Viewport.State, into drawing: inout some ShapeDrawing) {
    for subpath in curve.subpaths {
      for index in subpath.points.indices where subpath.isNode(index) {
        let handles = subpath.handles(ofNode: index)
        let node = viewport.screenPoint(atDocument: subpath.points[index].position)
        for handle in [handles.before, handles.after].compactMap({ $0 }) {
          drawing.line([node, viewport.screenPoint(atDocument: subpath.points[handle].position)], width: Theme.handleLineWidth, Theme.Palette.handleLine)
        }
      }
    }
  }

  /// The whole scene recorded for a `width × height` canvas at `scale` pixels per unit, to be
  /// drawn one list after another: the curves are shared out among the cores when there are
  /// many, each recording its share.
  func record(width: Int, height: Int, scale: Double) -> [DisplayList] {
    let chunkCount = curves.count >= Self.curvesPerRecordingChunk * 2
      ? min(Cores.available, Self.maximumRecordingChunks) : 1
    let chunkSize = (curves.count + chunkCount - 1) / max(chunkCount, 1)
    // Each share records its curves' looks and their marks apart; every look is drawn before
    // any mark, so no curve's fill covers another's handles.
    let lists = RecordedChunks(count: chunkCount * 2)
    DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
      var looks = ShapeRecorder(width: width, height: height, scale: scale)
      var marks = ShapeRecorder(width: width, height: height, scale: scale)
      var part = self
      part.curves = Array(curves[min(chunk * chunkSize, curves.count)..<min((chunk + 1) * chunkSize, curves.count)])
      if chunk == 0 {
        looks.clear(Theme.Palette.pasteboard)
        part.drawPage(into: &looks)
      }
      part.drawLooks(in: nil, into: &looks)
      part.drawMarks(in: nil, into: &marks)
      lists.store(looks.list, at: chunk)
      lists.store(marks.list, at: chunkCount + chunk)
    }
    return (0..<chunkCount * 2).map(lists.take)
  }

  /// Below twice this many curves a scene is recorded on one core.
  static let curvesPerRecordingChunk = 500
  /// A scene is recorded on at most this many cores.
  static let maximumRecordingChunks = 8
  /// Anti-aliasing reaches a pixel past a shape's exact edge, which is one unit at any scale of
  /// at least 1 and two at the smallest (0.5); one more unit covers rounding out to whole
  /// pixels.
  static let antialiasingMargin = 3.0

  /// Where a curve's drawing can reach on screen: its control points' box (which holds the
  /// curve) grown by its stroke, a hovered handle's halo (with `marks`: the layer draws its
  /// handles) and the anti-aliasing reach.
  static func bounds(of curve: Curve.State, in viewport: Viewport.State, marks: Bool = true) -> Rect {
    // Read in place, subpath by subpath, in plain loops: a lazy flatMap over the points
    // was walked generically, and took a third of a frame playing 10,000 curves.
    var documentBox = Rect.empty
    var largestHandle: Double?
    for subpath in curve.subpaths {
      for point in subpath.points {
        documentBox.include(point.position)
        if let size = point.size { largestHandle = max(largestHandle ?? size, size) }
      }
    }
    // The view only scales and moves: the box's corners map to the screen box's.
    let low = viewport.screenPoint(atDocument: Point(x: documentBox.minX, y: documentBox.minY))
    let high = viewport.screenPoint(atDocument: Point(x: documentBox.maxX, y: documentBox.maxY))
    let box = Rect(minX: low.x, minY: low.y, maxX: high.x, maxY: high.y)
    // A stroke of its own reaches half its width past the curve, a miter join up to the
    // miter limit times that.
    let stroke = (curve.style.strokeWidth ?? 0) * viewport.zoom / 2 * max(curve.style.miterLimit ?? DrawingLook.svgMiterLimit, 1)
    guard marks else { return box.insetBy(dx: -(stroke + Self.antialiasingMargin), dy: -(stroke + Self.antialiasingMargin)) }
    let handle = largestHandle.map { $0 / 2 } ?? Theme.handleRadius
    let margin = max(handle, Theme.handleRadius, stroke) + Theme.hoverGrowth + Theme.hoverHalo + Theme.selectionRing + Self.antialiasingMargin
    return box.insetBy(dx: -margin, dy: -margin)
  }

  /// A curve's control polygons, one a subpath, as its display options say.
  static func drawPolygons(of curve: Curve.State, display: DisplayOptions, viewport: Viewport.State, into drawing: inout some ShapeDrawing) {
    guard display.showsControlPolygon else { return }
    for subpath in curve.subpaths {
      drawing.line(screenPolygon(of: subpath, in: viewport), width: Theme.polygonWidth, Theme.Palette.polygon)
    }
  }

  /// A subpath's segments on screen (the view is affine: the segments of the mapped points).
  static func screenSegments(of subpath: Subpath.State, in viewport: Viewport.State) -> [Bezier] {
    subpath.screenSegments(in: viewport.drawingView)
  }

  /// A subpath's control polygon on screen, back to its first point when it is closed.
  static func screenPolygon(of subpath: Subpath.State, in viewport: Viewport.State) -> [Point] {
    let points = subpath.points.map { viewport.screenPoint(atDocument: $0.position) }
    return subpath.isClosed ? points + points.prefix(1) : points
  }

  /// A point's mark at `centre` (on screen): a square for a node, a disc for a control point
  /// (a handle), as drawing programs show them; its own size and colour when it has them. A
  /// selected mark gets a ring of the selection colour around it (filled with it when it has
  /// no colour of its own); a hovered one grows and gets a halo.
  static func drawHandle(
    _ point: ControlPoint.State, at centre: Point, isNode: Bool = false, isSelected: Bool, isHovered: Bool, into drawing: inout some ShapeDrawing
  ) {
    func mark(_ radius: Double, _ color: RGBA8) {
      if isNode {
        // Half its side is the radius: a node's square and a handle's disc share centre and ring.
        drawing.fill(Rect(minX: centre.x - radius, minY: centre.y - radius, maxX: centre.x + radius, maxY: centre.y + radius), color)
      } else {
        drawing.disc(centre, radius: radius, color)
      }
    }
    let base = point.size.map { $0 / 2 } ?? Theme.handleRadius
    let radius = isHovered ? base + Theme.hoverGrowth : base
    if isHovered { mark(radius + Theme.hoverHalo, Theme.Palette.hover.withOpacity(Theme.hoverHaloOpacity)) }
    let fill = point.color.map(Theme.color) ?? (isSelected ? Theme.Palette.selection : Theme.Palette.handleFill)
    if isSelected, point.color != nil {
      mark(radius + Theme.selectionRing, Theme.Palette.selection)
    }
    mark(radius, isSelected ? Theme.Palette.selection : Theme.Palette.handleBorder)
    mark(max(radius - Theme.handleBorder, Theme.minimumHandleFill), fill)
  }

  /// The page with an edge, on the pasteboard that fills the rest of the area.
  private func drawPage(into drawing: inout some ShapeDrawing) {
    let page = viewport.canvasOnScreen
    let edge = 1 / drawing.scale
    drawing.fill(page.insetBy(dx: -edge, dy: -edge), Theme.Palette.pageEdge)
    drawing.fill(page, Theme.Palette.page)
    drawGrid(on: page, into: &drawing)
  }

  /// Lines every `gridSpacing` document units, thinned out when zoomed so far out that they
  /// would crowd together; only those inside the visible area are drawn.
  private func drawGrid(on page: Rect, into drawing: inout some ShapeDrawing) {
    var every = 1
    while Theme.gridSpacing * Double(every) * viewport.zoom < Theme.gridMinimumGap { every *= Theme.gridMajorEvery }
    let spacing = Theme.gridSpacing * Double(every), hairline = 1 / drawing.scale
    let visible = Rect(
      minX: max(page.minX, area.minX), minY: max(page.minY, area.minY),
      maxX: min(page.maxX, area.maxX), maxY: min(page.maxY, area.maxY)
    )
    guard visible.width > 0, visible.height > 0 else { return }
    func lines(along length: Double, screenStart: Double, visibleRange: ClosedRange<Double>, draw: (Double, Bool) -> Void) {
      let first = max(1, Int(((visibleRange.lowerBound - screenStart) / viewport.zoom / spacing).rounded(.up)))
      var index = first
      while true {
        let documentPosition = Double(index) * spacing
        guard documentPosition < length else { break }
        let screen = screenStart + documentPosition * viewport.zoom
        guard screen <= visibleRange.upperBound else { break }
        draw(screen, (index * every) % Theme.gridMajorEvery == 0)
        index += 1
      }
    }
    lines(along: viewport.canvas.width, screenStart: page.minX, visibleRange: visible.minX...visible.maxX) { x, isMajor in
      drawing.fill(Rect(minX: x, minY: visible.minY, maxX: x + hairline, maxY: visible.maxY), isMajor ? Theme.Palette.gridMajor : Theme.Palette.gridMinor)
    }
    lines(along: viewport.canvas.height, screenStart: page.minY, visibleRange: visible.minY...visible.maxY) { y, isMajor in
      drawing.fill(Rect(minX: visible.minX, minY: y, maxX: visible.maxX, maxY: y + hairline), isMajor ? Theme.Palette.gridMajor : Theme.Palette.gridMinor)
    }
  }
}
