import CurveGeometry
import SeededRandom
import Testing

@testable import CurveRaster

struct RasterCanvasTests {
  static let white = RGBA8(r: 255, g: 255, b: 255)
  static let black = RGBA8(r: 0, g: 0, b: 0)

  /// How dark each pixel is, 0 (white) to 255 (black), after drawing black on white.
  static func darkness(_ canvas: RasterCanvas) -> [Int] {
    canvas.image.pixels.map { 255 - Int($0 & 0xFF) }
  }

  static func canvas(width: Int = 40, height: Int = 40, _ draw: (RasterCanvas) -> Void) -> RasterCanvas {
    let canvas = RasterCanvas(width: width, height: height)
    canvas.clear(white)
    draw(canvas)
    return canvas
  }

  @Test func aStrokeCoversWhatTheSupersampledOutlineCovers() {
    // A stroke's coverage is its outline's: a horizontal line 3 px wide from x 5 to 30 with
    // round caps covers rows 18.5...21.5 fully between the caps.
    let canvas = Self.canvas { $0.stroke([Point(x: 5, y: 20), Point(x: 30, y: 20)], width: 3, Self.black) }
    let darkness = Self.darkness(canvas)
    for x in 6..<30 {
      #expect(darkness[19 * 40 + x] == 255 && darkness[20 * 40 + x] == 255, "column \(x)")
      #expect(abs(darkness[18 * 40 + x] - 128) <= 1 && abs(darkness[21 * 40 + x] - 128) <= 1, "column \(x)")
      #expect(darkness[17 * 40 + x] == 0 && darkness[22 * 40 + x] == 0, "column \(x)")
    }
  }

  @Test func symmetricShapesRasterizeSymmetrically() {
    // Mirrored about the canvas's centre lines, the image is the same within rounding.
    let centre = 20.0
    let canvas = Self.canvas {
      $0.stroke([Point(x: 6, y: 9.3), Point(x: centre, y: 31.7), Point(x: 34, y: 9.3)], width: 2.5, Self.black)
      $0.fillDisc(centre: Point(x: centre, y: 20.35), radius: 4.6, Self.black)
    }
    let darkness = Self.darkness(canvas)
    for y in 0..<40 {
      for x in 0..<20 {
        #expect(abs(darkness[y * 40 + x] - darkness[y * 40 + 39 - x]) <= 1, "(\(x), \(y))")
      }
    }
    let disc = Self.darkness(Self.canvas { $0.fillDisc(centre: Point(x: 20, y: 20), radius: 7.3, Self.black) })
    for y in 0..<40 {
      for x in 0..<40 {
        #expect(abs(disc[y * 40 + x] - disc[x * 40 + y]) <= 1 && abs(disc[y * 40 + x] - disc[(39 - y) * 40 + x]) <= 1)
      }
    }
  }

  @Test func aPolylineHasNoGapsAtItsJoints() {
    // Sharp turns both ways: the pixels around every joint, within half the width less a
    // pixel, are fully covered, and so is every point along each segment's centre line.
    var random = SplitMix64(seed: 7)
    for _ in 0..<20 {
      let points = (0..<6).map { _ in Point(x: Double.random(in: 6...54, using: &random), y: Double.random(in: 6...54, using: &random)) }
      let width = Double.random(in: 3...6, using: &random)
      let canvas = Self.canvas(width: 60, height: 60) { $0.stroke(points, width: width, Self.black) }
      let darkness = Self.darkness(canvas)
      for (a, b) in zip(points, points.dropFirst()) {
        for step in 0...40 {
          let p = a.lerp(to: b, Double(step) / 40)
          #expect(darkness[Int(p.y) * 60 + Int(p.x)] >= 254, "gap at \(p) on \(points)")
        }
      }
    }
  }

  @Test func rectanglesCoverTheirFractionalEdges() {
    let canvas = Self.canvas(width: 10, height: 6) { $0.fill(Rect(minX: 2.25, minY: 1, maxX: 6.5, maxY: 4), Self.black) }
    let darkness = Self.darkness(canvas)
    #expect(Array(darkness[(2 * 10)..<(3 * 10)]) == [0, 0, 191, 255, 255, 255, 128, 0, 0, 0])
    #expect(darkness[0..<10].allSatisfy { $0 == 0 } && darkness[(4 * 10)..<(5 * 10)].allSatisfy { $0 == 0 })
  }

  @Test func translucentColoursBlendSourceOver() {
    let canvas = Self.canvas(width: 4, height: 4) { $0.fill(Rect(minX: 0, minY: 0, maxX: 4, maxY: 4), RGBA8(r: 0, g: 0, b: 0, a: 64)) }
    #expect(canvas.image[1, 1] == RGBA8(r: 191, g: 191, b: 191))
  }

  @Test func drawingStaysInsideTheClip() {
    let canvas = Self.canvas(width: 20, height: 20) {
      $0.clip = PixelRect(x: 5, y: 5, width: 10, height: 10)
      $0.fill(Rect(minX: 0, minY: 0, maxX: 20, maxY: 20), Self.black)
      $0.stroke([Point(x: 0, y: 0), Point(x: 20, y: 20)], width: 4, Self.black)
    }
    for y in 0..<20 {
      for x in 0..<20 {
        let inside = (5..<15).contains(x) && (5..<15).contains(y)
        #expect(canvas.image[x, y] == (inside ? Self.black : Self.white), "(\(x), \(y))")
      }
    }
  }

  @Test func hugeAndNonFiniteShapesAreClippedOrRefused() {
    let canvas = Self.canvas(width: 20, height: 20) {
      $0.stroke([Point(x: -1e9, y: 10), Point(x: 1e9, y: 10)], width: 2, Self.black)
      $0.stroke([Point(x: .nan, y: 3), Point(x: 5, y: 5)], width: 2, Self.black)
      $0.fillDisc(centre: Point(x: 10, y: 10), radius: .infinity, Self.black)
    }
    let darkness = Self.darkness(canvas)
    for x in 0..<20 { #expect(darkness[9 * 20 + x] == 255 && darkness[10 * 20 + x] == 255 && darkness[8 * 20 + x] == 0) }
  }

  @Test func imagesBlendByTheirAlpha() {
    var stamp = PixelBuffer(width: 2, height: 1)
    stamp.pixels = [0xFF00_0000, 0x8000_0000]
    let canvas = Self.canvas(width: 4, height: 2) { $0.draw(stamp, atX: 1, y: 1) }
    #expect(canvas.image[1, 1] == Self.black)
    #expect(canvas.image[2, 1] == RGBA8(r: 127, g: 127, b: 127))
    #expect(canvas.image[3, 1] == Self.white && canvas.image[1, 0] == Self.white)
  }

  @Test func anImageMovesScalesAndResizesAsAPreview() {
    var image = PixelBuffer(width: 4, height: 3, filling: Self.white)
    image[1, 1] = Self.black
    let background = RGBA8(r: 9, g: 9, b: 9)
    // Twice as large about the origin: pixel (1, 1) covers (2...3, 2...3).
    let scaled = image.resampled(scale: 2, offsetX: 0, offsetY: 0, within: PixelRect(x: 0, y: 0, width: 4, height: 3), background: background)
    #expect(scaled[2, 2] == Self.black && scaled[3, 2] == Self.black && scaled[1, 1] == Self.white)
    // Moved right by one, inside a region that leaves column 0 alone; the exposed pixels get the background.
    let moved = image.resampled(scale: 1, offsetX: 1, offsetY: 0, within: PixelRect(x: 1, y: 0, width: 3, height: 3), background: background)
    #expect(moved[2, 1] == Self.black && moved[0, 1] == Self.white && moved[1, 1] == Self.white)
    let away = image.resampled(scale: 1, offsetX: 10, offsetY: 0, within: PixelRect(x: 0, y: 0, width: 4, height: 3), background: background)
    #expect(away[0, 0] == background)
    let larger = image.resized(width: 5, height: 2, background: background)
    #expect(larger.width == 5 && larger[1, 1] == Self.black && larger[4, 0] == background && larger[3, 1] == Self.white)
  }
}
