import CurveDocument
import CurveGeometry
import Testing

/// Gradients between keyframes: a gradient moves to one like it (ends, stops' offsets,
/// colours and opacities by the share); to anything else it changes at the next keyframe.
struct GradientInterpolationTests {
  static let red = RGBColor(r: 255, g: 0, b: 0), blue = RGBColor(r: 0, g: 0, b: 255)

  static func linear(x2: Double, middle: Double, end: RGBColor, opacity: Double = 1) -> Gradient {
    Gradient(geometry: .linear(x1: 0, y1: 0, x2: x2, y2: 0), stops: [
      Gradient.Stop(offset: 0, color: red), Gradient.Stop(offset: middle, color: end, opacity: opacity), Gradient.Stop(offset: 1, color: end),
    ])
  }

  @Test func aGradientMovesToOneLikeItByTheShare() throws {
    let from = Self.linear(x2: 1, middle: 0.2, end: Self.red), to = Self.linear(x2: 0.5, middle: 0.6, end: Self.blue, opacity: 0)
    let half = try #require(from.interpolated(to: to, 0.25))
    #expect(half.geometry == .linear(x1: 0, y1: 0, x2: 0.875, y2: 0))
    #expect(zip(half.stops.map(\.offset), [0, 0.3, 1]).allSatisfy { abs($0 - $1) < 1e-15 })
    #expect(half.stops[1].color == RGBColor(r: 191, g: 0, b: 64) && half.stops[1].opacity == 0.75)
    #expect(from.interpolated(to: to, 1) == to.withID(from.id))
  }

  @Test func aGradientUnlikeTheOtherHasNoWayBetween() {
    let from = Self.linear(x2: 1, middle: 0.5, end: Self.blue)
    var fewer = from
    fewer.stops.removeLast()
    var radial = from
    radial.geometry = .radial(cx: 0.5, cy: 0.5, r: 0.5, fx: 0.5, fy: 0.5, fr: 0)
    var reflected = from
    reflected.spread = .reflect
    #expect([fewer, radial, reflected].allSatisfy { from.interpolated(to: $0, 0.5) == nil })
    // In a style, such a paint changes when the share reaches 1.
    let style = CurveStyle(fill: .gradient(from)), other = CurveStyle(fill: .gradient(radial))
    #expect(style.interpolated(to: other, 0.5).fill == .gradient(from))
    #expect(style.interpolated(to: other, 1).fill == .gradient(radial))
    // A gradient like it moves.
    let like = CurveStyle(fill: .gradient(Self.linear(x2: 3, middle: 0.5, end: Self.blue)))
    #expect(style.interpolated(to: like, 0.5).fill == .gradient(Self.linear(x2: 2, middle: 0.5, end: Self.blue)))
  }
}

extension Gradient {
  fileprivate func withID(_ id: String?) -> Gradient {
    var result = self
    result.id = id
    return result
  }
}
