import CurveDocument
import Foundation
import Testing

/// CSS's timing functions: the values browsers give, the presets' symmetry, overshoot, and the
/// text they are saved as, with what is refused.
struct EasingTests {
  /// y where x = `fraction` on the cubic-bezier, by bisection on its parameter alone: the slow,
  /// sure answer to compare with.
  static func bisected(_ easing: Easing, _ fraction: Double) -> Double {
    let (x1, y1, x2, y2) = easing.controlPoints!
    func bezier(_ a: Double, _ b: Double, _ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s }
    var low = 0.0, high = 1.0
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if bezier(x1, x2, middle) < fraction { low = middle } else { high = middle }
    }
    return bezier(y1, y2, (low + high) / 2)
  }

  @Test func thePresetsGiveWhatBrowsersGive() {
    // `ease` at half time, as Chromium and Firefox compute it.
    #expect(abs(Easing.ease.progress(at: 0.5) - 0.8024033877399112) < 1e-9)
    #expect(Easing.linear.progress(at: 0.37) == 0.37)
    #expect(Easing.hold.progress(at: 0.99) == 0 && Easing.hold.progress(at: 1) == 1)
    for easing in [Easing.ease, .easeIn, .easeOut, .easeInOut, .cubicBezier(x1: 0.3, y1: -0.2, x2: 0.6, y2: 1.4)] {
      #expect(easing.progress(at: 0) == 0 && easing.progress(at: 1) == 1)
      for step in 1..<40 {
        let fraction = Double(step) / 40
        #expect(abs(easing.progress(at: fraction) - Self.bisected(easing, fraction)) < 1e-9, "\(easing) at \(fraction)")
      }
    }
  }

  @Test func easeInOutIsSymmetricAndEaseInMirrorsEaseOut() {
    for step in 0...20 {
      let x = Double(step) / 20
      #expect(abs(Easing.easeInOut.progress(at: x) + Easing.easeInOut.progress(at: 1 - x) - 1) < 1e-9)
      #expect(abs(Easing.easeIn.progress(at: x) + Easing.easeOut.progress(at: 1 - x) - 1) < 1e-9)
    }
  }

  @Test func aCustomCurveMayOvershoot() {
    let back = Easing.cubicBezier(x1: 0.3, y1: -0.2, x2: 0.6, y2: 1.4)
    let values = (0...100).map { back.progress(at: Double($0) / 100) }
    #expect(values.min()! < 0 && values.max()! > 1)
  }

  @Test func easingsAreSavedAsCSSWritesThemAndBadOnesAreRefused() throws {
    for (text, easing) in [
      ("linear", Easing.linear), ("hold", .hold), ("ease", .ease), ("ease-in", .easeIn), ("ease-out", .easeOut), ("ease-in-out", .easeInOut),
      ("cubic-bezier(0.3, -0.2, 0.6, 1.4)", .cubicBezier(x1: 0.3, y1: -0.2, x2: 0.6, y2: 1.4)),
      ("cubic-bezier(0, 0, 1, 1)", .cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)),
    ] {
      #expect(try Easing(css: text) == easing)
      #expect(easing.css == text)
      let data = try JSONEncoder().encode([easing])
      #expect(try JSONDecoder().decode([Easing].self, from: data) == [easing])
    }
    #expect(try Easing(css: " cubic-bezier(0.25,0.1,0.25,1) ") == .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
    for bad in ["cubic-bezier(1.2, 0, 0.5, 1)", "cubic-bezier(0.2, 0, -0.1, 1)", "cubic-bezier(0.2, 0, 0.5)", "cubic-bezier(0.2, nan, 0.5, 1)", "bounce", ""] {
      #expect(throws: EasingError(text: bad)) { try Easing(css: bad) }
    }
    #expect(throws: DecodingError.self) { try JSONDecoder().decode([Easing].self, from: Data(#"["steps(4)"]"#.utf8)) }
  }
}

extension EasingTests {
  @Test func playedBackwardsAnEasingTurnsHalfARound() {
    #expect(Easing.easeIn.reversed == .easeOut && Easing.easeInOut.reversed == .easeInOut)
    #expect(Easing.cubicBezier(x1: 0.2, y1: -0.5, x2: 0.7, y2: 1.2).reversed == .cubicBezier(x1: 0.3, y1: -0.2, x2: 0.8, y2: 1.5))
    #expect(Easing.hold.reversed == .hold && Easing.linear.reversed == .linear)
  }
}
