import CurveDocument
import CurveGeometry
import CurveRaster
import Testing

@testable import CurveRender

/// A curve painted as its style says.
struct CurveLookTests {
  /// A square filled red and stroked blue at opacity 0.5, drawn once as SVG composites an
  /// element: where the stroke covers the fill, blue at half alpha, no red showing through.
  @Test func aSeeThroughCurveWithFillAndStrokeIsCompositedOnce() throws {
    var square = GroupLayersTests.square(x: 4, y: 4, size: 12, RGBColor(r: 255, g: 0, b: 0))
    square.style.stroke = .color(RGBColor(r: 0, g: 0, b: 255))
    square.style.strokeWidth = 4
    square.style.opacity = 0.5
    let document = Document(canvas: Canvas(width: 20, height: 20), curves: [square], animation: Document.AnimationRecord(AnimationSettings()))
    let image = try DrawingRenderer(document: document, width: 20, height: 20).render()
    #expect(image[5, 10] == RGBA8(r: 0, g: 0, b: 255, a: 128), "the stroke's inner half, over the fill: \(image[5, 10])")
    #expect(image[3, 10] == RGBA8(r: 0, g: 0, b: 255, a: 128), "its outer half")
    #expect(image[10, 10] == RGBA8(r: 255, g: 0, b: 0, a: 128), "the fill alone")
  }
}
