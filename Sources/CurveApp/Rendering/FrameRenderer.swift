import CurveFeature
import CurveGeometry
import Foundation

/// Draws one frame as a function of the session's state: the canvas (grid, curves, control
/// polygons, the de Casteljau construction at `t`, the trace, the handles), the slider
/// panel, the status line, the error banner and the help overlay.
@MainActor
struct FrameRenderer {
  enum Palette {
    static let window = Color(r: 226, g: 229, b: 234)
    static let page = Color(r: 255, g: 255, b: 255)
    static let gridMinor = Color(r: 238, g: 241, b: 246)
    static let gridMajor = Color(r: 218, g: 224, b: 232)
    static let curve = Color(r: 30, g: 78, b: 168)
    static let polygon = Color(r: 150, g: 156, b: 168)
    static let trace = Color(r: 236, g: 112, b: 36, a: 170)
    static let pointAtT = Color(r: 214, g: 39, b: 40)
    static let handleBorder = Color(r: 55, g: 60, b: 72)
    static let handleFill = Color(r: 255, g: 255, b: 255)
    static let hover = Color(r: 255, g: 196, b: 0)
    static let selection = Color(r: 30, g: 78, b: 168)
    /// One colour per de Casteljau level (level 1 first), repeated for high degrees.
    static let levels = [
      Color(r: 46, g: 160, b: 67), Color(r: 142, g: 68, b: 173), Color(r: 22, g: 160, b: 160),
      Color(r: 200, g: 80, b: 150), Color(r: 120, g: 130, b: 20),
    ]
    static let panel = Color(r: 247, g: 248, b: 250)
    static let panelEdge = Color(r: 205, g: 210, b: 218)
    static let text = Color(r: 34, g: 38, b: 46)
    static let mutedText = Color(r: 110, g: 116, b: 128)
    static let track = Color(r: 214, g: 218, b: 226)
    static let status = Color(r: 40, g: 44, b: 52)
    static let statusText = Color(r: 230, g: 233, b: 238)
    static let error = Color(r: 192, g: 57, b: 43)
    static let overlay = Color(r: 20, g: 22, b: 28, a: 170)
  }

  static let curveWidth = 3.0
  static let handleRadius = 6.0

  /// What the status line shows besides the document.
  struct Status {
    var frameMilliseconds: Double?
  }

  let session: EditorSession
  let painter: Painter

  /// Above this many curves, the construction is drawn only for the selected curve: a
  /// thousand constructions at once are noise, and cost a thousand curves' redraw per tick.
  static let maximumConstructionsWithoutSelection = 16

  func draw(cache: inout CurveMeshCache, layer: StaticLayer?, status: Status) {
    let state = session.store.state
    let layout = session.layout
    drawCanvas(state, layout, &cache, layer)
    drawPanel(state, layout)
    drawStatusLine(state, layout, status)
    if let message = state.errorMessage { drawErrorBanner(message, layout) }
    if session.showsHelp { drawHelp(layout) }
    painter.flush()
  }

  // MARK: Canvas

  /// Curves that change while the user works: the one being dragged or selected, and those
  /// whose construction is animated. The rest are drawn into the static layer.
  private func liveCurveIDs(_ state: Editor.State) -> Set<UUID> {
    if let curve = state.drag?.point.curve ?? state.selection?.curve { return [curve] }
    return state.curves.count <= Self.maximumConstructionsWithoutSelection ? Set(state.curves.ids) : []
  }

  private func drawCanvas(_ state: Editor.State, _ layout: Layout, _ cache: inout CurveMeshCache, _ layer: StaticLayer?) {
    let live = liveCurveIDs(state)
    // A plain array: the layer compares it every frame and needs no lookup by id.
    let staticCurves = state.curves.elements.filter { !live.contains($0.id) }
    let key = StaticLayer.Key(curves: staticCurves, canvas: state.canvas, display: state.display, layout: layout)
    /// Everything static that touches `region` (all of it when nil); the layer clips to it.
    func drawStatic(in region: Rect?) {
      if let region {
        painter.fill(region, Palette.window)
      } else {
        painter.clear(Palette.window)
      }
      drawPage(state.canvas, layout)
      for curve in staticCurves where region.map({ StaticLayer.bounds(of: curve).intersects($0) }) ?? true {
        drawCurve(curve, state, &cache, withConstruction: false)
      }
    }
    if layer?.draw(key: key, painter: painter, content: drawStatic) != true { drawStatic(in: nil) }
    for curve in state.curves where live.contains(curve.id) { drawCurve(curve, state, &cache, withConstruction: true) }
    // A hovered handle of a static curve is drawn again on top, so hovering never
    // re-renders the layer.
    if let hover = state.hover, !live.contains(hover.curve), let point = state.curves[hover] {
      drawHandle(point.position, isSelected: state.selection == hover, isHovered: true)
    }
    cache.keepOnly(state.curves.ids)
  }

  private func drawPage(_ canvas: Canvas, _ layout: Layout) {
    let area = layout.canvasArea
    let page = Rect(minX: 0, minY: 0, maxX: min(canvas.width, area.maxX), maxY: min(canvas.height, area.maxY))
    painter.fill(page, Palette.page)
    drawGrid(in: page)
  }

  private func drawCurve(_ curve: CurveReducer.State, _ state: Editor.State, _ cache: inout CurveMeshCache, withConstruction: Bool) {
    let display = state.display
    if display.showsCurve {
      painter.draw(cache.mesh(for: curve, painter: painter, style: StrokeStyle(width: Self.curveWidth * painter.scale, color: Palette.curve)))
    }
    let points = curve.points.map(\.position)
    if let bezier = Bezier(points), withConstruction {
      let t = state.animation.t
      if display.showsTrace, t > 0 {
        var trace: [Point] = []
        bezier.subsegment(0, t).flatten(tolerance: CurveMeshCache.tolerance / painter.scale, into: &trace)
        painter.line(trace, width: 6, Palette.trace)
      }
      if display.showsControlPolygon { painter.line(points, width: 1.5, Palette.polygon) }
      drawConstruction(bezier.deCasteljauLevels(at: t), display.construction)
      painter.disc(bezier.eval(t), radius: 5, Palette.pointAtT)
    } else if display.showsControlPolygon {
      painter.line(points, width: 1.5, Palette.polygon)
    }
    for point in curve.points {
      let reference = PointReference(curve: curve.id, point: point.id)
      let isHovered = withConstruction && (state.hover == reference || state.drag?.point == reference)
      drawHandle(point.position, isSelected: state.selection == reference, isHovered: isHovered)
    }
  }

  private func drawGrid(in page: Rect) {
    let hairline = 1 / painter.scale
    var x = 20.0
    while x < page.maxX {
      let isMajor = Int(x) % 100 == 0
      painter.fill(Rect(minX: x, minY: 0, maxX: x + hairline, maxY: page.maxY), isMajor ? Palette.gridMajor : Palette.gridMinor)
      x += 20
    }
    var y = 20.0
    while y < page.maxY {
      let isMajor = Int(y) % 100 == 0
      painter.fill(Rect(minX: 0, minY: y, maxX: page.maxX, maxY: y + hairline), isMajor ? Palette.gridMajor : Palette.gridMinor)
      y += 20
    }
  }

  /// Level 0 is the control polygon (drawn already); each later level gets its colour, its
  /// segments and its points. The last level is the point on the curve, drawn separately.
  private func drawConstruction(_ levels: [[Point]], _ mode: DisplayOptions.Construction) {
    guard mode != .hidden, levels.count > 2 else { return }
    let shown = mode == .allLevels ? 1..<(levels.count - 1) : (levels.count - 2)..<(levels.count - 1)
    for level in shown {
      let color = Palette.levels[(level - 1) % Palette.levels.count]
      painter.line(levels[level], width: 1.5, color)
      for point in levels[level] { painter.disc(point, radius: 3.5, color) }
    }
  }

  private func drawHandle(_ position: Point, isSelected: Bool, isHovered: Bool) {
    let radius = isHovered ? Self.handleRadius + 2 : Self.handleRadius
    if isHovered { painter.disc(position, radius: radius + 3, Palette.hover.withOpacity(0.6)) }
    painter.disc(position, radius: radius, isSelected ? Palette.selection : Palette.handleBorder)
    painter.disc(position, radius: radius - 2, isSelected ? Palette.selection : Palette.handleFill)
  }

  // MARK: Panel

  private func drawPanel(_ state: Editor.State, _ layout: Layout) {
    let panel = layout.panel
    painter.fill(panel, Palette.panel)
    painter.fill(Rect(minX: panel.minX, minY: 0, maxX: panel.minX + 1 / painter.scale, maxY: panel.maxY), Palette.panelEdge)
    painter.text("Curves", at: layout.titleOrigin, size: 18, Palette.text)
    for kind in SliderKind.allCases { drawSlider(kind, layout) }
    drawPlayButton(state.animation.isPlaying, layout.frame(of: .playPause))
    for kind in ToggleKind.allCases { drawToggle(session.toggle(kind), layout.frame(of: .toggle(kind))) }
    painter.text("H or F1: all shortcuts", at: layout.hintOrigin, size: 12, Palette.mutedText)
  }

  private func drawSlider(_ kind: SliderKind, _ layout: Layout) {
    let model = session.slider(kind)
    let frame = layout.frame(of: .slider(kind)), track = layout.track(of: kind)
    let textColor = model.isEnabled ? Palette.text : Palette.mutedText
    painter.text(model.label, at: Point(x: frame.minX, y: frame.minY), size: 13, textColor)
    let value = model.valueText
    painter.text(value, at: Point(x: frame.maxX - painter.textWidth(value, size: 13), y: frame.minY), size: 13, textColor)
    let centreY = (track.minY + track.maxY) / 2
    painter.line([Point(x: track.minX, y: centreY), Point(x: track.maxX, y: centreY)], width: track.height, Palette.track)
    guard model.isEnabled else { return }
    let knob = Point(x: track.minX + model.fraction * track.width, y: centreY)
    painter.line([Point(x: track.minX, y: centreY), knob], width: track.height, Palette.selection)
    let isActive = session.activeSlider == kind
    painter.disc(knob, radius: isActive ? 10 : 9, Palette.handleBorder)
    painter.disc(knob, radius: isActive ? 8.5 : 7.5, Palette.handleFill)
  }

  private func drawPlayButton(_ isPlaying: Bool, _ frame: Rect) {
    painter.fill(frame, Palette.selection)
    let label = isPlaying ? "Pause (Space)" : "Play (Space)"
    let width = painter.textWidth(label, size: 14)
    painter.text(label, at: Point(x: (frame.minX + frame.maxX - width) / 2, y: frame.minY + 9), size: 14, Palette.page)
  }

  private func drawToggle(_ model: ToggleModel, _ frame: Rect) {
    let box = Rect(minX: frame.minX, minY: frame.minY + 4, maxX: frame.minX + 18, maxY: frame.minY + 22)
    painter.fill(box, Palette.handleBorder)
    let inset = 1.5
    painter.fill(Rect(minX: box.minX + inset, minY: box.minY + inset, maxX: box.maxX - inset, maxY: box.maxY - inset), model.isOn ? Palette.selection : Palette.page)
    if model.isOn {
      painter.line([Point(x: box.minX + 4, y: box.minY + 9), Point(x: box.minX + 8, y: box.minY + 13), Point(x: box.minX + 14, y: box.minY + 5)], width: 2, Palette.page)
    }
    painter.text(model.label, at: Point(x: box.maxX + 10, y: frame.minY + 5), size: 13, Palette.text)
  }

  // MARK: Status line, error banner, help

  private func drawStatusLine(_ state: Editor.State, _ layout: Layout, _ status: Status) {
    let bar = layout.statusLine
    painter.fill(bar, Palette.status)
    var parts = [state.documentURL?.lastPathComponent ?? "Untitled", state.hasUnsavedChanges ? "unsaved" : "saved"]
    parts.append("\(state.curves.count) curve\(state.curves.count == 1 ? "" : "s")")
    parts.append(String(format: "t = %.2f", state.animation.t))
    if let ms = status.frameMilliseconds { parts.append(String(format: "frame %.1f ms", ms)) }
    if let notice = session.notice { parts.append(notice) }
    painter.text(parts.joined(separator: "  ·  "), at: Point(x: 8, y: bar.minY + 5), size: 12, Palette.statusText)
  }

  /// The message in up to two lines across the canvas, cut with an ellipsis if longer.
  private func drawErrorBanner(_ message: String, _ layout: Layout) {
    let banner = layout.errorBanner
    painter.fill(banner, Palette.error)
    let lines = wrap(message + " (Click to dismiss.)", width: banner.width - 20, size: 13, maximumLines: 2)
    for (index, line) in lines.enumerated() {
      painter.text(line, at: Point(x: 10, y: banner.minY + 6 + Double(index) * 18), size: 13, Palette.page)
    }
  }

  /// Greedy word wrap; the last line ends with "…" when the text does not fit.
  private func wrap(_ text: String, width: Double, size: Double, maximumLines: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      let candidate = current.isEmpty ? String(word) : current + " " + word
      if painter.textWidth(candidate, size: size) <= width || current.isEmpty {
        current = candidate
        continue
      }
      lines.append(current)
      current = String(word)
      if lines.count == maximumLines { break }
    }
    if lines.count < maximumLines {
      lines.append(current)
      return lines
    }
    var last = lines[maximumLines - 1]
    while !last.isEmpty, painter.textWidth(last + "…", size: size) > width { last.removeLast() }
    lines[maximumLines - 1] = last + "…"
    return lines
  }

  private func drawHelp(_ layout: Layout) {
    painter.fill(Rect(minX: 0, minY: 0, maxX: layout.width, maxY: layout.height), Palette.overlay)
    let rows = Shortcut.all.map { ($0.label, $0.summary) } + Shortcut.gestures.map { ($0.label, $0.summary) }
    let rowHeight = 22.0, boxWidth = 560.0
    let boxHeight = Double(rows.count) * rowHeight + 70
    let left = max((layout.width - boxWidth) / 2, 0), top = max((layout.height - boxHeight) / 2, 0)
    painter.fill(Rect(minX: left, minY: top, maxX: left + boxWidth, maxY: top + boxHeight), Palette.panel)
    painter.text("Keyboard shortcuts", at: Point(x: left + 20, y: top + 16), size: 17, Palette.text)
    for (index, row) in rows.enumerated() {
      let y = top + 52 + Double(index) * rowHeight
      painter.text(row.0, at: Point(x: left + 20, y: y), size: 13, Palette.selection)
      painter.text(row.1, at: Point(x: left + 200, y: y), size: 13, Palette.text)
    }
  }
}
