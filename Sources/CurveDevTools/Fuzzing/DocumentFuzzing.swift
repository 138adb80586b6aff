import CurveFeature
import Foundation

/// Any bytes as a document file: `Document.decode` returns a document or a `DocumentError`
/// with a message. A document it returns keeps its limits (at most `Document.maximumCurves`
/// curves, finite coordinates), opens in the editor, and saves to a file that reads back as
/// the same document.
enum DocumentFuzzing {
  @MainActor
  static func check(_ bytes: [UInt8]) throws(FuzzFailure) {
    let document: Document
    do {
      document = try Document.decode(Data(bytes))
    } catch {
      try require(!error.description.isEmpty, "an error without a message: \(error)")
      return
    }
    try require(document.curves.count <= Document.maximumCurves, "\(document.curves.count) curves read")
    try require(
      document.curves.allSatisfy { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }, "a non-finite coordinate read"
    )
    try DocumentFuzzing.requireSavesAndReadsBack(Document(Editor.State(document: document, url: nil)), "the opened document")
  }

  /// `document` encodes, and the encoding decodes to the same document.
  static func requireSavesAndReadsBack(_ document: Document, _ what: String) throws(FuzzFailure) {
    let reread: Document
    do {
      reread = try Document.decode(try document.encoded())
    } catch {
      throw FuzzFailure("\(what) does not save and read back: \(error)")
    }
    try require(reread == document, "\(what) reads back changed")
  }
}
