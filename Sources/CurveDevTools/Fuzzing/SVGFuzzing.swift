import CurveFeature
import CurveSVG
import Foundation

/// Any bytes as an SVG file: `SVGImport` returns a document or an `SVGImportError` with a
/// message, never a partial document; a document it returns passes `Document.decode`'s checks
/// (it saves and reads back unchanged).
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
  }
}
