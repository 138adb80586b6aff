import Foundation
import Testing

@testable import CurveSVG

/// One scanner for SVG's numbers, wherever an attribute holds them: SVG's grammar, never
/// `Double(_:)`'s (no infinities, NaN or hexadecimal).
struct SVGNumbersTests {
  @Test func aNumberIsSVGsGrammarAndNothingElse() {
    #expect(SVGNumbers.number(" 12.5e1 ") == 125)
    #expect(SVGNumbers.number("-.5") == -0.5)
    #expect(SVGNumbers.number("+3.") == 3)
    for text in ["inf", "-inf", "infinity", "nan", "NaN", "0x1p3", "0x10", "1e999", "", " ", "1 2", "1e", "."] {
      #expect(SVGNumbers.number(text) == nil, "\(text) is not an SVG number")
    }
    #expect(Double("0x1p3") == 8 && Double("inf") == .infinity, "what Double(_:) would have read")
  }

  /// Numbers the exact fast path converts and those it hands to `Double(_:)` read alike:
  /// exponents, many digits, a point moved more than 22 places.
  @Test func everyNumberReadsAsDoubleReadsIt() {
    let texts = [
      "0", "007", "1E+2", "2.5e-3", "-.5e-1", "123456789012345", "1234567890123456789", "0.1", "0.30000000000000004",
      "1.000000000000000000000001", "0.00000000000000000000000123", "9007199254740993", "-0", "1e-320",
    ]
    for text in texts {
      #expect(SVGNumbers.number(text) == Double(text), "\(text)")
    }
    #expect(SVGNumbers.number("-0")?.sign == .minus)
  }

  /// A number read from part of some bytes stops at the part's end, not the bytes'.
  @Test func aRangeOfBytesIsReadAlone() {
    let bytes = Array("12 345e1 6".utf8)
    #expect(SVGNumbers.number(bytes, in: 3..<8) == 3450)
    #expect(SVGNumbers.number(bytes, in: 3..<6) == 345, "the exponent's letter is past the range")
    #expect(SVGNumbers.number(bytes, in: 3..<7) == nil, "an \"e\" at the end is not part of the number")
    #expect(SVGNumbers.number(bytes, in: 0..<8) == nil)
    #expect(SVGNumbers.number(bytes, in: 2..<2) == nil)
  }

  @Test func aListReadsTheLongestNumbersUpToItsFirstError() {
    let list = SVGNumbers.list("10-20.5.5,1e2")
    #expect(list.numbers == [10, -20.5, 0.5, 100] && list.error == nil)
    let broken = SVGNumbers.list("1 2 x 3")
    #expect(broken.numbers == [1, 2] && broken.error?.offset == 4 && broken.error?.expected == "a number")
    #expect(SVGNumbers.list("1, 2,").error?.expected == "a number after the comma")
    #expect(SVGNumbers.list("1 2 3", limit: 2).numbers == [1, 2])
    #expect(SVGNumbers.all("0 .5, 1") == [0, 0.5, 1])
    #expect(SVGNumbers.all("0 inf 1") == nil)
    #expect(SVGNumbers.all("") == [])
  }

  /// SMIL's key times, splines, values and clock values are read by the same scanner: an
  /// animation whose key times are not SVG numbers is not read, and the import says so.
  @Test func smilReadsNumbersAsSVGDoes() throws {
    #expect(SMILImport.clockValue("0x1p1s") == nil && SMILImport.clockValue("infs") == nil && SMILImport.clockValue("1e1ms") == 0.01)
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
        <path d="M 0 0 L 10 0"><animate attributeName="opacity" values="0;0.5;1" keyTimes="0;0x1p-1;1" dur="1s"/></path>
        <path d="M 0 9 L 10 9"><animate attributeName="opacity" values="0;1" keySplines="0 0 inf 1" calcMode="spline" dur="1s"/></path>
      </svg>
      """
    let (document, repairs) = try SVGImport.import(from: Data(svg.utf8))
    #expect(document.timeline == nil)
    #expect(repairs.contains { $0.contains("whose keyTimes do not fit its values is not read") }, "\(repairs)")
    #expect(repairs.contains { $0.contains("whose keySplines do not fit its values is not read") }, "\(repairs)")
  }
}
