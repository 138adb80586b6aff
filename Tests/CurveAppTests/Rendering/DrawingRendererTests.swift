@testable import CurveApp
import CurveFeature
import CurveRaster
@testable import CurveRender
@testable import CurveSVG
import Foundation
import Testing

/// `DrawingRenderer` records a large drawing in chunks, one a core; the chunks must still
/// stack in document order.
@MainActor
struct DrawingRendererTests {
  /// 1,200 squares over the whole canvas, each covering the one before: only the last shows,
  /// red, whichever core recorded it.
  @Test func aDrawingRecordedInChunksStacksInDocumentOrder() throws {
    let count = DrawingRenderer.curvesPerChunk * 2 + 200
    let square = [(0.0, 0.0), (40, 0), (40, 40), (0, 40)]
    let curves = (0..<count).map { index in
      let color = index == count - 1 ? RGBColor(r: 255, g: 0, b: 0) : RGBColor(r: 0, g: 0, b: 255)
      return Document.CurveRecord(
        id: UUID(), style: CurveStyle(fill: .color(color), stroke: CurveStyle.Paint.none),
        subpaths: [Document.SubpathRecord(closed: true, points: square.map { Document.PointRecord(id: UUID(), x: $0.0, y: $0.1, node: .corner) })]
      )
    }
    let document = Document(canvas: Canvas(width: 40, height: 40), curves: curves, animation: Document.AnimationRecord(AnimationSettings()))
    let image = try DrawingRenderer(document: document, width: 40, height: 40).render()
    for (x, y) in [(0, 0), (20, 20), (39, 39)] {
      #expect(image[x, y] == RGBA8(r: 255, g: 0, b: 0), "(\(x), \(y))")
    }
  }
}

/// Colour drawings drawn alone: embedded images, groups as layers, and what paints nothing.
@MainActor
struct ColourDrawingRenderTests {
  /// A 2 × 2 PNG (red, green / blue, white) as a `data:` URI.
  static func quadrantsPNG() throws -> String {
    var image = PixelBuffer(width: 2, height: 2)
    image.pixels = [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF]
    return "data:image/png;base64," + (try PNGFile.encode(image)).base64EncodedString()
  }

  static func render(_ svg: String, size: Int) throws -> PixelBuffer {
    let document = try SVGImport.document(from: Data(svg.utf8))
    return try DrawingRenderer(document: document, width: size, height: size).render()
  }

  @Test func anEmbeddedPNGIsDrawnInItsViewportPixelForPixel() throws {
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><image x="10" y="10" width="20" height="20" href="\#(try Self.quadrantsPNG())"/></svg>"#
    let image = try Self.render(svg, size: 40)
    #expect(image[12, 12] == RGBA8(r: 255, g: 0, b: 0))
    #expect(image[27, 12] == RGBA8(r: 0, g: 255, b: 0))
    #expect(image[12, 27] == RGBA8(r: 0, g: 0, b: 255))
    #expect(image[27, 27] == RGBA8(r: 255, g: 255, b: 255))
    #expect(image[5, 5].a == 0, "nothing outside the viewport")
  }

  @Test func aSliceFillsTheViewportAndIsClippedToIt() throws {
    // A 2 × 2 image sliced into a 20 × 10 viewport: scaled by 10 to 20 × 20 from y 5, its
    // middle band shown (mostly red at the top, mostly blue at the bottom, blended between).
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><image x="10" y="10" width="20" height="10" preserveAspectRatio="xMidYMid slice" href="\#(try Self.quadrantsPNG())"/></svg>"#
    let image = try Self.render(svg, size: 40)
    #expect(image[12, 10].r > 220 && image[12, 10].b < 40 && image[12, 10].a == 255)
    #expect(image[12, 19].b > 220 && image[12, 19].r < 40)
    #expect(image[12, 21].a == 0 && image[12, 8].a == 0, "clipped to the viewport")
  }

  @Test func aGroupOpacityIsOneLayerAndAShapeThatPaintsNothingIsNotDrawn() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="white"/>
      <g opacity="0.5"><rect width="30" height="30" fill="blue"/><rect x="10" y="10" width="30" height="30" fill="blue"/></g>
      <rect x="0" y="35" width="5" height="5" fill="none"/></svg>
      """
    let image = try Self.render(svg, size: 40)
    // The overlap is no darker than either square alone.
    #expect(image[5, 5] == image[20, 20] && image[20, 20] == image[35, 35])
    #expect((126...129).contains(image[20, 20].r) && image[20, 20].b == 255)
    #expect(image[2, 38] == RGBA8(r: 255, g: 255, b: 255), "fill none: nothing over the white")
  }

  /// A 10-unit checkerboard tile (red top-left and bottom-right) from x = 5, drawn at 2
  /// pixels a unit: each 5-unit square is 10 pixels, repeating every 20 in both directions,
  /// and the pattern shows only inside the shape it fills.
  @Test func aPatternRepeatsItsTileFromItsCornerInsideTheShape() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">
      <pattern id="checks" patternUnits="userSpaceOnUse" x="5" width="10" height="10">
        <rect width="5" height="5" fill="red"/><rect x="5" y="5" width="5" height="5" fill="red"/>
        <rect x="5" width="5" height="5" fill="blue"/><rect y="5" width="5" height="5" fill="blue"/>
      </pattern>
      <rect x="0" y="0" width="35" height="40" fill="url(#checks)"/></svg>
      """
    let image = try Self.render(svg, size: 80)
    let red = RGBA8(r: 255, g: 0, b: 0), blue = RGBA8(r: 0, g: 0, b: 255)
    // Pixel columns 10…19 hold the tile's first (red-topped) column; 0…9 the blue-topped one
    // of the tile before.
    for (x, y, color) in [(12, 2, red), (22, 2, blue), (12, 12, blue), (22, 12, red), (52, 42, red), (62, 42, blue), (2, 2, blue), (2, 12, red)] {
      #expect(image[x, y] == color, "(\(x), \(y))")
    }
    #expect(image[72, 40].a == 0, "nothing beyond the shape")
  }

  /// An SVG drawing as an image: a 10 × 10 one (red left half, blue right half) placed in a
  /// 20 × 10 viewport, meet: scaled by 1, centred across; drawn at 2 pixels a unit, crisp.
  @Test func anSVGImageIsDrawnAsItsCurvesAtTheSizeItShowsAt() throws {
    let inner = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5" height="10" fill="red"/><rect x="5" width="5" height="10" fill="blue"/></svg>"#
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">
      <image x="10" y="10" width="20" height="10" href="data:image/svg+xml;base64,\(Data(inner.utf8).base64EncodedString())"/></svg>
      """
    let image = try Self.render(svg, size: 80)
    // The drawing spans x 15…25: pixels 30…49, red to 39, blue from 40.
    #expect(image[31, 30] == RGBA8(r: 255, g: 0, b: 0) && image[39, 30] == RGBA8(r: 255, g: 0, b: 0))
    #expect(image[40, 30] == RGBA8(r: 0, g: 0, b: 255) && image[48, 38] == RGBA8(r: 0, g: 0, b: 255))
    #expect(image[28, 30].a == 0 && image[51, 30].a == 0, "nothing beyond the drawing")
  }
}

