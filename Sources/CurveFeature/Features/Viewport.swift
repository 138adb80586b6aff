import Composable
import CurveGeometry
import Foundation

/// How the window shows the document's canvas: a zoom and a pan over a screen area. Nothing
/// here changes the document: resizing the window, zooming and panning move the view only.
///
/// ```swift
/// Scope(state: \.viewport, action: \.viewport) { Viewport() }
/// store.send(.viewport(.resize(width: 800, height: 726)))    // opens at 100%, top-left
/// store.send(.viewport(.zoom(notches: 1, around: Point(x: 300, y: 200))))
/// let p = store.viewport.documentPoint(atScreen: Point(x: 300, y: 200))   // unchanged
/// ```
///
/// Screen points are UI units with the canvas area's top-left at (0, 0); document points are
/// canvas units. `screen = origin + document × zoom`.
public struct Viewport: Reducer {
  /// 10% to 3200%.
  public static let zoomRange = 0.1...32.0
  /// Wheel notches (or Ctrl+= presses) that double the zoom: each is √2, as in Inkscape.
  public static let stepsPerDoubling = 2.0
  /// How much of the canvas (in screen units) a pan must leave in view on each axis, so the
  /// drawing cannot be lost off screen.
  public static let minimumVisibleCanvas = 48.0
  /// A canvas smaller than this fraction of the window on both axes opens fitted, not at 100%.
  public static let smallCanvasFraction = 0.25

  public struct State: Equatable, Sendable {
    /// The document's page, fixed for the document's life.
    public let canvas: Canvas
    /// The screen area the canvas is shown in, in UI units; zero until the window says.
    public private(set) var area = Size(width: 0, height: 0)
    /// Where the area's top-left corner is on screen (under the window's menu bar): screen
    /// points are window points, so the pointer and the painters need no shift of their own.
    public private(set) var areaOrigin = Point.zero
    public private(set) var zoom = 1.0
    /// log2 of the zoom: steps add to it, so they compose exactly (two √2 steps from 100%
    /// are 200%, not 200.00000000000003%).
    private var zoomExponent = 0.0
    /// Where the canvas's top-left corner is on screen.
    public private(set) var origin = Point.zero

    public init(canvas: Canvas) {
      self.canvas = canvas
    }

    /// The view of a newly opened document in `area`: 100% with the canvas at the area's
    /// top-left when it fits, else the whole canvas fitted; a canvas much smaller than the
    /// area (a 16-unit icon) is fitted too, so it is not a speck.
    public init(canvas: Canvas, area: Size, areaOrigin: Point = .zero) {
      self.canvas = canvas
      setArea(area, at: areaOrigin)
    }

    /// A view stated in full, as a test expects it: `zoom` is clamped to `zoomRange`.
    public init(canvas: Canvas, area: Size, areaOrigin: Point = .zero, zoom: Double, origin: Point) {
      self.canvas = canvas
      self.area = area
      self.areaOrigin = areaOrigin
      setZoom(zoom)
      self.origin = origin
    }

    /// An export's view: the canvas drawn `zoom` times its size at `origin`, whatever the
    /// zoom (a 1050-unit drawing as a 64-pixel icon is 6%, below the window's limit).
    public static func export(canvas: Canvas, area: Size, zoom: Double, origin: Point) -> State {
      var view = State(canvas: canvas, area: area, zoom: 1, origin: origin)
      if zoom.isFinite, zoom > 0 {
        view.zoom = zoom
        view.zoomExponent = log2(zoom)
      }
      return view
    }

    public func documentPoint(atScreen point: Point) -> Point { (point - origin) / zoom }
    public func screenPoint(atDocument point: Point) -> Point { origin + point * zoom }
    /// `length` screen units in document units (a hit radius, a grab distance).
    public func documentLength(_ length: Double) -> Double { length / zoom }

    /// The canvas's rectangle on screen.
    public var canvasOnScreen: Rect {
      Rect(minX: origin.x, minY: origin.y, maxX: origin.x + canvas.width * zoom, maxY: origin.y + canvas.height * zoom)
    }

    var hasArea: Bool { area.width > 0 && area.height > 0 }

    /// The area's centre on screen: where the zoom keys zoom around and new curves go.
    public var areaCentre: Point { areaOrigin + area.centre }

    mutating func setArea(_ newArea: Size, at newOrigin: Point? = nil) {
      let isFirst = !hasArea
      if let newOrigin, newOrigin != areaOrigin {
        // The area moved on screen (a menu bar came): the canvas moves with it.
        origin += newOrigin - areaOrigin
        areaOrigin = newOrigin
      }
      area = newArea
      guard hasArea else { return }
      if isFirst {
        if opensAtActualSize { showActualSize() } else { fit() }
      } else {
        keepCanvasInView()
      }
    }

    /// Whether a newly opened canvas is shown at 100%: it fits in the area, and fills more
    /// than `smallCanvasFraction` of it on at least one axis.
    private var opensAtActualSize: Bool {
      let fits = canvas.width <= area.width && canvas.height <= area.height
      let isSpeck = canvas.width < area.width * Viewport.smallCanvasFraction && canvas.height < area.height * Viewport.smallCanvasFraction
      return fits && !isSpeck
    }

    mutating func showActualSize() {
      setZoom(1)
      origin = areaOrigin
      keepCanvasInView()
    }

    /// The whole canvas, as large as the area allows, centred.
    mutating func fit() {
      guard hasArea else { return }
      setZoom(min(area.width / canvas.width, area.height / canvas.height))
      origin = areaOrigin + Point(x: (area.width - canvas.width * zoom) / 2, y: (area.height - canvas.height * zoom) / 2)
      keepCanvasInView()
    }

    /// The part of the canvas the area shows, shaped as the canvas, as large as fits and
    /// centred: what an export of this view draws (`Timeline.ViewKeyframe`). The whole
    /// canvas when it is fitted.
    public var visibleBox: Rect {
      let centre = documentPoint(atScreen: areaCentre)
      let share = min(area.width / canvas.width, area.height / canvas.height) / zoom
      let width = canvas.width * share, height = canvas.height * share
      return Rect(minX: centre.x - width / 2, minY: centre.y - height / 2, maxX: centre.x + width / 2, maxY: centre.y + height / 2)
    }

    /// `box` of the canvas, as large as the area allows, centred: the timeline's view shown.
    mutating func show(_ box: Rect) {
      guard hasArea, box.width > 0, box.height > 0, box.width.isFinite, box.height.isFinite else { return }
      setZoom(min(area.width / box.width, area.height / box.height))
      origin = areaCentre - Point(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2) * zoom
      keepCanvasInView()
    }

    /// Zooms by `steps` factors of √2, keeping the document point under `anchor` under it.
    mutating func zoom(steps: Double, around anchor: Point) {
      guard steps.isFinite, anchor.x.isFinite, anchor.y.isFinite else { return }
      let fixed = documentPoint(atScreen: anchor)
      setZoom(exponent: zoomExponent + steps / Viewport.stepsPerDoubling)
      origin = anchor - fixed * zoom
      keepCanvasInView()
    }

    mutating func pan(by offset: Point) {
      guard offset.x.isFinite, offset.y.isFinite else { return }
      origin += offset
      keepCanvasInView()
    }

    private static let exponentRange = log2(zoomRange.lowerBound)...log2(zoomRange.upperBound)

    /// Sets the zoom to `value` (clamped), exactly.
    private mutating func setZoom(_ value: Double) {
      zoom = value.isFinite ? min(max(value, zoomRange.lowerBound), zoomRange.upperBound) : 1
      zoomExponent = log2(zoom)
    }

    /// Sets the zoom to 2^`exponent` (clamped; the limits exactly).
    private mutating func setZoom(exponent: Double) {
      guard exponent.isFinite else { return }
      if exponent <= Self.exponentRange.lowerBound {
        setZoom(zoomRange.lowerBound)
      } else if exponent >= Self.exponentRange.upperBound {
        setZoom(zoomRange.upperBound)
      } else {
        zoomExponent = exponent
        zoom = exp2(exponent)
      }
    }

    /// Pans back just enough that part of the canvas stays in view on each axis.
    private mutating func keepCanvasInView() {
      guard hasArea else { return }
      origin.x = areaOrigin.x + Self.clamp(origin.x - areaOrigin.x, length: canvas.width * zoom, window: area.width)
      origin.y = areaOrigin.y + Self.clamp(origin.y - areaOrigin.y, length: canvas.height * zoom, window: area.height)
    }

    private static func clamp(_ start: Double, length: Double, window: Double) -> Double {
      let visible = min(minimumVisibleCanvas, length, window)
      return min(max(start, visible - length), window - visible)
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// The canvas area's new size in UI units. The first one places the canvas.
    case resize(width: Double, height: Double)
    /// The canvas area's new place and size on screen (the window's, below its menu bar).
    case place(Rect)
    /// Mouse wheel: `notches` > 0 zooms in, √2 a notch, around a screen point.
    case zoom(notches: Double, around: Point)
    /// Ctrl+= and Ctrl+-: one step around the area's centre.
    case zoomIn
    case zoomOut
    /// Ctrl+0: the whole canvas in the area.
    case fit
    /// Ctrl+1: 100%, the canvas at the area's top-left.
    case actualSize
    /// A middle-button drag, by a screen offset.
    case pan(by: Point)
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .resize(width, height):
      guard width.isFinite, height.isFinite, width > 0, height > 0 else { return .none }
      state.setArea(Size(width: width, height: height))
    case let .place(rect):
      guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite, rect.width > 0, rect.height > 0 else { return .none }
      state.setArea(Size(width: rect.width, height: rect.height), at: Point(x: rect.minX, y: rect.minY))
    case let .zoom(notches, anchor):
      state.zoom(steps: notches, around: anchor)
    case .zoomIn:
      state.zoom(steps: 1, around: state.areaCentre)
    case .zoomOut:
      state.zoom(steps: -1, around: state.areaCentre)
    case .fit:
      state.fit()
    case .actualSize:
      state.showActualSize()
    case let .pan(offset):
      state.pan(by: offset)
    }
    return .none
  }
}

/// A width and a height.
public struct Size: Equatable, Sendable {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  public var centre: Point { Point(x: width / 2, y: height / 2) }
}
