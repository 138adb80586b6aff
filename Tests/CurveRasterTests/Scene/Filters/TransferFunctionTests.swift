import Testing

@testable import CurveRaster

/// feComponentTransfer's functions, against the values Filter Effects 1 (15.11) gives.
struct TransferFunctionTests {
  @Test func aTableRunsStraightBetweenItsValues() {
    let table = TransferFunction.table([0, 1, 0.5])
    #expect(table(0) == 0 && table(0.5) == 1 && table(1) == 0.5)
    #expect(abs(table(0.25) - 0.5) < 1e-6, "halfway along the first of two pieces")
    #expect(abs(table(0.75) - 0.75) < 1e-6)
  }

  @Test func discreteStepsAreEqualWidths() {
    let steps = TransferFunction.discrete([0.1, 0.5, 0.9])
    #expect(steps(0) == 0.1 && steps(0.33) == 0.1)
    #expect(steps(0.34) == 0.5 && steps(0.66) == 0.5)
    #expect(steps(0.67) == 0.9 && steps(1) == 0.9, "the last value holds at 1")
  }

  @Test func linearAndGammaAreClampedToTheUnit() {
    #expect(TransferFunction.linear(slope: 0.5, intercept: 0.25)(0.5) == 0.5)
    #expect(TransferFunction.linear(slope: 2, intercept: 0.5)(0.5) == 1, "1.5 clamped")
    #expect(TransferFunction.gamma(amplitude: 2, exponent: 2, offset: 0.1)(0.5) == 0.6)
    #expect(TransferFunction.gamma(amplitude: 1, exponent: 1, offset: -1)(0.5) == 0, "-0.5 clamped")
  }

  @Test func notANumberReadsAsZero() {
    #expect(TransferFunction.gamma(amplitude: 0, exponent: -1, offset: 0)(0) == 0, "0 · ∞")
    #expect(TransferFunction.table([0.2, 1])(.nan) == 0.2)
  }

  @Test func noValuesIsTheIdentityAndOneIsAConstant() {
    #expect(TransferFunction.table([])(0.3) == 0.3)
    #expect(TransferFunction.discrete([])(0.3) == 0.3)
    #expect(TransferFunction.table([0.7])(0.3) == 0.7)
  }
}
