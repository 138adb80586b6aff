import CurveGeometry
import Foundation
import Testing

@testable import CurveApp

struct FlattenCommandTests {
  @Test func parsesCubicsSkippingBlankAndCommentLines() throws {
    let curves = try CubicListParser.parse("""
      # category: test
      0 0 10 20 30 20 40 0

      1 2 3 4 5 6 7 8
      """)
    #expect(curves.count == 2)
    #expect(curves[1].p3 == Point(x: 7, y: 8))
  }

  @Test func aMalformedLineNamesItsNumber() {
    #expect(throws: CubicListParser.LineError.self) {
      try CubicListParser.parse("0 0 1 1 2 2 3 3\n\n0 0 1 1 two 2 3 3\n")
    }
    do {
      _ = try CubicListParser.parse("0 0 1 1 2 2 3 3\n\n0 0 1 1 two 2 3 3\n")
    } catch {
      #expect("\(error)" == "line 3: 'two' is not a finite number")
    }
    do {
      _ = try CubicListParser.parse("1 2 3\n")
    } catch {
      #expect("\(error)".hasPrefix("line 1: expected 8 numbers"))
    }
    #expect(throws: CubicListParser.LineError.self) { try CubicListParser.parse("0 0 1 1 nan 2 3 3") }
  }

  @Test func writesOnePolylineLinePerCurveWithBothEnds() throws {
    let curves = try CubicListParser.parse("0 0 10 20 30 20 40 0\n5 5 5 5 5 5 9 9\n")
    let (text, segments) = FlattenCommand.polylines(of: curves, tolerance: 0.25, method: .adaptive)
    let lines = text.split(separator: "\n")
    #expect(lines.count == 2)
    let first = lines[0].split(separator: " ").map { Double($0)! }
    #expect(first.count % 2 == 0)
    #expect(Array(first.prefix(2)) == [0, 0])
    #expect(Array(first.suffix(2)) == [40, 0])
    #expect(segments == first.count / 2 - 1 + lines[1].split(separator: " ").count / 2 - 1)
  }

  @Test func theBinaryExitsWithAnErrorOnBadInput() throws {
    let outcome = try CurvesBinary.run(["flatten", "--tolerance", "0.25"], input: "0 0 1 1 2 2 3 3\nnot a curve\n")
    #expect(outcome.status == 1)
    #expect(outcome.error.contains("line 2"))
  }
}
