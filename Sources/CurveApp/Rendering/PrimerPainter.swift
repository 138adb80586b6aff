import CurveFeature
import CurveGeometry
import CurveRaster
import Foundation

/// Draws the primer's figures the Primer page turns on. On the segment under t of each live
/// curve, in screen units: the flattening's chords, the circular arcs, and y for x, each with
/// a caption under the segment. In panes over the canvas, for `PrimerSubject`'s segment: the
/// graphs against t (top left) and the canonical map (top right).
@MainActor
struct PrimerPainter {
  let painter: Painter
  let display: DisplayOptions
  let viewport: Viewport.State
  /// The canvas's part of the window, where the panes go.
  let area: Rect

  /// Between the canvas's edges and a pane, and inside a pane around what it holds.
  static let paneMargin = 12.0
  static let paneInset = 10.0
  /// Each graph's plot, the line of its label above it, and the gap under it.
  static let graphWidth = 240.0
  static let graphHeight = 44.0
  static let graphLabelHeight = 16.0
  static let graphGap = 6.0
  /// Points each graph is sampled at.
  static let graphSamples = 160
  /// The canonical map's side, and the part of the plane it shows.
  static let mapSide = 200.0
  static let mapX = -3.0...2.0
  static let mapY = -3.0...2.0
  /// Points along each of the map's edges.
  static let mapEdgeSamples = 64
  /// The lines that mark a place: the cursor at t in the graphs, and y for x.
  static let markWidth = 2.0
  /// Line height of the captions under a segment, and their gap below it.
  static let captionLine = 16.0
  static let captionGap = 10.0

  // MARK: On the curve

  /// The figures on `segment` (on the screen); with `captioned`, their captions under it
  /// (the panes' segment has them, so a large selection's do not pile up).
  func drawFigures(on segment: Bezier, captioned: Bool = true) {
    var captions: [(String, RGBA8)] = []
    if display.showsFlattening { captions.append(drawFlattening(segment)) }
    if display.showsArcs { captions.append(drawArcs(segment)) }
    if display.showsFunction { captions.append(drawFunction(segment)) }
    if display.showsGraduatedOffset { captions.append(drawGraduatedOffset(segment)) }
    if display.showsGraphs {
      // What the graphs mark, marked on the curve too.
      for t in segment.extremaParameters() { painter.disc(segment.eval(t), radius: Theme.analysisPointRadius, Theme.Palette.boundingBox) }
      for t in segment.inflectionParameters() { painter.disc(segment.eval(t), radius: Theme.inflectionRadius, Theme.Palette.inflection) }
    }
    guard captioned, !captions.isEmpty else { return }
    let box = segment.tightBounds()
    for (index, caption) in captions.enumerated() {
      drawCaption(caption.0, at: Point(x: box.minX, y: box.maxY + Self.captionGap + Double(index) * Self.captionLine), caption.1)
    }
  }

  /// The primer's graduated offset on both sides of the segment: the distance growing from
  /// the start slider's to the end slider's (units, so the screen's are `zoom` times them)
  /// with the length travelled, each side as cubics within a quarter pixel.
  private func drawGraduatedOffset(_ segment: Bezier) -> (String, RGBA8) {
    let color = Theme.Palette.graduatedOffset
    let (start, end) = (display.offsetStart * viewport.zoom, display.offsetEnd * viewport.zoom)
    var count = 0
    for side in [1.0, -1.0] {
      let cubics = segment.graduatedOffset(from: start * side, to: end * side, tolerance: 0.25 / painter.scale)
      count += cubics.count
      painter.curves(cubics, tolerance: Theme.flatteningTolerance, width: Theme.analysisWidth * 1.5, color)
    }
    return (String(format: "offset %.0f → %.0f: %d cubics", display.offsetStart, display.offsetEnd, count), color)
  }

  /// The adaptive flattening's chords and their ends, and how many uniform steps Wang's
  /// formula would take for the same tolerance (in pixels).
  private func drawFlattening(_ segment: Bezier) -> (String, RGBA8) {
    let tolerance = display.flatteningTolerance / painter.scale
    var chords: [Point] = []
    segment.flatten(tolerance: tolerance, into: &chords)
    let color = Theme.Palette.flattening
    painter.line(chords, width: Theme.analysisWidth, color)
    for point in chords { painter.disc(point, radius: Theme.analysisPointRadius * 0.7, color) }
    let wang = segment.uniformChordCount(tolerance: tolerance)
    return (String(format: "%d chords within %.2f px; Wang's uniform steps: %d", chords.count - 1, display.flatteningTolerance, wang), color)
  }

  /// The arcs, alternating in colour, each from a dot at its start.
  private func drawArcs(_ segment: Bezier) -> (String, RGBA8) {
    let arcs = segment.arcs(tolerance: display.arcTolerance / painter.scale)
    for (index, arc) in arcs.enumerated() {
      let color = Theme.Palette.arcs[index % Theme.Palette.arcs.count]
      painter.line(arc.points(count: max(8, Int(abs(arc.sweep) * 24))), width: Theme.analysisWidth * 2, color)
      painter.disc(arc.start, radius: Theme.analysisPointRadius * 0.8, color)
    }
    let error = (arcs.map(\.error).max() ?? 0) * painter.scale, asCubics = (arcs.map(\.cubicError).max() ?? 0) * painter.scale
    let caption = String(format: "%d arc%@, largest error %.2f px; each arc as one cubic strays %.3f px", arcs.count, arcs.count == 1 ? "" : "s", error, asCubics)
    return (caption, Theme.Palette.arcs[0])
  }

  /// A line down the segment at the slider's x and the curve's points on it; y in document
  /// units when there is one.
  private func drawFunction(_ segment: Bezier) -> (String, RGBA8) {
    let box = segment.tightBounds(), color = Theme.Palette.function
    let x = box.minX + display.functionX * box.width
    painter.line([Point(x: x, y: box.minY - Self.captionGap), Point(x: x, y: box.maxY + Self.captionGap / 2)], width: Self.markWidth, color)
    let parameters = segment.parameters(atX: x)
    for t in parameters {
      let point = segment.eval(t)
      painter.line([Point(x: box.minX - Self.captionGap, y: point.y), point], width: Self.markWidth, color)
      painter.disc(point, radius: Theme.analysisPointRadius, color)
    }
    let documentX = viewport.documentPoint(atScreen: Point(x: x, y: 0)).x
    guard segment.xOnlyGrows, let y = segment.y(atX: x) else {
      let points = parameters.count == 1 ? "1 point" : "\(parameters.count) points"
      return (String(format: "x turns back, so y is no function of x: %@ at x = %.1f", points, documentX), color)
    }
    return (String(format: "y = %.2f at x = %.2f", viewport.documentPoint(atScreen: Point(x: x, y: y)).y, documentX), color)
  }

  private func outline(_ rect: Rect) {
    let corners = [
      Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY),
    ]
    painter.line(corners + corners.prefix(1), width: 1, Theme.Palette.panelEdge)
  }

  private func drawCaption(_ text: String, at origin: Point, _ color: RGBA8) {
    let size = Theme.FontSize.hint, width = painter.textWidth(text, size: size)
    painter.fill(Rect(minX: origin.x - 3, minY: origin.y - 1, maxX: origin.x + width + 3, maxY: origin.y + size + 3), Theme.Palette.caption)
    painter.text(text, at: origin, size: size, color)
  }

  // MARK: Panes

  func drawPanes(for subject: PrimerSubject) {
    if display.showsGraphs { drawGraphs(subject) }
    if display.showsCanonicalMap { drawCanonicalMap(subject) }
  }

  /// One graph: its name, its values along t, its value at t, and the parameters it marks
  /// with their values (a curvature's zero, an inflection, in its own colour).
  struct Graph {
    var name: String
    var values: [Double]
    var value: Double?
    var marks: [(t: Double, value: Double, isZero: Bool)]
  }

  /// x(t), y(t), the speed, the curvature (its zeros are the inflections) and the arc length,
  /// stacked, each scaled to its own range, with the cursor at t through all of them.
  private func drawGraphs(_ subject: PrimerSubject) {
    let segment = subject.segment, count = Self.graphSamples
    let ts = (0...count).map { Double($0) / Double(count) }
    let graphs = subject.rational.map { Self.graphs(of: $0, ts: ts, at: subject.t) } ?? Self.graphs(of: segment, ts: ts, at: subject.t)
    let rowHeight = Self.graphLabelHeight + Self.graphHeight + Self.graphGap
    let pane = Rect(
      minX: area.minX + Self.paneMargin, minY: area.minY + Self.paneMargin,
      maxX: area.minX + Self.paneMargin + Self.graphWidth + 2 * Self.paneInset,
      maxY: area.minY + Self.paneMargin + 2 * Self.paneInset + Double(graphs.count) * rowHeight - Self.graphGap
    )
    painter.fill(pane, Theme.Palette.pane)
    outline(pane)
    for (index, graph) in graphs.enumerated() {
      let top = pane.minY + Self.paneInset + Double(index) * rowHeight
      let plot = Rect(
        minX: pane.minX + Self.paneInset, minY: top + Self.graphLabelHeight,
        maxX: pane.maxX - Self.paneInset, maxY: top + Self.graphLabelHeight + Self.graphHeight
      )
      drawGraph(graph, ts: ts, in: plot, at: subject.t)
    }
  }

  /// A plain segment's graphs, with its extrema, inflections and curvature extremes marked.
  static func graphs(of segment: Bezier, ts: [Double], at t: Double) -> [Graph] {
    var lengths = [0.0]
    for (from, to) in zip(ts, ts.dropFirst()) { lengths.append(lengths[lengths.count - 1] + segment.arcLength(from: from, to: to)) }
    let extremes = segment.curvatureExtremes()
    func marks(_ parameters: [Double], _ value: (Double) -> Double) -> [(t: Double, value: Double, isZero: Bool)] {
      parameters.map { (t: $0, value: value($0), isZero: false) }
    }
    let curvature = { (t: Double) in segment.curvature(at: t) ?? .nan }
    return [
      Graph(name: "x(t)", values: ts.map { segment.eval($0).x }, value: segment.eval(t).x, marks: marks(segment.extremaParameters(along: \.x)) { segment.eval($0).x }),
      Graph(name: "y(t)", values: ts.map { segment.eval($0).y }, value: segment.eval(t).y, marks: marks(segment.extremaParameters(along: \.y)) { segment.eval($0).y }),
      Graph(name: "speed |B′(t)|", values: ts.map { segment.derivative(at: $0).length }, value: segment.derivative(at: t).length, marks: []),
      Graph(
        name: "curvature κ(t)", values: ts.map(curvature), value: segment.curvature(at: t),
        marks: segment.inflectionParameters().map { (t: $0, value: 0, isZero: true) }
          + marks([extremes?.least.t, extremes?.greatest.t].compactMap { $0 }, curvature)
      ),
      Graph(name: "arc length s(t)", values: lengths, value: segment.arcLength(from: 0, to: t), marks: []),
    ]
  }

  /// A rational segment's graphs (its points weighted), without marks: the extrema and
  /// inflections found are the plain curve's.
  static func graphs(of segment: RationalBezier, ts: [Double], at t: Double) -> [Graph] {
    var lengths = [0.0]
    for (from, to) in zip(ts, ts.dropFirst()) { lengths.append(lengths[lengths.count - 1] + segment.arcLength(from: from, to: to)) }
    return [
      Graph(name: "x(t)", values: ts.map { segment.eval($0).x }, value: segment.eval(t).x, marks: []),
      Graph(name: "y(t)", values: ts.map { segment.eval($0).y }, value: segment.eval(t).y, marks: []),
      Graph(name: "speed |R′(t)|", values: ts.map { segment.derivative(at: $0).length }, value: segment.derivative(at: t).length, marks: []),
      Graph(name: "curvature κ(t)", values: ts.map { segment.curvature(at: $0) ?? .nan }, value: segment.curvature(at: t), marks: []),
      Graph(name: "arc length s(t)", values: lengths, value: segment.arcLength(from: 0, to: t), marks: []),
    ]
  }

  private func drawGraph(_ graph: Graph, ts: [Double], in plot: Rect, at t: Double) {
    let size = Theme.FontSize.hint
    painter.text(graph.name, at: Point(x: plot.minX, y: plot.minY - Self.graphLabelHeight), size: size, Theme.Palette.text)
    let valueText = graph.value.map { String(format: "%.4g", $0) } ?? "–"
    painter.text(valueText, at: Point(x: plot.maxX - painter.textWidth(valueText, size: size), y: plot.minY - Self.graphLabelHeight), size: size, Theme.Palette.mutedText)
    painter.fill(plot, Theme.Palette.gridMinor)
    let finite = graph.values.filter(\.isFinite)
    guard var low = finite.min(), var high = finite.max() else { return }
    if high - low < 1e-12 * max(1, abs(high)) { (low, high) = (low - 1, high + 1) }
    func point(_ t: Double, _ value: Double) -> Point {
      Point(x: plot.minX + t * plot.width, y: plot.maxY - (value - low) / (high - low) * plot.height)
    }
    if low < 0, high > 0 { painter.line([point(0, 0), point(1, 0)], width: 1, Theme.Palette.gridMajor) }
    // A cusp leaves the curvature undefined: the plot breaks there.
    var run: [Point] = []
    for (t, value) in zip(ts, graph.values) {
      if value.isFinite {
        run.append(point(t, value))
      } else {
        painter.line(run, width: Theme.analysisWidth, Theme.Palette.plot)
        run = []
      }
    }
    painter.line(run, width: Theme.analysisWidth, Theme.Palette.plot)
    for mark in graph.marks where mark.value.isFinite {
      painter.disc(point(mark.t, min(max(mark.value, low), high)), radius: Theme.analysisPointRadius, mark.isZero ? Theme.Palette.inflection : Theme.Palette.boundingBox)
    }
    painter.line([Point(x: plot.minX + t * plot.width, y: plot.minY), Point(x: plot.minX + t * plot.width, y: plot.maxY)], width: Self.markWidth, Theme.Palette.pointAtT)
  }

  /// The primer's map of where a cubic's fourth point falls once its first three are put at
  /// (0, 0), (0, 1), (1, 1) (y up): its regions, their edges, the three fixed points, and the
  /// segment's own fourth point, with its class under the map.
  private func drawCanonicalMap(_ subject: PrimerSubject) {
    let side = Self.mapSide, inset = Self.paneInset
    let pane = Rect(
      minX: area.maxX - Self.paneMargin - side - 2 * inset, minY: area.minY + Self.paneMargin,
      maxX: area.maxX - Self.paneMargin, maxY: area.minY + Self.paneMargin + side + 2 * inset + Self.captionLine + 4
    )
    painter.fill(pane, Theme.Palette.pane)
    outline(pane)
    let map = Rect(minX: pane.minX + inset, minY: pane.minY + inset, maxX: pane.minX + inset + side, maxY: pane.minY + inset + side)
    let xs = Self.mapX, ys = Self.mapY
    func screen(_ point: Point) -> Point {
      let x = min(max(point.x, xs.lowerBound), xs.upperBound), y = min(max(point.y, ys.lowerBound), ys.upperBound)
      return Point(x: map.minX + (x - xs.lowerBound) / (xs.upperBound - xs.lowerBound) * side, y: map.maxY - (y - ys.lowerBound) / (ys.upperBound - ys.lowerBound) * side)
    }
    let left = xs.lowerBound, steps = Self.mapEdgeSamples
    let along = (0...steps).map { left + (1 - left) * Double($0) / Double(steps) }
    let cusp = along.map { Point(x: $0, y: CanonicalMap.cuspY(atX: $0)) }
    let edge = along.map { Point(x: $0, y: CanonicalMap.loopEdgeY(atX: $0)!) }
    painter.fill(map, Theme.Palette.arch)
    painter.polygon([Point(x: left, y: 1), Point(x: xs.upperBound, y: 1), Point(x: xs.upperBound, y: ys.upperBound), Point(x: left, y: ys.upperBound)].map(screen), Theme.Palette.singleInflection)
    painter.polygon((cusp + [Point(x: left, y: 1)]).map(screen), Theme.Palette.doubleInflection)
    painter.polygon((cusp + edge.reversed()).map(screen), Theme.Palette.loop)
    painter.line(cusp.map(screen), width: Theme.analysisWidth * 2, Theme.Palette.pointAtT)
    painter.line(edge.map(screen), width: Theme.analysisWidth, Theme.Palette.boundingBox)
    painter.line([Point(x: left, y: 1), Point(x: xs.upperBound, y: 1)].map(screen), width: Theme.analysisWidth, Theme.Palette.boundingBox)
    for fixed in [Point(x: 0, y: 0), Point(x: 0, y: 1), Point(x: 1, y: 1)] { painter.disc(screen(fixed), radius: 3, Theme.Palette.text) }
    let captionOrigin = Point(x: map.minX, y: map.maxY + 4)
    guard let cubic = subject.segment.cubic, subject.rational == nil else {
      let why = subject.rational == nil ? "degree \(subject.segment.degree)" : "weighted"
      painter.text("Plain cubics only (this: \(why))", at: captionOrigin, size: Theme.FontSize.hint, Theme.Palette.mutedText)
      return
    }
    guard let fourth = cubic.canonicalPoint else {
      painter.text("First three points on a line", at: captionOrigin, size: Theme.FontSize.hint, Theme.Palette.mutedText)
      return
    }
    painter.disc(screen(fourth), radius: Theme.pointAtTRadius + 1, Theme.Palette.page)
    painter.disc(screen(fourth), radius: Theme.pointAtTRadius, Theme.Palette.pointAtT)
    let caption = String(format: "%@ (%.2f, %.2f)", CanonicalMap.region(of: fourth).rawValue, fourth.x, fourth.y)
    painter.text(caption, at: captionOrigin, size: Theme.FontSize.hint, Theme.Palette.text)
  }
}
