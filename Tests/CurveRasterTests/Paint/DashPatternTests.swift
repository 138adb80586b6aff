import CurveGeometry
import Testing

@testable import CurveRaster

/// Dashes as SVG's `stroke-dasharray` and `stroke-dashoffset` cut a path.
struct DashPatternTests {
  static let line = Contour([Point(x: 0, y: 0), Point(x: 20, y: 0)])

  static func spans(_ pieces: [Contour]) -> [[Double]] {
    pieces.map { $0.points.map(\.x) }
  }

  @Test func dashesAndGapsAlternateAlongTheLine() throws {
    let pattern = try #require(DashPattern([6, 3], offset: 0))
    #expect(Self.spans(pattern.dashes(Self.line)) == [[0, 6], [9, 15], [18, 20]])
  }

  @Test func anOddListIsRepeatedToMakeItEven() throws {
    let pattern = try #require(DashPattern([4], offset: 0))
    #expect(pattern.lengths == [4, 4])
    #expect(Self.spans(pattern.dashes(Self.line)) == [[0, 4], [8, 12], [16, 20]])
  }

  @Test func theOffsetStartsThatFarIntoThePattern() throws {
    // 6 on, 3 off, started 7 in: 2 off, then 6 on from x 2.
    let pattern = try #require(DashPattern([6, 3], offset: 7))
    #expect(Self.spans(pattern.dashes(Self.line)) == [[2, 8], [11, 17]])
    // A negative offset counts back: −2 is 7 in a pattern of 9.
    #expect(try #require(DashPattern([6, 3], offset: -2)).phase == 7)
  }

  @Test func aDashFollowsTheCorner() throws {
    let corner = Contour([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)])
    let pieces = try #require(DashPattern([12, 100], offset: 0)).dashes(corner)
    #expect(pieces.count == 1)
    #expect(pieces[0].points == [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 2)])
  }

  @Test func aClosedContourIsDashedRoundItsClosingSideAndJoinsThroughItsStart() throws {
    let square = Contour([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)], isClosed: true)
    // 40 round, dashes of 12 with gaps of 8 started 5 in: the last dash is still on at
    // the start, so it runs on into the first.
    let pieces = try #require(DashPattern([12, 8], offset: 5)).dashes(square)
    #expect(pieces.count == 2)
    #expect(pieces[0].points == [Point(x: 0, y: 5), Point(x: 0, y: 0), Point(x: 7, y: 0)])
    #expect(pieces[1].points == [Point(x: 10, y: 5), Point(x: 10, y: 10), Point(x: 3, y: 10)])
  }

  @Test func aZeroLengthDashIsAPointThatRoundCapsDrawAsADot() throws {
    let pieces = try #require(DashPattern([0, 10], offset: 0)).dashes(Self.line)
    #expect(pieces.count == 2)
    #expect(pieces.allSatisfy { Set($0.points).count == 1 })
  }

  @Test func patternsSVGDrawsSolidAreNil() {
    #expect(DashPattern([], offset: 0) == nil)
    #expect(DashPattern([0, 0], offset: 0) == nil)
    #expect(DashPattern([5, -1], offset: 0) == nil)
    #expect(DashPattern([.nan], offset: 0) == nil)
  }
}
