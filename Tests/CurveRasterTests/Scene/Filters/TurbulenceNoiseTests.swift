import CurveGeometry
import Testing

@testable import CurveRaster

/// feTurbulence against resvg's drawing of the same noise (resvg-cli 0.44, a 16 × 16
/// `fractalNoise` of base frequency 0.1 0.2, two octaves, seed 3, in sRGB): the
/// specification's generator makes the same lattice in every renderer.
struct TurbulenceNoiseTests {
  static let noise = TurbulenceNoise(baseFrequencyX: 0.1, baseFrequencyY: 0.2, octaves: 2, seed: 3, isFractalNoise: true)

  /// Straight RGBA bytes of a premultiplied pixel.
  static func straight(_ pixel: SIMD4<Float>) -> [Int] {
    let alpha = pixel.w
    return [pixel.x / alpha, pixel.y / alpha, pixel.z / alpha, alpha].map { Int(($0 * 255).rounded()) }
  }

  @Test func fractalNoiseIsResvgsWithinRounding() {
    let pixels = Self.noise.pixels(width: 16, height: 16, originX: 0, originY: 0)
    let expected: [(x: Int, y: Int, rgba: [Int])] = [
      (0, 0, [128, 128, 128, 128]), (3, 5, [179, 120, 60, 162]), (10, 2, [86, 62, 84, 131]), (15, 15, [164, 81, 136, 135]),
    ]
    for (x, y, rgba) in expected {
      let ours = Self.straight(pixels[y * 16 + x])
      #expect(zip(ours, rgba).allSatisfy { abs($0 - $1) <= 3 }, "pixel (\(x), \(y)): \(ours), resvg \(rgba)")
    }
  }

  @Test func turbulenceIsTheMagnitudesSoItIsNeverBelowZero() {
    var noise = Self.noise
    noise.isFractalNoise = false
    let pixels = noise.pixels(width: 16, height: 16, originX: 0, originY: 0)
    #expect(pixels[0] == .zero, "at a lattice point every octave's noise is 0")
    #expect(pixels.allSatisfy { $0.w >= 0 && $0.x <= $0.w })
    #expect(pixels.contains { $0.w > 0.2 })
  }

  @Test func theNoiseIsWhereItsSpacePutsIt() {
    // Drawn from pixel (4, 0) of a region, or by a space moved 4 pixels: the same noise.
    let shifted = Self.noise.pixels(width: 8, height: 8, originX: 4, originY: 0)
    var moved = Self.noise
    moved.pixelToNoise = Affine(a: 1, b: 0, c: 0, d: 1, e: 4, f: 0)
    #expect(moved.pixels(width: 8, height: 8, originX: 0, originY: 0) == shifted)
  }

  /// Stitched, the lattice wraps at the tile's right and bottom edges: what lies just past
  /// the tile is its first column and row again, so tiles laid side by side join.
  @Test func stitchedNoiseWrapsAtItsTilesEdges() {
    var noise = Self.noise
    noise.baseFrequencyX = 0.125
    noise.baseFrequencyY = 0.125
    noise.stitchTile = Rect(minX: 0, minY: 0, maxX: 16, maxY: 16)
    let pixels = noise.pixels(width: 17, height: 17, originX: 0, originY: 0)
    #expect((0..<17).allSatisfy { pixels[$0 * 17 + 16] == pixels[$0 * 17] }, "column 16 is column 0")
    #expect((0..<17).allSatisfy { pixels[16 * 17 + $0] == pixels[$0] }, "row 16 is row 0")
    noise.stitchTile = nil
    let unstitched = noise.pixels(width: 17, height: 17, originX: 0, originY: 0)
    #expect(!(0..<17).allSatisfy { unstitched[$0 * 17 + 16] == unstitched[$0 * 17] })
  }

  @Test func noOctavesIsNoNoise() {
    var noise = Self.noise
    noise.octaves = 0
    let grey = Float(0.5)
    #expect(noise.pixels(width: 2, height: 2, originX: 0, originY: 0).allSatisfy { $0 == SIMD4(grey * grey, grey * grey, grey * grey, grey) })
  }
}
