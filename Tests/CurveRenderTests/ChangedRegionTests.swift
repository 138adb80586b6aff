import CurveRaster
import CurveRender
import Testing

/// What an animation's next frame stores: the bounds of the pixels that differ.
struct ChangedRegionTests {
  @Test func theRegionBoundsEveryDifferingPixelAndNoMore() {
    let width = 6
    let before = [UInt8](repeating: 0, count: width * 5)
    var after = before
    after[1 * width + 4] = 1  // (4, 1)
    after[3 * width + 2] = 1  // (2, 3)
    #expect(ChangedRegion.between(before, after, width: width) == PixelRect(x: 2, y: 1, width: 3, height: 3))
    after[4 * width + 0] = 1  // (0, 4)
    #expect(ChangedRegion.between(before, after, width: width) == PixelRect(x: 0, y: 1, width: 5, height: 4))
  }

  @Test func equalFramesStoreOnePixel() {
    let frame: [UInt32] = [1, 2, 3, 4]
    #expect(ChangedRegion.between(frame, frame, width: 2) == PixelRect(x: 0, y: 0, width: 1, height: 1))
  }

  @Test func aCropIsTheRegionsRowsInOrder() {
    let pixels = Array(0..<12)  // 4 wide, 3 high
    #expect(ChangedRegion.crop(pixels, width: 4, to: PixelRect(x: 1, y: 1, width: 2, height: 2)) == [5, 6, 9, 10])
  }
}
