import CurveGeometry
import SeededRandom
import Testing

@testable import CurveRaster

/// `BandRenderer` draws a list a band of 96 rows at a time, on one core or several: the
/// pixels must not show where the bands, the clip or the cores divided the work.
struct BandRendererTests {
  static let white = RGBA8(r: 255, g: 255, b: 255)
  static let black = RGBA8(r: 0, g: 0, b: 0)

  static func render(
    _ lists: [DisplayList], width: Int, height: Int, clips: [PixelRect]? = nil, cache: AccumulatorCache = AccumulatorCache()
  ) -> PixelBuffer {
    var image = PixelBuffer(width: width, height: height, filling: white)
    for clip in clips ?? [PixelRect(x: 0, y: 0, width: width, height: height)] {
      BandRenderer.render(lists, into: &image, clip: clip, cache: cache)
    }
    return image
  }

  /// Polygons, rectangles and paths whose corners are multiples of 1/8 (exact as `Float`),
  /// moved down by `shift` rows.
  static func exactShapes(width: Int, height: Int, shift: Double) -> DisplayList {
    var list = DisplayList(width: width, height: height)
    let triangle = [Point(x: 3.125, y: 10.5), Point(x: 61.75, y: 30.375), Point(x: 20.25, y: 85.875)]
    list.fillPolygon(triangle.map { Point(x: $0.x, y: $0.y + shift) }, black)
    let star = (0..<5).map { index -> Point in
      let corner = [(40.0, 12.0), (52.5, 70.25), (70.125, 22.0), (30.0, 50.5), (75.5, 56.0)][(index * 2) % 5]
      return Point(x: corner.0, y: corner.1 + shift)
    }
    list.fillPolygon(star, RGBA8(r: 200, g: 30, b: 60, a: 180))
    list.fill(Rect(minX: 5.375, minY: 40.625 + shift, maxX: 33.5, maxY: 80.125 + shift), RGBA8(r: 20, g: 90, b: 160, a: 120))
    // A square ring filled even-odd, and an L stroked with square caps and a miter.
    let ring = [[(44.5, 60.25), (76.75, 60.25), (76.75, 84.5), (44.5, 84.5)], [(50.125, 66.0), (70.0, 66.0), (70.0, 80.0), (50.125, 80.0)]]
    list.fill(ring.map { $0.map { Point(x: $0.0, y: $0.1 + shift) } }, rule: .evenOdd, RGBA8(r: 90, g: 20, b: 60), opacity: 0.75)
    let l = [Point(x: 8.5, y: 12.25 + shift), Point(x: 36.75, y: 12.25 + shift), Point(x: 36.75, y: 30.5 + shift)]
    list.stroke([Contour(l)], style: StrokeStyle(width: 3, cap: .square, join: .miter), RGBA8(r: 10, g: 120, b: 40), opacity: 0.5)
    return list
  }

  /// Strokes, discs, polygons and paths (even-odd and non-zero, strokes with every cap and
  /// join) everywhere, crossing every band boundary.
  static func busyList(width: Int, height: Int, strokes: Int, seed: UInt64) -> DisplayList {
    var random = SplitMix64(seed: seed)
    func point() -> Point {
      Point(x: Double.random(in: -20...Double(width + 20), using: &random), y: Double.random(in: -20...Double(height + 20), using: &random))
    }
    var list = DisplayList(width: width, height: height)
    list.clear(RGBA8(r: 240, g: 242, b: 246))
    for index in 0..<strokes {
      let color = RGBA8(r: UInt8(index * 37 % 256), g: UInt8(index * 91 % 256), b: 120, a: UInt8(90 + index * 13 % 160))
      list.stroke((0..<6).map { _ in point() }, width: Double.random(in: 0.5...9, using: &random), color)
      list.disc(centre: point(), radius: Double.random(in: 0.5...12, using: &random), color)
      list.fillPolygon((0..<4).map { _ in point() }, color.withOpacity(0.5))
      let rule = FillRule.allCases[index % 2]
      list.fill([(0..<4).map { _ in point() }, (0..<4).map { _ in point() }], rule: rule, color, opacity: 0.7)
      let style = StrokeStyle(
        width: Double.random(in: 0.5...9, using: &random), cap: LineCap.allCases[index % 3], join: LineJoin.allCases[index / 3 % 3])
      list.stroke([Contour((0..<5).map { _ in point() }, isClosed: index % 2 == 0)], style: style, color)
    }
    return list
  }

  @Test func aShapeGivesTheSamePixelsWhereverABandBoundaryCrossesIt() {
    // Unshifted the shapes lie in rows 10...86, inside the first band; moved down 56 and 131
    // rows they cross the boundaries at rows 96 and 192.
    let alone = Self.render([Self.exactShapes(width: 80, height: 300, shift: 0)], width: 80, height: 300)
    #expect(alone.pixels.contains { $0 != 0xFFFF_FFFF })
    for shift in [56, 131] {
      let crossing = Self.render([Self.exactShapes(width: 80, height: 300, shift: Double(shift))], width: 80, height: 300)
      for y in 0..<(300 - shift) {
        #expect(alone.pixels[(y * 80)..<(y * 80 + 80)] == crossing.pixels[((y + shift) * 80)..<((y + shift) * 80 + 80)], "row \(y), shifted \(shift)")
      }
    }
  }

  @Test func drawingInPiecesOfClipGivesTheWholeImage() {
    // Clips that cut bands and columns anywhere: each pixel is drawn once, the same as at once.
    let list = Self.busyList(width: 200, height: 300, strokes: 40, seed: 31)
    let whole = Self.render([list], width: 200, height: 300)
    let rows = [0, 50, 173, 300], columns = [0, 70, 133, 200]
    var pieces: [PixelRect] = []
    for (top, bottom) in zip(rows, rows.dropFirst()) {
      for (left, right) in zip(columns, columns.dropFirst()) {
        pieces.append(PixelRect(x: left, y: top, width: right - left, height: bottom - top))
      }
    }
    #expect(Self.render([list], width: 200, height: 300, clips: pieces) == whole)
  }

  @Test func oneCoreAndSeveralDrawTheSamePixels() {
    let list = Self.busyList(width: 320, height: 500, strokes: 500, seed: 32)
    // Enough outline points that the render is shared among cores.
    #expect(list.pointCount >= BandRenderer.parallelPointCount)
    let oneCore = Self.render([list], width: 320, height: 500, cache: AccumulatorCache(workerLimit: 1))
    let fourCores = Self.render([list], width: 320, height: 500, cache: AccumulatorCache(workerLimit: 4))
    #expect(oneCore == fourCores)
  }

  @Test func listsDrawnTogetherAreListsDrawnInTurn() {
    let first = Self.busyList(width: 120, height: 200, strokes: 10, seed: 33)
    let second = Self.busyList(width: 120, height: 200, strokes: 10, seed: 34)
    var inTurn = Self.render([first], width: 120, height: 200)
    BandRenderer.render(second, into: &inTurn, clip: PixelRect(x: 0, y: 0, width: 120, height: 200))
    #expect(Self.render([first, second], width: 120, height: 200) == inTurn)
  }

  @Test func aRectangleCoversItsEdgePixelsByAreaAcrossABandBoundary() {
    var list = DisplayList(width: 4, height: 100)
    list.fill(Rect(minX: 1.5, minY: 95.5, maxX: 3, maxY: 96.75), Self.black)
    let image = Self.render([list], width: 4, height: 100)
    // Black over white at coverage c leaves 255 - round(255 c): 1/4 → 191, 1/2 → 127, 3/8 → 159, 3/4 → 64.
    #expect(image[1, 95] == RGBA8(r: 191, g: 191, b: 191))
    #expect(image[2, 95] == RGBA8(r: 127, g: 127, b: 127))
    #expect(image[1, 96] == RGBA8(r: 159, g: 159, b: 159))
    #expect(image[2, 96] == RGBA8(r: 64, g: 64, b: 64))
    let touched: Set<Int> = [95 * 4 + 1, 95 * 4 + 2, 96 * 4 + 1, 96 * 4 + 2]
    #expect(image.pixels.indices.filter { image.pixels[$0] != 0xFFFF_FFFF } == touched.sorted())
  }

  @Test func farCoordinatesFillExactlyTheClip() {
    var list = DisplayList(width: 20, height: 200)
    list.fill(Rect(minX: -1e12, minY: -1e12, maxX: 1e12, maxY: 1e12), Self.black)
    list.stroke([Point(x: 10, y: -1e9), Point(x: 10, y: 1e9)], width: 1e6, Self.black)
    let clip = PixelRect(x: 3, y: 90, width: 10, height: 15)
    let image = Self.render([list], width: 20, height: 200, clips: [clip])
    for y in 0..<200 {
      for x in 0..<20 {
        let inside = (3..<13).contains(x) && (90..<105).contains(y)
        #expect(image[x, y] == (inside ? Self.black : Self.white), "(\(x), \(y))")
      }
    }
  }

  @Test func anImageOffTheEdgeDrawsOnlyWhereItOverlaps() {
    var list = DisplayList(width: 4, height: 100)
    list.draw(PixelBuffer(width: 3, height: 3, filling: Self.black), atX: -1, y: 94)
    let image = Self.render([list], width: 4, height: 100)
    for y in 0..<100 {
      for x in 0..<4 {
        let covered = (0..<2).contains(x) && (94..<97).contains(y)
        #expect(image[x, y] == (covered ? Self.black : Self.white), "(\(x), \(y))")
      }
    }
  }

  @Test func aCancelledRenderLeavesTheImageAsItWas() {
    let list = Self.busyList(width: 60, height: 200, strokes: 5, seed: 35)
    var image = PixelBuffer(width: 60, height: 200, filling: Self.white)
    BandRenderer.render(list, into: &image, clip: PixelRect(x: 0, y: 0, width: 60, height: 200), isCancelled: { true })
    #expect(image == PixelBuffer(width: 60, height: 200, filling: Self.white))
  }
}
