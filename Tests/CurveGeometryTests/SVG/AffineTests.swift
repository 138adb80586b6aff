import CurveGeometry
import Foundation
import SeededRandom
import Testing

struct AffineTests {
  func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-12) -> Bool { a.distance(to: b) <= tolerance }

  @Test func theSixNumbersAreSVGsMatrix() {
    let matrix = Affine(a: 1, b: 2, c: 3, d: 4, e: 5, f: 6)
    // x' = a·x + c·y + e, y' = b·x + d·y + f.
    #expect(matrix.apply(to: Point(x: 10, y: 100)) == Point(x: 10 + 300 + 5, y: 20 + 400 + 6))
    #expect(Affine.identity.apply(to: Point(x: 3, y: -4)) == Point(x: 3, y: -4))
  }

  @Test func theConstructorsDoWhatSVGsFunctionsDo() {
    let point = Point(x: 2, y: 3)
    #expect(Affine.translate(x: 10, y: 20).apply(to: point) == Point(x: 12, y: 23))
    #expect(Affine.translate(x: 10).apply(to: point) == Point(x: 12, y: 3))
    #expect(Affine.scale(x: 2, y: 3).apply(to: point) == Point(x: 4, y: 9))
    #expect(Affine.scale(x: 2).apply(to: point) == Point(x: 4, y: 6))
    // Positive angles turn +x towards +y; multiples of 90° are exact.
    #expect(Affine.rotate(degrees: 90).apply(to: Point(x: 1, y: 0)) == Point(x: 0, y: 1))
    #expect(Affine.rotate(degrees: -90).apply(to: Point(x: 1, y: 0)) == Point(x: 0, y: -1))
    #expect(Affine.rotate(degrees: 540).apply(to: Point(x: 1, y: 0)) == Point(x: -1, y: 0))
    #expect(close(Affine.rotate(degrees: 45).apply(to: Point(x: 1, y: 0)), Point(x: 0.5.squareRoot(), y: 0.5.squareRoot())))
    // About a centre: the centre stays put.
    let about = Affine.rotate(degrees: 90, around: Point(x: 10, y: 10))
    #expect(about.apply(to: Point(x: 10, y: 10)) == Point(x: 10, y: 10))
    #expect(about.apply(to: Point(x: 20, y: 10)) == Point(x: 10, y: 20))
    #expect(close(Affine.skewX(degrees: 45).apply(to: point), Point(x: 5, y: 3)))
    #expect(close(Affine.skewY(degrees: 45).apply(to: point), Point(x: 2, y: 5)))
    #expect(!Affine.skewX(degrees: 90).isFinite)
  }

  @Test func theDocumentationExample() throws {
    let move = Affine.translate(x: 10, y: 0)
    let turn = Affine.rotate(degrees: 90)
    #expect((move * turn).apply(to: Point(x: 1, y: 0)) == Point(x: 10, y: 1))
  }

  @Test func compositionAppliesTheRightOperandFirst() {
    let move = Affine.translate(x: 10, y: 0), turn = Affine.rotate(degrees: 90)
    #expect((move * turn).apply(to: Point(x: 1, y: 0)) == Point(x: 10, y: 1))
    #expect((turn * move).apply(to: Point(x: 1, y: 0)) == Point(x: 0, y: 11))
    // Random maps: the product is applying one after the other, and associative.
    var generator = SplitMix64(seed: 17)
    func random() -> Affine {
      let n = (0..<6).map { _ in Double.random(in: -3...3, using: &generator) }
      return Affine(a: n[0], b: n[1], c: n[2], d: n[3], e: n[4], f: n[5])
    }
    for _ in 0..<100 {
      let (a, b, c) = (random(), random(), random())
      let point = generator.point()
      #expect(close((a * b).apply(to: point), a.apply(to: b.apply(to: point)), 1e-9))
      #expect(close(((a * b) * c).apply(to: point), (a * (b * c)).apply(to: point), 1e-9))
      #expect(a * .identity == a && .identity * a == a)
    }
  }

  @Test func maximumScaleIsTheLargestStretch() {
    #expect(Affine.scale(x: 2, y: -5).maximumScale == 5)
    #expect(abs(Affine.rotate(degrees: 33).maximumScale - 1) < 1e-12)
    #expect(Affine.translate(x: 100, y: 100).maximumScale == 1)
    // Against sampled directions for random maps.
    var generator = SplitMix64(seed: 18)
    for _ in 0..<50 {
      let n = (0..<4).map { _ in Double.random(in: -3...3, using: &generator) }
      let map = Affine(a: n[0], b: n[1], c: n[2], d: n[3], e: 7, f: 8)
      let sampled = (0..<3600).map { index -> Double in
        let angle = Double(index) * .pi / 1800
        let direction = Point(x: cos(angle), y: sin(angle))
        return (map.apply(to: direction) - map.apply(to: .zero)).length
      }.max()!
      #expect(sampled <= map.maximumScale + 1e-12 && sampled > map.maximumScale * 0.99999)
    }
  }

  @Test func curvesMapByTheirControlPoints() throws {
    let curve = try #require(Bezier([Point(x: 0, y: 0), Point(x: 10, y: 20), Point(x: 30, y: 0)]))
    let map = Affine(a: 2, b: 0.5, c: -1, d: 1.5, e: 3, f: 4)
    let mapped = curve.applying(map)
    for t in stride(from: 0.0, through: 1.0, by: 0.1) {
      #expect(close(mapped.eval(t), map.apply(to: curve.eval(t)), 1e-9))
    }
  }
}
