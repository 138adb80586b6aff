import CurveGeometry
import Foundation
import Testing

@testable import CurveDocument

/// Masks on masks, and a group's blend, through the document format.
struct DocumentDecodingTests {
  static func square(_ size: Double) -> Document.CurveRecord {
    let corners = [(0.0, 0.0), (size, 0), (size, size), (0, size)]
    return Document.CurveRecord(
      id: UUID(), style: CurveStyle(fill: .color(RGBColor(r: 255, g: 255, b: 255))),
      subpaths: [Document.SubpathRecord(closed: true, points: corners.map { Document.PointRecord(id: UUID(), x: $0.0, y: $0.1, node: .corner) })]
    )
  }

  static func document(masks depth: Int) -> Document {
    var mask = Mask(usesLuminance: false, region: Rect(minX: 0, minY: 0, maxX: 5, maxY: 10), curves: [square(5)])
    for _ in 1..<depth { mask = Mask(curves: [square(10)], mask: mask) }
    var group = Group(id: "g")
    group.mask = mask
    var curve = square(10)
    curve.group = "g"
    var document = Document(canvas: Canvas(width: 10, height: 10), curves: [curve], animation: Document.AnimationRecord(AnimationSettings()))
    document.groups = [group]
    return document
  }

  @Test func aMaskOnAMaskSurvivesTheFormat() throws {
    let document = Self.document(masks: 3)
    let decoded = try Document.decode(try document.encoded())
    #expect(decoded.groups == document.groups)
    #expect(decoded.groups[0].mask?.mask?.mask?.usesLuminance == false)
    #expect(decoded.groups[0].mask?.allCurves.count == 3)
  }

  @Test func masksNestedTooDeepAreRefused() throws {
    let data = try Self.document(masks: Document.maximumMaskDepth + 1).encoded()
    #expect(throws: DocumentError.self) { try Document.decode(data) }
    _ = try Document.decode(try Self.document(masks: Document.maximumMaskDepth).encoded())
  }

  /// A blend in linear RGB (an SVG 1.1 filter's) is written only where it is one, and read
  /// back so; a file without the key blends in sRGB.
  @Test func aBlendInLinearRGBSurvivesTheFormat() throws {
    var document = Self.document(masks: 1)
    document.groups[0].blendMode = "multiply"
    document.groups[0].blendsInLinearRGB = true
    let data = try document.encoded()
    #expect(String(decoding: data, as: UTF8.self).contains(#""blendsInLinearRGB" : true"#))
    #expect(try Document.decode(data).groups[0].blendsInLinearRGB)
    document.groups[0].blendsInLinearRGB = false
    let plain = try document.encoded()
    #expect(!String(decoding: plain, as: UTF8.self).contains("blendsInLinearRGB"))
    #expect(try !Document.decode(plain).groups[0].blendsInLinearRGB)
  }
}
