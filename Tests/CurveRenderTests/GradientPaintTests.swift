import CurveDocument
import CurveGeometry
@testable import CurveRaster
@testable import CurveRender
import Testing

/// A document's gradient as the rasterizer's shader: radii SVG 1.1 and SVG 2 allow, as resvg
/// draws them.
struct GradientPaintTests {
  static let black = RGBColor(r: 0, g: 0, b: 0), white = RGBColor(r: 255, g: 255, b: 255)

  /// The shader of a radial gradient over black to white, in box units over a 100 × 100 box.
  func shader(r: Double, fr: Double = 0) throws -> GradientShader {
    let gradient = Gradient(
      id: nil, geometry: .radial(cx: 0.5, cy: 0.5, r: r, fx: 0.5, fy: 0.5, fr: fr), units: .objectBoundingBox, transform: .identity, spread: .pad,
      stops: [Gradient.Stop(offset: 0, color: Self.black, opacity: 1), Gradient.Stop(offset: 1, color: Self.white, opacity: 1)]
    )
    return try #require(gradient.shader(bounds: Rect(minX: 0, minY: 0, maxX: 100, maxY: 100), toPixels: .identity))
  }

  func color(_ shader: GradientShader, x: Int, y: Int) -> UInt32 {
    var color: UInt32 = 0
    shader.shade(x: x, y: y, count: 1, into: &color)
    return color
  }

  /// SVG 1.1, 13.2.3: "a value of zero will cause the area to be painted as a single color
  /// using the color and opacity of the last gradient stop" (librsvg 2.54 paints nothing).
  @Test func aRadiusOfZeroPaintsTheLastStopEverywhere() throws {
    let shader = try shader(r: 0)
    for (x, y) in [(50, 50), (0, 0), (99, 20)] { #expect(color(shader, x: x, y: y) == 0xFFFF_FFFF) }
  }

  /// A focus outside the circle (SVG 2; resvg's `focal-point-correction`, which librsvg draws
  /// so too): not moved onto the circle, but the apex of a cone the gradient fills, nothing
  /// painted outside it. Circle about (0, 50) of radius 25, focus at (100, 50): the cone opens
  /// leftwards from the focus.
  @Test func aFocusOutsideTheCircleMakesACone() throws {
    let gradient = Gradient(
      id: nil, geometry: .radial(cx: 0, cy: 50, r: 25, fx: 100, fy: 50, fr: 0), units: .userSpaceOnUse, transform: .identity, spread: .pad,
      stops: [Gradient.Stop(offset: 0, color: Self.white, opacity: 1), Gradient.Stop(offset: 1, color: Self.black, opacity: 1)]
    )
    let shader = try #require(gradient.shader(bounds: Rect(minX: 0, minY: 0, maxX: 100, maxY: 100), toPixels: .identity))
    #expect(color(shader, x: 0, y: 50) == 0xFF00_0000, "the circle's centre: the last stop")
    let onAxis = color(shader, x: 60, y: 50) & 0xFF
    #expect(onAxis > 0 && onAxis < 255, "along the axis between them, a ramp: \(onAxis)")
    #expect(color(shader, x: 60, y: 5) == 0, "beside the cone (its half-angle is 14.5°): nothing")
    #expect(color(shader, x: 99, y: 90) == 0, "behind the focus: nothing")
  }

  /// A focal radius beyond the radius (SVG 2): the cone narrows outwards, so the last stop
  /// fills the middle and the first the corners, between them a ramp (resvg's `fr=0.7`).
  @Test func aFocalRadiusLargerThanTheRadiusNarrowsOutwards() throws {
    let shader = try shader(r: 0.5, fr: 0.7)
    #expect(color(shader, x: 50, y: 50) == 0xFFFF_FFFF, "inside the radius: the last stop")
    #expect(color(shader, x: 0, y: 0) == 0xFF00_0000, "beyond the focal radius (0.71 of the box away): the first stop")
    let between = color(shader, x: 10, y: 10) & 0xFF  // 0.56 of the box from the centre
    #expect(between > 0 && between < 255, "between the two circles, a shade of grey: \(between)")
  }
}
