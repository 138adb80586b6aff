import CurveDocument
import Foundation
import Testing

/// An embedded image kept from a drawing is written once however many kept elements hold it
/// (Inkscape's `filters.svg` `<use>`s one PNG 219 times: 104 MB of JSON before, 52 MB now),
/// and read back whole.
struct SharedDataTests {
  static let png = "data:image/png;base64," + String(repeating: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ", count: 40)

  static func document() -> Document {
    var document = Document(canvas: Canvas(width: 100, height: 100), curves: [], animation: Document.AnimationRecord(totalSteps: 10, speed: 50))
    document.kept = (0..<3).map { index in
      let image = KeptImage(
        href: png, x: Double(index) * 10, y: 0, width: 10, height: 10, preserveAspectRatio: nil, transform: [1, 0, 0, 1, 0, 0], opacity: 1, group: nil)
      return KeptElement(name: "image", xml: #"<image x="\#(index * 10)" width="10" height="10" xlink:href="\#(png)"/>"#, before: nil, image: image)
    }
    document.kept.append(KeptElement(name: "text", xml: #"<text>#curves-data-9 is just text</text>"#, before: nil))
    document.namespaces = ["xlink": "http://www.w3.org/1999/xlink"]
    return document
  }

  @Test func anImageHeldSixTimesIsWrittenOnceAndReadBackWhole() throws {
    let document = Self.document()
    let text = String(decoding: try document.encoded(), as: UTF8.self)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(json["sharedData"] as? [String] == [Self.png], "the URI once")
    #expect(json["version"] as? Int == 6)
    let kept = try #require(json["kept"] as? [[String: Any]])
    #expect(kept.compactMap { ($0["image"] as? [String: Any])?["href"] as? String } == Array(repeating: "#curves-data-0#", count: 3))
    #expect(kept.allSatisfy { ($0["xml"] as? String)?.contains("base64") == false })
    let back = try Document.decode(Data(text.utf8))
    #expect(back.kept == document.kept)
  }

  @Test func shortDataStaysWhereItIsAndTheVersionStays() throws {
    var document = Self.document()
    document.kept = [KeptElement(name: "image", xml: #"<image xlink:href="data:image/png;base64,AAAA"/>"#, before: nil,
      image: KeptImage(href: "data:image/png;base64,AAAA", x: 0, y: 0, width: 1, height: 1, preserveAspectRatio: nil, transform: [1, 0, 0, 1, 0, 0], opacity: 1, group: nil))]
    let text = String(decoding: try document.encoded(), as: UTF8.self)
    #expect(text.contains(#""version" : 5"#) && !text.contains("sharedData"))
    #expect(try Document.decode(Data(text.utf8)).kept == document.kept)
  }
}
