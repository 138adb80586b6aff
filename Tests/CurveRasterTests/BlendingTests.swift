import SeededRandom
import Testing

@testable import CurveRaster

struct BlendingTests {
  @Test func everyChannelIsTheRoundedExactBlend() {
    for alpha in stride(from: UInt32(0), through: 255, by: 17) {
      for value in stride(from: UInt32(0), through: 255, by: 15) {
        let destination = 0xFF00_0000 | value << 16 | (255 - value) << 8 | value / 2
        let blended = Blending.blend(destination, 0xFF10_E080, alpha: alpha)
        for (shift, source) in [(16, UInt32(0x10)), (8, 0xE0), (0, 0x80)] as [(UInt32, UInt32)] {
          let exact = (Double(source) * Double(alpha) + Double((destination >> shift) & 0xFF) * Double(255 - alpha)) / 255
          #expect(Double((blended >> shift) & 0xFF) == exact.rounded(), "alpha \(alpha), value \(value), shift \(shift)")
        }
        #expect(blended >> 24 == 255)
      }
    }
  }

  /// The band renderer blends a whole block of 8 pixels, covered or not: alpha 0 must leave
  /// any pixel exactly as it was, translucent ones too.
  @Test func alphaZeroLeavesEveryPixelAsItWas() {
    var random = SplitMix64(seed: 8)
    for _ in 0..<10_000 {
      let destination = UInt32(truncatingIfNeeded: random.next()), source = UInt32(truncatingIfNeeded: random.next()) | 0xFF00_0000
      #expect(Blending.blend(destination, source, alpha: 0) == destination)
    }
  }
}
