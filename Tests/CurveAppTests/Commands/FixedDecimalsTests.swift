import CurveCommandLine
import Testing

/// Numbers with a fixed count of decimals, rounded as printf's `%.Nf` rounds them: the
/// binary value, halves to even.
struct FixedDecimalsTests {
  @Test func decimalsAreRoundedAsPrintfRoundsThem() {
    #expect(3.14159.fixed(2) == "3.14")
    #expect(2.5.fixed(0) == "2")
    #expect(1.005.fixed(2) == "1.00", "1.005 is 1.00499999… in binary")
    #expect((-0.25).fixed(1) == "-0.2")
    #expect(7.0.fixed(3) == "7.000")
  }

  /// 1e300 has 301 digits before the point: none is cut.
  @Test func aLongNumberIsWrittenWhole() {
    let text = 1e300.fixed(1)
    #expect(text.count == 303 && text.hasPrefix("100000000000000005") && text.hasSuffix(".0"))
  }
}
