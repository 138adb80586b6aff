import Composable
import CurveFeature
import CurveGeometry
import SeededRandom
import Testing

@MainActor
struct ViewportTests {
  let canvas = Canvas(width: 800, height: 600)

  func placed(_ area: Size, canvas: Canvas? = nil) -> Viewport.State {
    Viewport.State(canvas: canvas ?? self.canvas, area: area)
  }

  @Test func aCanvasThatFitsOpensAt100PercentTopLeft() async {
    let store = TestStore(initialState: Viewport.State(canvas: canvas)) { Viewport() }
    await store.send(.resize(width: 800, height: 726)) { $0 = self.placed(Size(width: 800, height: 726)) }
    #expect(store.state.zoom == 1)
    #expect(store.state.origin == .zero)
    #expect(store.state.screenPoint(atDocument: Point(x: 400, y: 400)) == Point(x: 400, y: 400))
  }

  /// Under the window's menu bar the area starts lower: screen points stay window points, so
  /// the canvas is placed, fitted, zoomed and clamped within the area where it is.
  @Test func anAreaUnderTheMenuBarPlacesTheCanvasWithinIt() async {
    let store = TestStore(initialState: Viewport.State(canvas: canvas)) { Viewport() }
    let area = Rect(minX: 0, minY: 24, maxX: 800, maxY: 726)
    await store.send(.place(area)) { $0 = Viewport.State(canvas: self.canvas, area: Size(width: 800, height: 702), areaOrigin: Point(x: 0, y: 24)) }
    #expect(store.state.origin == Point(x: 0, y: 24) && store.state.zoom == 1)
    #expect(store.state.areaCentre == Point(x: 400, y: 375))
    #expect(store.state.documentPoint(atScreen: Point(x: 240, y: 144)) == Point(x: 240, y: 120))
    // The zoom keys zoom around the area's centre: the document point there stays there.
    let centre = store.state.documentPoint(atScreen: store.state.areaCentre)
    let under = Point(x: 0, y: 24), size = Size(width: 800, height: 702)
    store.exhaustivity = .off
    await store.send(.zoomIn)
    #expect(abs(store.state.zoom - 2.0.squareRoot()) < 1e-12)
    #expect(store.state.documentPoint(atScreen: store.state.areaCentre).distance(to: centre) < 1e-9)
    store.exhaustivity = .on
    // Fitted: centred in the area, 51 units above and below.
    await store.send(.fit) { $0 = Viewport.State(canvas: self.canvas, area: size, areaOrigin: under, zoom: 1, origin: Point(x: 0, y: 75)) }
    await store.send(.fit)
    // A pan cannot lose the canvas above the area's top: 48 units stay in view.
    await store.send(.pan(by: Point(x: 0, y: -5000))) {
      $0 = Viewport.State(canvas: self.canvas, area: size, areaOrigin: under, zoom: 1, origin: Point(x: 0, y: 24 + 48 - 600))
    }
    // The area moving (the menu bar gone) moves the canvas with it.
    await store.send(.place(Rect(minX: 0, minY: 0, maxX: 800, maxY: 702))) { $0 = Viewport.State(canvas: self.canvas, area: Size(width: 800, height: 702), zoom: 1, origin: Point(x: 0, y: 48 - 600)) }
    await store.send(.place(Rect(minX: 0, minY: 0, maxX: .nan, maxY: 702)))
  }

  @Test func aCanvasTooLargeOpensFittedAndCentred() {
    let view = placed(Size(width: 800, height: 726), canvas: Canvas(width: 1600, height: 1000))
    #expect(view.zoom == 0.5)
    #expect(view.origin == Point(x: 0, y: 113))
  }

  @Test func aCanvasMuchSmallerThanTheAreaOpensFittedAndCentred() {
    // A 16-unit icon in an 800 x 726 area: as large as the zoom goes (3200%), centred; the
    // canvas is unchanged.
    let icon = placed(Size(width: 800, height: 726), canvas: Canvas(width: 16, height: 16))
    #expect(icon.zoom == 32)
    #expect(icon.origin == Point(x: 144, y: 107))
    let small = placed(Size(width: 800, height: 726), canvas: Canvas(width: 100, height: 100))
    #expect(small.zoom == 7.26 && small.origin == Point(x: 37, y: 0))
    #expect(icon.canvas == Canvas(width: 16, height: 16))
    // A quarter of the area or more on one axis still opens at 100%, top-left.
    let quarter = placed(Size(width: 800, height: 726), canvas: Canvas(width: 200, height: 100))
    #expect(quarter.zoom == 1 && quarter.origin == .zero)
  }

  @Test func resizingKeepsTheZoomAndNeverTouchesTheCanvas() async {
    let store = TestStore(initialState: placed(Size(width: 800, height: 726))) { Viewport() }
    await store.send(.resize(width: 340, height: 456)) {
      $0 = Viewport.State(canvas: self.canvas, area: Size(width: 340, height: 456), zoom: 1, origin: .zero)
    }
    #expect(store.state.zoom == 1)
    #expect(store.state.canvas == canvas)
    await store.send(.resize(width: .nan, height: 10))
    await store.send(.resize(width: 0, height: 10))
  }

  @Test func theWheelZoomsAroundThePointerKeepingTheDocumentPointUnderIt() {
    var random = SplitMix64(seed: 11)
    for _ in 0..<500 {
      var view = placed(Size(width: 800, height: 726))
      let anchor = Point(x: Double.random(in: 0..<800, using: &random), y: Double.random(in: 0..<726, using: &random))
      let under = view.documentPoint(atScreen: anchor)
      let notches = Double(Int.random(in: -3...3, using: &random))
      _ = Viewport().reduce(into: &view, action: .zoom(notches: notches, around: anchor))
      let after = view.screenPoint(atDocument: under)
      // Zooming in from 100% never needs a pan back; zooming out may pan to keep the canvas in view.
      if notches >= 0 { #expect(after.distance(to: anchor) < 1e-9, "anchor \(anchor), \(notches) notches") }
      #expect(Viewport.zoomRange.contains(view.zoom))
    }
  }

  @Test func zoomStaysBetween10And3200Percent() {
    var view = placed(Size(width: 800, height: 726))
    _ = Viewport().reduce(into: &view, action: .zoom(notches: 100, around: Point(x: 10, y: 10)))
    #expect(view.zoom == 32)
    _ = Viewport().reduce(into: &view, action: .zoom(notches: -100, around: Point(x: 10, y: 10)))
    #expect(view.zoom == 0.1)
    _ = Viewport().reduce(into: &view, action: .zoom(notches: .nan, around: Point(x: 10, y: 10)))
    #expect(view.zoom == 0.1)
  }

  @Test func keysZoomAroundTheCentreFitAndGoBackTo100Percent() async {
    let store = TestStore(initialState: placed(Size(width: 800, height: 726))) { Viewport() }
    await store.send(.zoomIn) { $0 = Self.zoomed($0, by: 1) }
    #expect(abs(store.state.zoom - 2.0.squareRoot()) < 1e-12)
    #expect(store.state.documentPoint(atScreen: Point(x: 400, y: 363)) .distance(to: Point(x: 400, y: 363)) < 1e-9)
    await store.send(.zoomOut) { $0 = Self.zoomed($0, by: -1) }
    #expect(abs(store.state.zoom - 1) < 1e-12)
    await store.send(.fit) { $0 = Self.applying(.fit, to: $0) }
    #expect(abs(store.state.zoom - 1.0) < 1e-12)  // 800 wide: the width decides
    #expect(store.state.canvasOnScreen.minY == 63)
    await store.send(.actualSize) { $0 = Self.applying(.actualSize, to: $0) }
    #expect(store.state.origin == .zero)
  }

  private static func zoomed(_ state: Viewport.State, by notches: Double) -> Viewport.State {
    applying(.zoom(notches: notches, around: state.area.centre), to: state)
  }

  private static func applying(_ action: Viewport.Action, to state: Viewport.State) -> Viewport.State {
    var state = state
    _ = Viewport().reduce(into: &state, action: action)
    return state
  }

  @Test func panningIsFreeWhilePartOfTheCanvasStaysInView() {
    var view = placed(Size(width: 800, height: 726))
    _ = Viewport().reduce(into: &view, action: .pan(by: Point(x: 300, y: -200)))
    #expect(view.origin == Point(x: 300, y: -200))
    _ = Viewport().reduce(into: &view, action: .pan(by: Point(x: 5_000, y: -5_000)))
    let page = view.canvasOnScreen
    #expect(page.minX == 800 - Viewport.minimumVisibleCanvas)
    #expect(page.maxY == Viewport.minimumVisibleCanvas)
    _ = Viewport().reduce(into: &view, action: .pan(by: Point(x: .infinity, y: 0)))
    #expect(view.canvasOnScreen == page)
  }
}
