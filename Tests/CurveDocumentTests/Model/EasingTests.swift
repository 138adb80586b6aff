import CurveDocument
import Foundation
import SeededRandom
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

extension EasingTests {
  /// An interval cut where another property has a keyframe: each part, from the value the
  /// whole has at its start to the value at its end, moves as the whole did (within 1e-6 of
  /// the way: the parts' control points are kept to 1e-9), for the presets, curves that
  /// overshoot, and random curves cut at random times. A random curve whose x runs fast,
  /// then slow (x1 near 1, x2 near 0) may have a part whose control points leave the unit
  /// square, which no CSS curve can say: that part is the nearest one that can (its x held
  /// to 0…1), and only such a part may be further off.
  @Test func aPartOfAnIntervalMovesAsTheWholeDidThere() {
    var generator = SplitMix64(seed: 55)
    var easings: [Easing] = [.ease, .easeIn, .easeOut, .easeInOut, .cubicBezier(x1: 0.3, y1: -0.2, x2: 0.6, y2: 1.4)]
    var parts = 0, heldParts = 0
    for _ in 0..<40 {
      easings.append(.cubicBezier(
        x1: .random(in: 0...1, using: &generator), y1: .random(in: -1...2, using: &generator),
        x2: .random(in: 0...1, using: &generator), y2: .random(in: -1...2, using: &generator)
      ))
    }
    for easing in easings {
      for _ in 0..<6 {
        let cuts = [Double.random(in: 0.05...0.95, using: &generator), .random(in: 0.05...0.95, using: &generator)].sorted()
        let (start, end) = (cuts[0], max(cuts[1], cuts[0] + 0.02))
        let from = easing.progress(at: start), to = easing.progress(at: end)
        guard abs(to - from) > 1e-3 else { continue }  // a part that ends where it began can only be linear
        let part = easing.part(from: start, to: end)
        let held = part.controlPoints.map { [$0.x1, $0.x2].contains { $0 == 0 || $0 == 1 } } ?? false
        let isPreset = easings.prefix(5).contains(easing)
        parts += 1
        if held { heldParts += 1 }
        for step in 0...20 {
          let fraction = Double(step) / 20, time = start + (end - start) * fraction
          let error = abs(from + (to - from) * part.progress(at: fraction) - easing.progress(at: time))
          #expect(error < (held && !isPreset ? 0.5 : 1e-6), "\(easing) from \(start) to \(end), at \(time): off by \(error)")
        }
      }
    }
    #expect(parts > 200 && heldParts * 10 < parts, "\(heldParts) of \(parts) parts held")
  }

  @Test func linearAndHoldAreTheirOwnPartsAndAPresetIsNamed() {
    #expect(Easing.linear.part(from: 0.2, to: 0.7) == .linear)
    #expect(Easing.hold.part(from: 0.2, to: 1) == .hold)
    #expect(Easing.easeInOut.part(from: 0, to: 1) == .easeInOut)
    // ease-in-out's first half, scaled, is a curve of its own, not linear.
    guard case .cubicBezier = Easing.easeInOut.part(from: 0, to: 0.5) else {
      Issue.record("\(Easing.easeInOut.part(from: 0, to: 0.5))")
      return
    }
  }
}
