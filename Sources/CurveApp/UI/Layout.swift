import CurveCommandLine
import CurveFeature
import CurveGeometry
import CurveRender

/// Where everything sits in the window, in UI units. One unit is `pointsPerUnit` window
/// points (the `--scale` option) and `pixelsPerUnit` pixels (that scale times the display's
/// pixel density). The canvas area shows the document through the editor's viewport.
///
/// ```
/// +--------------------------------------------+
/// | menu bar                                   |
/// +--------------------------------+-----------+
/// | canvas area (the viewport)     |  panel    |
/// +--------------------------------+-----------+
/// | status line                                |
/// +--------------------------------------------+
/// ```
package struct Layout: Equatable, Sendable {
  // MARK: Window and frame sizes, in points or pixels

  /// The window's size when it opens, and a headless frame's by default.
  package static let defaultWindowSize = (width: 1100, height: 750)
  /// Small enough for any screen, large enough for every panel control: as tall as the
  /// panel's lowest control (the level's ◀ ▶ buttons) and the padding under it, above the
  /// status line. (The controls' heights do not depend on the window's size.)
  static let minimumWindowSize: (width: Int, height: Int) = {
    let layout = Layout.offscreen(width: defaultWindowSize.width, height: defaultWindowSize.height)
    let lowest = PanelPage.allCases.flatMap(PanelControl.controls(on:)).map { layout.frame(of: $0).maxY }.max() ?? 0
    return (width: 640, height: Int((lowest + padding + statusHeight).rounded(.up)))
  }()
  /// Headless frames (`--size`, replayed resizes) may be smaller than a window, down to this.
  static let minimumFrameSize = DocumentFiles.smallestFrame
  /// The canvas drawn alone (`render --canvas-only`) may be as small as an icon.
  static let minimumCanvasOnlySize = DocumentFiles.smallestCanvasFrame
  /// An 8K frame; larger ones (256 MB of pixels and up) are refused rather than risked.
  static let maximumFrameSize = RenderError.largestFrame
  /// Pixels per window point are taken to be at least this, whatever SDL reports.
  static let minimumPixelDensity = 0.25

  // MARK: The window's areas

  /// The panel's width, at the window's right.
  static let panelWidth = 300.0
  /// The status line's height, across the window's bottom.
  static let statusHeight = 24.0
  /// The menu bar's height, across the window's top.
  static let menuBarHeight = 24.0
  /// Between the panel's edges and its controls.
  static let padding = 16.0

  // MARK: Over the canvas

  /// The status line's text, in from its left and top.
  static let statusTextInset = (x: 8.0, y: 5.0)
  /// The error banner across the canvas's top: its height (two lines), its text's inset from
  /// its left and top, and the text's line height.
  static let bannerHeight = 46.0
  static let bannerTextInset = (x: 10.0, y: 6.0)
  static let bannerLineHeight = 18.0

  /// The window's size in units.
  var width: Double
  var height: Double
  var pointsPerUnit: Double
  var pixelsPerUnit: Double
  /// Whether the frame has the panel and the status line; without them (`curves render
  /// --canvas-only`: icons, thumbnails) the canvas area is the whole frame.
  var hasChrome = true

  /// - Parameters:
  ///   - windowPoints: the window's size in window points (mouse coordinates).
  ///   - pixels: the drawable size in pixels (larger than the points on HiDPI displays).
  ///   - scale: the user's UI scale.
  init(windowPoints: (width: Double, height: Double), pixels: (width: Double, height: Double), scale: Double) {
    let density = windowPoints.width > 0 ? max(pixels.width / windowPoints.width, Self.minimumPixelDensity) : 1
    pointsPerUnit = scale
    pixelsPerUnit = scale * density
    width = windowPoints.width / scale
    height = windowPoints.height / scale
  }

  /// A frame with no window: one point per pixel.
  package static func offscreen(width: Int, height: Int, scale: Double = 1) -> Layout {
    Layout(windowPoints: (Double(width), Double(height)), pixels: (Double(width), Double(height)), scale: scale)
  }

  /// The part of the window where the document is drawn and edited.
  var canvasArea: Rect {
    guard hasChrome else { return Rect(minX: 0, minY: 0, maxX: width, maxY: height) }
    let top = min(Self.menuBarHeight, height)
    return Rect(minX: 0, minY: top, maxX: max(width - Self.panelWidth, 0), maxY: max(height - Self.statusHeight, top))
  }
  /// Across the window's top, above the canvas and the panel (none without chrome).
  var menuBar: Rect { Rect(minX: 0, minY: 0, maxX: width, maxY: hasChrome ? min(Self.menuBarHeight, height) : 0) }
  var panel: Rect { Rect(minX: canvasArea.maxX, minY: canvasArea.minY, maxX: width, maxY: canvasArea.maxY) }
  var statusLine: Rect { Rect(minX: 0, minY: canvasArea.maxY, maxX: width, maxY: height) }
  /// Across the top of the canvas while there is a load or save error (two lines of text);
  /// a click dismisses it.
  var errorBanner: Rect { Rect(minX: 0, minY: canvasArea.minY, maxX: canvasArea.maxX, maxY: canvasArea.minY + Self.bannerHeight) }

  /// A window position (points) in units.
  func unitPoint(x: Double, y: Double) -> Point { Point(x: x / pointsPerUnit, y: y / pointsPerUnit) }
}
