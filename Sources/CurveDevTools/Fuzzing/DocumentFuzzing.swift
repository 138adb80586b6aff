import CurveFeature
import Foundation

/// Any bytes as a document file: `Document.decode` returns a document or a `DocumentError`
/// with a message. A document it returns keeps its limits (at most `Document.maximumCurves`
/// curves, finite coordinates), opens in the editor, and saves to a file that reads back as
/// the same document. A timeline plays: its frames keep every curve with finite points, and a
/// morph's keyframes, made to correspond, share their curve's form.
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
    if let timeline = document.timeline { try requirePlays(document, timeline) }
  }

  static func requirePlays(_ document: Document, _ timeline: Timeline) throws(FuzzFailure) {
    let corresponded = document.corresponded()
    for track in corresponded.timeline?.tracks ?? [] {
      guard let curve = corresponded.curves.first(where: { $0.id == track.curve }) else { continue }
      try require(track.isUniform(with: curve), "a morph's keyframes do not share their curve's form once made to correspond")
    }
    for time in [0, timeline.duration / 3, timeline.duration * 0.99, timeline.duration] {
      let frame = document.frame(at: time)
      try require(frame.curves.count == document.curves.count, "a frame at \(time) s has \(frame.curves.count) curves")
      try require(frame.curves.allSatisfy { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }, "a non-finite point at \(time) s")
    }
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
