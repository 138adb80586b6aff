import CSDL2
import Composable
@testable import CurveApp
import CurveDevTools
import CurveFeature
import CurveGeometry
import CurveRaster
@testable import CurveRender
@testable import CurveSVG
import Foundation
import Synchronization
import Testing

/// Headless frames checked pixel by pixel.
@MainActor
struct RenderTests {
  let store: StoreOf<Editor>
  let session: EditorSession
  let frame: OffscreenFrame

  init() throws {
    let document = try Document.decode(Data(sampleDocumentJSON.utf8))
    store = Store(initialState: Editor.State(document: document, url: nil)) { Editor() } withDependencies: {
      $0.uuid = .incrementing
    }
    session = EditorSession.documentAligned(store: store, layout: .offscreen(width: 1100, height: 750))
    frame = try OffscreenFrame(width: 1100, height: 750)
  }

  private func distance(_ a: RGBA8, _ b: RGBA8) -> Int {
    abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b))
  }

  private func pixel(at point: Point) -> RGBA8 { frame.pixel(x: Int(point.x), y: Int(point.y)) }

  /// Where `frame`'s static layer keeps its image: the layer replaces the image whenever it is
  /// drawn, whole or in part, and never changes it in place, so the same address from one
  /// frame to the next means the layer was not drawn again.
  private func layerStorage(_ frame: OffscreenFrame) -> UnsafeRawPointer? {
    frame.layer.image?.pixels.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  @Test func theStrokeCoversPointsOnTheCurve() throws {
    store.send(.display(.cycleConstruction))
    store.send(.display(.cycleConstruction))
    store.send(.display(.toggle(.showsTrace)))
    store.send(.display(.toggle(.showsControlPolygon)))
    frame.draw(session)
    let curve = try #require(Bezier(store.drawing.curves[0].points.map(\.position)))
    for step in 1..<20 {
      let t = Double(step) / 20
      guard curve.eval(t).distance(to: curve.eval(0)) > 10 else { continue }
      let color = pixel(at: curve.eval(t))
      #expect(distance(color, Theme.Palette.curve) < 60, "t = \(t): \(color)")
    }
    // Off the curve, the page is white (or a grid line).
    #expect(distance(pixel(at: Point(x: 405, y: 555)), Theme.Palette.page) < 40)
  }

  @Test func offTheCanvasTheAreaIsDrawnDistinctly() {
    frame.draw(session)
    // The 800x600 page at 100% in the 800x726 canvas area: below it (and above the tool
    // bar), the pasteboard.
    #expect(distance(pixel(at: Point(x: 400, y: 640)), Theme.Palette.pasteboard) == 0)
    #expect(distance(pixel(at: Point(x: 403, y: 583)), Theme.Palette.page) == 0)
    #expect(distance(Theme.Palette.pasteboard, Theme.Palette.page) > 100)
  }

  @Test func zoomedInTheCurveFollowsTheViewAndKeepsItsScreenWidth() throws {
    store.send(.display(.cycleConstruction))
    store.send(.display(.cycleConstruction))
    store.send(.display(.toggle(.showsTrace)))
    store.send(.display(.toggle(.showsControlPolygon)))
    let curve = try #require(Bezier(store.drawing.curves[0].points.map(\.position)))
    // At 100% document points are screen points: zoom in around the curve's middle.
    store.send(.viewport(.zoom(notches: 4, around: curve.eval(0.5))))
    #expect(store.viewport.zoom == 4)
    frame.draw(session)
    let area = session.layout.canvasArea
    var checked = 0
    for step in 1..<200 {
      let t = Double(step) / 200
      let onScreen = store.viewport.screenPoint(atDocument: curve.eval(t))
      guard area.contains(onScreen), onScreen.x > 10, onScreen.y > 10, onScreen.x < area.maxX - 10, onScreen.y < area.maxY - 10 else { continue }
      let tangent = curve.derivative(at: t)
      let normal = Point(x: -tangent.y, y: tangent.x) / tangent.length
      #expect(distance(pixel(at: onScreen), Theme.Palette.curve) < 60, "t = \(t) at \(onScreen)")
      // 3 screen pixels wide at 400%, not 12: five pixels off the centre line is off the stroke.
      #expect(distance(pixel(at: onScreen + normal * 5), Theme.Palette.curve) > 150, "t = \(t) beside \(onScreen)")
      checked += 1
    }
    #expect(checked > 20)
  }

  @Test func hidingTheCurveRemovesItsStroke() throws {
    store.send(.display(.toggle(.showsCurve)))
    store.send(.display(.cycleConstruction))
    store.send(.display(.cycleConstruction))
    frame.draw(session)
    let onCurve = try #require(Bezier(store.drawing.curves[0].points.map(\.position))).eval(0.5)
    #expect(distance(pixel(at: onCurve), Theme.Palette.curve) > 200)
  }

  @Test func handlesSitAtTheControlPoints() {
    frame.draw(session)
    for point in store.drawing.curves[0].points.map(\.position) {
      // A white centre inside a dark ring of radius 4...6.
      #expect(distance(pixel(at: point), Theme.Palette.handleFill) < 30, "centre of \(point)")
      let ring = pixel(at: point + Point(x: 5, y: 0))
      #expect(distance(ring, Theme.Palette.handleBorder) < 60, "ring of \(point): \(ring)")
    }
  }

  @Test func theSelectedPointIsFilled() {
    let point = store.drawing.curves[0].points[1].position
    store.send(.pointer(.down(point, button: .left, clickCount: 1, modifiers: [])))
    store.send(.pointer(.up(point, button: .left)))
    frame.draw(session)
    #expect(distance(pixel(at: point), Theme.Palette.selection) < 30)
  }

  /// A page-sized rectangle, then an image and a square over it: with the rectangle selected
  /// (live, drawn over the static layer), both still show over it, as they are painted after
  /// it, and the square's handles too.
  @Test func whatIsPaintedAfterALiveCurveStaysOverIt() throws {
    var red = PixelBuffer(width: 1, height: 1)
    red.pixels = [0xFFFF_0000]
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#3366cc"/>
      <image x="100" y="100" width="40" height="40" href="data:image/png;base64,\(try PNGFile.encode(red).base64EncodedString())"/>
      <rect x="200" y="100" width="40" height="40" fill="#00ff00"/></svg>
      """
    let document = try SVGImport.document(from: Data(svg.utf8))
    let store = Store(initialState: Editor.State(document: document, url: nil)) { Editor() }
    let session = EditorSession.documentAligned(store: store, layout: .offscreen(width: 1100, height: 750))
    let frame = try OffscreenFrame(width: 1100, height: 750)
    // Every curve's handles, in the node tool, as the curve lab shows them.
    store.send(.objects(.toggleAllHandles))
    store.send(.tools(.choose(.node)))
    let corner = store.drawing.curves[0].points[0].position
    store.send(.pointer(.down(store.viewport.screenPoint(atDocument: corner), button: .left, clickCount: 1, modifiers: [])))
    store.send(.pointer(.up(store.viewport.screenPoint(atDocument: corner), button: .left)))
    #expect(!store.interaction.selection.isEmpty)
    frame.draw(session)
    let middle = store.viewport.screenPoint(atDocument: Point(x: 120, y: 120))
    #expect(frame.pixel(x: Int(middle.x), y: Int(middle.y)) == RGBA8(r: 255, g: 0, b: 0))
    let square = store.viewport.screenPoint(atDocument: Point(x: 220, y: 120))
    #expect(frame.pixel(x: Int(square.x), y: Int(square.y)) == RGBA8(r: 0, g: 255, b: 0))
    let handle = store.viewport.screenPoint(atDocument: Point(x: 240, y: 140))
    #expect(frame.pixel(x: Int(handle.x), y: Int(handle.y)) != RGBA8(r: 51, g: 102, b: 204), "the square's handle, not the background")
  }

  @Test func thePanelIsDrawnBesideTheCanvas() {
    frame.draw(session)
    let layout = session.layout
    #expect(layout.panel.minX == 800)
    let play = layout.frame(of: .playPause)
    #expect(distance(pixel(at: Point(x: play.minX + 4, y: play.minY + 4)), Theme.Palette.selection) == 0)
    #expect(distance(pixel(at: Point(x: layout.panel.maxX - 4, y: layout.panel.maxY - 4)), Theme.Palette.panel) == 0)
    // The speed slider (50 of 0...100) is filled to the middle of its track, not beyond.
    let track = layout.track(of: .speed)
    let centreY = (track.minY + track.maxY) / 2
    #expect(distance(pixel(at: Point(x: track.minX + track.width * 0.25, y: centreY)), Theme.Palette.selection) < 30)
    #expect(distance(pixel(at: Point(x: track.minX + track.width * 0.8, y: centreY)), Theme.Palette.track) < 30)
    #expect(distance(pixel(at: Point(x: 400, y: layout.statusLine.minY + 2)), Theme.Palette.status) == 0)
  }

  @Test func theConstructionAtTIsDrawnWithThePointOnTheCurve() throws {
    store.send(.animation(.scrub(t: 0.5)))
    frame.draw(session)
    let levels = try #require(Bezier(store.drawing.curves[0].points.map(\.position))).deCasteljauLevels(at: 0.5)
    #expect(distance(pixel(at: levels[3][0]), Theme.Palette.pointAtT) < 40)
    for point in levels[1] {
      #expect(distance(pixel(at: point), Theme.Palette.levels[0]) < 40, "level 1 point \(point)")
    }
  }

  @Test func anErrorShowsABannerThatAClickDismisses() {
    store.send(.documents(.opened(URL(fileURLWithPath: "/tmp/x.json"), .failure(.malformed("bad")))))
    frame.draw(session)
    // Across the canvas area's top, under the menu bar.
    let top = Layout.menuBarHeight
    #expect(distance(pixel(at: Point(x: 3, y: top + 3)), Theme.Palette.error) == 0)
    _ = session.handle(.pointerDown(x: 100, y: top + 10, clicks: 1))
    #expect(store.file.errorMessage == nil)
  }

  @Test func aDragInALargeDocumentReRendersNeitherTheLayerNorOtherCurves() throws {
    let store = Store(initialState: SampleDocuments.manyCurves(40)) { Editor() }
    // Tall enough for the 960x760 canvas at 100% under the menu bar.
    let session = EditorSession.documentAligned(store: store, layout: .offscreen(width: 1280, height: 824))
    frame.draw(session)
    let first = layerStorage(frame)
    let grabbed = store.drawing.curves[7].points[2].position
    _ = session.handle(.pointerDown(x: grabbed.x, y: grabbed.y, clicks: 1))
    frame.draw(session)
    #expect(layerStorage(frame) != first, "the curves other than 7 went into the layer")
    for step in 1...5 {
      let layer = layerStorage(frame)
      _ = session.handle(.pointerMoved(x: grabbed.x + Double(step), y: grabbed.y))
      frame.draw(session)
      #expect(layerStorage(frame) == layer, "drag step \(step) drew the layer again")
    }
    // The dragged curve is drawn live, where it now is.
    #expect(distance(pixel(at: store.drawing.curves[7].points[2].position + Point(x: 5, y: 0)), Theme.Palette.selection) < 60)
  }

  @Test func atScaleTwoEverythingIsTwiceAsLargeAndInputMapsBack() throws {
    let layout = Layout.offscreen(width: 2200, height: 1500, scale: 2)
    #expect(layout.width == 1100 && layout.pixelsPerUnit == 2)
    #expect(layout.unitPoint(x: 480, y: 240) == Point(x: 240, y: 120))
    let session = EditorSession.documentAligned(store: store, layout: layout)
    let big = try OffscreenFrame(width: 2200, height: 1500, scale: 2)
    big.draw(session)
    for point in store.drawing.curves[0].points.map(\.position) {
      let ring = big.pixel(x: Int(point.x * 2) + 10, y: Int(point.y * 2))
      #expect(distance(ring, Theme.Palette.handleBorder) < 60, "ring of \(point) at 2x: \(ring)")
    }
    let play = layout.frame(of: .playPause)
    #expect(distance(big.pixel(x: Int(play.minX * 2) + 4, y: Int(play.minY * 2) + 4), Theme.Palette.selection) == 0)
    // A HiDPI window: twice the pixels for the same points.
    let hiDPI = Layout(windowPoints: (1100, 750), pixels: (2200, 1500), scale: 1)
    #expect(hiDPI.pixelsPerUnit == 2 && hiDPI.unitPoint(x: 240, y: 120) == Point(x: 240, y: 120))
  }

  /// Twenty humps, one per cell of a 4 x 5 grid, above a row of short dashes: more curves than
  /// get live constructions, so all but the selected one live in the static layer.
  private static func gridOfCurves() -> Editor.State {
    let humps = (0..<20).map { index in
      let x = Double(index % 4) * 200 + 20, y = Double(index / 4) * 140 + 20
      let points = [(10.0, 100.0), (40, 10), (120, 10), (150, 100)].map { point in
        ControlPoint.State(id: UUID(), position: Point(x: x + point.0, y: y + point.1))
      }
      return Curve.State(id: UUID(), points: IdentifiedArray(uniqueElements: points))
    }
    let dashes = (0...CanvasPainter.maximumConstructionsWithoutSelection).map { index in
      let x = 5 + Double(index) * 7.5
      return Curve.State(id: UUID(), points: [
        ControlPoint.State(id: UUID(), position: Point(x: x, y: 692)), ControlPoint.State(id: UUID(), position: Point(x: x + 4, y: 692)),
      ])
    }
    // The default window's canvas area, under the menu bar: shown at 100%.
    return Editor.State(curves: IdentifiedArray(uniqueElements: humps + dashes), canvas: Canvas(width: 800, height: 702))
  }

  /// The layer is drawn again when a curve leaves it (selected) and when it returns
  /// (deselected), not while it is dragged; what is drawn then is its region alone (see
  /// `theChangedRegionIsTheBoundsOfTheCurvesThatChanged`).
  @Test func aCurveLeavingAndReturningToTheLayerRedrawsOnlyItsRegion() throws {
    let store = Store(initialState: Self.gridOfCurves()) { Editor() }
    let session = EditorSession.documentAligned(store: store, layout: .offscreen(width: 1100, height: 750))
    frame.draw(session)
    let before = try #require(Bezier(store.drawing.curves[0].points.map(\.position)))
    let grabbed = store.drawing.curves[0].points[1].position
    var redrawn: [Bool] = []
    for event in [
      InputEvent.pointerDown(x: grabbed.x, y: grabbed.y, clicks: 1), .pointerMoved(x: grabbed.x, y: grabbed.y + 100),
      .pointerUp(x: grabbed.x, y: grabbed.y + 100), .key(KeyChord("escape")),
    ] {
      let layer = layerStorage(frame)
      _ = session.handle(event)
      frame.draw(session)
      redrawn.append(layerStorage(frame) != layer)
    }
    #expect(store.interaction.selection.isEmpty)
    #expect(redrawn == [true, false, false, true], "down: the curve leaves the layer; escape: it returns")
    let after = try #require(Bezier(store.drawing.curves[0].points.map(\.position)))
    #expect(distance(pixel(at: after.eval(0.5)), Theme.Palette.curve) < 60, "the curve where it is now")
    #expect(distance(pixel(at: before.eval(0.5)), Theme.Palette.curve) > 150, "no trace where it was")
    // Its neighbour, inside the redrawn region's reach, is intact.
    let neighbour = try #require(Bezier(store.drawing.curves[1].points.map(\.position)))
    #expect(distance(pixel(at: neighbour.eval(0.1)), Theme.Palette.curve) < 60)
  }

  /// The scenes of the layer's keys differ only in their curves: the region to draw again is
  /// the bounds of those that changed, before and after; a change of view redraws everything.
  @Test func theChangedRegionIsTheBoundsOfTheCurvesThatChanged() throws {
    let layout = Layout.offscreen(width: 1100, height: 750)
    let store = Store(initialState: Self.gridOfCurves()) { Editor() }
    _ = EditorSession.documentAligned(store: store, layout: layout)
    let state = store.state, curves = Array(state.drawing.curves)
    func key(_ curves: [Curve.State], viewport: Viewport.State = state.viewport) -> StaticLayer.Key {
      StaticLayer.Key(
        scene: StaticScene(curves: curves, display: state.drawing.display, viewport: viewport, area: layout.canvasArea), layout: layout
      )
    }
    let bounds = { (curve: Curve.State) in StaticScene.bounds(of: curve, in: state.viewport) }
    // The first curve leaves the layer (selected), then returns.
    #expect(StaticLayer.changedRegion(from: key(curves), to: key(Array(curves.dropFirst()))) == bounds(curves[0]))
    #expect(StaticLayer.changedRegion(from: key(Array(curves.dropFirst())), to: key(curves)) == bounds(curves[0]))
    // It moved: where it was and where it is.
    var moved = curves
    moved[0].points[1].position.y += 100
    #expect(StaticLayer.changedRegion(from: key(curves), to: key(moved)) == bounds(curves[0]).union(bounds(moved[0])))
    #expect(StaticLayer.changedRegion(from: key(curves), to: key(curves)) == nil, "nothing changed: nothing to draw")
    // A curve in the middle leaves, and the last two swap places in the stacking order.
    var middleGone = curves
    middleGone.remove(at: 2)
    #expect(StaticLayer.changedRegion(from: key(curves), to: key(middleGone)) == bounds(curves[2]))
    var swapped = curves
    swapped.swapAt(curves.count - 2, curves.count - 1)
    #expect(StaticLayer.changedRegion(from: key(curves), to: key(swapped)) == bounds(curves[curves.count - 2]).union(bounds(curves[curves.count - 1])))
    store.send(.viewport(.zoomIn))
    #expect(StaticLayer.changedRegion(from: key(curves), to: key(curves, viewport: store.viewport)) == nil, "a new view: everything")
    // More curves changed than a partial drawing is worth (a line of text is within it).
    let many = (0...StaticLayer.maximumChangedCurvesForPartialRender).map { index in
      Curve.State(id: UUID(), points: [
        ControlPoint.State(id: UUID(), position: Point(x: Double(index), y: 300)), ControlPoint.State(id: UUID(), position: Point(x: Double(index) + 4, y: 300)),
      ])
    }
    var manyMoved = many
    for index in manyMoved.indices { manyMoved[index].points[0].position.x += 1 }
    #expect(StaticLayer.changedRegion(from: key(many), to: key(manyMoved)) == nil, "many curves changed: everything")
    #expect(StaticLayer.changedRegion(from: key(many), to: key(Array(manyMoved.prefix(60)) + many.dropFirst(60))) != nil, "60 changed: a region")
  }

  /// How many pixels of `layer`'s image differ from a new layer's, drawn once, whole, from
  /// `scene`: what partial drawings must leave none of.
  private static func pixelsDiffering(_ layer: StaticLayer, fromAWholeDrawingOf scene: StaticScene, layout: Layout) throws -> Int {
    let partial = try #require(layer.image)
    let whole = StaticLayer(), painter = Painter(width: partial.width, height: partial.height, scale: 1, text: nil)
    whole.draw(scene, layout: layout, painter: painter)
    let expected = try #require(whole.image)
    return zip(partial.pixels, expected.pixels).filter { $0 != $1 }.count
  }

  /// Partial drawings one after another measure only the curves that changed, keeping the
  /// others' reach from the drawing before: a curve moved in place onto its neighbour, then
  /// the neighbour nudged, leaves the layer as one drawing of the last scene whole makes it.
  @Test func partialDrawingsOneAfterAnotherAreTheWholeDrawing() throws {
    let layout = Layout.offscreen(width: 1100, height: 750)
    let store = Store(initialState: Self.gridOfCurves()) { Editor() }
    _ = EditorSession.documentAligned(store: store, layout: layout)
    let state = store.state
    func scene(_ curves: [Curve.State]) -> StaticScene {
      StaticScene(curves: curves, display: state.drawing.display, viewport: state.viewport, area: layout.canvasArea)
    }
    var curves = Array(state.drawing.curves)
    let layer = StaticLayer(), painter = Painter(width: 1100, height: 750, scale: 1, text: nil)
    layer.draw(scene(curves), layout: layout, painter: painter)
    // A far curve nudged (the layer measures every curve once); the first hump onto the
    // second (same id, new place); then the second down a little: its region holds the
    // first where it is now.
    for index in curves[10].points.indices { curves[10].points[index].position.y += 5 }
    layer.draw(scene(curves), layout: layout, painter: painter)
    for index in curves[0].points.indices { curves[0].points[index].position.x += 200 }
    layer.draw(scene(curves), layout: layout, painter: painter)
    for index in curves[1].points.indices { curves[1].points[index].position.y += 5 }
    layer.draw(scene(curves), layout: layout, painter: painter)
    let differing = try Self.pixelsDiffering(layer, fromAWholeDrawingOf: scene(curves), layout: layout)
    #expect(differing == 0, "\(differing) pixels differ")
  }

  /// A curve whose group casts a shadow 60 units to its right, moved: the partial drawing
  /// covers where the shadow was and is (the group's filter region), not just the curve, so
  /// no stale shadow stays and the new one is not cut; the layer is what one whole drawing of
  /// the scene makes.
  @Test func aShadowedCurveMovedLeavesNoShadowBehind() throws {
    let layout = Layout.offscreen(width: 1100, height: 750)
    let store = Store(initialState: Self.gridOfCurves()) { Editor() }
    _ = EditorSession.documentAligned(store: store, layout: layout)
    let state = store.state
    let shadow = Filter(region: Rect(minX: 0, minY: 0, maxX: 900, maxY: 700), primitives: [
      FilterPrimitive(.dropShadow(dx: 60, dy: 0, deviationX: 2, deviationY: 2, color: RGBColor(r: 0, g: 0, b: 0), opacity: 1)),
    ])
    func scene(_ curves: [Curve.State]) -> StaticScene {
      StaticScene(
        curves: curves, groups: [Group(id: "shadowed", filter: shadow)], display: state.drawing.display, viewport: state.viewport,
        area: layout.canvasArea
      )
    }
    var curves = Array(state.drawing.curves)
    curves[0].group = "shadowed"
    curves[0].style.fill = .color(RGBColor(r: 40, g: 160, b: 90))
    let layer = StaticLayer(), painter = Painter(width: 1100, height: 750, scale: 1, text: nil)
    layer.draw(scene(curves), layout: layout, painter: painter)
    for index in curves[0].points.indices { curves[0].points[index].position.y += 30 }
    layer.draw(scene(curves), layout: layout, painter: painter)
    let differing = try Self.pixelsDiffering(layer, fromAWholeDrawingOf: scene(curves), layout: layout)
    #expect(differing == 0, "\(differing) pixels differ")
  }

  /// A point selected in a layer that takes a second to draw: the curve's small region is
  /// drawn again in the frame, a large one goes to the worker.
  @Test func aSmallChangeOfASlowLayerIsDrawnInTheFrame() {
    let area = Rect(minX: 0, minY: 0, maxX: 1000, maxY: 800), second = Duration.seconds(1), budget = Duration.milliseconds(8)
    let small = Rect(minX: 100, minY: 100, maxX: 150, maxY: 150)  // 1/320 of the area: 3.1 ms of 1 s
    let large = Rect(minX: -500, minY: 0, maxX: 200, maxY: 800)  // 1/5 inside the area: 200 ms
    #expect(StaticLayer.regionFitsInFrame(small, of: area, lastFullDrawing: second, budget: budget))
    #expect(!StaticLayer.regionFitsInFrame(large, of: area, lastFullDrawing: second, budget: budget))
    #expect(StaticLayer.regionFitsInFrame(large, of: area, lastFullDrawing: .milliseconds(20), budget: budget), "4 ms")
    #expect(StaticLayer.regionFitsInFrame(large, of: area, lastFullDrawing: nil, budget: budget), "never drawn whole: no estimate")
  }

  @Test func aSlowLayerComesFromItsWorkerWhileFramesShowItMovedAndScaled() async throws {
    let store = Store(initialState: Self.gridOfCurves()) { Editor() }
    let session = EditorSession.documentAligned(store: store, layout: .offscreen(width: 1100, height: 750))
    // A budget of zero makes every redraw of the layer slow enough for the worker, which holds
    // it until the test lets it run.
    let worker = HeldJobs()
    let frame = try OffscreenFrame(width: 1100, height: 750, layerWorker: worker.worker, layerBudget: .zero)
    var arrivals = 0
    frame.layer.onUpdate = { arrivals += 1 }
    frame.draw(session)
    #expect(worker.count == 0 && frame.isLayerSettled, "the first frame is drawn in place")
    let curve = try #require(Bezier(store.drawing.curves[5].points.map(\.position)))
    _ = session.handle(.wheel(x: 0, y: Layout.menuBarHeight, notches: 2))
    #expect(store.viewport.zoom == 2)
    frame.draw(session)
    #expect(worker.count == 1 && !frame.isLayerSettled)
    // The preview: the old layer scaled about the pointer, so the curve is already where it goes.
    let zoomed = store.viewport.screenPoint(atDocument: curve.eval(0.5))
    #expect(distance(frame.pixel(x: Int(zoomed.x), y: Int(zoomed.y)), Theme.Palette.curve) < 90)
    frame.draw(session)
    #expect(worker.count == 1, "a frame while the drawing is on its way asks for no other")
    worker.runAll()
    // The drawing hands its image to the main queue, which runs while this test awaits.
    for _ in 0..<1000 where arrivals == 0 { await Task.yield() }
    #expect(arrivals == 1 && frame.isLayerSettled)
    frame.draw(session)
    #expect(worker.count == 0, "the new layer is used as it is")
    #expect(distance(frame.pixel(x: Int(zoomed.x), y: Int(zoomed.y)), Theme.Palette.curve) < 60, "drawn again at 200%")
  }
}
