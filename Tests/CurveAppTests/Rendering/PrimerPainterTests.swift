import Composable
import CurveFeature
import CurveGeometry
import CurveRaster
import Foundation
import Testing

@testable import CurveApp

/// The primer's figures, drawn headlessly and found where the geometry says they are. The
/// curve is an S whose x only grows, selected, at 100%, so screen points are document points.
@MainActor
struct PrimerPainterTests {
  let store: StoreOf<Editor>
  let session: EditorSession
  let frame: OffscreenFrame
  let curve: Bezier
  let t = 0.4

  init() throws {
    let positions = [Point(x: 300, y: 450), Point(x: 420, y: 180), Point(x: 560, y: 520), Point(x: 680, y: 450)]
    // Only the curve and the figures: no point at t over them either.
    let scene = try OverlayScene(positions: positions, t: t, hidden: [.showsPointAtT])
    (store, session, frame, curve) = (scene.store, scene.session, scene.frame, scene.curve)
  }

  private func distance(_ a: RGBA8, _ b: RGBA8) -> Int {
    abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b))
  }

  /// Whether a pixel within two of `point` is within 60 of `color`.
  private func drawn(_ color: RGBA8, at point: Point) -> Bool {
    (-2...2).contains { dy in
      (-2...2).contains { dx in distance(frame.pixel(x: Int(point.x.rounded()) + dx, y: Int(point.y.rounded()) + dy), color) < 60 }
    }
  }

  private func show(_ flag: DisplayOptions.Flag) {
    store.send(.display(.toggle(flag)))
    frame.draw(session)
  }

  @Test func theFlatteningsChordEndsAreDrawnAtTheSlidersTolerance() {
    store.send(.display(.set(.flatteningTolerance, 4)))
    var chords: [Point] = []
    curve.flatten(tolerance: 4, into: &chords)
    frame.draw(session)
    #expect(!drawn(Theme.Palette.flattening, at: chords[1]))
    show(.showsFlattening)
    #expect(chords.count > 3)
    // The ends are under the curve's nodes.
    for point in chords.dropFirst().dropLast() { #expect(drawn(Theme.Palette.flattening, at: point), "\(point)") }
  }

  @Test func theArcsAreDrawnFromTheirStartsAlongTheirCircles() throws {
    store.send(.display(.set(.arcTolerance, 2)))
    let arcs = curve.arcs(tolerance: 2)
    #expect(arcs.count > 1)
    show(.showsArcs)
    for (index, arc) in arcs.enumerated() {
      let color = Theme.Palette.arcs[index % Theme.Palette.arcs.count]
      let middle = arc.points(count: 2)[1]
      // The first arc's start is under the curve's first node.
      #expect((index == 0 || drawn(color, at: arc.start)) && drawn(color, at: middle), "arc \(index) from \(arc.start)")
    }
  }

  @Test func theGraduatedOffsetIsDrawnOnBothSidesFromTheStartsDistanceToTheEnds() throws {
    store.send(.display(.set(.offsetStart, 15)))
    store.send(.display(.set(.offsetEnd, 45)))
    let color = Theme.Palette.graduatedOffset
    let sides = [1.0, -1.0].map { curve.graduatedOffsetPoints(at: [0, 0.5, 1], from: 15 * $0, to: 45 * $0) }
    #expect(!drawn(color, at: sides[0][0]))
    show(.showsGraduatedOffset)
    // At 100%: 15 units from the first node, 45 from the last, on each side.
    for side in sides {
      #expect(abs(side[0].distance(to: curve.eval(0)) - 15) < 1e-9 && abs(side[2].distance(to: curve.eval(1)) - 45) < 1e-9)
      for point in side { #expect(drawn(color, at: point), "\(point)") }
    }
  }

  @Test func theFunctionMarksTheCurvesPointAtTheSlidersX() throws {
    store.send(.display(.set(.functionX, 0.25)))
    let box = curve.tightBounds(), x = box.minX + 0.25 * box.width
    let y = try #require(curve.y(atX: x))
    frame.draw(session)
    #expect(!drawn(Theme.Palette.function, at: Point(x: x, y: y)))
    show(.showsFunction)
    #expect(drawn(Theme.Palette.function, at: Point(x: x, y: y)))
    // The line down the segment at that x, under the curve.
    #expect(drawn(Theme.Palette.function, at: Point(x: x, y: box.maxY)))
  }

  @Test func theGraphsPaneHasTheCursorAtTInEachGraph() {
    frame.draw(session)
    let cursorX = PrimerPainter.paneMargin + PrimerPainter.paneInset + t * PrimerPainter.graphWidth
    let rowHeight = PrimerPainter.graphLabelHeight + PrimerPainter.graphHeight + PrimerPainter.graphGap
    // The pane sits at the canvas area's top left, under the menu bar.
    let areaTop = session.layout.canvasArea.minY
    let plotTops = (0..<5).map { areaTop + PrimerPainter.paneMargin + PrimerPainter.paneInset + Double($0) * rowHeight + PrimerPainter.graphLabelHeight }
    #expect(!drawn(Theme.Palette.pointAtT, at: Point(x: cursorX, y: plotTops[0] + 4)))
    show(.showsGraphs)
    for top in plotTops { #expect(drawn(Theme.Palette.pointAtT, at: Point(x: cursorX, y: top + 4)), "graph at \(top)") }
    // x(t) plotted: at t = 0 the curve's least x, at the plot's bottom left.
    #expect(drawn(Theme.Palette.plot, at: Point(x: PrimerPainter.paneMargin + PrimerPainter.paneInset, y: plotTops[0] + PrimerPainter.graphHeight)))
    // The inflection is marked on the curve.
    for inflection in curve.inflectionParameters() { #expect(drawn(Theme.Palette.inflection, at: curve.eval(inflection))) }
  }

  @Test func theCanonicalMapShowsTheCubicsFourthPointAndItsClassInTheStatusLine() throws {
    let fourth = try #require(curve.cubic?.canonicalPoint)
    let region = CanonicalMap.region(of: fourth)
    #expect(region == .singleInflection, "\(fourth)")
    #expect(!OverlayPainter.statusText(store.state).contains("canonical"))
    show(.showsCanonicalMap)
    #expect(OverlayPainter.statusText(store.state).contains("canonical: single inflection"))
    // Where the map puts it: the map's square at the area's top right, y up.
    let area = session.layout.canvasArea, side = PrimerPainter.mapSide
    let left = area.maxX - PrimerPainter.paneMargin - side - PrimerPainter.paneInset, top = area.minY + PrimerPainter.paneMargin + PrimerPainter.paneInset
    let xs = PrimerPainter.mapX, ys = PrimerPainter.mapY
    let x = min(max(fourth.x, xs.lowerBound), xs.upperBound), y = min(max(fourth.y, ys.lowerBound), ys.upperBound)
    let onMap = Point(
      x: left + (x - xs.lowerBound) / (xs.upperBound - xs.lowerBound) * side, y: top + side - (y - ys.lowerBound) / (ys.upperBound - ys.lowerBound) * side
    )
    #expect(drawn(Theme.Palette.pointAtT, at: onMap))
    // Its regions: the loop region at (-0.5, 0.3) in its colour.
    let loop = Point(x: left + (-0.5 - xs.lowerBound) / 5 * side, y: top + side - (0.3 - ys.lowerBound) / 5 * side)
    #expect(drawn(Theme.Palette.loop, at: loop))
  }
}

