import CurveGeometry
import Testing

/// The primer's bounding-box subdivision: pairs of halves whose boxes overlap close in on the
/// meetings, one halving a step, and none for curves whose boxes are apart.
struct BoxSubdivisionTests {
  static let arch = Bezier([Point(x: 100, y: 450), Point(x: 100, y: 250), Point(x: 500, y: 250), Point(x: 500, y: 450)])!
  static let line = Bezier([Point(x: 50, y: 380), Point(x: 550, y: 380)])!

  @Test func thePairsCloseInOnTheMeetings() {
    let hits = Self.arch.intersections(with: Self.line)
    #expect(hits.count == 2)
    #expect(BoxSubdivision.pairs(Self.arch, Self.line, steps: 0).count == 1)
    var previousSize = Double.infinity
    for steps in [2, 4, 6, 8, 10] {
      let pairs = BoxSubdivision.pairs(Self.arch, Self.line, steps: steps)
      // Every meeting lies in both boxes of some pair, and every pair's boxes still meet.
      #expect(hits.allSatisfy { hit in pairs.contains { $0.a.bounds.contains(hit.point) && $0.b.bounds.contains(hit.point) } })
      #expect(pairs.allSatisfy { $0.a.bounds.intersects($0.b.bounds) })
      // Two meetings, each found by a few pairs, in boxes that halve or more each step.
      #expect(pairs.count >= 2 && pairs.count <= 16, "\(steps) steps: \(pairs.count) pairs")
      let size = pairs.map { max($0.a.bounds.width, $0.a.bounds.height) }.max()!
      #expect(size < previousSize)
      previousSize = size
    }
    #expect(previousSize < 500.0 / 256, "ten halvings: boxes under a 256th of the arch")
  }

  @Test func curvesWhoseBoxesAreApartPairNothingAndOverlapsStopAtTheLimit() {
    let far = Bezier([Point(x: 0, y: 0), Point(x: 10, y: 0)])!
    #expect(BoxSubdivision.pairs(Self.arch, far, steps: 5).isEmpty)
    // A curve against itself overlaps everywhere: the count would double every step.
    #expect(BoxSubdivision.pairs(Self.arch, Self.arch, steps: 12, limit: 100).count == 100)
  }
}
