import CurveGeometry
import Testing

@testable import CurveRaster

/// An image as a paint: where it stops, and, as a pattern's tile, how it repeats.
struct ImageShaderTests {
  /// Red, green / blue, white, premultiplied and opaque.
  static let quadrants: [UInt32] = [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF]
  /// Each texel 10 pixels square.
  static let placement = Affine.scale(x: 10)

  @Test func anImageCarriesItsEdgeTexelsOnBeyondItsEdges() throws {
    let shader = try #require(ImageShader(width: 2, height: 2, pixels: Self.quadrants, transform: Self.placement))
    #expect(shader.color(x: 4, y: 4) == 0xFFFF_0000)
    #expect(shader.color(x: 15, y: 15) == 0xFFFF_FFFF)
    // Left of the red texel, still red; right of the green one, still green; below the blue one, blue.
    #expect(shader.color(x: -3, y: 2) == 0xFFFF_0000 && shader.color(x: 27, y: 2) == 0xFF00_FF00 && shader.color(x: 2, y: 30) == 0xFF00_00FF)
  }

  /// Whether each channel of `pixel` is within 32 of `expected`'s (pixel centres fall a
  /// twentieth of a texel from the texel centres, so a little of the neighbour shows).
  static func near(_ pixel: UInt32, _ expected: UInt32) -> Bool {
    (0..<4).allSatisfy { (byte: Int) -> Bool in
      let shift = UInt32(byte * 8)
      let have = Int((pixel >> shift) & 0xFF), want = Int((expected >> shift) & 0xFF)
      return abs(have - want) <= 32
    }
  }

  @Test func aRepeatingImageTilesThePlaneInEveryDirection() throws {
    let shader = try #require(ImageShader(width: 2, height: 2, pixels: Self.quadrants, transform: Self.placement, repeats: true))
    // Near the texel centres of the tile at (0, 0), the next one across and down, and ones before.
    let corners: [(x: Int, y: Int)] = [(5, 5), (25, 5), (45, 25), (-15, 5), (-35, -35), (5, -15)]
    for (x, y) in corners {
      #expect(Self.near(shader.color(x: x, y: y), 0xFFFF_0000), "(\(x), \(y)) is red")
      #expect(Self.near(shader.color(x: x + 10, y: y + 10), 0xFFFF_FFFF), "(\(x + 10), \(y + 10)) is white")
    }
    // Between the green texel at the end of one tile and the red at the start of the next,
    // the two are blended: the texels wrap round.
    let edge = shader.color(x: 19, y: 5)
    let red = (edge >> 16) & 0xFF, green = (edge >> 8) & 0xFF, blue = edge & 0xFF
    #expect(red > 80 && green > 80 && blue < 30, "\(String(edge, radix: 16))")
  }

  /// Moved by a fraction of a pixel but not scaled, each pixel takes the one texel its centre
  /// falls in, as Skia and resvg draw an unscaled image or pattern tile: nothing is smeared.
  @Test func anUnscaledImageMovedByAFractionStaysSharp() throws {
    let moved = Affine.translate(x: 0.25, y: 0.75)
    let shader = try #require(ImageShader(width: 2, height: 2, pixels: Self.quadrants, transform: moved, repeats: true))
    // Pixel (0, 0)'s centre (0.5, 0.5) is texel (0.25, -0.25): the bottom-left, blue, wrapped round.
    #expect(shader.color(x: 0, y: 0) == 0xFF00_00FF)
    // Pixel (1, 1)'s centre is texel (1.25, 0.75): green, whole.
    #expect(shader.color(x: 1, y: 1) == 0xFF00_FF00)
    #expect(shader.color(x: 0, y: 1) == 0xFFFF_0000 && shader.color(x: 1, y: 2) == 0xFFFF_FFFF)
    // Scaled, the same image is blended between texels.
    let scaled = try #require(ImageShader(width: 2, height: 2, pixels: Self.quadrants, transform: .scale(x: 1.5) * moved, repeats: true))
    #expect(![Self.quadrants[0], Self.quadrants[1], Self.quadrants[2], Self.quadrants[3]].contains(scaled.color(x: 1, y: 1)))
  }

  /// A row shaded at once gives each pixel the colour `color(x:y:)` gives it alone: upright
  /// and scaled (each row's texel row found once), turned, and tiling.
  @Test(arguments: [
    (Affine.scale(x: 7.3, y: 5.1) * .translate(x: -3.2, y: 1.7), false),
    (Affine.rotate(degrees: 20) * .scale(x: 6), false),
    (Affine.scale(x: 4.5), true),
  ])
  func aShadedRowIsEachPixelsOwnColour(placement: Affine, repeats: Bool) throws {
    let pixels: [UInt32] = (0..<12).map { (index: Int) -> UInt32 in
      let red = UInt32(index * 21), green = UInt32(255 - index * 20), blue = UInt32(index * 7)
      return 0xFF00_0000 | red << 16 | green << 8 | blue
    }
    let shader = try #require(ImageShader(width: 4, height: 3, pixels: pixels, transform: placement, repeats: repeats))
    for y in [-4, 0, 3, 9, 14, 30] {
      var row = [UInt32](repeating: 0, count: 50)
      row.withUnsafeMutableBufferPointer { shader.shade(x: -8, y: y, count: 50, into: $0.baseAddress!) }
      #expect(row == (0..<50).map { shader.color(x: $0 - 8, y: y) }, "row \(y)")
    }
  }
}
