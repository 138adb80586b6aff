import CurveRaster

/// The smallest rectangle holding every pixel that differs between two frames of one size:
/// what an animation's next frame must store when the frame before stays in place (GIF's
/// disposal 1, APNG's `APNG_DISPOSE_OP_NONE`).
package enum ChangedRegion {
  /// The differing pixels' bounds, or a single pixel at (0, 0) when the frames are equal
  /// (a frame must cover at least one pixel).
  package static func between<Pixel: Equatable>(_ previous: [Pixel], _ next: [Pixel], width: Int) -> PixelRect {
    precondition(previous.count == next.count && width > 0 && next.count % width == 0, "frames of one size")
    let height = next.count / width
    func rowDiffers(_ y: Int) -> Bool {
      let start = y * width
      return previous[start..<start + width] != next[start..<start + width]
    }
    guard let top = (0..<height).first(where: rowDiffers) else { return PixelRect(x: 0, y: 0, width: 1, height: 1) }
    let bottom = (top..<height).last(where: rowDiffers)!
    var left = width, right = 0
    for y in top...bottom {
      let start = y * width
      func differs(_ x: Int) -> Bool { previous[start + x] != next[start + x] }
      guard let first = (0..<width).first(where: differs) else { continue }
      left = min(left, first)
      if let last = (max(first, right)..<width).last(where: differs) { right = last + 1 }
    }
    return PixelRect(x: left, y: top, width: right - left, height: bottom - top + 1)
  }

  /// The pixels of `rect` in `pixels` (`width` to a row), row after row.
  package static func crop<Pixel>(_ pixels: [Pixel], width: Int, to rect: PixelRect) -> [Pixel] {
    var cropped: [Pixel] = []
    cropped.reserveCapacity(rect.width * rect.height)
    for y in rect.minY..<rect.maxY { cropped += pixels[y * width + rect.minX..<y * width + rect.maxX] }
    return cropped
  }
}
