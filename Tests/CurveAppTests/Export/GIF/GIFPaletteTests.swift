import Composable
import CurveFeature
import Foundation
import SeededRandom
import Testing

@testable import CurveApp
@testable import CurveExport

/// `GIFPalette`'s colours, read back through the whole encoder: exact up to 256 colours,
/// within stated per-channel errors beyond, flat colours exact.
struct GIFPaletteTests: GIFTestSupport {
  @Test func solidColoursAreExact() throws {
    let colors: [UInt32] = [0xFFFFFF, 0x1E4EA8, 0xEEF1F6, 0xDAE0E8, 0x000000, 0xD62728]
    let frames = try colors.map { color in try Self.frame(width: 10, height: 7) { _, _ in color } }
    try Self.expectRoundTrip(frames, maximumError: 0)
    // One colour alone makes the smallest table GIF has, 2 entries.
    try Self.expectRoundTrip([frames[1]], maximumError: 0)
  }

  @Test func bothByteOrdersGiveTheSameColours() throws {
    let color: (Int, Int) -> UInt32 = { x, y in UInt32(x * 40) << 16 | UInt32(y * 50) << 8 | 0x30 }
    let rgba = try Self.frame(width: 6, height: 5, order: .rgba, color)
    let bgra = try Self.frame(width: 6, height: 5, order: .bgra, color)
    #expect(rgba.pixels != bgra.pixels)
    let fromRGBA = try DecodedGIF(GIFEncoder.encode(frames: [rgba], delayCentiseconds: 4))
    let fromBGRA = try DecodedGIF(GIFEncoder.encode(frames: [bgra], delayCentiseconds: 4))
    #expect(fromRGBA.pixels(ofFrame: 0) == Self.colors(of: rgba))
    #expect(fromBGRA.pixels(ofFrame: 0) == Self.colors(of: rgba))
  }

  @Test func aRampOf256GreysIsExact() throws {
    let ramp = try Self.frame(width: 256, height: 3) { x, _ in UInt32(x) * 0x010101 }
    try Self.expectRoundTrip([ramp], maximumError: 0)
  }

  @Test func noiseOfAtMost256ColoursIsExact() throws {
    var random = SplitMix64(seed: 12)
    let colors = (0..<256).map { _ in UInt32(truncatingIfNeeded: random.next()) & 0xFF_FFFF }
    // Each frame draws from a different part of the 256, so only all frames together have them all.
    let frames = try (0..<4).map { index in
      try Self.frame(width: 64, height: 48) { _, _ in colors[index * 48 + Int(random.next() % 112)] }
    }
    try Self.expectRoundTrip(frames, maximumError: 0)
  }

  /// A ramp between two colours, rounded a pixel at a time, has more than 256 colours
  /// along one line, which 256 entries follow closely.
  @Test func aSmoothRampIsWithinTwoPerChannel() throws {
    let from = SIMD3<Double>(20, 40, 200), to = SIMD3<Double>(250, 180, 30)
    let ramp = try Self.frame(width: 1000, height: 4) { x, y in Self.packed(from + (to - from) * (Double(x) + Double(y) / 4) / 1000) }
    #expect(Set(Self.colors(of: ramp)).count > 500)
    let error = try Self.expectRoundTrip([ramp], maximumError: 2)
    #expect(error.mean <= 0.5)
  }

  /// 16 384 colours spread evenly over a plane: each of 256 entries stands for a patch of
  /// about 17 × 17 levels, so about 8 is the least error any 256 colours can reach.
  @Test func aTwoDimensionalGradientIsWithinNinePerChannel() throws {
    let gradient = try Self.frame(width: 128, height: 128) { x, y in UInt32(2 * x) << 16 | UInt32(2 * y) << 8 | UInt32(255 - x - y / 2) }
    let error = try Self.expectRoundTrip([gradient], maximumError: 9)
    #expect(error.mean <= 3.5)
  }

  /// About 100 000 colours, past `GIFPalette.exactColorLimit`: buckets are cut, which adds
  /// up to 3 levels to the plane's error.
  @Test func aGradientOfMoreColoursThanTheHistogramHoldsIsWithinElevenPerChannel() throws {
    let gradient = try Self.frame(width: 512, height: 512) { x, y in UInt32(x / 2) << 16 | UInt32(y / 2) << 8 | UInt32((x + y) / 4) }
    #expect(Set(Self.colors(of: gradient)).count > GIFPalette.exactColorLimit)
    let error = try Self.expectRoundTrip([gradient], maximumError: 11)
    #expect(error.mean <= 4)
  }

  /// The editor's look: a page, a panel, grid lines and an anti-aliased curve moving over
  /// them, with a ramp of coverage at every edge. The flat colours come back exact, and the
  /// ramps close to their input, with no band.
  @Test func flatColoursAreExactAndAntialiasedEdgesKeepTheirRamps() throws {
    let page: UInt32 = 0xFFFFFF, panel: UInt32 = 0xF7F8FA, minor: UInt32 = 0xEEF1F6, major: UInt32 = 0xDAE0E8
    let curve = SIMD3<Double>(30, 78, 168)
    func background(_ x: Int, _ y: Int) -> UInt32 {
      x < 40 ? panel : (x % 50 == 0 || y % 50 == 0 ? major : (x % 10 == 0 || y % 10 == 0 ? minor : page))
    }
    let frames = try (0..<3).map { index in
      try Self.frame(width: 240, height: 160) { x, y in
        // Coverage of a 3-pixel-wide sine stroke, so every edge pixel has its own level.
        let center = 80 + 50 * sin((Double(x) + 7 * Double(index)) / 23)
        let coverage = min(1, max(0, 2 - abs(Double(y) - center)))
        let under = Self.channels(background(x, y))
        return Self.packed(under + (curve - under) * coverage)
      }
    }
    #expect(Set(frames.flatMap(Self.colors(of:))).count > 256)
    let gif = try DecodedGIF(GIFEncoder.encode(frames: frames, delayCentiseconds: 4))
    var flatPixels = 0, rampLevels = Set<UInt32>()
    for (index, frame) in frames.enumerated() {
      for (input, output) in zip(Self.colors(of: frame), gif.pixels(ofFrame: index)) {
        if [page, panel, minor, major, Self.packed(curve)].contains(input) {
          #expect(output == input, "a flat colour moved")
          flatPixels += 1
        } else {
          #expect(Self.error(input, output) <= 2)
          rampLevels.insert(output)
        }
      }
    }
    #expect(flatPixels > 3 * 240 * 140)
    // A ramp, not a band: the edges keep many distinct levels.
    #expect(rampLevels.count > 100)
  }

  /// A frame the editor drew, read back as B, G, R, A.
  @MainActor
  @Test func anEditorFrameKeepsItsFlatColoursExact() throws {
    let document = try Document.decode(Data(sampleDocumentJSON.utf8))
    let store = Store(initialState: Editor.State(document: document, url: nil)) { Editor() } withDependencies: {
      $0.uuid = .incrementing
    }
    let session = EditorSession(store: store, layout: .offscreen(width: 1100, height: 750))
    let offscreen = try OffscreenFrame(width: 1100, height: 750)
    offscreen.draw(session)
    var pixels: [UInt8] = []
    pixels.reserveCapacity(1100 * 750 * 4)
    for y in 0..<750 {
      for x in 0..<1100 {
        let color = offscreen.pixel(x: x, y: y)
        pixels += [color.b, color.g, color.r, color.a]
      }
    }
    let frame = try GIFFrame(width: 1100, height: 750, pixels: pixels, order: .bgra)
    let input = Self.colors(of: frame), counts = Dictionary(input.map { ($0, 1) }, uniquingKeysWith: +)
    #expect(counts.count > 256)
    let output = try DecodedGIF(GIFEncoder.encode(frames: [frame], delayCentiseconds: 4)).pixels(ofFrame: 0)
    var largest = 0, flatMoved = 0, moreThanTwo = 0
    for (before, after) in zip(input, output) {
      let error = Self.error(before, after)
      largest = max(largest, error)
      if error > 2 { moreThanTwo += 1 }
      // A flat colour: the page, the panels, the grid, the curve's core.
      if counts[before]! >= 200 && before != after { flatMoved += 1 }
    }
    #expect(flatMoved == 0)
    // The largest errors are lone pixels of text and handles' rims, where the panel's many
    // swatch colours leave the palette thinnest (measured: 16, then 20 with the tool bar and
    // one more toggle; 895 pixels off by more than 2 since the tool bar's words joined the
    // panel's, 0.11%).
    #expect(moreThanTwo < input.count / 600, "\(moreThanTwo) pixels off by more than 2")
    #expect(largest <= 24, "\(counts.count) colours in, largest per-channel error \(largest)")
  }

  @Test func framesDifferWhereTheirInputsDiffer() throws {
    let base = try Self.frame(width: 20, height: 10) { x, y in (x + y) % 3 == 0 ? 0x1E4EA8 : 0xFFFFFF }
    let changed = try Self.frame(width: 20, height: 10) { x, y in x == 13 && y == 4 ? 0xD62728 : ((x + y) % 3 == 0 ? 0x1E4EA8 : 0xFFFFFF) }
    let gif = try DecodedGIF(GIFEncoder.encode(frames: [base, changed, base], delayCentiseconds: 4))
    let first = gif.pixels(ofFrame: 0), second = gif.pixels(ofFrame: 1)
    #expect(first != second)
    #expect(zip(first, second).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset) == [4 * 20 + 13])
    #expect(gif.pixels(ofFrame: 2) == first)
  }
}
