@testable import CurveSVG
import Testing

/// The `filter` property's list read as resvg reads it: references and CSS filter functions
/// separated by white space, and any error leaving the whole list out.
struct SVGFilterListTests {
  @Test func referencesAndFunctionsInOrder() {
    #expect(SVGFilterList.parse("url(#shadow) grayscale(50%) blur(2mm)") == [.reference("shadow"), .grayscale(0.5), .blur("2mm")])
    #expect(SVGFilterList.parse("none") == [])
  }

  @Test func amountsArePercentagesOrNumbersAndOneByDefault() {
    #expect(SVGFilterList.parse("sepia() invert(0.25) opacity(200%) saturate(3) brightness(150%) contrast(0)")
      == [.sepia(1), .invert(0.25), .opacity(1), .saturate(3), .brightness(1.5), .contrast(0)])
  }

  @Test func anglesNeedAUnitButZero() {
    #expect(SVGFilterList.parse("hue-rotate(90deg) hue-rotate(100grad) hue-rotate(0.5turn) hue-rotate(0) hue-rotate()")
      == [.hueRotate(degrees: 90), .hueRotate(degrees: 90), .hueRotate(degrees: 180), .hueRotate(degrees: 0), .hueRotate(degrees: 0)])
    #expect(SVGFilterList.parse("hue-rotate(45)") == nil)
  }

  @Test func aDropShadowsColourComesFirstOrLast() {
    #expect(SVGFilterList.parse("drop-shadow(rgb(0, 0, 255) 2 3 4)") == [.dropShadow(color: "rgb(0, 0, 255)", dx: "2", dy: "3", deviation: "4")])
    #expect(SVGFilterList.parse("drop-shadow(1em 2mm green)") == [.dropShadow(color: "green", dx: "1em", dy: "2mm", deviation: nil)])
  }

  @Test func anErrorAnywhereLeavesTheWholeListOut() {
    #expect(SVGFilterList.parse("grayscale(1) blur(-2)") == nil, "a negative length")
    #expect(SVGFilterList.parse("blur(10%)") == nil, "a percentage length")
    #expect(SVGFilterList.parse("grayscale(1), blur(2)") == nil, "a comma between items")
    #expect(SVGFilterList.parse("drop-shadow(red, 10, 15)") == nil, "commas between arguments")
    #expect(SVGFilterList.parse("drop-shadow(blue 4 5 6 7)") == nil, "a fourth length")
    #expect(SVGFilterList.parse("fuzz(1)") == nil, "an unknown function")
    #expect(SVGFilterList.parse("grayscale(1") == nil, "an unclosed parenthesis")
  }
}
