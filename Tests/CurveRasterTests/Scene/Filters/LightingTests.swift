import Testing

@testable import CurveRaster

/// Lighting against the definitions and against resvg's drawing of the same light.
struct LightingTests {
  /// A 16 × 16 layer with an opaque black square from (4, 4) to (12, 12).
  static let square: [UInt32] = (0..<256).map { index in
    (4..<12).contains(index % 16) && (4..<12).contains(index / 16) ? 0xFF00_0000 : 0
  }

  static func lit(_ lighting: Lighting) -> [UInt32] {
    FilterEffect(region: PixelRect(x: 0, y: 0, width: 16, height: 16), steps: [.init(.lighting(lighting))], usesLinearRGB: false)
      .apply(to: square, width: 16, height: 16)
  }

  /// Premultiplied bytes: red, green, blue, alpha.
  static func bytes(_ pixel: UInt32) -> [Int] {
    [Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF), Int(pixel >> 24)]
  }

  @Test func diffuseLightOnAFlatSurfaceIsTheSineOfItsElevation() {
    let lighting = Lighting(reflection: .diffuse(constant: 1), surfaceScale: 1, color: SIMD3(1, 1, 1), light: .distant(azimuth: 0, elevation: 30))
    let pixels = Self.lit(lighting)
    #expect(Self.bytes(pixels[0]) == [128, 128, 128, 255], "N · L = sin 30° = 0.5, and diffuse light is opaque")
    #expect(Self.bytes(pixels[8 * 16 + 8]) == [128, 128, 128, 255], "the square's flat top too")
    // Its left side rises towards a light from +x: lit more than flat ground.
    #expect(Self.bytes(pixels[8 * 16 + 4])[0] < 128 && Self.bytes(pixels[8 * 16 + 11])[0] > 128)
  }

  /// A slope measured over a quarter of a pixel (`kernelUnitLength` 1 drawn at a quarter
  /// scale, Inkscape's `turbulence_filters.svg` at 200 pixels) is a quarter as steep: a light
  /// straight above lights the square's left edge, where Sobel's slope is 1 (alpha 0 to 1
  /// across two pixels, times the kernel's 1/4 · 2), by N · L = 1 / √(1 + (surfaceScale · k)²):
  /// 62 of 255 a pixel, 180 a quarter of one.
  @Test func aKernelUnitScalesTheSlope() {
    func edge(kernelUnit: Double) -> Int {
      let lighting = Lighting(
        reflection: .diffuse(constant: 1), surfaceScale: 4, color: SIMD3(1, 1, 1), light: .distant(azimuth: 0, elevation: 90),
        kernelUnit: kernelUnit
      )
      return Self.bytes(Self.lit(lighting)[8 * 16 + 4])[0]
    }
    func expected(_ k: Double) -> Int { Int((255 / (1 + (4 * k) * (4 * k)).squareRoot()).rounded()) }
    #expect(abs(edge(kernelUnit: 1) - expected(1)) <= 1, "\(edge(kernelUnit: 1))")
    #expect(abs(edge(kernelUnit: 0.25) - expected(0.25)) <= 1, "\(edge(kernelUnit: 0.25))")
    #expect(edge(kernelUnit: 0.25) > edge(kernelUnit: 1))
  }

  /// resvg-cli 0.44 on `<feSpecularLighting surfaceScale="4" specularConstant="1.5"
  /// specularExponent="4" lighting-color="#ffc080"><fePointLight x="4" y="5" z="6"/>` over
  /// the square, in sRGB: the same premultiplied bytes.
  @Test func aSpecularPointLightIsResvgs() {
    let lighting = Lighting(
      reflection: .specular(constant: 1.5, exponent: 4), surfaceScale: 4, color: SIMD3(1, 0xC0, 0x80) / SIMD3(1, 255, 255),
      light: .point(SIMD3(4, 5, 6))
    )
    let pixels = Self.lit(lighting)
    let expected: [(x: Int, y: Int, rgba: [Int])] = [
      (0, 0, [255, 204, 136, 255]), (4, 5, [1, 1, 1, 1]), (8, 8, [180, 135, 90, 180]), (3, 8, [0, 0, 0, 0]),
      (12, 12, [0, 0, 0, 0]), (11, 4, [3, 2, 1, 3]),
    ]
    for (x, y, rgba) in expected {
      let ours = Self.bytes(pixels[y * 16 + x])
      #expect(zip(ours, rgba).allSatisfy { abs($0 - $1) <= 1 }, "pixel (\(x), \(y)): \(ours), resvg \(rgba)")
    }
  }

  @Test func aSpotLightIsDarkOutsideItsCone() {
    let spot = Lighting.Light.spot(SIMD3(8, 8, 10), pointsAt: SIMD3(8, 8, 0), exponent: 1, coneAngle: 20)
    let pixels = Self.lit(Lighting(reflection: .diffuse(constant: 1), surfaceScale: 0, color: SIMD3(1, 1, 1), light: spot))
    #expect(Self.bytes(pixels[8 * 16 + 8])[0] == 255, "straight under it")
    // tan 20° · 10 ≈ 3.6 pixels: 3 away is lit, 5 away is not.
    #expect(Self.bytes(pixels[8 * 16 + 11])[0] > 0)
    #expect(Self.bytes(pixels[8 * 16 + 13]) == [0, 0, 0, 255])
  }

  @Test func aLayerNarrowerThanThreePixelsHasNoNormalsAndStaysEmpty() {
    let lighting = Lighting(reflection: .diffuse(constant: 1), surfaceScale: 1, color: SIMD3(1, 1, 1), light: .distant(azimuth: 0, elevation: 90))
    let result = FilterEffect(region: PixelRect(x: 0, y: 0, width: 2, height: 16), steps: [.init(.lighting(lighting))], usesLinearRGB: false)
      .apply(to: Self.square, width: 16, height: 16)
    #expect(result.allSatisfy { $0 == 0 })
  }
}
