@testable import CurveApp
@testable import CurveCommandLine
import CurveGeometry
import Foundation
import Testing

struct FlattenCommandTests {
  /// Runs the stream over `input`, handed over `chunk` bytes at a time; returns the output,
  /// the sizes of its writes, and the error that stopped it, if any.
  static func flatten(
    _ input: String, format: FlattenStream.Format = .text, precision: Int? = nil, chunk: Int = 1 << 20
  ) -> (output: [UInt8], writes: [Int], error: (any Error)?) {
    var remaining = Array(input.utf8)[...]
    var output: [UInt8] = [], writes: [Int] = []
    let stream = FlattenStream(tolerance: 0.25, method: .adaptive, format: format, precision: precision)
    do {
      _ = try stream.run(
        read: { buffer in
          let count = min(buffer.count, chunk, remaining.count)
          buffer.copyBytes(from: remaining.prefix(count))
          remaining = remaining.dropFirst(count)
          return count
        },
        write: { bytes in
          output.append(contentsOf: bytes)
          writes.append(bytes.count)
        }
      )
      return (output, writes, nil)
    } catch {
      return (output, writes, error)
    }
  }

  static func lines(_ output: [UInt8]) -> [[Double]] {
    String(decoding: output, as: UTF8.self).split(separator: "\n").map { $0.split(separator: " ").map { Double($0)! } }
  }

  @Test func skipsBlankAndCommentLinesAndKeepsBothEnds() {
    let result = Self.flatten("# category: test\n0 0 10 20 30 20 40 0\n\n  \t\n1 2 3 4 5 6 7 8")
    #expect(result.error == nil)
    let lines = Self.lines(result.output)
    #expect(lines.count == 2)
    #expect(Array(lines[0].prefix(2)) == [0, 0] && Array(lines[0].suffix(2)) == [40, 0])
    #expect(Array(lines[1].suffix(2)) == [7, 8])
  }

  @Test func aMalformedLineNamesItsNumberAfterTheLinesBeforeIt() {
    let result = Self.flatten("0 0 1 1 2 2 3 3\n\n0 0 1 1 two 2 3 3\n5 5 6 6 7 7 8 8\n")
    #expect("\(result.error.map { "\($0)" } ?? "")" == "line 3: 'two' is not a finite number")
    #expect(Self.lines(result.output).count == 1, "the first curve's polyline is out")
    #expect("\(Self.flatten("1 2 3\n").error.map { "\($0)" } ?? "")".hasPrefix("line 1: expected 8 numbers"))
    #expect(Self.flatten("0 0 1 1 nan 2 3 3").error != nil)
    #expect(Self.flatten("0 0 1 1 1e999 2 3 3").error != nil)
    #expect(Self.flatten("0 0 1 1 2x 2 3 3").error != nil)
    #expect(Self.flatten(String(repeating: "1 ", count: 3000)).error != nil, "a line too long to be a cubic")
  }

  @Test func linesSplitAcrossReadsParseTheSame() {
    let input = (0..<50).map { index in "\(index) 0.5 \(index + 10) 20.25 30 -20 40.125 \(index)" }.joined(separator: "\n")
    let whole = Self.flatten(input)
    for chunk in [1, 7, 64] { #expect(Self.flatten(input, chunk: chunk).output == whole.output, "chunks of \(chunk)") }
  }

  @Test func finiteInputNeverPrintsNaNOrInfinity() {
    let text = String(decoding: Self.flatten("0 0 1e308 1e308 -1e308 1e308 5 5\n").output, as: UTF8.self)
    #expect(!text.contains("nan") && !text.contains("inf"))
    #expect(text.hasPrefix("0.0 0.0 ") && text.hasSuffix(" 5.0 5.0\n"))
  }

  @Test func theShortestFormReadsBackExactly() {
    let result = Self.flatten("0.1 0.2 10.3 20.7 30.000000000000004 20 1e-7 123456789.5")
    let text = String(decoding: result.output, as: UTF8.self)
    #expect(text.hasPrefix("0.1 0.2 "))
    #expect(text.hasSuffix(" 1e-07 123456789.5\n"))
  }

  @Test func precisionGivesThatManyDigitsAfterThePoint() {
    let text = String(decoding: Self.flatten("0 0 10 20 30 20 -40.126 0.004", precision: 2).output, as: UTF8.self)
    #expect(text.hasPrefix("0.00 0.00 "))
    #expect(text.hasSuffix(" -40.13 0.00\n"))
    let whole = String(decoding: Self.flatten("0 0 1 1 2 2 3.5 -3", precision: 0).output, as: UTF8.self)
    #expect(whole.hasPrefix("0 0 ") && whole.hasSuffix(" 4 -3\n"))
    // Past what integer arithmetic holds exactly, printf's digits.
    let huge = String(decoding: Self.flatten("0 0 1 1 2 2 1e20 3", precision: 3).output, as: UTF8.self)
    #expect(huge.hasSuffix(" 100000000000000000000.000 3.000\n"))
  }

  @Test func binaryOutputHoldsTheTextOutputsPointsExactly() throws {
    let input = "0 0 10 20 30 20 40 0\n0.1 0.2 0.3 0.4 5 5 9 9.5\n"
    let text = Self.lines(Self.flatten(input).output)
    let binary = Self.flatten(input, format: .binary).output
    var offset = 0
    func read<Value: FixedWidthInteger>(_: Value.Type) -> Value {
      defer { offset += MemoryLayout<Value>.size }
      return binary[offset..<(offset + MemoryLayout<Value>.size)].reversed().reduce(0) { $0 << 8 | Value($1) }
    }
    for line in text {
      let count = Int(read(UInt32.self))
      #expect(count * 2 == line.count)
      let values = (0..<(count * 2)).map { _ in Double(bitPattern: read(UInt64.self)) }
      #expect(values == line)
    }
    #expect(offset == binary.count)
  }

  @Test func aLongInputStreamsInBoundedPieces() {
    // 8,000 curves: the output comes out in many writes, none much over a megabyte.
    let line = "10.5 20.25 300.125 40 50 600.5 700 80\n"
    let result = Self.flatten(String(repeating: line, count: 8_000), chunk: 100_000)
    #expect(result.error == nil)
    #expect(result.writes.count > 3)
    #expect(result.writes.allSatisfy { $0 <= FlattenStream.bufferSize + 4096 })
    #expect(Self.lines(result.output).count == 8_000)
  }

  @Test func theBinaryExitsWithAnErrorOnBadInput() throws {
    let outcome = try CurvesBinary.run(["flatten", "--tolerance", "0.25"], input: "0 0 1 1 2 2 3 3\nnot a curve\n")
    #expect(outcome.status == 1)
    #expect(outcome.error.contains("line 2"))
    let precision = try CurvesBinary.run(["flatten", "--tolerance", "0.25", "--precision", "18"], input: "")
    #expect(precision.status != 0 && precision.error.contains("--precision"))
    let format = try CurvesBinary.run(["flatten", "--tolerance", "0.25", "--format", "csv"], input: "")
    #expect(format.status != 0 && format.error.contains("--format"))
  }
}
