import CurveDocument
import CurveGeometry
import CurveRaster
import CurveSVG
import Foundation
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

  /// A disc's rim pixels within 12/255 of their exact coverage (the disc's area in each pixel,
  /// by 16 × 16 samples), its whole area within 0.5%: a flattened curve's chords lie inside
  /// it, and at a fifth of a pixel's tolerance the rim lost up to 45/255 (librsvg's: 11).
  @Test func aDiscsRimIsCoveredAsMuchAsTheDiscCoversIt() throws {
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><circle cx="24" cy="24" r="20"/></svg>"#
    let document = try SVGImport.import(from: Data(svg.utf8)).document
    let image = try DrawingRenderer(document: document, width: 64, height: 64).render()
    let radius = 20.0 * 64 / 48, samples = 16
    var worst = 0.0, drawnArea = 0.0
    for y in 0..<64 {
      for x in 0..<64 {
        var inside = 0
        for row in 0..<samples {
          for column in 0..<samples {
            let dx = Double(x) + (Double(column) + 0.5) / Double(samples) - 32, dy = Double(y) + (Double(row) + 0.5) / Double(samples) - 32
            if dx * dx + dy * dy <= radius * radius { inside += 1 }
          }
        }
        let exact = Double(inside) / Double(samples * samples) * 255, drawn = Double(image[x, y].a)
        worst = max(worst, abs(drawn - exact))
        drawnArea += drawn / 255
      }
    }
    #expect(worst <= 12, "a rim pixel off its coverage by \(worst)/255")
    #expect(abs(drawnArea - Double.pi * radius * radius) <= 0.005 * Double.pi * radius * radius, "area \(drawnArea)")
  }
}
