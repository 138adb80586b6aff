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

  @Test func luminosityKeepsTheBackdropsHueAndTakesTheSourcesLightness() {
    let result = BlendMode.luminosity.composite(Self.red, Self.white, factor: 1)
    #expect(result == Self.white, "white's luminosity on red is white")
    let grey = BlendMode.color.composite(Self.grey, Self.red, factor: 1)
    // Red's hue and saturation at the grey's luminosity: reddish, not grey.
    #expect((grey >> 16) & 0xFF > (grey >> 8) & 0xFF)
  }
}
