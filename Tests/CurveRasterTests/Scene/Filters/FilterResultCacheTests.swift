import CurveGeometry
import Testing

@testable import CurveRaster

/// Filter results kept between frames: found again for the same drawing and effect, drawn
/// anew when either changes, and none kept when the cache is off.
struct FilterResultCacheTests {
  static func list(squareAt x: Double, deviation: Double = 2) -> DisplayList {
    var list = DisplayList(width: 64, height: 48)
    list.beginFilter()
    list.fill(Rect(minX: x, minY: 10, maxX: x + 10, maxY: 20), RGBA8(r: 0, g: 0, b: 0))
    list.endFilter(FilterEffect(region: PixelRect(x: 0, y: 0, width: 64, height: 48), steps: [.init(.gaussianBlur(x: deviation, y: deviation))]))
    return list
  }

  let cache = FilterResultCache()

  func filtered(_ list: DisplayList) -> [UInt32]? {
    FilteredLayers.prerender(list, range: 0..<list.commands.count, width: 64, height: 48, cache: cache).layers[0]?.pixels
  }

  @Test func theSameDrawingIsFilteredOnce() throws {
    cache.capacity = 1 << 20
    let first = try #require(filtered(Self.list(squareAt: 10)))
    let hits = cache.hits
    #expect(filtered(Self.list(squareAt: 10)) == first)
    #expect(cache.hits == hits + 1, "found again")
    _ = filtered(Self.list(squareAt: 11))
    _ = filtered(Self.list(squareAt: 10, deviation: 3))
    #expect(cache.hits == hits + 1, "a moved square and another blur are new")
    cache.capacity = 0
    _ = filtered(Self.list(squareAt: 10))
    #expect(cache.hits == hits + 1, "off: nothing kept")
  }

  @Test func drawingsAfterOthersFingerprintTheSame() {
    var before = DisplayList(width: 64, height: 48)
    before.fill([[Point(x: 1, y: 1), Point(x: 5, y: 1), Point(x: 5, y: 5)]], rule: .nonZero, RGBA8(r: 9, g: 9, b: 9))
    let start = before.commands.count
    before.fill([[Point(x: 10, y: 10), Point(x: 20, y: 10), Point(x: 20, y: 20)]], rule: .nonZero, RGBA8(r: 1, g: 2, b: 3))
    var alone = DisplayList(width: 64, height: 48)
    alone.fill([[Point(x: 10, y: 10), Point(x: 20, y: 10), Point(x: 20, y: 20)]], rule: .nonZero, RGBA8(r: 1, g: 2, b: 3))
    #expect(before.fingerprint(of: start..<before.commands.count) == alone.fingerprint(of: 0..<alone.commands.count))
    var moved = DisplayList(width: 64, height: 48)
    moved.fill([[Point(x: 10, y: 10), Point(x: 20, y: 10), Point(x: 20, y: 21)]], rule: .nonZero, RGBA8(r: 1, g: 2, b: 3))
    #expect(moved.fingerprint(of: 0..<moved.commands.count) != alone.fingerprint(of: 0..<alone.commands.count))
  }
}
