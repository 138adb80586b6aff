import CurveGeometry
import Testing

/// `Rect`'s unions and overlaps, growing, insetting and scaling, with the values they promise.
struct RectTests {
  @Test func unionHoldsBothAndIntersectsTellsOverlap() {
    let a = Rect(minX: 0, minY: 0, maxX: 10, maxY: 10), b = Rect(minX: 20, minY: -5, maxX: 30, maxY: 5)
    #expect(a.union(b) == Rect(minX: 0, minY: -5, maxX: 30, maxY: 10))
    #expect(!a.intersects(b))
    #expect(a.intersects(Rect(minX: 10, minY: 10, maxX: 12, maxY: 12)))
    #expect(a.union(b).intersects(b))
  }

  @Test func emptyHoldsNothingUntilSomethingIsIncluded() {
    #expect(!Rect.empty.contains(Point(x: 0, y: 0)))
    #expect(!Rect.empty.intersects(Rect(minX: -1e300, minY: -1e300, maxX: 1e300, maxY: 1e300)))
    #expect(Rect(enclosing: [Point]()) == .empty)
    var box = Rect.empty
    box.include(Point(x: 3, y: -2))
    #expect(box == Rect(minX: 3, minY: -2, maxX: 3, maxY: -2))
    var grown = Rect.empty
    grown.include(Rect(minX: 1, minY: 2, maxX: 5, maxY: 4))
    #expect(grown == Rect(minX: 1, minY: 2, maxX: 5, maxY: 4))
  }

  @Test func includingARectangleIsTheUnion() {
    var box = Rect(minX: 0, minY: 0, maxX: 4, maxY: 4)
    box.include(Rect(minX: 2, minY: -3, maxX: 9, maxY: 1))
    #expect(box == Rect(minX: 0, minY: -3, maxX: 9, maxY: 4))
    #expect(box == Rect(minX: 0, minY: 0, maxX: 4, maxY: 4).union(Rect(minX: 2, minY: -3, maxX: 9, maxY: 1)))
  }

  @Test func insetMovesEveryEdgeAndANegativeInsetGrows() {
    let frame = Rect(minX: 10, minY: 20, maxX: 30, maxY: 60)
    #expect(frame.insetBy(dx: 2, dy: 5) == Rect(minX: 12, minY: 25, maxX: 28, maxY: 55))
    #expect(frame.insetBy(dx: -1.5, dy: -1.5) == Rect(minX: 8.5, minY: 18.5, maxX: 31.5, maxY: 61.5))
    #expect(frame.insetBy(dx: 0, dy: 0) == frame)
    // Not clamped: more than half the width leaves an inverted rectangle holding nothing.
    let inverted = frame.insetBy(dx: 15, dy: 0)
    #expect(inverted.minX == 25 && inverted.maxX == 15 && !inverted.contains(Point(x: 20, y: 40)))
  }

  @Test func scalingMultipliesEveryCoordinate() {
    let rect = Rect(minX: -1.5, minY: 2, maxX: 4.25, maxY: 10)
    #expect(rect.scaled(by: 2) == Rect(minX: -3, minY: 4, maxX: 8.5, maxY: 20))
    // The same numbers as scaling the corners as points.
    let scale = 1.37
    let corners = Rect(enclosing: [Point(x: rect.minX, y: rect.minY) * scale, Point(x: rect.maxX, y: rect.maxY) * scale])
    #expect(rect.scaled(by: scale) == corners)
  }
}
