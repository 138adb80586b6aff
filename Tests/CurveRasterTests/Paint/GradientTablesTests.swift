import Testing

@testable import CurveRaster

/// A gradient's colour table made once for its stops, and the cache kept small.
struct GradientTablesTests {
  static func stops(_ red: UInt8) -> [GradientShader.Stop] {
    [.init(offset: 0, color: RGBA8(r: red, g: 0, b: 0)), .init(offset: 1, color: RGBA8(r: 0, g: 0, b: 255, a: 128))]
  }

  @Test func theSameStopsShareOneTable() {
    let tables = GradientTables(limit: 4)
    let first = tables.table(Self.stops(255)), again = tables.table(Self.stops(255))
    #expect(first == GradientShader.table(Self.stops(255)))
    #expect(first.withUnsafeBufferPointer(\.baseAddress) == again.withUnsafeBufferPointer(\.baseAddress))
    #expect(tables.count == 1)
    let other = tables.table(Self.stops(10))
    #expect(other == GradientShader.table(Self.stops(10)) && other != first)
    #expect(tables.count == 2)
  }

  @Test func theCacheIsEmptiedAtItsLimit() {
    let tables = GradientTables(limit: 4)
    for red in 0..<4 { _ = tables.table(Self.stops(UInt8(red))) }
    #expect(tables.count == 4)
    // The fifth empties it first: only the fifth is held.
    let fifth = tables.table(Self.stops(4))
    #expect(tables.count == 1)
    #expect(fifth == GradientShader.table(Self.stops(4)))
  }
}
