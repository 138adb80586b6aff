import CurveGeometry

/// One square of the grids that find points and segments near the pointer (`PointIndex`,
/// `SegmentIndex`): which cell of side `cellSize` a document point falls in, clamped to ±1e9
/// cells so a far or non-finite coordinate still names a cell.
struct GridCell: Hashable, Sendable {
  var x: Int32
  var y: Int32

  init(x: Int32, y: Int32) {
    self.x = x
    self.y = y
  }

  init(containing point: Point, cellSize: Double) {
    func coordinate(_ value: Double) -> Int32 { Int32(max(min((value / cellSize).rounded(.down), 1e9), -1e9)) }
    self.init(x: coordinate(point.x), y: coordinate(point.y))
  }
}
