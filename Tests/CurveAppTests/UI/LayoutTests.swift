import CurveGeometry
import Testing

@testable import CurveApp

/// Where `Layout` puts the window's areas and the panel's controls, at the window sizes and
/// UI scales a user can have.
struct LayoutTests {
  /// The smallest window, the default one, a large one; at 100% and 200%.
  static let layouts = [
    Layout.offscreen(width: Layout.minimumWindowSize.width, height: Layout.minimumWindowSize.height),
    Layout.offscreen(width: Layout.defaultWindowSize.width, height: Layout.defaultWindowSize.height),
    Layout.offscreen(width: 2560, height: 1440),
    Layout.offscreen(width: 2200, height: 1500, scale: 2),
  ]

  private static func centre(of rect: Rect) -> Point {
    Point(x: (rect.minX + rect.maxX) / 2, y: (rect.minY + rect.maxY) / 2)
  }

  @Test(arguments: layouts, PanelPage.allCases)
  func noTwoControlsOverlap(_ layout: Layout, page: PanelPage) {
    let controls = PanelControl.controls(on: page)
    for (index, control) in controls.enumerated() {
      let frame = layout.frame(of: control)
      for other in controls[(index + 1)...] {
        let otherFrame = layout.frame(of: other)
        // Touching edges are allowed; sharing any area is not.
        let overlapsX = frame.minX < otherFrame.maxX && otherFrame.minX < frame.maxX
        let overlapsY = frame.minY < otherFrame.maxY && otherFrame.minY < frame.maxY
        #expect(!(overlapsX && overlapsY), "\(control) \(frame) and \(other) \(otherFrame)")
      }
    }
  }

  @Test(arguments: layouts, PanelPage.allCases)
  func everyControlIsInThePanelAndFoundAtItsCentre(_ layout: Layout, page: PanelPage) {
    for control in PanelControl.controls(on: page) {
      let frame = layout.frame(of: control)
      #expect(frame.width > 0 && frame.height > 0, "\(control)")
      #expect(
        frame.minX >= layout.panel.minX && frame.maxX <= layout.panel.maxX && frame.minY >= layout.panel.minY
          && frame.maxY <= layout.panel.maxY,
        "\(control) \(frame) is outside the panel \(layout.panel)"
      )
      #expect(layout.control(at: Self.centre(of: frame), on: page) == control)
    }
    #expect(layout.control(at: Point(x: layout.panel.minX + 1, y: layout.panel.maxY - 1), on: page) == nil, "the panel's empty corner")
  }

  @Test(arguments: layouts)
  func theMenuBarTheCanvasAreaThePanelAndTheStatusLineFillTheWindow(_ layout: Layout) {
    let menuBar = layout.menuBar, canvas = layout.canvasArea, panel = layout.panel, status = layout.statusLine
    #expect(menuBar == Rect(minX: 0, minY: 0, maxX: layout.width, maxY: Layout.menuBarHeight))
    #expect(canvas.minX == 0 && canvas.minY == menuBar.maxY)
    #expect(panel.minX == canvas.maxX && panel.maxX == layout.width)
    #expect(panel.minY == menuBar.maxY && panel.maxY == canvas.maxY)
    #expect(canvas.width + panel.width == layout.width)
    #expect(status.minX == 0 && status.maxX == layout.width)
    #expect(status.minY == canvas.maxY && status.maxY == layout.height)
    #expect(panel.width == Layout.panelWidth && status.height == Layout.statusHeight)
    #expect(layout.errorBanner.minY == canvas.minY && layout.errorBanner.maxX == canvas.maxX && layout.errorBanner.height == Layout.bannerHeight)
  }

  @Test func withoutChromeTheCanvasIsTheWholeFrame() {
    var layout = Layout.offscreen(width: 64, height: 48)
    layout.hasChrome = false
    #expect(layout.canvasArea == Rect(minX: 0, minY: 0, maxX: 64, maxY: 48))
    #expect(layout.menuBar.height == 0, "no menu bar either")
  }

  @Test func windowPointsBecomeUnitsByTheUIScaleAlone() {
    // 200%: two window points a unit, and two pixels.
    let scaled = Layout.offscreen(width: 2200, height: 1500, scale: 2)
    #expect(scaled.width == 1100 && scaled.height == 750)
    #expect(scaled.pointsPerUnit == 2 && scaled.pixelsPerUnit == 2)
    #expect(scaled.unitPoint(x: 480, y: 240) == Point(x: 240, y: 120))
    // A HiDPI display at 100%: twice the pixels for the same points; input is in points.
    let hiDPI = Layout(windowPoints: (1100, 750), pixels: (2200, 1500), scale: 1)
    #expect(hiDPI.pixelsPerUnit == 2 && hiDPI.pointsPerUnit == 1)
    #expect(hiDPI.unitPoint(x: 240, y: 120) == Point(x: 240, y: 120))
    // Both: 150% on a HiDPI display.
    let both = Layout(windowPoints: (1650, 1125), pixels: (3300, 2250), scale: 1.5)
    #expect(both.width == 1100 && both.pixelsPerUnit == 3)
    #expect(both.unitPoint(x: 360, y: 180) == Point(x: 240, y: 120))
    // A density SDL reports as absurdly low is taken as the least there is.
    let tiny = Layout(windowPoints: (1000, 800), pixels: (10, 8), scale: 1)
    #expect(tiny.pixelsPerUnit == Layout.minimumPixelDensity)
  }
}

extension LayoutTests {
  /// The style and node controls are inside the panel, above the status line, even in the
  /// smallest window.
  @Test func theStyleAndNodeControlsFitTheSmallestWindow() {
    let layout = Layout.offscreen(width: Layout.minimumWindowSize.width, height: Layout.minimumWindowSize.height)
    let controls = PanelControl.fills + PanelControl.strokes + PanelControl.nodeButtons + [.slider(.strokeWidth), .slider(.opacity)]
    for control in controls {
      let frame = layout.frame(of: control)
      #expect(layout.panel.minX <= frame.minX && frame.maxX <= layout.panel.maxX, "\(control) \(frame)")
      #expect(frame.minY >= 0 && frame.maxY <= layout.panel.maxY, "\(control) \(frame)")
      #expect(layout.control(at: Point(x: (frame.minX + frame.maxX) / 2, y: (frame.minY + frame.maxY) / 2)) == control)
    }
    #expect(Layout.minimumWindowSize.height <= Layout.defaultWindowSize.height)
  }
}
