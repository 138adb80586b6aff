import CurveGeometry
import Testing

@Suite struct UTF8SearchTests {
  @Test func theFirstOccurrenceIsFoundWhereFirstRangeFindsIt() {
    let text = "fill:url(#a) url(#b)"
    let range = text.utf8Range(of: "url(")
    #expect(range == text.firstRange(of: "url("))
    #expect(range.map { String(text[$0.upperBound...]) } == "#a) url(#b)")
  }

  @Test func aPartialMatchBeforeTheWholeOneIsSkipped() {
    let text = "xMixMid YMax"
    #expect(text.utf8Range(of: "xMid").map { text.distance(from: text.startIndex, to: $0.lowerBound) } == 3)
    #expect(text.containsUTF8("YMax"))
    #expect(!text.containsUTF8("YMid"))
    #expect(!"YMa".containsUTF8("YMax"))
  }

  @Test func aSubstringIsSearchedInItsOwnBounds() {
    let text = "/* a */ b /* c */"
    let tail = text.dropFirst(8)
    #expect(tail.utf8Range(of: "/*").map { text.distance(from: text.startIndex, to: $0.lowerBound) } == 10)
    #expect(!text.prefix(6).containsUTF8("*/"))
  }

  @Test func nonASCIITextIsComparedByItsBytes() {
    let text = "café → url(ü)"
    let range = text.utf8Range(of: "url(ü")
    #expect(range.map { String(text[$0]) } == "url(ü")
    #expect("".utf8Range(of: "a") == nil)
    #expect("abc".utf8Range(of: "") == "abc".startIndex..<"abc".startIndex)
  }
}
