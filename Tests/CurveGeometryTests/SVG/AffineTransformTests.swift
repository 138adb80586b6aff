import CurveGeometry
import Foundation
import SeededRandom
import Testing

/// Foundation has an `AffineTransform` too; these tests mean SVG's.
private typealias AffineTransform = CurveGeometry.AffineTransform

struct AffineTransformTests {
  func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-12) -> Bool { a.distance(to: b) <= tolerance }

  @Test func theSixNumbersAreSVGsMatrix() {
    let matrix = AffineTransform(a: 1, b: 2, c: 3, d: 4, e: 5, f: 6)
    // x' = a·x + c·y + e, y' = b·x + d·y + f.
    #expect(matrix.apply(to: Point(x: 10, y: 100)) == Point(x: 10 + 300 + 5, y: 20 + 400 + 6))
    #expect(AffineTransform.identity.apply(to: Point(x: 3, y: -4)) == Point(x: 3, y: -4))
  }

  @Test func theConstructorsDoWhatSVGsFunctionsDo() {
    let point = Point(x: 2, y: 3)
    #expect(AffineTransform.translate(x: 10, y: 20).apply(to: point) == Point(x: 12, y: 23))
    #expect(AffineTransform.translate(x: 10).apply(to: point) == Point(x: 12, y: 3))
    #expect(AffineTransform.scale(x: 2, y: 3).apply(to: point) == Point(x: 4, y: 9))
    #expect(AffineTransform.scale(x: 2).apply(to: point) == Point(x: 4, y: 6))
    // Positive angles turn +x towards +y; multiples of 90° are exact.
    #expect(AffineTransform.rotate(degrees: 90).apply(to: Point(x: 1, y: 0)) == Point(x: 0, y: 1))
    #expect(AffineTransform.rotate(degrees: -90).apply(to: Point(x: 1, y: 0)) == Point(x: 0, y: -1))
    #expect(AffineTransform.rotate(degrees: 540).apply(to: Point(x: 1, y: 0)) == Point(x: -1, y: 0))
    #expect(close(AffineTransform.rotate(degrees: 45).apply(to: Point(x: 1, y: 0)), Point(x: 0.5.squareRoot(), y: 0.5.squareRoot())))
    // About a centre: the centre stays put.
    let about = AffineTransform.rotate(degrees: 90, around: Point(x: 10, y: 10))
    #expect(about.apply(to: Point(x: 10, y: 10)) == Point(x: 10, y: 10))
    #expect(about.apply(to: Point(x: 20, y: 10)) == Point(x: 10, y: 20))
    #expect(close(AffineTransform.skewX(degrees: 45).apply(to: point), Point(x: 5, y: 3)))
    #expect(close(AffineTransform.skewY(degrees: 45).apply(to: point), Point(x: 2, y: 5)))
    #expect(!AffineTransform.skewX(degrees: 90).isFinite)
  }

  @Test func theDocumentationExample() throws {
    let move = AffineTransform.translate(x: 10, y: 0)
    let turn = AffineTransform.rotate(degrees: 90)
    #expect((move * turn).apply(to: Point(x: 1, y: 0)) == Point(x: 10, y: 1))
    #expect(try SVGTransformList.transform("translate(10,20) rotate(90)").apply(to: Point(x: 1, y: 0)) == Point(x: 10, y: 21))
  }

  @Test func compositionAppliesTheRightOperandFirst() {
    let move = AffineTransform.translate(x: 10, y: 0), turn = AffineTransform.rotate(degrees: 90)
    #expect((move * turn).apply(to: Point(x: 1, y: 0)) == Point(x: 10, y: 1))
    #expect((turn * move).apply(to: Point(x: 1, y: 0)) == Point(x: 0, y: 11))
    // Random maps: the product is applying one after the other, and associative.
    var generator = SplitMix64(seed: 17)
    func random() -> AffineTransform {
      let n = (0..<6).map { _ in Double.random(in: -3...3, using: &generator) }
      return AffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], e: n[4], f: n[5])
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
    #expect(AffineTransform.scale(x: 2, y: -5).maximumScale == 5)
    #expect(abs(AffineTransform.rotate(degrees: 33).maximumScale - 1) < 1e-12)
    #expect(AffineTransform.translate(x: 100, y: 100).maximumScale == 1)
    // Against sampled directions for random maps.
    var generator = SplitMix64(seed: 18)
    for _ in 0..<50 {
      let n = (0..<4).map { _ in Double.random(in: -3...3, using: &generator) }
      let map = AffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], e: 7, f: 8)
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
    let map = AffineTransform(a: 2, b: 0.5, c: -1, d: 1.5, e: 3, f: 4)
    let mapped = curve.applying(map)
    for t in stride(from: 0.0, through: 1.0, by: 0.1) {
      #expect(close(mapped.eval(t), map.apply(to: curve.eval(t)), 1e-9))
    }
  }
}

/// `transform` attributes: the grammar of SVG 1.1, 7.6.
struct SVGTransformListTests {
  private func transform(_ text: String) throws -> AffineTransform { try SVGTransformList.transform(text) }

  func error(_ text: String) -> SVGTransformError? {
    do {
      _ = try SVGTransformList.transform(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func eachFunction() throws {
    #expect(try transform("matrix(1 2 3 4 5 6)") == AffineTransform(a: 1, b: 2, c: 3, d: 4, e: 5, f: 6))
    #expect(try transform("translate(5)") == .translate(x: 5))
    #expect(try transform("translate(5, 6)") == .translate(x: 5, y: 6))
    #expect(try transform("scale(2)") == .scale(x: 2))
    #expect(try transform("scale(2 3)") == .scale(x: 2, y: 3))
    #expect(try transform("rotate(30)") == .rotate(degrees: 30))
    #expect(try transform("rotate(90 10 20)") == .rotate(degrees: 90, around: Point(x: 10, y: 20)))
    #expect(try transform("skewX(30)") == .skewX(degrees: 30))
    #expect(try transform("skewY(-30)") == .skewY(degrees: -30))
    #expect(try transform("") == .identity)
    #expect(try transform("  ") == .identity)
  }

  @Test func listsComposeLeftToRight() throws {
    // "translate(10,20) rotate(90)": rotated first, then moved.
    let list = try transform("translate(10,20) rotate(90)")
    #expect(list == .translate(x: 10, y: 20) * .rotate(degrees: 90))
    #expect(list.apply(to: Point(x: 1, y: 0)) == Point(x: 10, y: 21))
    // Commas, whitespace, new lines, or nothing between functions; spaces before "(".
    let expected = AffineTransform.scale(x: 2) * .translate(x: 1, y: 1) * .skewX(degrees: 10)
    for text in ["scale(2),translate(1,1),skewX(10)", "scale(2) , translate(1 1)\n\tskewX(10)", "scale(2)translate(1,1)skewX(10)",
                 "scale (2) translate ( 1 , 1 ) skewX( 10 )"] {
      #expect(try transform(text) == expected, "\(text)")
    }
    // Inkscape's style: matrix chains with exponents and compact signs.
    #expect(try transform("matrix(0.26458333,0,0,0.26458333,-12.5,3.1e-2) translate(-1e1-2)") ==
            AffineTransform(a: 0.26458333, b: 0, c: 0, d: 0.26458333, e: -12.5, f: 3.1e-2) * .translate(x: -10, y: -2))
  }

  @Test func errorsNameTheOffsetAndWhatWasExpected() {
    #expect(error("translate(1 2 3)") == SVGTransformError(offset: 15, expected: "1 or 2 numbers in translate(…)", found: "3"))
    #expect(error("rotate(1 2)")?.expected == "1 or 3 numbers in rotate(…)")
    #expect(error("matrix(1 2 3 4 5)")?.expected == "6 numbers in matrix(…)")
    #expect(error("skewX()") == SVGTransformError(offset: 6, expected: "1 number in skewX(…)", found: "0"))
    #expect(error("translate(1") == SVGTransformError(offset: 11, expected: "a number or \")\"", found: "the end of the data"))
    #expect(error("spin(3)") == SVGTransformError(offset: 0, expected: "matrix, translate, scale, rotate, skewX or skewY", found: "\"spin\""))
    #expect(error("Scale(3)")?.offset == 0)  // function names are case-sensitive
    #expect(error("scale 2")?.expected == "\"(\" after scale")
    #expect(error("scale(2),")?.offset == 9)
    #expect(error("scale(1e999)")?.expected == "a number a Double can hold")
    #expect(error("scale(2) x")?.offset == 9)
  }
}
