import Testing

@testable import CurveRaster

/// CSS's blend modes on opaque and translucent pixels, against Compositing and Blending's
/// formulas.
struct BlendModeTests {
  static let red: UInt32 = 0xFFFF_0000, grey: UInt32 = 0xFF80_8080, white: UInt32 = 0xFFFF_FFFF

  @Test func separableModesOnOpaquePixels() {
    #expect(BlendMode.multiply.composite(Self.grey, Self.red, factor: 1) == 0xFF80_0000)
    #expect(BlendMode.screen.composite(Self.grey, Self.red, factor: 1) == 0xFFFF_8080)
    #expect(BlendMode.darken.composite(Self.grey, Self.red, factor: 1) == 0xFF80_0000)
    #expect(BlendMode.lighten.composite(Self.grey, Self.red, factor: 1) == 0xFFFF_8080)
    #expect(BlendMode.difference.composite(Self.white, Self.red, factor: 1) == 0xFF00_FFFF)
    #expect(BlendMode.normal.composite(Self.grey, Self.red, factor: 1) == Self.red)
  }

  @Test func aTransparentBackdropShowsTheSourceAsItIs() {
    for mode in BlendMode.allCases {
      #expect(mode.composite(0, Self.red, factor: 1) == Self.red, "\(mode)")
    }
  }

  @Test func halfTheSourceMixesHalfOfTheBlend() {
    // Multiply of red over white is red; at half, half red over white.
    let half = BlendMode.multiply.composite(Self.white, Self.red, factor: 0.5)
    #expect(half >> 24 == 0xFF && (half >> 16) & 0xFF == 0xFF && (127...128).contains((half >> 8) & 0xFF))
  }

  /// A filter's blend mixes in linear RGB: multiply of red at 94% over white leaves 6% of
  /// green and blue in linear light, 69 of 255 in sRGB (librsvg's pixel for Inkscape's
  /// `blend_modes.svg`), where CSS's sRGB mix leaves 15.
  @Test func aBlendInLinearRGBMixesLinearLight() {
    let red94: UInt32 = 0xF0F0_0000  // premultiplied: alpha 240, red 240
    let linear = BlendMode.multiply.composite(Self.white, red94, factor: 1, inLinearRGB: true)
    let srgb = BlendMode.multiply.composite(Self.white, red94, factor: 1)
    #expect(linear >> 24 == 0xFF && (linear >> 16) & 0xFF == 0xFF)
    #expect((68...70).contains((linear >> 8) & 0xFF) && (68...70).contains(linear & 0xFF), "\(String(linear, radix: 16))")
    #expect((14...16).contains((srgb >> 8) & 0xFF), "\(String(srgb, radix: 16))")
    // Opaque colours at the ends of each channel mix alike in both spaces.
    #expect(BlendMode.screen.composite(Self.red, 0xFF00_FF00, factor: 1, inLinearRGB: true) == 0xFFFF_FF00)
  }

  @Test func luminosityKeepsTheBackdropsHueAndTakesTheSourcesLightness() {
    let result = BlendMode.luminosity.composite(Self.red, Self.white, factor: 1)
    #expect(result == Self.white, "white's luminosity on red is white")
    let grey = BlendMode.color.composite(Self.grey, Self.red, factor: 1)
    // Red's hue and saturation at the grey's luminosity: reddish, not grey.
    #expect((grey >> 16) & 0xFF > (grey >> 8) & 0xFF)
  }
}
