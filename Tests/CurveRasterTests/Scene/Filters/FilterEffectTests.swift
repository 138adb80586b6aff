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

  @Test func componentTransferWorksOnStraightColours() {
    // Half-transparent red: straight red 1, alpha 0.5. Inverting red, halving alpha.
    let steps: [FilterEffect.Step] = [.init(.componentTransfer(
      red: .table([1, 0]), green: .identity, blue: .linear(slope: 0, intercept: 1), alpha: .linear(slope: 0.5, intercept: 0)
    ))]
    let result = Self.apply(steps, to: Self.dot(0x80FF_0000))
    // Alpha 128/255 halved is 64/255; red 0, blue 1, premultiplied: 0x40 00 00 40.
    #expect(result[10 * Self.size + 10] == 0x4000_0040)
    #expect(result[0] == 0, "transparent stays transparent: straight blue 1 times alpha 0")
  }

  @Test func dilateGrowsADotToItsBoxAndErodeShrinksItBack() {
    let grown = Self.apply([.init(.morphology(Morphology(dilates: true, radiusX: 2, radiusY: 1)))], to: Self.dot())
    let opaque = Set(grown.indices.filter { grown[$0] == 0xFF00_0000 })
    let box = Set((9...11).flatMap { y in (8...12).map { y * Self.size + $0 } })
    #expect(opaque == box, "5 wide (2 each way) and 3 tall")
    let shrunk = Self.apply([
      .init(.morphology(Morphology(dilates: true, radiusX: 2, radiusY: 1))),
      .init(.morphology(Morphology(dilates: false, radiusX: 2, radiusY: 1))),
    ], to: Self.dot())
    #expect(shrunk == Self.dot(), "an erosion by the same box undoes it")
  }

  @Test func aFractionalRadiusReachesTheWholePixel() {
    let grown = Self.apply([.init(.morphology(Morphology(dilates: true, radiusX: 0.4, radiusY: 0.4)))], to: Self.dot())
    #expect(grown.filter { $0 != 0 }.count == 9)
  }

  @Test func aConvolutionWeighsTheNeighboursTurnedHalfATurn() {
    // A kernel with its only weight top-left, applied turned, reads the pixel down-right:
    // the dot moves up and left by one.
    let kernel: [Float] = [1, 0, 0, 0, 0, 0, 0, 0, 0]
    let moved = Self.apply([.init(.convolution(Convolution(columns: 3, rows: 3, kernel: kernel)))], to: Self.dot())
    #expect(moved[9 * Self.size + 9] == 0xFF00_0000)
    #expect(moved.filter { $0 != 0 }.count == 1)
  }

  @Test func aConvolutionsEdgesDuplicateWrapOrAreEmpty() {
    // A row of three: the box of three across, divided by the sum (3).
    var edge = [UInt32](repeating: 0, count: Self.size * Self.size)
    edge[10 * Self.size] = 0xFF00_0000
    let box: [Float] = [1, 1, 1]
    func convolved(_ mode: Convolution.EdgeMode) -> (left: Int, right: Int) {
      let result = Self.apply([.init(.convolution(Convolution(columns: 3, rows: 1, kernel: box, edgeMode: mode)))], to: edge)
      return (Self.alpha(result[10 * Self.size]), Self.alpha(result[10 * Self.size + Self.size - 1]))
    }
    #expect(convolved(.duplicate) == (170, 0), "the edge pixel counted twice: 2/3")
    #expect(convolved(.none) == (85, 0), "nothing beyond: 1/3")
    #expect(convolved(.wrap) == (85, 85), "the left edge seen from the right one")
  }

  @Test func aConvolutionsBiasAddsToAlphaAndToColourTimesAlpha() {
    let identity: [Float] = [0, 0, 0, 0, 1, 0, 0, 0, 0]
    let result = Self.apply([.init(.convolution(Convolution(columns: 3, rows: 3, kernel: identity, bias: 0.5)))], to: Self.dot())
    #expect(result[10 * Self.size + 10] == 0xFFBF_BFBF, "alpha 1.5 clamped to 1; colours 0 + 0.5 · 1.5")
    #expect(result[0] == 0x8040_4040, "alpha 0.5, colours 0.5 · 0.5")
  }

  /// A tile repeats its input's subregion from that subregion's top left, over the region.
  @Test func aTileRepeatsItsInputsSubregion() {
    let steps: [FilterEffect.Step] = [
      .init(.flood(RGBA8(r: 255, g: 0, b: 0)), subregion: .init(x: 5, y: 5, width: 2, height: 1)),
      .init(.offset(dx: 1, dy: 0), subregion: .init(x: 5, y: 5, width: 3, height: 2)),
      .init(.tile),
    ]
    let result = Self.apply(steps, to: Self.dot())
    // The tile is 3 × 2 from (5, 5): red, red at x 6 and 7 of its first row; nothing at x 5
    // or in its second row.
    let red: UInt32 = 0xFFFF_0000
    for y in 0..<Self.size {
      for x in 0..<Self.size {
        let inTile = (x: ((x - 5) % 3 + 3) % 3, y: ((y - 5) % 2 + 2) % 2)
        let expected = inTile.y == 0 && inTile.x > 0 ? red : 0
        #expect(result[y * Self.size + x] == expected, "(\(x), \(y))")
      }
    }
  }

  /// The map's straight channels move each pixel: red 1 on a scale of 4 reads 2 pixels to
  /// the right, alpha ½ not at all.
  @Test func aDisplacementReadsWhereTheMapSays() {
    let steps: [FilterEffect.Step] = [
      .init(.flood(RGBA8(r: 255, g: 0, b: 0, a: 128)), result: "map"),
      .init(.displacement(scale: 4, xChannel: 0, yChannel: 3), input: .sourceGraphic, input2: .result("map")),
    ]
    let result = Self.apply(steps, to: Self.dot())
    // Read from x + 4 · (1 − ½) = x + 2, y + 4 · (128/255 − ½) ≈ y: the dot shows 2 to the left.
    #expect(result[10 * Self.size + 8] == 0xFF00_0000)
    #expect(result.filter { $0 != 0 }.count == 1)
  }

  /// A filtered part is drawn and kept over its region only: a drawing of many small
  /// filtered shapes does not hold a whole image for each.
  @Test func aFilteredPartKeepsOnlyItsRegion() throws {
    var list = DisplayList(width: 400, height: 300)
    list.beginFilter()
    list.fill(Rect(minX: 10, minY: 10, maxX: 20, maxY: 20), RGBA8(r: 0, g: 0, b: 0))
    list.endFilter(FilterEffect(region: PixelRect(x: 8, y: 9, width: 16, height: 12), steps: [.init(.offset(dx: 1, dy: 0))]))
    let layers = FilteredLayers.prerender(list, range: 0..<list.commands.count, width: 400, height: 300)
    let layer = try #require(layers.layers[0])
    #expect(layer.rect == PixelRect(x: 8, y: 9, width: 16, height: 12))
    #expect(layer.pixels.count == 16 * 12)
    #expect(layer.pixels[(10 - 9) * 16 + (11 - 8)] == 0xFF00_0000 && layer.pixels[(10 - 9) * 16 + (10 - 8)] == 0, "moved one to the right")
  }

  /// A step mixes in its own space: halving grey asked for in linear RGB inside an sRGB
  /// effect draws as a linear effect's does (0x80 → 0x5C), not as sRGB's (0x80 → 0x40).
  @Test func aStepMixesInItsOwnSpace() {
    let grey = Self.dot(0xFF80_8080)
    let half = TransferFunction.linear(slope: 0.5, intercept: 0)
    let halve = FilterEffect.Operation.componentTransfer(red: half, green: half, blue: half, alpha: .identity)
    let centre = 10 * Self.size + 10
    let linear = Self.apply([.init(halve)], to: grey, linear: true)[centre]
    let own = Self.apply([.init(halve, usesLinearRGB: true)], to: grey, linear: false)[centre]
    let sRGB = Self.apply([.init(halve)], to: grey, linear: false)[centre]
    #expect(own == linear && own == 0xFF5C_5C5C)
    #expect(sRGB == 0xFF40_4040)
  }

  @Test func storingRoundsHalvesUpClampsAndMakesNaNBlack() {
    let sRGB = FilterEffect.Context(width: 1, height: 1, originX: 0, originY: 0, linear: false)
    // Alpha 0.5 is 127.5, rounded up; a straight 1 at half alpha is 128 as well.
    #expect(sRGB.store(SIMD4(0.5, 0.25, 0, 0.5)) == 0x8080_4000)
    // Colour over alpha is clamped to it; a negative channel and NaN are 0.
    #expect(sRGB.store(SIMD4(0.9, -0.2, .nan, 0.5)) == 0x8080_0000)
    #expect(sRGB.store(SIMD4(1, 1, 1, 0)) == 0)
    #expect(sRGB.store(SIMD4(2, 2, 2, 2)) == 0xFFFF_FFFF)
    // In linear RGB, half a straight channel is sRGB's 188 (0.735), at full alpha.
    let linear = FilterEffect.Context(width: 1, height: 1, originX: 0, originY: 0, linear: true)
    #expect(linear.store(SIMD4(0.5, 0, 1, 1)) == 0xFFBC_00FF)
  }
}
