import CurveGeometry
import Foundation
import Testing

@testable import CurveRaster

/// A recorded list carried by a transform draws what recording the transformed shapes draws;
/// what a transform cannot carry exactly (shaders placed in pixels, filters, uneven discs)
/// gives nil.
struct DisplayListTransformTests {
  static let red = RGBA8(r: 200, g: 0, b: 0), blue = RGBA8(r: 0, g: 0, b: 200)

  /// A star with a hole (even-odd), a stroked zigzag and a disc, each point through `map`.
  static func shapes(_ map: (Point) -> Point, scale: Double = 1) -> DisplayList {
    var list = DisplayList(width: 160, height: 120)
    let star = (0..<10).map { index -> Point in
      let angle = Double(index) * .pi / 5, radius = index.isMultiple(of: 2) ? 30.0 : 12.5
      return map(Point(x: 60 + radius * cos(angle), y: 55 + radius * sin(angle)))
    }
    let hole = [Point(x: 55, y: 50), Point(x: 65, y: 50), Point(x: 65, y: 60), Point(x: 55, y: 60)].map(map)
    list.fill([star, hole], rule: .evenOdd, red)
    list.stroke([Point(x: 20, y: 100), Point(x: 50, y: 80), Point(x: 80, y: 105), Point(x: 120, y: 85)].map(map), width: 3.5 * scale, blue)
    list.disc(centre: map(Point(x: 120, y: 30)), radius: 6 * scale, blue)
    return list
  }

  static func render(_ list: DisplayList) -> PixelBuffer {
    var image = PixelBuffer(width: 160, height: 120, filling: RGBA8(r: 255, g: 255, b: 255))
    BandRenderer.render([list], into: &image, clip: PixelRect(x: 0, y: 0, width: 160, height: 120))
    return image
  }

  @Test(arguments: [
    Affine.translate(x: 7.375, y: -3.25),
    .rotate(degrees: 23, around: Point(x: 80, y: 60)),
    .translate(x: 80, y: 60) * .scale(x: 1.25) * .rotate(degrees: -40) * .translate(x: -80, y: -60),
  ])
  func aCarriedListDrawsWhatTheCarriedShapesDraw(transform: Affine) throws {
    let carried = try #require(Self.shapes { $0 }.transformed(by: transform))
    let scale = (abs(transform.a * transform.d - transform.b * transform.c)).squareRoot()
    let recorded = Self.shapes(transform.apply(to:), scale: scale)
    let a = Self.render(carried), b = Self.render(recorded)
    var largest = 0
    for y in 0..<120 {
      for x in 0..<160 {
        let p = a[x, y], q = b[x, y]
        largest = max(largest, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
      }
    }
    // Float points carried rather than recorded: a rounding's worth on edge pixels. (The
    // zigzag is stroked once, before carrying: under an even scale, the same outline.)
    #expect(largest <= 2, "largest channel difference \(largest)")
  }

  @Test func whatATransformCannotCarryGivesNil() throws {
    // A disc stays round only under a similarity.
    #expect(Self.shapes { $0 }.transformed(by: .scale(x: 2, y: 1)) == nil)
    #expect(Self.shapes { $0 }.transformed(by: .translate(x: 1e6, y: 0)) == nil, "beyond the exact range")
    var shaded = DisplayList(width: 10, height: 10)
    let gradient = try #require(GradientShader(
      geometry: .linear(start: .zero, end: Point(x: 10, y: 0)), stops: [.init(offset: 0, color: Self.red), .init(offset: 1, color: Self.blue)],
      spread: .pad, transform: .identity))
    shaded.fill([Contour([Point(x: 1, y: 1), Point(x: 9, y: 1), Point(x: 9, y: 9)], isClosed: true)], rule: .nonZero, gradient)
    #expect(shaded.transformed(by: .translate(x: 1, y: 0)) == nil, "its gradient is placed in pixels")
  }
}
