import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

/// Editing paint: the panel turns a fill or stroke into a linear or radial gradient and back,
/// `G` shows the handles, and dragging one reshapes the gradient as one undo step.
@MainActor
struct GradientEditingTests {
  static let red = RGBColor(r: 255, g: 0, b: 0)

  /// A cubic arch from (100, 100) to (300, 100), its box x 100…300, y 100…250, filled by a
  /// user-space gradient from (100, 100) to (300, 100); its last point selected.
  static func arch(showingHandles: Bool = true) -> Editor.State {
    let positions = [Point(x: 100, y: 100), Point(x: 100, y: 300), Point(x: 300, y: 300), Point(x: 300, y: 100)]
    var curve = Curve.State(id: id(100), points: IdentifiedArray(uniqueElements: positions.enumerated().map {
      ControlPoint.State(id: id(101 + $0.offset), position: $0.element)
    }))
    curve.style.fill = .gradient(Gradient(
      geometry: .linear(x1: 100, y1: 100, x2: 300, y2: 100), units: .userSpaceOnUse,
      stops: [Gradient.Stop(offset: 0, color: red), Gradient.Stop(offset: 1, color: red, opacity: 0)]
    ))
    var state = Editor.State(curves: [curve])
    state.drawing.display.showsGradientHandles = showingHandles
    state.interaction.selection = [PointReference(curve: id(100), point: id(104))]
    return state
  }

  @Test func thePanelTurnsAFillFlatLinearRadialAndFlatAgain() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Editor() }
    let fallback = Styling.fallbackColor
    var curves = oneCurve()
    var history = [oneCurve()]
    await store.send(.styling(.setPaintKind(.fill, .linear))) {
      curves[0].style.fill = .gradient(.fading(fallback, linear: true))
      $0.drawing.curves = curves
      $0.history = undoHistory(undo: history)
      $0.interaction.currentStyle = $0.drawing.curves[0].style
      $0.drawing.revision = 1
    }
    history.append(curves)
    await store.send(.styling(.setPaintKind(.fill, .radial))) {
      curves[0].style.fill = .gradient(.fading(fallback, linear: false))
      $0.drawing.curves = curves
      $0.history = undoHistory(undo: history)
      $0.interaction.currentStyle = $0.drawing.curves[0].style
      $0.drawing.revision = 2
    }
    history.append(curves)
    await store.send(.styling(.setPaintKind(.fill, .flat))) {
      curves[0].style.fill = .color(fallback)
      $0.drawing.curves = curves
      $0.history = undoHistory(undo: history)
      $0.interaction.currentStyle = $0.drawing.curves[0].style
      $0.drawing.revision = 3
    }
    // Flat again changes nothing.
    await store.send(.styling(.setPaintKind(.fill, .flat)))
  }

  /// The kind swatch sends `cyclePaintKind`: the styling decides the next kind from the first
  /// selected curve's paint.
  @Test func theKindSwatchCyclesTheFillFlatLinearRadialAndFlat() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Editor() }
    let fallback = Styling.fallbackColor
    var curves = oneCurve()
    var history = [oneCurve()]
    for (revision, fill) in [CurveStyle.Paint.gradient(.fading(fallback, linear: true)), .gradient(.fading(fallback, linear: false)), .color(fallback)].enumerated() {
      await store.send(.styling(.cyclePaintKind(.fill))) {
        curves[0].style.fill = fill
        $0.drawing.curves = curves
        $0.history = undoHistory(undo: history)
        $0.interaction.currentStyle = $0.drawing.curves[0].style
        $0.drawing.revision = revision + 1
      }
      history.append(curves)
    }
  }

  /// A palette swatch sends `pickPaint`: a colour goes to the stop pressed on the canvas when
  /// the stop is of that paint, else to the selected curves' paint.
  @Test func aPickedPaintColoursThePressedStopOfThatPaintElseTheCurves() async {
    var start = Self.arch()
    let stops = [Gradient.Stop(offset: 0, color: Self.red), Gradient.Stop(offset: 1, color: Self.red)]
    let gradient = Gradient(geometry: .linear(x1: 100, y1: 100, x2: 300, y2: 100), units: .userSpaceOnUse, stops: stops)
    start.drawing.curves[0].style.fill = .gradient(gradient)
    start.interaction.selectedStop = GradientStopReference(curve: id(100), target: .fill, index: 1)
    let store = makeStore(start) { Editor() }
    var curves = start.drawing.curves
    var recoloured = gradient
    recoloured.stops[1].color = RGBColor.palette[2]
    curves[0].style.fill = .gradient(recoloured)
    await store.send(.styling(.pickPaint(.fill, .color(RGBColor.palette[2])))) {
      $0.drawing.curves = curves
      $0.history = undoHistory(undo: [start.drawing.curves])
      $0.drawing.revision = 1
    }
    // The stroke's swatch: the stop is the fill's, so the curve's stroke takes the colour.
    let before = curves
    curves[0].style.stroke = .color(RGBColor.palette[2])
    await store.send(.styling(.pickPaint(.stroke, .color(RGBColor.palette[2])))) {
      $0.drawing.curves = curves
      $0.history = undoHistory(undo: [start.drawing.curves, before])
      $0.interaction.currentStyle = $0.drawing.curves[0].style
      $0.drawing.revision = 2
    }
  }

  @Test func aGradientTurnedRadialKeepsItsStops() {
    let stops = [Gradient.Stop(offset: 0.2, color: Self.red), Gradient.Stop(offset: 0.9, color: RGBColor(r: 0, g: 0, b: 255))]
    let linear: CurveStyle.Paint? = .gradient(Gradient(geometry: .linear(x1: 0, y1: 0, x2: 1, y2: 1), stops: stops))
    #expect(linear.kind == .linear)
    let radial = linear.converted(to: .radial, fallback: Self.red)
    #expect(radial?.gradient?.stops == stops && (radial as CurveStyle.Paint?).kind == .radial)
    #expect(linear.converted(to: .flat, fallback: Self.red) == .color(Self.red))
  }

  /// A pattern comes from a file: the panel shows it as one, steps from it to flat (its
  /// content's first colour), and asked for a pattern changes nothing.
  @Test func aPatternTurnsFlatInItsFirstColourAndNothingBecomesOne() async {
    let blue = RGBColor(r: 0, g: 0, b: 255)
    let dot = Document.CurveRecord(id: id(900), style: CurveStyle(fill: CurveStyle.Paint.none, stroke: .color(blue)), subpaths: [
      .init(points: [Document.PointRecord(id: id(901), x: 0, y: 0), Document.PointRecord(id: id(902), x: 1, y: 1)]),
    ])
    let pattern = CurveStyle.Paint.pattern(Pattern(tile: Rect(minX: 0, minY: 0, maxX: 2, maxY: 2), curves: [dot]))
    #expect((pattern as CurveStyle.Paint?).kind == .pattern && PaintKind.pattern.next == .flat)
    #expect(PaintKind.panelCycle.map(\.next) == [.linear, .radial, .flat])
    var start = oneCurveWithPoint2Selected()
    start.drawing.curves[0].style.fill = pattern
    let store = makeStore(start) { Editor() }
    await store.send(.styling(.setPaintKind(.fill, .pattern)))
    var curves = start.drawing.curves
    await store.send(.styling(.setPaintKind(.fill, .flat))) {
      curves[0].style.fill = .color(blue)
      $0.drawing.curves = curves
      $0.history = undoHistory(undo: [start.drawing.curves])
      $0.interaction.currentStyle = $0.drawing.curves[0].style
      $0.drawing.revision = 1
    }
  }

  @Test func gTogglesTheHandlesAsADisplayOption() async {
    let store = makeStore(Self.arch(showingHandles: false)) { Editor() }
    await store.send(.display(.toggle(.showsGradientHandles))) {
      $0.drawing.display.showsGradientHandles = true
      $0.drawing.revision = 1
    }
  }

  @Test func draggingAnEndReshapesTheGradientAsOneUndoStep() async {
    let start = Self.arch()
    let store = makeStore(start) { Editor() }
    // The end handle sits on the curve's last point: the handle is grabbed, not the point.
    let grab = GradientHandleDrag(curve: id(100), target: .fill, handle: .end, startRevision: 0)
    await store.send(.pointer(.press(Point(x: 300, y: 100)))) {
      $0.interaction.gesture = .gradientHandle(grab)
      $0.history = undoHistory(pending: start.drawing.curves)
    }
    var moved = start.drawing.curves
    moved[0].style.fill = .gradient(Gradient(
      geometry: .linear(x1: 100, y1: 100, x2: 250, y2: 180), units: .userSpaceOnUse,
      stops: [Gradient.Stop(offset: 0, color: Self.red), Gradient.Stop(offset: 1, color: Self.red, opacity: 0)]
    ))
    await store.send(.pointer(.moved(Point(x: 250, y: 180)))) {
      $0.drawing.curves = moved
      $0.drawing.revision = 1
    }
    await store.send(.pointer(.release(Point(x: 250, y: 180)))) {
      $0.interaction.gesture = nil
      $0.history = undoHistory(undo: [start.drawing.curves])
    }
    await store.send(.history(.undo)) {
      $0.drawing.curves = start.drawing.curves
      $0.history = undoHistory(redo: [moved])
      $0.drawing.revision = 2
    }
  }

  /// Pressing a stop chooses it; a palette colour then colours that stop (its opacity kept),
  /// one undo step; pressing anything else lets it go.
  @Test func aStopPressedOnTheCanvasTakesAColourFromThePalette() async {
    var start = Self.arch()
    let stops = [Gradient.Stop(offset: 0, color: Self.red), Gradient.Stop(offset: 0.5, color: Self.red, opacity: 0.5), Gradient.Stop(offset: 1, color: Self.red)]
    start.drawing.curves[0].style.fill = .gradient(Gradient(geometry: .linear(x1: 100, y1: 100, x2: 300, y2: 100), units: .userSpaceOnUse, stops: stops))
    let store = makeStore(start) { Editor() }
    let chosen = GradientStopReference(curve: id(100), target: .fill, index: 1)
    // Nothing chosen yet: the palette colours no stop.
    await store.send(.styling(.setStopColor(RGBColor.palette[1])))
    await store.send(.pointer(.press(Point(x: 200, y: 100)))) {
      $0.interaction.gesture = .gradientHandle(GradientHandleDrag(curve: id(100), target: .fill, handle: .stop(1), startRevision: 0))
      $0.interaction.selectedStop = chosen
      $0.history = undoHistory(pending: start.drawing.curves)
    }
    await store.send(.pointer(.release(Point(x: 200, y: 100)))) {
      $0.interaction.gesture = nil
      $0.history = undoHistory()
    }
    var coloured = start.drawing.curves
    var recoloured = stops
    recoloured[1].color = RGBColor.palette[1]
    coloured[0].style.fill = .gradient(Gradient(geometry: .linear(x1: 100, y1: 100, x2: 300, y2: 100), units: .userSpaceOnUse, stops: recoloured))
    await store.send(.styling(.setStopColor(RGBColor.palette[1]))) {
      $0.drawing.curves = coloured
      $0.history = undoHistory(undo: [start.drawing.curves])
      $0.drawing.revision = 1
    }
    // Pressing empty canvas lets the stop go (and clears the point selection, as ever).
    await store.send(.pointer(.press(Point(x: 600, y: 500)))) {
      $0.interaction.selectedStop = nil
      $0.interaction.selection = []
      $0.interaction.clearedSelection = start.interaction.selection
      $0.interaction.gesture = .rubberBand(RubberBand(anchor: Point(x: 600, y: 500), corner: Point(x: 600, y: 500), base: []))
    }
  }

  @Test func aStopSlidesAlongItsLineBetweenItsNeighbours() {
    let gradient = Gradient(
      geometry: .linear(x1: 0, y1: 0, x2: 100, y2: 0), units: .userSpaceOnUse,
      stops: [Gradient.Stop(offset: 0, color: Self.red), Gradient.Stop(offset: 0.5, color: Self.red), Gradient.Stop(offset: 0.8, color: Self.red)]
    )
    let bounds = Rect(minX: 0, minY: 0, maxX: 100, maxY: 100)
    #expect(gradient.moving(.stop(1), to: Point(x: 30, y: 40), bounds: bounds).stops[1].offset == 0.3)
    #expect(gradient.moving(.stop(1), to: Point(x: 95, y: 0), bounds: bounds).stops[1].offset == 0.8, "not past the next stop")
    #expect(gradient.handles(bounds: bounds).map(\.handle) == [.start, .end, .stop(0), .stop(1), .stop(2)])
  }

  @Test func aRadialGradientsCentreBringsItsFocusAndItsRadiusIsADistance() {
    let gradient = Gradient(geometry: .radial(cx: 0.5, cy: 0.5, r: 0.5, fx: 0.4, fy: 0.5, fr: 0), stops: [Gradient.Stop(offset: 0, color: Self.red)])
    let box = Rect(minX: 0, minY: 0, maxX: 200, maxY: 200)
    #expect(gradient.moving(.centre, to: Point(x: 120, y: 100), bounds: box).geometry == .radial(cx: 0.6, cy: 0.5, r: 0.5, fx: 0.5, fy: 0.5, fr: 0))
    guard case let .radial(_, _, r, fx, _, _) = gradient.moving(.radius, to: Point(x: 100, y: 160), bounds: box).geometry else {
      Issue.record("not radial")
      return
    }
    #expect(abs(r - 0.3) < 1e-12 && fx == 0.4)
  }
}
