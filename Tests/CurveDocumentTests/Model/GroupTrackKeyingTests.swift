import CurveDocument
import CurveGeometry
import Foundation
import SeededRandom
import Testing

/// Keying a group as the selector moves it: the move read back as translation, rotation,
/// slant and scale about an origin, so that a keyed turn turns.
struct GroupTrackKeyingTests {
  static func close(_ a: Affine, _ b: Affine, within tolerance: Double = 1e-9) -> Bool {
    zip([a.a, a.b, a.c, a.d, a.e, a.f], [b.a, b.b, b.c, b.d, b.e, b.f]).allSatisfy { abs($0 - $1) <= tolerance }
  }

  @Test func anyMatrixIsReadBackIntoPartsThatComposeToIt() {
    var random = SplitMix64(seed: 54)
    for _ in 0..<2_000 {
      func number(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
      let matrix = Affine(a: number(-3...3), b: number(-3...3), c: number(-3...3), d: number(-3...3), e: number(-500...500), f: number(-500...500))
      guard abs(matrix.a * matrix.d - matrix.b * matrix.c) > 1e-3 else { continue }
      let origin = Point(x: number(-200...200), y: number(-200...200)), near = number(-720...720)
      let parts = Timeline.TransformParts(matrix: matrix, origin: origin, nearRotation: near)
      #expect(Self.close(parts.matrix, matrix, within: 1e-9 * 500), "\(parts) against \(matrix)")
      #expect(parts.origin == origin)
      // Of the turns that read it, the one within half a turn of `near`.
      #expect(abs(parts.rotate - near) <= 180 + 1e-9, "\(parts.rotate) near \(near)")
      #expect(abs(parts.skewX) < 90)
    }
  }

  @Test func aFlipIsANegativeScaleNotAHalfTurnAndTurnsContinueFromTheLastOne() {
    let flip = Timeline.TransformParts(matrix: .scale(x: -1, y: 1), origin: .zero)
    #expect(flip.rotate == 0 && flip.scale == Point(x: -1, y: 1) && flip.translate == .zero && flip.skewX == 0)
    // 15° more after 345°: 360°, not 0°.
    let on = Timeline.TransformParts(matrix: .rotate(degrees: 360), origin: .zero, nearRotation: 345)
    #expect(abs(on.rotate - 360) < 1e-9)
    // A turn about (50, 50) read about the same origin has no translation.
    let turn = Timeline.TransformParts(matrix: .rotate(degrees: 90, around: Point(x: 50, y: 50)), origin: Point(x: 50, y: 50))
    #expect(abs(turn.rotate - 90) < 1e-12 && abs(turn.translate.x) < 1e-12 && abs(turn.translate.y) < 1e-12)
  }

  @Test func aKeyedQuarterTurnTurnsAboutTheGroupsMiddle() {
    // "wheel" is moved 20 right; its square's middle is at (65, 45) in the drawing, (45, 45) inside.
    let wheel = Group(id: "wheel", transform: .translate(x: 20, y: 0))
    var timeline = Timeline(duration: 2)
    let centre = Point(x: 65, y: 45)
    timeline.key(group: wheel, movedBy: .identity, frame: wheel.transform, centre: centre, at: 0)
    timeline.key(group: wheel, movedBy: .rotate(degrees: 90, around: centre), frame: wheel.transform, centre: centre, at: 2)
    let keyframes = timeline.groupTracks[0].keyframes
    #expect(keyframes.map(\.time) == [0, 2])
    #expect(keyframes.map { $0.transform?.origin } == [Point(x: 45, y: 45), Point(x: 45, y: 45)])
    #expect(abs(keyframes[1].transform!.rotate - 90) < 1e-12)
    // Half way it has turned 45° about its middle, which stays where it is: no chord.
    let (half, _) = timeline.groupTracks[0].value(at: 1, from: wheel)!
    let shown = wheel.transform * half.matrix
    let middle = shown.apply(to: Point(x: 45, y: 45)), corner = shown.apply(to: Point(x: 40, y: 40))
    #expect(abs(middle.x - 65) < 1e-9 && abs(middle.y - 45) < 1e-9)
    let expected = Affine.rotate(degrees: 45, around: centre).apply(to: Point(x: 60, y: 40))
    #expect(abs(corner.x - expected.x) < 1e-9 && abs(corner.y - expected.y) < 1e-9)
  }

  @Test func keyingAgainAtAKeyframeComposesWithWhatItHolds() {
    let group = Group(id: "g")
    var timeline = Timeline(duration: 1)
    timeline.key(group: group, movedBy: .translate(x: 10, y: 0), frame: .identity, centre: Point(x: 5, y: 5), at: 1)
    timeline.key(group: group, movedBy: .rotate(degrees: 90, around: Point(x: 15, y: 5)), frame: .identity, centre: Point(x: 15, y: 5), at: 1)
    #expect(timeline.groupTracks.count == 1 && timeline.groupTracks[0].keyframes.count == 1)
    let parts = timeline.groupTracks[0].keyframes[0].transform!
    // Kept about the first origin: the move, then the turn about where the middle went.
    #expect(parts.origin == Point(x: 5, y: 5))
    #expect(Self.close(parts.matrix, .rotate(degrees: 90, around: Point(x: 15, y: 5)) * .translate(x: 10, y: 0)))
  }
}
