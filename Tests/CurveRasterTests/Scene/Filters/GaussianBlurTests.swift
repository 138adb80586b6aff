import Testing

@testable import CurveRaster

/// The blur as Filter Effects 1 defines it, whichever way its passes are split up.
struct GaussianBlurTests {
  @Test func boxesHaveTheSpecificationsWidth() {
    // d = ⌊s · 3√(2π)/4 + 0.5⌋: 4 for s = 2 (even: two boxes off centre, then one wider), 5
    // for s = 2.5 (odd: three centred boxes).
    #expect(GaussianBlur.boxes(deviation: 2).map { [$0.before, $0.after] } == [[2, 1], [1, 2], [2, 2]])
    #expect(GaussianBlur.boxes(deviation: 2.5).map { [$0.before, $0.after] } == [[2, 2], [2, 2], [2, 2]])
  }

  /// The pass down copies 64 columns at a time: columns that start alike end alike, in every
  /// band and the last, narrower one.
  @Test func everyBandOfColumnsIsBlurredAlike() {
    let width = 150, height = 40
    var pixels = (0..<width * height).map { index -> SIMD4<Float> in (index / width) % 7 == 0 ? SIMD4(repeating: 1) : .zero }
    GaussianBlur.apply(to: &pixels, width: width, height: height, deviationX: 0, deviationY: 3)
    for y in 0..<height {
      let row = pixels[y * width..<(y + 1) * width]
      #expect(row.allSatisfy { $0 == row.first! }, "row \(y)")
    }
  }

  /// Blurring across then down is blurring down then across: the result at each pixel is the
  /// product of the two profiles.
  @Test func theTwoPassesMakeTheProductOfTheirProfiles() {
    let size = 41
    var dot = [SIMD4<Float>](repeating: .zero, count: size * size)
    dot[20 * size + 20] = SIMD4(repeating: 1)
    var across = dot, down = dot, both = dot
    GaussianBlur.apply(to: &across, width: size, height: size, deviationX: 4, deviationY: 0)
    GaussianBlur.apply(to: &down, width: size, height: size, deviationX: 0, deviationY: 1.5)
    GaussianBlur.apply(to: &both, width: size, height: size, deviationX: 4, deviationY: 1.5)
    for y in 0..<size {
      for x in 0..<size {
        let product = across[20 * size + x].w * down[y * size + 20].w
        #expect(abs(both[y * size + x].w - product) < 1e-6, "(\(x), \(y))")
      }
    }
    let total = both.reduce(Float(0)) { $0 + $1.w }
    #expect(abs(total - 1) < 1e-4, "nothing lost: the dot stays whole inside the image")
  }
}
