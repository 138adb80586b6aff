import CurveDocument
import CurveGeometry
import Foundation
import Testing

/// Texts as the editor holds them (groups of their glyphs) and back as a file holds them.
struct TextObjectTests {
  static func glyph(_ n: Int, at x: Double) -> Document.CurveRecord {
    let points = [(x, 0.0), (x + 5, 0), (x + 5, -10)].enumerated().map { index, point in
      Document.PointRecord(id: UUID(uuidString: String(format: "00000000-0000-0000-0001-%012x", n * 10 + index))!, x: point.0, y: point.1)
    }
    return Document.CurveRecord(id: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012x", n))!, subpaths: [Document.SubpathRecord(closed: true, points: points)], group: "layer")
  }

  /// A drawing of a curve, a kept text before it, a kept image after: as an import leaves it.
  static func drawing() -> Document {
    var document = Document(canvas: Canvas(width: 100, height: 100), curves: [glyph(1, at: 50)], animation: Document.AnimationRecord(AnimationSettings()))
    document.groups = [Group(id: "layer")]
    let text = KeptText(characters: "Hi", curves: [glyph(2, at: 0), glyph(3, at: 10)], group: "layer")
    document.kept = [
      KeptElement(name: "metadata", xml: "<metadata/>", before: nil),
      KeptElement(name: "text", xml: #"<text x="0" y="0">Hi</text>"#, before: glyph(1, at: 50).id, text: text, group: "layer"),
    ]
    return document
  }

  @Test func aKeptTextBecomesAGroupOfItsGlyphsInItsPlace() throws {
    let objects = Self.drawing().textsAsObjects()
    #expect(objects.kept.map(\.name) == ["metadata"])
    let group = try #require(objects.groups.first { $0.text != nil })
    #expect(group.id == "text1" && group.parent == "layer")
    #expect(group.text?.xml == #"<text x="0" y="0">Hi</text>"# && group.text?.characters == "Hi")
    // The glyphs before the curve the text stood before, in the text's group.
    #expect(objects.curves.map(\.id) == [Self.glyph(2, at: 0).id, Self.glyph(3, at: 10).id, Self.glyph(1, at: 50).id])
    #expect(objects.curves.map(\.group) == ["text1", "text1", "layer"])
  }

  @Test func unmovedTextsGoBackExactlyAsTheyWere() {
    let drawing = Self.drawing()
    let back = drawing.textsAsObjects().textsAsKept()
    #expect(back.kept == drawing.kept)
    #expect(back.curves == drawing.curves && back.groups == drawing.groups)
    // Its layout goes with it, for whatever draws the document next.
    #expect(back.kept[1].text?.curves.map(\.id) == [Self.glyph(2, at: 0).id, Self.glyph(3, at: 10).id])
  }

  @Test func aToolTextOnlyMovedHasItsPositionMovedAndATurnedOneATransform() throws {
    var document = Document(canvas: Canvas(width: 100, height: 100), curves: [Self.glyph(2, at: 0)], animation: Document.AnimationRecord(AnimationSettings()))
    var group = Group(id: "text1")
    group.text = TextObject(content: TextContent(x: 5, y: 6, lines: [[TextContent.Span("I")]]))
    group.transform = .translate(x: 10, y: 20)
    document.groups = [group]
    document.curves[0].group = "text1"
    let moved = document.textsAsKept()
    #expect(moved.groups.isEmpty && moved.curves.isEmpty)
    #expect(moved.kept.count == 1 && moved.kept[0].group == nil)
    #expect(moved.kept[0].xml.contains(#"x="15" y="26""#))
    // Its glyphs moved with it.
    #expect(moved.kept[0].text?.curves[0].subpaths[0].points[0].x == 10)

    document.groups[0].transform = Affine.rotate(degrees: 90)
    let turned = document.textsAsKept()
    #expect(turned.groups.isEmpty)
    #expect(turned.kept[0].group == nil && turned.kept[0].xml.hasPrefix(#"<g transform="matrix(0 1 -1 0 0 0)"><text "#))
    #expect(turned.kept[0].xml.contains(#"x="5" y="6""#))
    // Faded, it keeps its group: a layer.
    document.groups[0].opacity = 0.5
    let faded = document.textsAsKept()
    #expect(faded.groups.map(\.id) == ["text1"] && faded.groups[0].text == nil && faded.kept[0].group == "text1")
  }

  @Test func anEmptyTextIsNotWrittenAndOneWithoutGlyphsIs() {
    var document = Document(canvas: Canvas(width: 100, height: 100), curves: [], animation: Document.AnimationRecord(AnimationSettings()))
    var empty = Group(id: "text1"), spaces = Group(id: "text2")
    empty.text = TextObject(content: TextContent(x: 0, y: 0))
    spaces.text = TextObject(content: TextContent(x: 0, y: 0, lines: [[TextContent.Span("   ")]]))
    document.groups = [empty, spaces]
    let saved = document.textsAsKept()
    #expect(saved.groups.isEmpty)
    #expect(saved.kept.map(\.xml) == [spaces.text!.xml])
  }

  @Test func objectToPathKeepsTheGlyphsLabelledWithTheText() {
    let curves = Self.drawing().textsAsObjects().textObjectsAsCurves()
    #expect(curves.groups.first { $0.id == "text1" }?.label == "Hi")
    #expect(curves.groups.allSatisfy { $0.text == nil })
    #expect(curves.textsAsKept().curves.count == 3)
  }
}
