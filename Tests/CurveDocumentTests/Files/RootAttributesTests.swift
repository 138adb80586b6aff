import CurveDocument
import Foundation
import Testing

/// The root `<svg>`'s kept attributes (`Document.rootAttributes`) in the document's JSON:
/// written under "rootAttributes" when there are any, read back as they were.
struct RootAttributesTests {
  @Test func keptRootAttributesAreWrittenAndReadBackAndLeftOutWhenThereAreNone() throws {
    var document = Document(canvas: Canvas(width: 16, height: 16), curves: [], animation: Document.AnimationRecord(totalSteps: 10, speed: 50))
    let plain = String(decoding: try document.encoded(), as: UTF8.self)
    #expect(!plain.contains("rootAttributes"))
    #expect(try Document.decode(Data(plain.utf8)).rootAttributes == [:])
    document.rootAttributes = ["width": "48", "height": "48", "inkscape:version": "1.2"]
    let text = String(decoding: try document.encoded(), as: UTF8.self)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(json["rootAttributes"] as? [String: String] == ["width": "48", "height": "48", "inkscape:version": "1.2"])
    #expect(try Document.decode(Data(text.utf8)).rootAttributes == document.rootAttributes)
  }
}
