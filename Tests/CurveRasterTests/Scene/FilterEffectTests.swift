import CurveGeometry
import Testing

@testable import CurveRaster

/// Filter primitives on pixels, against the values SVG's definitions give.
struct FilterEffectTests {
  static let size = 21

  /// A transparent image with one opaque pixel of `color` (premultiplied ARGB) at its centre.
  static func dot(_ color: UInt32 = 0xFF00_0000) -> [UInt32] {
    var pixels = [UInt32](repeating: 0, count: size * size)
    pixels[10 * size + 10] = color
    return pixels
  }

  static func apply(_ steps: [FilterEffect.Step], to pixels: [UInt32], linear: Bool = false) -> [UInt32] {
    FilterEffect(region: PixelRect(x: 0, y: 0, width: size, height: size), steps: steps, usesLinearRGB: linear)
      .apply(to: pixels, width: size, height: size)
  }

  static func alpha(_ pixel: UInt32) -> Int { Int(pixel >> 24) }

  @Test func anOffsetMovesWholePixelsAndSharesAFraction() {
    let moved = Self.apply([.init(.offset(dx: 3, dy: -2))], to: Self.dot())
    #expect(moved[8 * Self.size + 13] == 0xFF00_0000)
    #expect(moved.filter { $0 != 0 }.count == 1)
    let half = Self.apply([.init(.offset(dx: 0.5, dy: 0))], to: Self.dot())
    #expect((127...128).contains(Self.alpha(half[10 * Self.size + 10])))
    #expect((127...128).contains(Self.alpha(half[10 * Self.size + 11])))
  }

  @Test func aBlurSpreadsAlphaSymmetricallyAndKeepsItsSum() {
    let blurred = Self.apply([.init(.gaussianBlur(x: 1.5, y: 1.5))], to: Self.dot())
    let alphas = blurred.map(Self.alpha)
    #expect(alphas[10 * Self.size + 9] == alphas[10 * Self.size + 11])
    #expect(alphas[9 * Self.size + 10] == alphas[11 * Self.size + 10])
    #expect(alphas[10 * Self.size + 10] > alphas[10 * Self.size + 12])
    // The dot's 255 spread out: the sum stays about the same (each pixel rounded).
    #expect(abs(alphas.reduce(0, +) - 255) < 30)
  }

  @Test func aLargeBlurIsThreeBoxesOfSVGsWidth() {
    // s = 2: d = ⌊2 · 3√(2π)/4 + 0.5⌋ = 4, even: boxes of 4, 4 and 5, so it reaches 5 pixels.
    let blurred = Self.apply([.init(.gaussianBlur(x: 2, y: 0))], to: Self.dot())
    let row = (0..<Self.size).map { Self.alpha(blurred[10 * Self.size + $0]) }
    #expect(row[4] == 0 && row[5] > 0 && row[15] > 0 && row[16] == 0)
  }

  @Test func floodCompositeAndMergeMakeAShadowUnderTheSource() {
    let source = Self.dot(0xFFFF_0000)
    let steps: [FilterEffect.Step] = [
      .init(.offset(dx: 2, dy: 2), input: .sourceAlpha, result: "moved"),
      .init(.flood(RGBA8(r: 0, g: 0, b: 255, a: 128))),
      .init(.composite("in", k1: 0, k2: 0, k3: 0, k4: 0), input: .previous, input2: .result("moved"), result: "shadow"),
      .init(.merge([.result("shadow"), .sourceGraphic])),
    ]
    let result = Self.apply(steps, to: source)
    #expect(result[10 * Self.size + 10] == 0xFFFF_0000, "the source on top")
    let shadow = result[12 * Self.size + 12]
    #expect(Self.alpha(shadow) == 128 && shadow & 0xFF == 128, "half-transparent blue, premultiplied")
    #expect(result.filter { $0 != 0 }.count == 2)
  }

  @Test func aColorMatrixMapsStraightColours() {
    // Swap red and blue; alpha doubled (clamped).
    let swap: [Double] = [0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0]
    let result = Self.apply([.init(.colorMatrix(swap))], to: Self.dot(0x80FF_0000 & 0xFF80_0000))
    // Straight (255, 0, 0) at alpha 128 becomes (0, 0, 255) at alpha 255.
    #expect(result[10 * Self.size + 10] == 0xFF00_00FF)
  }

  @Test func blendModesMixAsCompositingSays() {
    let red = Self.dot(0xFFFF_0000), green: [UInt32] = Self.dot(0xFF00_FF00)
    let flood: [FilterEffect.Step] = [.init(.flood(RGBA8(r: 0, g: 255, b: 0)), result: "green")]
    let multiplied = Self.apply(flood + [.init(.blend("multiply"), input: .sourceGraphic, input2: .result("green"))], to: red)
    #expect(multiplied[10 * Self.size + 10] == 0xFF00_0000)
    let screened = Self.apply(flood + [.init(.blend("screen"), input: .sourceGraphic, input2: .result("green"))], to: red)
    #expect(screened[10 * Self.size + 10] == 0xFFFF_FF00)
    #expect(green[10 * Self.size + 10] == 0xFF00_FF00)
  }

  /// Every CSS blend mode, not only SVG 1.1's five: difference of red over yellow is green;
  /// where only one input has colour, that one shows.
  @Test func feBlendTakesEveryCSSBlendMode() {
    let yellow: [FilterEffect.Step] = [.init(.flood(RGBA8(r: 255, g: 255, b: 0)), result: "yellow")]
    let difference = Self.apply(yellow + [.init(.blend("difference"), input: .sourceGraphic, input2: .result("yellow"))], to: Self.dot(0xFFFF_0000))
    #expect(difference[10 * Self.size + 10] == 0xFF00_FF00)
    #expect(difference[0] == 0xFFFF_FF00, "no source there: the backdrop")
    let burnt = Self.apply(yellow + [.init(.blend("color-burn"), input: .sourceGraphic, input2: .result("yellow"))], to: Self.dot(0xFFFF_0000))
    #expect(burnt[10 * Self.size + 10] == 0xFFFF_FF00, "colour burn keeps the backdrop's full channels: yellow stays yellow")
  }

  /// A step's subregion cuts its output; a later step reading it defaults to that subregion.
  @Test func aSubregionCutsAStepsOutputAndItsReaders() {
    let flood = FilterEffect.Step(.flood(RGBA8(r: 0, g: 0, b: 255)), result: "blue", subregion: .init(x: 2, y: 3, width: 4))
    let result = Self.apply([flood, .init(.offset(dx: 1, dy: 0), input: .result("blue"))], to: Self.dot())
    // The flood covers x 2…5 and y 3 to the bottom; the offset's default subregion is the
    // flood's, so its column moved to x 6 is cut.
    #expect(result[5 * Self.size + 3] == 0xFF00_00FF && result[5 * Self.size + 5] == 0xFF00_00FF)
    #expect(result[5 * Self.size + 6] == 0 && result[5 * Self.size + 2] == 0)
    #expect(result[2 * Self.size + 4] == 0 && result[20 * Self.size + 4] == 0xFF00_00FF)
  }

  @Test func nothingShowsOutsideTheRegion() {
    let effect = FilterEffect(region: PixelRect(x: 0, y: 0, width: 5, height: 5), steps: [.init(.flood(RGBA8(r: 0, g: 0, b: 0)))])
    let result = effect.apply(to: Self.dot(), width: Self.size, height: Self.size)
    #expect(result.filter { $0 != 0 }.count == 25)
    #expect(result[10 * Self.size + 10] == 0)
  }

  @Test func aFilteredLayerIsDrawnWholeThenBlended() {
    // A blurred square drawn through a display list: the blur reaches rows of other bands.
    let canvas = RasterCanvas(width: 40, height: 200)
    canvas.clear(RGBA8(r: 255, g: 255, b: 255))
    canvas.beginFilter()
    canvas.fill([Contour([Point(x: 10, y: 90), Point(x: 30, y: 90), Point(x: 30, y: 100), Point(x: 10, y: 100)], isClosed: true)], rule: .nonZero, RGBA8(r: 0, g: 0, b: 0))
    canvas.endFilter(FilterEffect(region: PixelRect(x: 0, y: 0, width: 40, height: 200), steps: [.init(.gaussianBlur(x: 0, y: 3))], usesLinearRGB: false))
    let pixels = canvas.image.pixels
    // Row 96 is in the first band, 97 in the second: the blur is continuous across them.
    let above = pixels[96 * 40 + 20] & 0xFF, below = pixels[97 * 40 + 20] & 0xFF
    #expect(abs(Int(above) - Int(below)) < 30)
    #expect(pixels[86 * 40 + 20] & 0xFF < 255, "the blur reaches above the square")
  }
}
