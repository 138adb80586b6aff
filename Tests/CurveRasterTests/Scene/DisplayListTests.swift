import CurveGeometry
import Testing

@testable import CurveRaster

/// What a `DisplayList` records: one command a shape, in painting order, with the bounds and
/// outline points the band renderer relies on; nothing for shapes that cannot draw; far
/// coordinates clipped before they lose precision as `Float`.
struct DisplayListTests {
  static let black = RGBA8(r: 0, g: 0, b: 0)

  /// The bounds of every `.path` command, in order.
  static func pathBounds(_ list: DisplayList) -> [Rect] {
    list.commands.compactMap { command in
      guard case let .path(_, _, bounds, _, _, _) = command else { return nil }
      return bounds
    }
  }

  static func isClose(_ a: Rect, _ b: Rect, within tolerance: Double = 1e-9) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
      && abs(a.maxX - b.maxX) <= tolerance && abs(a.maxY - b.maxY) <= tolerance
  }

  @Test func aFilledRectangleIsRecordedAsItIs() {
    var list = DisplayList(width: 20, height: 10)
    let rect = Rect(minX: 2.5, minY: 1, maxX: 10.25, maxY: 8)
    list.fill(rect, Self.black)
    #expect(list.commands.count == 1)
    guard case let .rect(recorded, color) = list.commands.first else {
      Issue.record("expected a rect command, got \(list.commands)")
      return
    }
    #expect(recorded == rect && color == Self.black)
    // A rectangle is drawn from its four numbers: no outline points.
    #expect(list.points.isEmpty && list.pointCount == 0)
  }

  @Test func shapesThatCannotDrawAreNotRecorded() {
    var list = DisplayList(width: 20, height: 10)
    list.fill(Rect(minX: 3, minY: 1, maxX: 3, maxY: 8), Self.black)  // no width
    list.fill(Rect(minX: .nan, minY: 1, maxX: 5, maxY: 8), Self.black)
    list.fill(Rect(minX: 1, minY: 1, maxX: 5, maxY: 8), RGBA8(r: 0, g: 0, b: 0, a: 0))  // transparent
    list.stroke([Point(x: 1, y: 1), Point(x: 9, y: 9)], width: 0, Self.black)
    list.stroke([Point(x: 1, y: 1), Point(x: .infinity, y: 9)], width: 2, Self.black)
    list.stroke([], width: 2, Self.black)
    list.disc(centre: Point(x: 5, y: 5), radius: .infinity, Self.black)
    list.disc(centre: Point(x: 5, y: 5), radius: 0, Self.black)
    list.fillPolygon([Point(x: 1, y: 1), Point(x: 9, y: 9)], Self.black)  // two points enclose nothing
    list.draw(PixelBuffer(width: 0, height: 3), atX: 0, y: 0)
    #expect(list.isEmpty && list.points.isEmpty && list.pointCount == 0)
  }

  @Test func aStrokesBoundsAreItsOutlineWithItsCaps() {
    var list = DisplayList(width: 40, height: 40)
    list.stroke([Point(x: 10, y: 20), Point(x: 30, y: 20)], width: 4, Self.black)
    // The segment grown by the half width, 2, on every side: the round caps reach x 8 and 32.
    #expect(Self.pathBounds(list).count == 1)
    #expect(Self.pathBounds(list).allSatisfy { Self.isClose($0, Rect(minX: 8, minY: 18, maxX: 32, maxY: 22)) }, "\(Self.pathBounds(list))")
    #expect(list.contourEnds == [list.points.count] && list.points.count > 4)
  }

  @Test func repeatedPointsAreOneAndASinglePointIsADot() {
    var list = DisplayList(width: 40, height: 40)
    list.stroke([Point(x: 10, y: 10), Point(x: 10, y: 10), Point(x: 10, y: 10 + 1e-12)], width: 3, Self.black)
    // A dot `width` across: a circle of radius 1.5 around the point, as a polygon whose
    // chords stray at most the arc tolerance, 0.025 px, inside it.
    #expect(Self.pathBounds(list).count == 1)
    #expect(Self.isClose(Self.pathBounds(list)[0], Rect(minX: 8.5, minY: 8.5, maxX: 11.5, maxY: 11.5), within: arcTolerance))
  }

  @Test func discsNearTheCanvasAreKeptAsCircles() {
    var list = DisplayList(width: 40, height: 40)
    list.disc(centre: Point(x: 10, y: 12), radius: 3, Self.black)
    guard case let .disc(centre, radius, _) = list.commands.first, list.commands.count == 1 else {
      Issue.record("expected one disc command, got \(list.commands)")
      return
    }
    #expect(centre == Point(x: 10, y: 12) && radius == 3)
    // No points stored, but counted as a circle's worth of work.
    #expect(list.points.isEmpty && list.pointCount == DisplayList.pointsPerDisc)
  }

  @Test func outlinesWithinTheExactRangeAreStoredUnclipped() {
    // Off the canvas but within 16,000 pixels: stored as they are, exact as Float.
    var list = DisplayList(width: 20, height: 20)
    list.stroke([Point(x: -100, y: 10), Point(x: 100, y: 10)], width: 2, Self.black)
    let xs = list.points.map { Double($0.x) }
    #expect(abs(xs.min()! - -101) < 1e-4 && abs(xs.max()! - 101) < 1e-4)
  }

  @Test func farOutlinesAreClippedToTheCanvasAndAMarginBeforeStorage() {
    var list = DisplayList(width: 20, height: 20)
    list.stroke([Point(x: -1e9, y: 10), Point(x: 1e9, y: 10)], width: 2, Self.black)
    #expect(list.keptArea == Rect(minX: -2, minY: -2, maxX: 22, maxY: 22))
    #expect(!list.points.isEmpty)
    // Every stored point is inside the kept area; the stroke's band, y 9 to 11, is kept whole.
    for point in list.points {
      #expect((-2.001...22.001).contains(point.x) && (9...11).contains(point.y), "\(point)")
    }
    #expect(Set(list.points.map(\.y)) == [9, 11])
  }

  @Test func aFarOutlineWithNothingNearTheCanvasRecordsNothing() {
    // An L around the canvas's top-left, far enough to be clipped: its box holds the canvas,
    // but no part of it comes near (the canvas is where neither arm is).
    let l = [
      Point(x: -20_000, y: -20_000), Point(x: 20_000, y: -20_000), Point(x: 20_000, y: -10),
      Point(x: -10, y: -10), Point(x: -10, y: 20_000), Point(x: -20_000, y: 20_000),
    ]
    var list = DisplayList(width: 20, height: 20)
    list.fillPolygon(l, Self.black)
    #expect(list.isEmpty && list.points.isEmpty && list.contourEnds.isEmpty)
    var image = PixelBuffer(width: 20, height: 20, filling: RGBA8(r: 255, g: 255, b: 255))
    BandRenderer.render(list, into: &image, clip: PixelRect(x: 0, y: 0, width: 20, height: 20))
    #expect(image.pixels.allSatisfy { $0 == 0xFFFF_FFFF })
  }

  @Test func clippingKeepsThePartInsideTheRectangle() {
    let square = [Point(x: -10, y: -10), Point(x: 10, y: -10), Point(x: 10, y: 10), Point(x: -10, y: 10)]
    let clipped = DisplayList.clip(square, to: Rect(minX: 0, minY: 0, maxX: 5, maxY: 5))
    #expect(Set(clipped) == [Point(x: 0, y: 0), Point(x: 5, y: 0), Point(x: 5, y: 5), Point(x: 0, y: 5)])
    #expect(DisplayList.clip(square, to: Rect(minX: 20, minY: 0, maxX: 25, maxY: 5)).isEmpty)
  }

  @Test func mayShowAnswersForTheCanvasAndItsMargin() {
    let list = DisplayList(width: 100, height: 50)
    // The kept area is -2...102 × -2...52; a shape counts with its reach around it.
    #expect(list.mayShow(Rect(minX: 10, minY: 10, maxX: 20, maxY: 20), reach: 0))
    #expect(!list.mayShow(Rect(minX: 110, minY: 10, maxX: 120, maxY: 20), reach: 5))
    #expect(list.mayShow(Rect(minX: 110, minY: 10, maxX: 120, maxY: 20), reach: 8))  // touching counts
    #expect(!list.mayShow(Rect(minX: 10, minY: -30, maxX: 20, maxY: -10), reach: 7.5))
    #expect(!list.mayShow(Rect(minX: .nan, minY: 10, maxX: 20, maxY: 20), reach: 0))
  }

  @Test func commandsKeepPaintingOrderAndRemoveAllEmptiesTheList() {
    var list = DisplayList(width: 20, height: 20)
    list.clear(RGBA8(r: 255, g: 255, b: 255))
    list.fillPolygon([Point(x: 1, y: 1), Point(x: 9, y: 1), Point(x: 5, y: 8)], Self.black)
    list.fill(Rect(minX: 0, minY: 0, maxX: 4, maxY: 4), Self.black)
    list.disc(centre: Point(x: 10, y: 10), radius: 2, Self.black)
    list.draw(PixelBuffer(width: 2, height: 2), atX: 3, y: 4)
    let kinds = list.commands.map { command -> String in
      switch command {
      case .clear: "clear"
      case .rect: "rect"
      case .path: "path"
      case .shadedPath: "shaded path"
      case .pushLayer: "push layer"
      case .popLayer: "pop layer"
      case .pushFilter: "push filter"
      case .popFilter: "pop filter"
      case .disc: "disc"
      case .image: "image"
      }
    }
    #expect(kinds == ["clear", "path", "rect", "disc", "image"])
    #expect(list.points.count == 3 && list.pointCount == 3 + DisplayList.pointsPerDisc)
    list.removeAll()
    #expect(list.isEmpty && list.points.isEmpty && list.contourEnds.isEmpty && list.pointCount == 0)
  }
}
