import Composable
import CurveFeature
import CurveGeometry
import CurveRaster
import CurveRender
import CurveSVG
import Foundation
import Testing

@testable import CurveApp

/// A drawing opens as its export draws it: Inkscape's tiger in the window, with nothing
/// selected, against `curves render --drawing-only`'s renderer at the same scale, pixel for
/// pixel (the colour drawings' rule: at most 1% of pixels off by more than 40/255).
@MainActor
struct DrawingOpensCleanTests {
  @Test func theTigerOpensWithNoEditingMarks() throws {
    let svg = try InkscapeExamples.url("tiger.svgz")
    let document = try SVGImport.import(from: Data(contentsOf: svg), baseURL: svg).document
    var state = Editor.State(document: document, url: nil)
    #expect(state.interaction.tool == .selector && state.interaction.selectedObjects.isEmpty)
    // The page at the renderer's scale and offset, whole pixels from the window's corner.
    let height = 700, width = Int((document.canvas.width / document.canvas.height * Double(height)).rounded(.up))
    let zoom = min(Double(width) / document.canvas.width, Double(height) / document.canvas.height)
    let placed = (x: 100, y: 10)
    let layout = Layout.offscreen(width: 1100, height: 750)
    state.viewport = Viewport.State(
      canvas: document.canvas, area: Size(width: layout.canvasArea.width, height: layout.canvasArea.height), zoom: zoom,
      origin: Point(x: Double(placed.x) + (Double(width) - document.canvas.width * zoom) / 2, y: Double(placed.y))
    )
    let store = Store(initialState: state) { Editor() }
    let session = EditorSession(store: store, layout: layout)
    // The session puts the canvas area, and the view with it, under the menu bar.
    let corner = (x: placed.x, y: placed.y + Int(Layout.menuBarHeight))
    #expect(store.viewport.origin.y == Double(corner.y))
    let frame = try OffscreenFrame(width: 1100, height: 750)
    frame.draw(session)
    let drawn = try DrawingRenderer(document: document, width: width, height: height).render()
    var off = 0, counted = 0
    // Above the tool bar, which the window lays over the canvas's bottom left.
    let toolbarTop = Toolbar.slots(for: store.state, in: layout).map(\.frame.minY).min() ?? Double(height)
    let rows = 0..<min(height, Int(toolbarTop) - corner.y - 1)
    for y in rows {
      for x in 0..<Int(document.canvas.width * zoom) {
        let argb = drawn.pixels[y * width + x]
        let alpha = Double(argb >> 24) / 255
        // Over the page's white, as the window lays it.
        func channel(_ shift: UInt32) -> Double { Double((argb >> shift) & 0xFF) * alpha + 255 * (1 - alpha) }
        let window = frame.pixel(x: corner.x + x, y: corner.y + y)
        let difference = max(abs(channel(16) - Double(window.r)), abs(channel(8) - Double(window.g)), abs(channel(0) - Double(window.b)))
        if difference > 40 { off += 1 }
        counted += 1
      }
    }
    #expect(Double(off) / Double(counted) <= 0.01, "\(off) of \(counted) pixels differ by more than 40/255")

    // Every curve's handles, as the curve lab shows them, cover far more than that.
    store.send(.objects(.toggleAllHandles))
    frame.draw(session)
    var marked = 0
    for y in stride(from: rows.lowerBound, to: rows.upperBound, by: 2) {
      for x in stride(from: 0, to: Int(document.canvas.width * zoom), by: 2) {
        let argb = drawn.pixels[y * width + x], window = frame.pixel(x: corner.x + x, y: corner.y + y)
        if abs(Double((argb >> 16) & 0xFF) - Double(window.r)) > 40 && argb >> 24 == 255 { marked += 1 }
      }
    }
    #expect(marked > counted / 4 / 100, "the marks drawn with every curve's handles: \(marked) sampled pixels")
  }
}
