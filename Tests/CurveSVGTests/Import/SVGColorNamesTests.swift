import CurveDocument
@testable import CurveSVG
import Testing

/// CSS's 148 colour names, searched by halves in one sorted list.
struct SVGColorNamesTests {
  @Test func theNamesAreInOrderEachWithItsColour() {
    #expect(SVGColor.names.count == 148)
    #expect(zip(SVGColor.names, SVGColor.names.dropFirst()).allSatisfy { $0.name < $1.name }, "sorted, no name twice")
  }

  @Test(arguments: [
    ("aliceblue", 0xf0f8ff), ("rebeccapurple", 0x663399), ("yellowgreen", 0x9acd32), ("green", 0x008000),
    ("grey", 0x808080), ("darkslategrey", 0x2f4f4f), ("lightgoldenrodyellow", 0xfafad2), ("tan", 0xd2b48c),
  ] as [(String, UInt32)])
  func aNameGivesItsColour(name: String, value: UInt32) {
    #expect(SVGColor.named(name) == value)
    #expect(SVGColor(name.uppercased()) == SVGColor(rgb: RGBColor(r: UInt8(value >> 16), g: UInt8((value >> 8) & 0xff), b: UInt8(value & 0xff))))
  }

  @Test func whatIsNoNameIsNoColour() {
    #expect(SVGColor.named("greenish") == nil)
    #expect(SVGColor.named("") == nil)
    #expect(SVGColor.named("zzz") == nil)
    #expect(SVGColor("notacolour") == nil)
  }
}
