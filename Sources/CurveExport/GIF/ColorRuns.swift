/// Runs of equal colours in a frame's pixels, as 0xRRGGBB whatever the byte order: flat
/// areas (the page, the panels) cost one histogram or palette step a run, not a pixel.
/// Valid only inside `withUnsafeBufferPointer` over the frame's pixels.
struct ColorRuns: IteratorProtocol {
  let base: UnsafePointer<UInt8>
  let pixelCount: Int
  let redOffset: Int
  let blueOffset: Int
  private var pixel = 0

  init(_ pixels: UnsafeBufferPointer<UInt8>, order: GIFFrame.ByteOrder) {
    base = pixels.baseAddress!
    pixelCount = pixels.count / 4
    (redOffset, blueOffset) = order == .rgba ? (0, 2) : (2, 0)
  }

  @inline(__always)
  private func color(at pixel: Int) -> UInt32 {
    let byte = pixel &* 4
    return UInt32(base[byte &+ redOffset]) << 16 | UInt32(base[byte &+ 1]) << 8 | UInt32(base[byte &+ blueOffset])
  }

  mutating func next() -> (color: UInt32, count: Int)? {
    guard pixel < pixelCount else { return nil }
    let start = pixel, color = color(at: pixel)
    pixel += 1
    while pixel < pixelCount, self.color(at: pixel) == color { pixel += 1 }
    return (color, pixel - start)
  }
}
