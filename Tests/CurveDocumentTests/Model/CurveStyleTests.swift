import CurveDocument
import CurveGeometry
import Testing

/// A style is copied for each curve a playing frame moves (10,000 a frame): it stays small,
/// its gradient and pattern paints boxed, and those boxes still behave as values.
struct CurveStyleTests {
  @Test func aStyleStaysSmallWithItsGradientsAndPatternsBoxed() {
    // A paint is a colour's size and a tag; a style was 433 bytes with them unboxed.
    #expect(MemoryLayout<CurveStyle.Paint>.size <= 17)
    print("sizes", MemoryLayout<CurveStyle.Paint>.size, MemoryLayout<CurveStyle>.size, MemoryLayout<Timeline.Keyframe>.size)
    #expect(MemoryLayout<CurveStyle>.size <= 200)
  }

  @Test func aBoxedGradientIsAValueCopiedOnChange() {
    let gradient = Gradient(
      geometry: .linear(x1: 0, y1: 0, x2: 1, y2: 0),
      stops: [Gradient.Stop(offset: 0, color: RGBColor(hex: "#ff0000")!), Gradient.Stop(offset: 1, color: RGBColor(hex: "#0000ff")!)])
    var first = CurveStyle()
    first.fill = .gradient(gradient)
    var second = first
    #expect(second == first)
    guard case .gradient(var changed) = second.fill else {
      Issue.record("the fill is no longer a gradient")
      return
    }
    changed.spread = .reflect
    second.fill = .gradient(changed)
    #expect(second != first)
    #expect(first.fill?.gradient?.spread == .pad)
    #expect(second.fill?.gradient?.spread == .reflect)
  }
}
