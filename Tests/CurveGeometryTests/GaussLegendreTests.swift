import Foundation
import Testing

@testable import CurveGeometry

/// The one integrator behind every arc length: exact where the rule is, within the accuracy
/// asked where it adapts, and its pieces tile the interval in order.
struct GaussLegendreTests {
  @Test func theRuleIsExactForPolynomialsOfDegree31() {
    // ∫ from -1 to 2 of t³¹ = (2³² − 1) / 32.
    let integral = GaussLegendre.integral(-1, 2) { t in pow(t, 31) }
    let exact = (4_294_967_296.0 - 1) / 32
    #expect(abs(integral - exact) <= 1e-12 * exact)
    // The tabulated weights sum to 1 within the rounding of their 16 digits.
    #expect(abs(GaussLegendre.integral(0, 3) { _ in 2 } - 6) <= 1e-14)
  }

  @Test func adaptivePiecesTileTheIntervalAndSumWithinTheAccuracy() {
    // √t has an unbounded derivative at 0: the rule alone is off there, the pieces are not.
    var pieces: [GaussLegendre.Piece] = []
    GaussLegendre.adaptive(0, 4, accuracy: 1e-10, of: { $0.squareRoot() }) { pieces.append($0) }
    #expect(pieces.first?.a == 0 && pieces.last?.b == 4)
    #expect(zip(pieces, pieces.dropFirst()).allSatisfy { $0.b == $1.a && $0.a < $0.b })
    // ∫ from 0 to 4 of √t = 16 / 3.
    let sum = pieces.reduce(0) { $0 + $1.integral }
    #expect(abs(sum - 16.0 / 3) <= 1e-10)
    #expect(abs(GaussLegendre.integral(0, 4) { $0.squareRoot() } - 16.0 / 3) > 1e-10)
  }

  @Test func aSmoothIntegrandIsAcceptedAtOnce() {
    var pieces: [GaussLegendre.Piece] = []
    GaussLegendre.adaptive(1, 3, accuracy: 1e-9, of: { 3 * $0 * $0 }) { pieces.append($0) }
    // Halves of the whole, each exact for a quadratic: ∫ from 1 to 3 of 3t² = 26.
    #expect(pieces.map(\.a) == [1, 2] && pieces.map(\.b) == [2, 3])
    #expect(abs(pieces.reduce(0) { $0 + $1.integral } - 26) <= 1e-12)
  }
}
