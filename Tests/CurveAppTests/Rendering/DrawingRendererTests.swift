import CurveFeature
import CurveRaster
import Foundation
import Testing

@testable import CurveApp

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
