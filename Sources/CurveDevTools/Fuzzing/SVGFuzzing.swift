import CurveFeature
import CurveRaster
import CurveRender
import CurveSVG
import Foundation

/// Any bytes as an SVG file: `SVGImport` returns a document or an `SVGImportError` with a
/// message, never a partial document; a document it returns passes `Document.decode`'s checks
/// (it saves and reads back unchanged), and draws (48 pixels square: its filters, masks and
/// paint servers run on whatever numbers the file gave) or says why not.
enum SVGFuzzing {
  static func check(_ bytes: [UInt8]) throws(FuzzFailure) {
    let document: Document
    do {
      document = try SVGImport.document(from: Data(bytes))
    } catch {
      try require(!error.description.isEmpty, "an error without a message: \(error)")
      return
    }
    try DocumentFuzzing.requireSavesAndReadsBack(document, "the imported document")
    let image: PixelBuffer
    do throws(RenderError) {
      image = try DrawingRenderer(document: document, width: 48, height: 48).renderPremultiplied()
    } catch {
      try require(!error.description.isEmpty, "a render error without a message: \(error)")
      return
    }
    try require(image.pixels.count == 48 * 48, "a drawing of \(image.pixels.count) pixels for 48 x 48")
  }
}
