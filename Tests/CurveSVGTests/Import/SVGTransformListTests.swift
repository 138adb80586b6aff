import CurveDocument
import CurveGeometry
@testable import CurveSVG
import Testing

/// `transform` attributes: the grammar of SVG 1.1, 7.6.
struct SVGTransformListTests {
  @Test func theDocumentationExample() throws {
    #expect(try SVGTransformList.transform("translate(10,20) rotate(90)").apply(to: Point(x: 1, y: 0)) == Point(x: 10, y: 21))
  }

  private func transform(_ text: String) throws -> Affine { try SVGTransformList.transform(text) }

  func error(_ text: String) -> SVGTransformError? {
    do {
      _ = try SVGTransformList.transform(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func eachFunction() throws {
    #expect(try transform("matrix(1 2 3 4 5 6)") == Affine(a: 1, b: 2, c: 3, d: 4, e: 5, f: 6))
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
    let expected = Affine.scale(x: 2) * .translate(x: 1, y: 1) * .skewX(degrees: 10)
    for text in ["scale(2),translate(1,1),skewX(10)", "scale(2) , translate(1 1)\n\tskewX(10)", "scale(2)translate(1,1)skewX(10)",
                 "scale (2) translate ( 1 , 1 ) skewX( 10 )"] {
      #expect(try transform(text) == expected, "\(text)")
    }
    // Inkscape's style: matrix chains with exponents and compact signs.
    #expect(try transform("matrix(0.26458333,0,0,0.26458333,-12.5,3.1e-2) translate(-1e1-2)") ==
            Affine(a: 0.26458333, b: 0, c: 0, d: 0.26458333, e: -12.5, f: 3.1e-2) * .translate(x: -10, y: -2))
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
