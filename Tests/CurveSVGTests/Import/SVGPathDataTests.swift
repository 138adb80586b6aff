import CurveDocument
import CurveGeometry
@testable import CurveSVG
import SeededRandom
import Testing

/// The SVG 1.1 path grammar (section 8.3), command by command, then its edge cases and errors.
struct SVGPathDataTests {
  /// The control points of each segment, as (x, y) pairs, for compact expectations.
  func points(_ d: String) throws -> [[Point]] {
    try SVGPathData.segments(d).map(\.controlPoints)
  }

  func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

  @Test func theDocumentationExample() throws {
    #expect(try SVGPathData.segments("M10-20.5.5.5 h30 q5 5 10 0 t10 0 a5 5 0 01 10 0z").map(\.degree) == [1, 1, 2, 2, 3, 3, 1])
  }

  @Test func theSpecificationsTriangle() throws {
    // SVG 1.1, 8.3.1's first example.
    #expect(try points("M 100 100 L 300 100 L 200 300 z") == [
      [p(100, 100), p(300, 100)], [p(300, 100), p(200, 300)], [p(200, 300), p(100, 100)],
    ])
  }

  @Test func theSpecificationsCubicExample() throws {
    // SVG 1.1, 8.3.6: "M100,200 C100,100 250,100 250,200 S400,300 400,200".
    #expect(try points("M100,200 C100,100 250,100 250,200 S400,300 400,200") == [
      [p(100, 200), p(100, 100), p(250, 100), p(250, 200)],
      [p(250, 200), p(250, 300), p(400, 300), p(400, 200)],
    ])
  }

  @Test func theSpecificationsQuadraticExample() throws {
    // SVG 1.1, 8.3.7: "M200,300 Q400,50 600,300 T1000,300".
    #expect(try points("M200,300 Q400,50 600,300 T1000,300") == [
      [p(200, 300), p(400, 50), p(600, 300)],
      [p(600, 300), p(800, 550), p(1000, 300)],
    ])
  }

  /// An open subpath whose commands all go nowhere is one segment of no length (its round or
  /// square caps draw a dot, SVG 2 13.5.1); such a command beside real segments adds nothing,
  /// and a moveto alone or a closed dot draws nothing.
  @Test func aSubpathThatGoesNowhereIsADot() throws {
    let dot = SVGPathData.subpaths("M 70 100 L 70 100 M 130 100 L 130 100").subpaths
    #expect(dot.map { $0.segments.map(\.controlPoints) } == [[[p(70, 100), p(70, 100)]], [[p(130, 100), p(130, 100)]]])
    #expect(SVGPathData.subpaths("M 10 10 L 10 10 L 20 20").subpaths.map { $0.segments.map(\.controlPoints) } == [[[p(10, 10), p(20, 20)]]])
    #expect(SVGPathData.subpaths("M 10 10 M 20 20").subpaths.isEmpty)
    #expect(SVGPathData.subpaths("M 10 10 Z M 20 20 L 20 20 Z").subpaths.isEmpty, "a closed dot has no ends to cap")
  }

  @Test func extraPairsAfterAMovetoAreLinetos() throws {
    #expect(try points("M 10 10 20 10 20 20") == [[p(10, 10), p(20, 10)], [p(20, 10), p(20, 20)]])
    // After a relative m they are relative linetos.
    #expect(try points("m 10 10 10 0 0 10") == [[p(10, 10), p(20, 10)], [p(20, 10), p(20, 20)]])
  }

  @Test func aLeadingRelativeMovetoIsAbsolute() throws {
    #expect(try points("m 5 5 l 1 0") == [[p(5, 5), p(6, 5)]])
  }

  @Test func relativeCommandsAreFromTheCurrentPoint() throws {
    #expect(try points("M 10 10 l 5 0 h 5 v 5 c 1 0 2 1 2 2 q 1 0 1 1") == [
      [p(10, 10), p(15, 10)], [p(15, 10), p(20, 10)], [p(20, 10), p(20, 15)],
      [p(20, 15), p(21, 15), p(22, 16), p(22, 17)],
      [p(22, 17), p(23, 17), p(23, 18)],
    ])
  }

  @Test func horizontalAndVerticalKeepTheOtherCoordinate() throws {
    #expect(try points("M 1 2 H 5 V 7 H 1 1") == [[p(1, 2), p(5, 2)], [p(5, 2), p(5, 7)], [p(5, 7), p(1, 7)]])
  }

  @Test func closePathAddsALineOnlyWhenNeeded() throws {
    #expect(try points("M 0 0 L 10 0 L 10 10 Z") == [[p(0, 0), p(10, 0)], [p(10, 0), p(10, 10)], [p(10, 10), p(0, 0)]])
    // Already back at the start: no zero-length closing segment.
    #expect(try points("M 0 0 L 10 0 L 0 0 z") == [[p(0, 0), p(10, 0)], [p(10, 0), p(0, 0)]])
  }

  @Test func relativeCommandsAfterCloseStartFromTheSubpathStart() throws {
    // SVG 1.1, 8.3.3: after Z the current point is the subpath's start, which stays the start.
    #expect(try points("M 10 10 l 10 0 z l 0 10 l 5 0 z") == [
      [p(10, 10), p(20, 10)], [p(20, 10), p(10, 10)],
      [p(10, 10), p(10, 20)], [p(10, 20), p(15, 20)], [p(15, 20), p(10, 10)],
    ])
    #expect(try points("M 10 10 l 10 0 z m 1 1 l 1 0") == [[p(10, 10), p(20, 10)], [p(20, 10), p(10, 10)], [p(11, 11), p(12, 11)]])
  }

  @Test func smoothCubicsReflectOnlyAfterCubics() throws {
    // After C: the reflection of C's second control point.
    #expect(try points("M 0 0 C 0 10 10 10 10 0 S 20 -10 20 0")[1] == [p(10, 0), p(10, -10), p(20, -10), p(20, 0)])
    // After S, repeated without the letter: each repeat reflects the previous one.
    #expect(try points("M 0 0 S 10 10 10 0 20 -10 20 0") == [
      [p(0, 0), p(0, 0), p(10, 10), p(10, 0)],
      [p(10, 0), p(10, -10), p(20, -10), p(20, 0)],
    ])
    // After a line or a quadratic: the first control point is the current point.
    #expect(try points("M 0 0 L 10 0 S 20 10 30 0")[1] == [p(10, 0), p(10, 0), p(20, 10), p(30, 0)])
    #expect(try points("M 0 0 Q 5 5 10 0 S 20 10 30 0")[1] == [p(10, 0), p(10, 0), p(20, 10), p(30, 0)])
    // Relative s reflects in absolute terms.
    #expect(try points("M 0 0 c 0 10 10 10 10 0 s 10 -10 10 0")[1] == [p(10, 0), p(10, -10), p(20, -10), p(20, 0)])
  }

  @Test func smoothQuadraticsReflectOnlyAfterQuadratics() throws {
    #expect(try points("M 0 0 Q 5 10 10 0 T 20 0 30 0") == [
      [p(0, 0), p(5, 10), p(10, 0)], [p(10, 0), p(15, -10), p(20, 0)], [p(20, 0), p(25, 10), p(30, 0)],
    ])
    // After a cubic or a line, T's control point is the current point: a straight quadratic.
    #expect(try points("M 0 0 C 0 10 10 10 10 0 T 20 0")[1] == [p(10, 0), p(10, 0), p(20, 0)])
    #expect(try points("M 0 0 L 10 0 t 10 5")[1] == [p(10, 0), p(10, 0), p(20, 5)])
    // Z ends the chain.
    #expect(try points("M 0 0 Q 5 10 10 0 Z T 10 10").last == [p(0, 0), p(0, 0), p(10, 10)])
  }

  @Test func numbersFollowTheGrammar() throws {
    // Exponents, signs and points as separators.
    #expect(try points("M1e2,2E-1 L+1.5e+1 -.5") == [[p(100, 0.2), p(15, -0.5)]])
    // "10-20.5.5.5" is 10, -20.5, .5, .5: a sign or a second point starts a new number.
    #expect(try points("M10-20.5.5.5") == [[p(10, -20.5), p(0.5, 0.5)]])
    // A trailing point and leading zeros are numbers too.
    #expect(try points("M 1. 2 L 003 0.") == [[p(1, 2), p(3, 0)]])
    // Commands need no space from their numbers, and numbers may be separated by a comma.
    #expect(try points("M0,0L10,0l0,10") == [[p(0, 0), p(10, 0)], [p(10, 0), p(10, 10)]])
    // Tabs, carriage returns and new lines are whitespace.
    #expect(try points("\tM 0\r\n0\nL 1 1 ") == [[p(0, 0), p(1, 1)]])
  }

  @Test func arcFlagsNeedNoSeparators() throws {
    let spaced = try SVGPathData.segments("M 0 0 a 1 1 0 0 0 1 1")
    #expect(try SVGPathData.segments("M0 0a1 1 0 00 1 1") == spaced)
    #expect(try SVGPathData.segments("M0 0a1,1,0,0,0,1,1") == spaced)
    #expect(try SVGPathData.segments("M0 0a1 1 0 001 1") == spaced)
    #expect(try SVGPathData.segments("M0 0a1 1 0 1 1 1 1") != spaced)
    // The arc ends where asked, and starts where the path was.
    #expect(spaced.first?.controlPoints.first == p(0, 0))
    #expect(spaced.last?.controlPoints.last == p(1, 1))
  }

  @Test func arcsBecomeCubicsOrLines() throws {
    // A half circle of radius 10: two quarter cubics, within 2.7e-4·10 of the circle.
    let half = try SVGPathData.segments("M 0 0 A 10 10 0 0 1 20 0")
    #expect(half.map(\.degree) == [3, 3])
    for t in stride(from: 0.0, through: 1.0, by: 0.05) {
      for segment in half { #expect(abs(segment.eval(t).distance(to: p(10, 0)) - 10) < 0.003) }
    }
    // Zero radius: the straight line. Same end point: nothing.
    #expect(try points("M 0 0 A 0 5 0 0 1 20 0") == [[p(0, 0), p(20, 0)]])
    #expect(try points("M 0 0 A 5 5 0 0 1 0 0") == [])
    // A tighter tolerance takes more pieces.
    #expect(try SVGPathData.segments("M 0 0 A 10 10 0 0 1 20 0", arcTolerance: 1e-6).count > 2)
  }

  @Test func zeroLengthSegmentsAreLeftOut() throws {
    #expect(try points("M 5 5 L 5 5 h 0 v 0 C 5 5 5 5 5 5 L 6 5") == [[p(5, 5), p(6, 5)]])
    // A curve whose ends meet still draws a loop, and stays.
    #expect(try points("M 0 0 C 10 10 -10 10 0 0").count == 1)
  }

  @Test func emptyDataHasNoSegments() throws {
    #expect(try points("") == [])
    #expect(try points(" \n\t") == [])
    #expect(try points("M 10 10") == [])
  }

  @Test func theLimitStopsParsing() throws {
    #expect(try SVGPathData.segments("M0 0 L1 0 2 0 3 0 4 0", limit: 2).count == 2)
  }

  @Test func errorsNameTheOffsetAndWhatWasExpected() {
    func error(_ d: String) -> SVGPathError? {
      do {
        _ = try SVGPathData.segments(d)
        return nil
      } catch {
        return error
      }
    }
    #expect(error("L 10 10") == SVGPathError(offset: 0, expected: "a moveto command (M or m) to start the path", found: "\"L\""))
    #expect(error("M 0 0 L 10 x") == SVGPathError(offset: 11, expected: "a number", found: "\"x\""))
    #expect(error("M 0 0 L 10") == SVGPathError(offset: 10, expected: "a number", found: "the end of the data"))
    #expect(error("M 0 0 X 1 1")?.expected == "a path command (one of MLHVCSQTAZ, or lower case)")
    #expect(error("M 0 0 L 1 1,")?.offset == 12)
    #expect(error("M 0 0 L 1,,1")?.offset == 10)
    #expect(error("M 0 0 A 1 1 0 2 0 5 5") == SVGPathError(offset: 14, expected: "a flag, 0 or 1", found: "\"2\""))
    #expect(error("M 0 0 Z 5")?.offset == 8)
    #expect(error("M 1e400 0") == SVGPathError(offset: 2, expected: "a number a Double can hold", found: "\"1e400\""))
    // An "e" with no digits after it is not part of the number, nor a command.
    #expect(error("M 1e 0")?.offset == 3)
    // Non-ASCII counts as one character at the offset.
    #expect(error("M 0 0 L 1 é") == SVGPathError(offset: 10, expected: "a number", found: "\"é\""))
    #expect(error("M 0 0 L 10 x")?.description == "at offset 11, expected a number but found \"x\"")
  }

  /// Short decimals are converted without a parser (Clinger's fast path): each must be the
  /// Double that `Double(_:)` reads, bit for bit, for every length of integer and fraction.
  @Test func decimalsConvertExactlyAsDoubleReadsThem() {
    var generator = SplitMix64(seed: 31)
    func digits(_ count: Int) -> String {
      String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
    }
    for _ in 0..<20_000 {
      let integer = digits(Int.random(in: 0...12, using: &generator))
      let fraction = digits(Int.random(in: 0...(integer.isEmpty ? 24 : 12), using: &generator))
      let sign = ["", "-", "+"].randomElement(using: &generator)!
      let text = sign + integer + (fraction.isEmpty && !integer.isEmpty ? "" : "." + (fraction.isEmpty ? "0" : fraction))
      let expected = Double(text)!
      let read = SVGPathData.number(text)
      #expect(read?.bitPattern == expected.bitPattern, "\(text): \(String(describing: read)) against \(expected)")
    }
    #expect(SVGPathData.number("-0")?.bitPattern == (-0.0).bitPattern)
    #expect(SVGPathData.number("0.1") == 0.1)
    #expect(SVGPathData.number("123456789012345.6") == 123456789012345.6)
  }

  @Test func numbersAloneFollowTheSameGrammar() {
    #expect(SVGPathData.number(" 1.5e3 ") == 1500)
    #expect(SVGPathData.number("-.5") == -0.5)
    for bad in ["", "inf", "nan", "0x10", "1 2", "1e400", "1px", "--1"] {
      #expect(SVGPathData.number(bad) == nil, "\(bad)")
    }
  }
}
