import CurveGeometry
import Testing

/// A curve read as y(x), as CSS easing functions are.
struct CurveAsFunctionTests {
  /// CSS's `ease`, cubic-bezier(.25, .1, .25, 1).
  static let ease = Bezier([Point(x: 0, y: 0), Point(x: 0.25, y: 0.1), Point(x: 0.25, y: 1), Point(x: 1, y: 1)])!

  @Test func easeAtHalfWayIsWhatBisectionGives() {
    // x(t) = 0.5 at t = 0.69957243870638…, where y = 0.80240338758485… (bisection in Python).
    #expect(Self.ease.xOnlyGrows)
    #expect(abs(Self.ease.y(atX: 0.5)! - 0.802403387584857) < 1e-12)
    #expect(Self.ease.y(atX: 0) == 0 && Self.ease.y(atX: 1) == 1)
    #expect(Self.ease.y(atX: 1.5) == nil)
  }

  @Test func aCurveThatTurnsBackInXIsNoFunction() {
    let s = Bezier([Point(x: 0, y: 0), Point(x: 2, y: 0), Point(x: -1, y: 1), Point(x: 1, y: 1)])!
    #expect(!s.xOnlyGrows && s.y(atX: 0.5) == nil)
    let ts = s.parameters(atX: 0.5)
    #expect(ts.count == 3, "\(ts)")
    for t in ts { #expect(abs(s.eval(t).x - 0.5) < 1e-12) }
  }

  @Test func uniformChordCountIsWangsAndWhatTheUniformFlatteningDraws() {
    let cubic = CubicBezier(Point(x: 0, y: 0), Point(x: 0, y: 300), Point(x: 400, y: 300), Point(x: 400, y: 0))
    var points: [Point] = []
    cubic.flatten(tolerance: 0.25, method: .wang, into: &points)
    // max|Δ²| = |(0,0) − 2(0,300) + (400,300)| = 500; √(0.75 · 500 / 0.25) = 38.7… → 39.
    #expect(Bezier(cubic).uniformChordCount(tolerance: 0.25) == 39)
    #expect(points.count - 1 == 39)
  }
}
